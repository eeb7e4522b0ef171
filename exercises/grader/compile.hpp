// Building a submission in the sandbox: the student's file alone is compiled to an object
// (its include path holds only the harness's public header), the object's symbols are
// judged by the symbol policy, and it is linked with a generated glue file that declares the
// exercise's function with its exact MPI signature, the harness and the tracer.
#pragma once

#include "exercise.hpp"
#include "policy.hpp"
#include "runner.hpp"
#include "sandbox.hpp"
#include "staging.hpp"

#include <filesystem>
#include <string>

namespace collscope::grade {

struct CompileResult {
  bool ok = false;
  std::string output;  ///< the compiler's messages (warnings too)
  std::string hint;    ///< what a failure most likely means, for the report
  std::string command; ///< as run (inside the sandbox)
  double seconds = 0;
  std::vector<PolicyFinding> policy; ///< the symbol policy's findings (not allowed ones)
};

/// Compiles `source` into `binary`, in the scratch folder "build" of `staging`; the binary's
/// folder ends up holding the object, the glue file and the symbol listings the policy read.
CompileResult compile_submission(const Exercise& exercise, const Toolchain& tools,
                                 const Sandbox& sandbox, const Staging& staging,
                                 const std::filesystem::path& source,
                                 const std::filesystem::path& binary);

} // namespace collscope::grade
