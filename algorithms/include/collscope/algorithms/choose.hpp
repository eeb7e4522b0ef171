// `--algorithm auto`: the registry's algorithm with the smallest α-β prediction for one call.
//
// Generic over the registry: every algorithm of the collective that has a cost formula is a
// candidate unless it refuses the call (commutative_only with a non-commutative op,
// power_of_two_only off powers of two, hierarchical without a node layout, full-lane on
// irregular nodes, not rank-identical on floating-point reductions). Pipelined algorithms get
// the block count M that minimises their own formula (a small search over M ≤ count, which
// includes what the pipelining lemma would pick). Ties go to the earlier registry entry, so the
// choice is deterministic. collscope-run --algorithm auto and libcollscope-tune call it.
//
// With a platform (CostModel's o, g, charge_layout, lanes) the formulas are charged as the
// platform runs them: every round's message α + 2o (o at each end); a k-ported or all-at-once
// schedule max(o, g) more per message it posts beyond one per level (at both ends for rootless
// collectives, whose ranks receive as many as they post). On multi-core nodes the two-level
// formulas of the hierarchical and full-lane algorithms are exact (their lanes share the node's
// `lanes` links); a flat algorithm's formula does not say which of its messages cross nodes
// together, so its bytes between nodes are charged as n ranks sharing the node's links (the
// worst case) and its levels as a tree over consecutive nodes: the top ones between nodes, the
// n-rank subtrees inside them at the node's α and β.
#pragma once

#include "collscope/algorithms/registry.hpp"
#include "collscope/cost_defaults.hpp"
#include "collscope/schedule/node_layout.hpp"

#include <mpi.h>
#include <optional>
#include <string>
#include <vector>

namespace collscope {

/// How the messages a rank posts at once (k-ported algorithms: a k-nomial tree's k−1 sends of a
/// level) are charged, for algorithms whose registry entry has a k-ported formula (`ported`).
enum class Ports {
  one,      ///< one-ported α-β (`cost`): they take turns
  k_ported, ///< the lecture's k-ported model (`ported`): k−1 ports, they overlap entirely
  one_link  ///< one link per rank: their latencies overlap (`ported` at β = 0) but their bytes
            ///< share the link (`cost` at α = 0); what SimGrid's cluster:p and one NIC do
};

/// The α-β parameters of the prediction (collscope-run's --alpha/--beta, which
/// scripts/simulate sets to the platform's; default common/cost_defaults.hpp). Hierarchical and
/// full-lane algorithms are candidates only with a node layout: N nodes of at most n ranks; α
/// and β are then the network's (α', β' of the two-level formulas) and alpha_node/beta_node
/// those inside a node (collscope-run prints its two-level predictions with both the same).
struct CostModel {
  double alpha = default_alpha_s;
  double beta = default_beta_s_per_byte;
  double alpha_node = default_alpha_s;
  double beta_node = default_beta_s_per_byte;
  int nodes = 0;              ///< N; 0: no node layout known (hierarchical algorithms refused)
  int per_node = 0;           ///< n, the largest node
  bool regular_nodes = false; ///< every node holds n ranks (full-lane needs it)
  Ports ports = Ports::one_link;
  /// The platform as clusters are built (scripts/simulate's cluster:NxC and --overhead, or a
  /// network file's LogGP estimates). All zero/false: the α-β choice above, unchanged.
  double o = 0; ///< LogGP overhead: charged per message at the sender and at the receiver
  double g = 0; ///< LogGP gap: a rank's consecutive posted sends are max(o, g) apart
  /// Charge the node layout to the flat algorithms too (set with alpha_node/beta_node by
  /// COLLSCOPE_COST_MODEL): a tree's levels inside a node at α, β (consecutive placement) and
  /// the node's ranks sharing its link in the rounds of rootless collectives.
  bool charge_layout = false;
  bool consecutive = true; ///< rank r on node ⌊r/n⌋ (false: round-robin)
  /// Links from a node to the network (0: every rank its own lane, as the full-lane formulas
  /// assume; SimGrid's cluster:NxC has 1, so n ranks sending at once share it).
  int lanes = 0;
};

/// Reads the platform description scripts/simulate passes in COLLSCOPE_COST_MODEL ("o=5e-07
/// g=5e-07 alpha_node=2.5e-07 beta_node=1e-10 lanes=1", any subset, seconds and s/byte) into
/// `model`; alpha_node or beta_node also sets charge_layout. Returns "" or what is malformed.
std::string apply_cost_environment(CostModel& model);

/// The node layout of COLLSCOPE_NODES / COLLSCOPE_RANKS_PER_NODE / COLLSCOPE_PLACEMENT
/// (collscope/algorithms/nodes.hpp) for p ranks into `model` (nodes, per_node, regular_nodes,
/// consecutive); nothing when none is set. Returns "" or what is malformed.
std::string apply_layout_environment(CostModel& model, int p);

/// `layout` into `model`: nodes, per_node (the largest node), regular_nodes, consecutive.
void apply_layout(CostModel& model, const schedule::NodeLayout& layout);

/// Reads LogGP's o and g ("o_s", "g_s" of collscope-calibrate's "loggp") from a network file's
/// text into `model` (left as they are when absent).
void apply_network_loggp(CostModel& model, const std::string& network_file_text);

/// One call as the chooser sees it: the collective, p, count in collscope-run's sense (elements
/// per block for gather, scatter, allgather, alltoall and reduce_scatter_block; of the whole
/// vector for bcast, reduce, allreduce, scan, exscan), the size of one element, the op.
struct CallShape {
  Collective collective = Collective::bcast;
  int p = 1;
  int count = 1;
  int type_size = 4;       ///< bytes of data in one element
  bool commutative = true; ///< false: MPI_Op_create(..., commute = 0, ...)
  bool floating = false;   ///< a reduction of floating-point data: rank-identical results only
  int root = 0;            ///< rooted collectives; the α-β formulas do not depend on it
  int blocks = 0;          ///< a fixed M for pipelined algorithms (--blocks); 0: the best M
};

namespace detail {

/// Whether `a` gives every rank bit-identical floating-point results: the registry's flag when
/// it has one (float_rank_dependent, or a positive rank_identical / reproducible), else true.
/// A template so that the flag is read once an entry has it, without a change here.
template <class A> bool rank_identical(const A& a) {
  if constexpr (requires { a.float_rank_dependent; })
    return !a.float_rank_dependent;
  else if constexpr (requires { a.rank_identical; })
    return static_cast<bool>(a.rank_identical);
  else if constexpr (requires { a.reproducible; })
    return static_cast<bool>(a.reproducible);
  else
    return true;
}

/// Parameter::radix when the registry has it (k-nomial trees), else Parameter::none.
template <class P = Parameter> constexpr P radix_parameter() {
  if constexpr (requires { P::radix; })
    return P::radix;
  else
    return P::none;
}

/// The flat α-β seconds of `a` (an Algorithm, or any struct with `cost` and maybe `ported`) at
/// parameter value `value` (M or k, the formulas' last argument), charged as model.ports says.
template <class A>
double flat_seconds(const A& a, int p, double m, const CostModel& model, int value) {
  const int v = value < 1 ? 1 : value;
  if constexpr (requires { a.ported.of; }) {
    if (a.ported.of && model.ports == Ports::k_ported)
      return a.ported.of(p, m, model.alpha, model.beta, v);
    if (a.ported.of && model.ports == Ports::one_link)
      return a.ported.of(p, m, model.alpha, 0.0, v) + a.cost.of(p, m, 0.0, model.beta, v);
  }
  return a.cost.of(p, m, model.alpha, model.beta, v);
}

} // namespace detail

/// One algorithm's prediction for the call.
struct Candidate {
  const Algorithm* algorithm = nullptr;
  double seconds = 0; ///< α-β prediction (its cost formula at the chosen parameter)
  /// The algorithm's knob at its minimum: M for pipelined algorithms (uses_blocks), the radix k
  /// for those taking one (a Parameter::radix, when the registry has it); 0 for none.
  int parameter = 0;
};

/// An algorithm left out, and why ("commutative ops only", …).
struct Refusal {
  const Algorithm* algorithm = nullptr;
  std::string reason;
};

struct Choice {
  std::vector<Candidate> ranked; ///< every candidate, fastest first (ties: registry order)
  std::vector<Refusal> refused;
  std::string error; ///< non-empty when no algorithm can be chosen (then ranked is empty)

