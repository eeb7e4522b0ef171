#pragma once
// Where collscope's own files are, found from the running program so that an installed tree
// works wherever it is moved and needs no source tree.
//
// Both trees have one layout (cmake/install.cmake makes the build tree mirror the install):
//
//   PREFIX/bin/collscope                 the front end (build tree: every program is in bin/)
//   PREFIX/libexec/collscope/…           the subcommands
//   PREFIX/lib/libcollscope-*.so         the preload libraries, the grading harness
//   PREFIX/share/collscope/slides        decks, exercises, the harness's headers (build tree:
//   PREFIX/share/collscope/exercises     links into the source tree)
//   PREFIX/share/collscope/harness/include
//
// PREFIX is the folder above bin/ for a program in PREFIX/bin, and the folder two above for a
// program in PREFIX/libexec/collscope. COLLSCOPE_PREFIX, when set, overrides it (for a tree
// whose programs were copied elsewhere).
#include <filesystem>
#include <string_view>

namespace collscope::paths {

/// The running program's file (/proc/self/exe), links resolved.
std::filesystem::path self();

/// The tree the running program belongs to (see above).
std::filesystem::path prefix();

/// PREFIX/lib: the preload libraries and the grading harness's static library.
std::filesystem::path lib_dir();

/// PREFIX/share/collscope: slides/, exercises/, harness/.
std::filesystem::path data_dir();

/// A file of the data folder, e.g. data("exercises"), links resolved (the build tree's data
/// are links into the source tree; the grader's sandbox must hide where they really are).
std::filesystem::path data(std::string_view relative);

/// A library of lib/ by file name, e.g. library("libcollscope-trace.so").
std::filesystem::path library(std::string_view file);

/// Another collscope program by file name: beside the running one, else in
/// PREFIX/libexec/collscope, else in PREFIX/bin; empty when it is in none of them.
std::filesystem::path program(std::string_view name);

} // namespace collscope::paths
