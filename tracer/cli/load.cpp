#include "load.hpp"

#include <cstdio>

namespace collscope::trace_cli {

model::Trace load(const std::string& path) {
  model::Trace trace = model::load_trace(path);
  // A call whose metadata cannot be true is named, and its bad values left out; the rest of
  // the trace reads as usual (model::AlgorithmInstance::problems).
  for (const model::AlgorithmInstance& instance : trace.algorithms)
    for (const std::string& problem : instance.problems)
      std::fprintf(stderr, "collscope-trace: warning: %s: %s (left out)\n", path.c_str(),
                   problem.c_str());
  return trace;
}

} // namespace collscope::trace_cli