  bool ok() const { return !ranked.empty(); }
  const Candidate& best() const { return ranked.front(); }
  const Candidate* runner_up() const { return ranked.size() > 1 ? &ranked[1] : nullptr; }
  /// One line: "auto: two-tree (M=64) 1.234e-04 s; runner-up jia (M=60) 1.300e-04 s (α-β, …)".
  std::string summary() const;
};

/// m of the registry's formulas for a regular call: the bytes a whole row holds for gather,
/// scatter, allgather, alltoall and reduce_scatter_block (p·count·size), the vector for the
/// others (count·size). nullopt for collectives whose block sizes differ per rank.
std::optional<double> formula_bytes(Collective collective, int p, int count, int type_size);

/// Why `a` cannot run this call ("" if it can). Generic: reads only the registry's flags.
std::string refusal(const Algorithm& a, const CallShape& call, const CostModel& model);

/// The prediction of `a` for the call at parameter value `parameter` (M for pipelined
/// algorithms, k for radix ones, 0 for none) on the model's platform: the α-β formula when the
/// model has no o, g or layout charge, else charged as the header comment says.
double predict_at(const Algorithm& a, const CallShape& call, const CostModel& model, int parameter);

/// The prediction of `a` for the call (refusal(a, …) must be empty).
Candidate predict(const Algorithm& a, const CallShape& call, const CostModel& model);

/// Every candidate of the call's collective ranked by its prediction.
Choice choose_algorithm(const CallShape& call, const CostModel& model = {});

/// The same from MPI's arguments (the tune library's view): type size by MPI_Type_size,
/// commutativity by MPI_Op_commutative (MPI_OP_NULL: a non-reducing collective), floating point
/// from the predefined floating datatypes.
Choice choose_algorithm(Collective collective, int p, int count, MPI_Datatype datatype, MPI_Op op,
                        int root, const CostModel& model = {});

} // namespace collscope
