// Decisions as an MPICH collective selection file (MPIR_CVAR_COLL_SELECTION_TUNING_JSON_FILE),
// the decision tree src/mpi/coll/src/csel.c parses (read at pmodels/mpich v4.3.2): nested
// objects whose keys are tests ("collective=bcast", "comm_type=intra", "comm_size<=4",
// "avg_msg_size<=65535", "total_msg_size<=N", "is_commutative=yes", "…=any"), tried in order,
// and leaves "algorithm=MPIR_Bcast_intra_binomial": {}.
//
// MPICH replaces its whole tree with the file and asserts when a call finds no algorithm, so
// the file names one for every blocking collective, every communicator kind and size: a
// decision that is not one of MPICH's algorithms (and `native`) gets the collective's
// unrestricted MPICH algorithm (the fallback), and a note says so. collscope's algorithms
// with an MPICH twin: bcast binomial, scatter-allgather, scatter-ring; reduce binomial,
// reduce-scatter-gather; allreduce butterfly, rabenseifner, ring; allgather ring,
// recursive-doubling; allgatherv ring; alltoall bruck, direct (pairwise); reduce_scatter and
// reduce_scatter_block halving; gather and scatter binomial. Their restrictions (commutative
// op, p a power of two, …) become tests in front of them, the fallback behind.
#pragma once

#include "decisions.hpp"

namespace collscope::profiles {

struct MpichExport {
  std::string json; ///< the file's text; MPICH (json-c) keeps the keys' order, as it is written
  int collectives = 0;
  std::vector<std::string> notes;
};

MpichExport export_mpich(const Decisions& decisions, int procs);

} // namespace collscope::profiles
