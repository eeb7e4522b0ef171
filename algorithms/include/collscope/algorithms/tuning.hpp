// Process-wide knobs for algorithms whose MPI signature leaves no room for a parameter, in the
// spirit of an MPI library's tuning variables.
#pragma once

#include "collscope/cost_defaults.hpp"

#include <mpi.h>

namespace collscope {

struct PipelineTuning {
  int blocks = 0;                 ///< 0: choose M by the pipelining lemma; otherwise use this M
  double alpha = default_alpha_s; ///< α (s) assumed by the lemma
  double beta = default_beta_s_per_byte; ///< β (s/byte) assumed by the lemma
  int piece = 0; ///< allgatherv ring-pipelined: elements per piece; 0: by the lemma
};

void set_pipeline_tuning(const PipelineTuning& tuning);
PipelineTuning pipeline_tuning();

/// The block count bcast_pipeline uses for this call (same on every rank).
int pipeline_blocks_for(int p, int count, MPI_Datatype datatype);

/// The block counts of the tree and hypercube broadcasts (the two-tree reduce uses the
/// two-tree's): the override clamped to count, else the pipelining lemma with each schedule's
/// own latency k and rounds per block s (k + sM rounds).
int binary_pipeline_blocks_for(int p, int count, MPI_Datatype datatype);
int fibonacci_pipeline_blocks_for(int p, int count, MPI_Datatype datatype);
int two_tree_blocks_for(int p, int count, MPI_Datatype datatype);
int jia_blocks_for(int p, int count, MPI_Datatype datatype);

/// The piece size b (elements) allgatherv_ring_pipelined uses for MPI_Allgatherv's p
/// recvcounts of `datatype`: the override, or the pipelining lemma's for these blocks
/// (schedule::ring_allgatherv_best_piece). Same on every rank: all know every count.
int allgatherv_piece_for(int p, const int* recvcounts, MPI_Datatype datatype);

/// alltoall scatter-dest: rounds in flight at once, the override (--blocks) or MPICH's 32.
int alltoall_throttle_for(int p, int count, MPI_Datatype datatype);
/// allreduce doubly-pipelined: the override clamped to count, else the pipelining lemma for
/// its dual-root schedule (schedule/dual_root.hpp).
int dual_root_blocks_for(int p, int count, MPI_Datatype datatype);

} // namespace collscope
