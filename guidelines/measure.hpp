// The measurement procedure of seeds/004 §4.2 for one collective under one library: NREP per
// algorithm (the smallest size until its RSE settles, a pilot at every other size), then
// every algorithm at every size, interleaved, in several mpiruns.
#pragma once

#include "detect.hpp"
#include "options.hpp"

#include <functional>
#include <string>
#include <vector>

namespace collscope::guidelines {

/// Runs one job (one mpirun); `label` names its raw files. Tests pass a fake.
using RunJob = std::function<RunOutput(const Job& job, const std::string& label)>;

struct CollectiveResult {
  std::string library; ///< the SMPI selector, or "" (SMPI's default, or the real library)
  Collective collective = Collective::bcast;
  std::vector<SizeResult> sizes;    ///< ascending
  std::vector<std::string> notes;   ///< algorithms dropped, thresholds not reached
  std::vector<int> nrep;            ///< per size: native's repetitions per mpirun
  int runs = 0;                     ///< mpiruns started
};

/// `algorithms`: the candidates found in the registry (native excluded). Progress on stderr.
CollectiveResult measure(const Options& o, Collective c, const std::vector<std::string>& algorithms,
                         const RunJob& run);

/// The registry's algorithms of `c` that `patterns` name (NAME or NAME*), native excluded.
std::vector<std::string> candidates_of(Collective c, const std::vector<std::string>& patterns);

} // namespace collscope::guidelines
