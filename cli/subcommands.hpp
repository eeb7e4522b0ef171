// The subcommands of `collscope`: what each does (one line for `collscope --help`) and which
// executable runs it. The one table the front end, the bash completion and the man pages
// are made from (cli/README.md).
#pragma once

#include <span>
#include <string_view>

namespace collscope::front {

struct Subcommand {
  std::string_view name;    ///< what the user types: `collscope NAME`
  std::string_view summary; ///< one line for `collscope --help` and the man page's NAME
  /// The executable's file names, first match wins: in PREFIX/libexec/collscope (installed)
  /// and beside the front end (the build tree's bin/, whose names scripts and tests use).
  std::span<const std::string_view> installed, built;
  /// Words put before the user's arguments (`collscope calls T` runs `collscope-trace calls
  /// T`; `collscope present D` runs `collscope-view present D`).
  std::string_view leading;
  bool in_front_end = false; ///< run by the front end itself (tune)
};

/// Every subcommand, in the order `collscope --help` lists them.
std::span<const Subcommand> subcommands();

/// The subcommand called `name`, or nullptr.
const Subcommand* find_subcommand(std::string_view name);

} // namespace collscope::front
