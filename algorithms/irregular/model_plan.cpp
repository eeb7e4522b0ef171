#include "irregular/model_plan.hpp"

#include "collscope/algorithms/irregular_tuning.hpp"
#include "collscope/algorithms/scatter.hpp"
#include "collscope/cost_defaults.hpp"
#include "collscope/schedule/bits.hpp"
#include "collscope/schedule/model_trees.hpp"
#include "common/buffers.hpp"
#include "irregular/irregular_layout.hpp"

#include <array>
#include <collscope/annotate.hpp>

namespace collscope::detail {

namespace {

int max_children(int p) {
  return schedule::ceil_log2(p) + 1;
}

schedule::GatherSchedule root_schedule(ModelTree tree, std::span<const std::int64_t> bytes,
                                       int root, int p) {
  const std::shared_ptr<const schedule::NetworkModel> given = irregular_tuning().network;
  const schedule::NetworkModel fallback(p, {default_alpha_s, default_beta_s_per_byte});
  const schedule::NetworkModel& network = given && given->size() == p ? *given : fallback;
  switch (tree) {
  case ModelTree::binomial_minimum:
    return schedule::model_binomial_schedule(bytes, root, network,
                                             schedule::Mapping::minimum_first);
  case ModelTree::binomial_maximum:
    return schedule::model_binomial_schedule(bytes, root, network,
                                             schedule::Mapping::maximum_first);
  case ModelTree::traff:
    return schedule::model_traff_schedule(bytes, root, network);
  }
  return {};
}

} // namespace

const char* model_tree_name(ModelTree tree) {
  constexpr std::array names{"model-binomial-min", "model-binomial-max", "model-traff"};
  return names[static_cast<std::size_t>(tree)]; // in ModelTree's order
}

int plan_model_tree(ModelTree tree, const int* counts, MPI_Datatype type, int root, MPI_Comm comm,
                    ModelPlan& plan) {
  const auto [rank, p] = shape(comm);
  const trace::Region phase("phase tree distribution");
  const int record = 4 + 2 * max_children(p);
  std::vector<std::int64_t> records, mine(static_cast<std::size_t>(record), 0);
  schedule::GatherSchedule schedule;
  if (rank == root) {
    std::vector<std::int64_t> bytes(static_cast<std::size_t>(p));
    for (int k = 0; k < p; ++k) bytes[k] = bytes_of(counts[k], type);
    schedule = root_schedule(tree, bytes, root, p);
    const std::vector<std::int64_t> sent = schedule::subtree_bytes(schedule, bytes);
    records.assign(static_cast<std::size_t>(record) * p, 0);
    for (int k = 0; k < p; ++k) {
      std::int64_t* r = records.data() + static_cast<std::size_t>(record) * k;
      r[0] = schedule[k].parent;
      r[1] = sent[k];
      r[2] = static_cast<std::int64_t>(schedule[k].receives.size());
      for (std::size_t c = 0; c < schedule[k].receives.size(); ++c) {
        const int child = schedule[k].receives[c];
        records[static_cast<std::size_t>(record) * child + 3] = static_cast<std::int64_t>(c);
        r[4 + 2 * c] = child;
        r[5 + 2 * c] = sent[child];
      }
    }
  }
  COLLSCOPE_TRY(scatter_binomial(records.data(), record, MPI_INT64_T, mine.data(), record,
                                 MPI_INT64_T, root, comm));
  plan = {};
  plan.parent = static_cast<int>(mine[0]);
  plan.bytes = mine[1];
  plan.position = static_cast<int>(mine[3]);
  for (std::int64_t c = 0; c < mine[2]; ++c)
    plan.children.emplace_back(static_cast<int>(mine[4 + 2 * c]), mine[5 + 2 * c]);
  if (rank == root)
    for (int child : schedule[root].receives)
      plan.carried.push_back(schedule::message_order(schedule, child));
  return MPI_SUCCESS;
}

} // namespace collscope::detail
