#include "auto_choice.hpp"

#include "collscope/algorithms/choose.hpp"
#include "collscope/network_file.hpp"
#include "mpi_types.hpp"

#include <algorithm>
#include <fstream>
#include <sstream>

namespace collscope::run {

std::string platform_model(double alpha, double beta, bool alpha_from_network,
                           const std::optional<schedule::NodeLayout>& layout, CostModel& model) {
  model.alpha = model.alpha_node = alpha;
  model.beta = model.beta_node = beta;
  // The platform: a network file's LogGP o and g, then what scripts/simulate says it simulates
  // (COLLSCOPE_COST_MODEL: overheads, α and β inside a node, links per node).
  try {
    if (const MeasuredNetwork network = measured_network(); !network.path.empty()) {
      std::ifstream in(network.path);
      std::stringstream text;
      text << in.rdbuf();
      apply_network_loggp(model, text.str());
      // The file's α is the ping-pong's, o at both ends included; the model adds 2o itself.
      if (alpha_from_network)
        model.alpha = model.alpha_node = std::max(0.0, model.alpha - 2 * model.o);
    }
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  if (std::string error = apply_cost_environment(model); !error.empty()) return error;
  if (layout) apply_layout(model, *layout);
  return "";
}

std::string apply_auto(Options& o, int p, bool blocks_given, const NodeOptionText& nodes) {
  const Layout layout = layout_of(o.datatype);
  int data_bytes = 0; // MPI_Type_size: the vector type's gap carries no data
  for (int unit = 0; unit < layout.units_per_element; ++unit)
    if (layout.is_data(unit)) data_bytes += layout.unit_bytes;
  // Without --alpha/--beta: the measured network (collscope-calibrate), else the defaults.
  MeasuredNetwork network;
  try {
    network = measured_network();
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  const bool alpha_from_network = !network.path.empty() && !o.alpha;
  // Into the options, so that the run's pipelining and printed prediction use what auto used.
  if (!network.path.empty()) {
    if (!o.alpha) o.alpha = network.alpha_s;
    if (!o.beta) o.beta = network.beta_s_per_byte;
  }
  CostModel model;
  NodeChoice layout_choice;
  const Algorithm* native = nullptr;
  for (const Algorithm& a : algorithms())
    if (a.collective == *o.collective && a.is_native()) native = &a;
  // The layout of --nodes/--ranks-per-node makes the hierarchical algorithms candidates; its
  // checks are made again for the chosen algorithm by parse_options.
  if (native && !check_nodes(nodes, *native, false, p, layout_choice).empty())
    layout_choice.layout.reset();
  if (std::string error = platform_model(o.alpha.value_or(model.alpha), o.beta.value_or(model.beta),
                                         alpha_from_network, layout_choice.layout, model);
      !error.empty())
    return error;
  const bool reduces = o.algorithm && o.algorithm->reduces();
  const Choice choice =
      choose_algorithm(CallShape{.collective = *o.collective,
                                 .p = p,
                                 .count = o.count,
                                 .type_size = data_bytes,
                                 .commutative = !(reduces && o.op == Op::noncommutative),
                                 .floating = reduces && is_floating(o.datatype),
                                 .root = o.root,
                                 .blocks = blocks_given ? o.blocks : 0},
                       model);
  if (!choice.ok()) return "--algorithm " + choice.error;
  o.algorithm = choice.best().algorithm;
  // The chooser's parameter is M for pipelined algorithms and k for the radix algorithms
  // (k-nomial trees, Bruck in radix k); --blocks and --radix given on the line win.
  if (o.algorithm->uses_blocks() && !blocks_given) {
    o.blocks = choice.best().parameter;
    o.blocks_by_auto = true;
  }
  if (o.algorithm->uses_radix() && o.radix == 0) o.radix = choice.best().parameter;
  o.auto_choice = choice.summary();
  return "";
}

} // namespace collscope::run
