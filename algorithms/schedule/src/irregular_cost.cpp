#include "collscope/schedule/irregular_cost.hpp"

#include "collscope/schedule/bits.hpp"
#include "collscope/schedule/gather_schedule.hpp"
#include "collscope/schedule/irregular_tree.hpp"
#include "collscope/schedule/model_trees.hpp"

namespace collscope::schedule {

int construction_rounds(int p) {
  return 2 * ceil_log2(p);
}

int traff_rounds(int p) {
  return 3 * ceil_log2(p);
}

double traff_cost(int p, double m, double alpha, double beta) {
  return construction_rounds(p) * (alpha + construction_message_bytes * beta) +
         ceil_log2(p) * alpha + (p - 1) * beta * m / p;
}

double binomial_scatterv_cost(int p, double m, double alpha, double beta) {
  return 2 * ceil_log2(p) * alpha + (p - 1) * beta * m / p + 8.0 * (p - 1) * beta;
}

namespace {

int distribution_record_bytes(int p) {
  return 8 * (4 + 2 * (ceil_log2(p) + 1));
}

} // namespace

double model_tree_cost(int p, double m, double alpha, double beta) {
  return 2 * ceil_log2(p) * alpha + (p - 1) * distribution_record_bytes(p) * beta +
         (p - 1) * beta * m / p;
}

double irregular_model_time(IrregularAlgorithm algorithm, bool scatter,
                            std::span<const std::int64_t> blocks, int root, double alpha,
                            double beta, std::int64_t threshold, const NetworkModel* network) {
  const int p = static_cast<int>(blocks.size());
  const NetworkModel flat(network ? 0 : p, {alpha, beta});
  const NetworkModel& net = network ? *network : flat;
  const auto time = [&](const GatherSchedule& s, bool skip_empty) {
    const MessageCost cost = [&](int from, int to, std::int64_t bytes) {
      return bytes == 0 && skip_empty ? -1.0 : net.time(from, to, bytes);
    };
    return scatter ? scatter_time(s, blocks, cost) : gather_time(s, blocks, cost);
  };
  const double construction = construction_rounds(p) * (alpha + construction_message_bytes * beta);
  const double distribution = ceil_log2(p) * alpha + (p - 1) * distribution_record_bytes(p) * beta;
  switch (algorithm) {
  case IrregularAlgorithm::linear:
    return time(linear_schedule(p, root), true);
  case IrregularAlgorithm::binomial:
    if (!scatter) return time(binomial_schedule(p, root), false);
    // Every edge also carries 8 bytes per rank of the subtree: count them as data.
    return time(binomial_schedule(p, root), false) + ceil_log2(p) * alpha + 8.0 * (p - 1) * beta;
  case IrregularAlgorithm::traff:
    return construction + time(schedule_of(irregular_gather_tree(blocks, root)), true);
  case IrregularAlgorithm::traff_lemma4:
    return construction +
           time(schedule_of(irregular_gather_tree(blocks, root, {Estimate::total, 0})), true);
  case IrregularAlgorithm::traff_degrade:
    return construction +
           time(schedule_of(irregular_gather_tree(blocks, root, {{}, threshold})), true);
  case IrregularAlgorithm::model_binomial_min:
    return distribution +
           time(model_binomial_schedule(blocks, root, net, Mapping::minimum_first), true);
  case IrregularAlgorithm::model_binomial_max:
    return distribution +
           time(model_binomial_schedule(blocks, root, net, Mapping::maximum_first), true);
  case IrregularAlgorithm::model_traff:
    return distribution + time(model_traff_schedule(blocks, root, net), true);
  }
  return 0.0;
}

} // namespace collscope::schedule
