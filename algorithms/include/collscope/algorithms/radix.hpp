// The radix k of the k-nomial trees (bcast, reduce, gather, scatter `knomial`): a process-wide
// knob like the pipeline's block count, since MPI's signatures leave no room for it. Every rank
// of a call must use the same k (collscope-run sets it from --radix on all of them).
#pragma once

namespace collscope {

/// Open MPI's k-nomial broadcast uses 4 (coll_tuned_bcast_knomial_radix).
inline constexpr int default_radix = 4;

/// Sets k for later calls; false (and k unchanged) for k < 2, which is no tree.
bool set_radix(int k);
int radix();

} // namespace collscope
