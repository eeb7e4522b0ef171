// The model-based trees of seeds/002 on MPI: only the root knows the block sizes (and reads
// the network model), so it computes the whole tree (schedule::model_binomial_schedule or
// model_traff_schedule) and hands every rank its part — parent, bytes to send, children in
// receive order with their bytes — in one scatter of fixed-size records, with collscope's
// binomial scatter ("phase tree distribution": ⌈log₂p⌉ rounds, 8(4 + 2K) bytes per rank,
// K = ⌈log₂p⌉ + 1 children at most). Messages carry blocks in schedule::message_order; the
// root places them through indexed datatypes.
#pragma once

#include <cstdint>
#include <mpi.h>
#include <utility>
#include <vector>

namespace collscope::detail {

enum class ModelTree { binomial_minimum, binomial_maximum, traff };
/// The algorithm's name, gatherv's and scatterv's alike: model-binomial-min, model-binomial-max,
/// model-traff.
const char* model_tree_name(ModelTree tree);

struct ModelPlan {
  int parent = -1;
  std::int64_t bytes = 0; ///< what this rank sends (its subtree)
  int position = 0;       ///< its parent receives it as the position-th message
  std::vector<std::pair<int, std::int64_t>> children; ///< receive order: (rank, bytes)
  std::vector<std::vector<int>> carried; ///< root only: whose blocks each child's message has
};

/// Collective. `counts`/`type` are read at the root only.
int plan_model_tree(ModelTree tree, const int* counts, MPI_Datatype type, int root, MPI_Comm comm,
                    ModelPlan& plan);

} // namespace collscope::detail
