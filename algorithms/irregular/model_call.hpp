// The call around both model-based algorithms (gatherv_model, scatterv_model): the same
// opening, the plan of model_plan.hpp, then each one's data phase.
#pragma once

#include "common/annotate.hpp"
#include "common/buffers.hpp"
#include "irregular/irregular_layout.hpp"
#include "irregular/model_plan.hpp"

namespace collscope::detail {

/// The shape of both model-based algorithms: the call's region, the plan of `tree` (collective;
/// the root computes it from `counts` of `root_type`), then the data phase: `at_root(plan)` on
/// the root, nothing on a rank whose subtree carries no bytes, `below_root(plan, rank)` on the
/// others. `counts` and `root_type` are the root's side (gatherv's recvcounts, scatterv's
/// sendcounts), `count` and `type` the other ranks'.
template <class AtRoot, class BelowRoot>
int on_model_tree(const char* collective, ModelTree tree, int root, const int* counts,
                  MPI_Datatype root_type, int count, MPI_Datatype type, MPI_Comm comm,
                  AtRoot&& at_root, BelowRoot&& below_root) {
  const int rank = shape(comm).rank;
  const IrregularRegion region(collective, model_tree_name(tree), root, counts, root_type, count,
                               type, comm);
  ModelPlan plan;
  COLLSCOPE_TRY(plan_model_tree(tree, counts, root_type, root, comm, plan));
  const trace::Region phase("phase data");
  if (rank == root) return at_root(plan);
  if (plan.bytes == 0) return MPI_SUCCESS;
  return below_root(plan, rank);
}

} // namespace collscope::detail
