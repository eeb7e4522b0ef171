#include "load.hpp"

#include "cli.hpp"

#include <cstdio>
#include <set>

namespace collscope::trace_cli {

model::Trace load(const std::string& path) {
  model::Trace trace = model::load_trace(path);
  // A call whose metadata cannot be true is named, and its bad values left out; the rest of
  // the trace reads as usual (model::AlgorithmInstance::problems).
  // Each distinct line once: a benchmark's 10⁵ runs of one bad region say it once.
  std::set<std::string> said;
  for (const model::AlgorithmInstance& instance : trace.algorithms)
    for (const std::string& problem : instance.problems)
      if (said.insert(problem).second)
        std::fprintf(stderr, "%s: warning: %s: %s (left out)\n", program().c_str(), path.c_str(),
                     problem.c_str());
  return trace;
}

} // namespace collscope::trace_cli
