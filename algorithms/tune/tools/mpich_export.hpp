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
//
// MPICH 4.0 (Debian 12's `mpich`) reads an older dialect and aborts in MPI_Init on a key it
// does not know ("unrecognized key"), so the file is written for one version: 4.0 has no
// `is_<flag>=any` (the flag's other value stands in, after its sibling, so the pair still covers
// every call), names the barrier MPIR_Barrier_intra_dissemination (4.1's k_dissemination with
// `k=` is new) and has no MPIR_Allreduce_intra_ring (collscope's ring then gets the fallback).
#pragma once

#include "decisions.hpp"

namespace collscope::profiles {

struct MpichExport {
  std::string json; ///< the file's text; MPICH (json-c) keeps the keys' order, as it is written
  int collectives = 0;
  std::vector<std::string> notes;
};

/// The selection-file dialects: 4.0, and 4.1 onwards (read at v4.3.2).
enum class MpichVersion { v4_0, v4_1 };

MpichExport export_mpich(const Decisions& decisions, int procs,
                         MpichVersion version = MpichVersion::v4_1);

} // namespace collscope::profiles
