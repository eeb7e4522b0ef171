// `collscope tune`: runs a program with libcollscope-tune.so preloaded and its choices set
// (COLLSCOPE_TUNE, COLLSCOPE_TUNE_PROFILES, COLLSCOPE_TUNE_REPORT: algorithms/tune/README.md),
// or prints the lines that do it in a job script.
#pragma once

#include <string>
#include <vector>

namespace collscope::front {

/// `collscope tune ARGS…` (args without "tune"); returns the exit status if it does not exec
/// the command.
int run_tune(std::vector<std::string> args);

} // namespace collscope::front
