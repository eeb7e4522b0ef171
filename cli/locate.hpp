// Where a subcommand's executable is: found from the front end's own file, so that the
// installed tree works wherever it is moved.
#pragma once

#include "subcommands.hpp"

#include <filesystem>

namespace collscope::front {

/// The front end's own file (/proc/self/exe).
std::filesystem::path self();

/// The executable that runs `sub`: PREFIX/libexec/collscope/NAME (installed, the front end
/// in PREFIX/bin) for the first of sub.installed that exists, else the first of sub.built
/// beside the front end (the build tree's bin/), else in the source tree's scripts/ (simulate,
/// build tree). Empty if none exists.
std::filesystem::path locate(const Subcommand& sub);

/// A library of PREFIX/lib by file name (libcollscope-tune.so): bin/../lib in both trees.
/// Empty if it is not there.
std::filesystem::path library(std::string_view file);

} // namespace collscope::front
