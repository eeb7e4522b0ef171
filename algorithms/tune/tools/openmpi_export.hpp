// Decisions as an Open MPI dynamic rules file. Only what is one of Open MPI's algorithms goes
// in: `native` (algorithm 0, coll tuned's fixed decision), `ompi:NAME` with its segsize and
// fanout, and collscope algorithms with an Open MPI twin (twins.hpp: binomial, linear, ring,
// knomial with its radix, butterfly = recursive_doubling, rabenseifner, halving =
// recursive_halving, direct = pairwise, bruck = modified_bruck), unsegmented. Anything else
// leaves its sizes to the fixed decision, and a note says so.
//
// What a 4.1 rules file cannot carry (knobs.hpp): knomial's radix and scatter linear_nb's
// max_requests go into `mca`, the --mca options to run with beside the file (a note says
// so, and which value lost where two decisions disagree); reduce's and alltoall's
// max_requests are dropped with a note, since a rule passes 0 whatever the MCA parameter says.
//
// Process counts: a profile applies only at exactly its count. Open MPI takes the last comm
// size ≤ p, so each count P is written with fences: the process-independent decisions (or the
// fixed decision) at 1 and at P + 1. With `procs`, only the decisions that apply at procs are
// written, for exactly procs.
#pragma once

#include "decisions.hpp"
#include "openmpi_rules.hpp"

#include <map>
#include <string>

namespace collscope::profiles {

struct OpenMpiExport {
  RulesFile rules;
  std::vector<std::string> notes; ///< one line per decision left out or changed, and why
  /// MCA parameters to set beside the file (`--mca NAME VALUE`), by name.
  std::map<std::string, int> mca;
};

OpenMpiExport export_openmpi(const Decisions& decisions, int procs);

} // namespace collscope::profiles
