// Building a submission: the student's file, a generated glue file that declares the
// exercise's function with its exact MPI signature, and the harness, with mpicxx.
#pragma once

#include "exercise.hpp"
#include "runner.hpp"

#include <filesystem>
#include <string>

namespace collscope::grade {

struct CompileResult {
  bool ok = false;
  std::string output;  ///< the compiler's messages (warnings too)
  std::string hint;    ///< what a failure most likely means, for the report
  std::string command; ///< as run
  double seconds = 0;
};

/// Compiles `source` into `binary` (its directory holds the glue file).
CompileResult compile_submission(const Exercise& exercise, const Toolchain& tools,
                                 const std::filesystem::path& source,
                                 const std::filesystem::path& binary);

} // namespace collscope::grade
