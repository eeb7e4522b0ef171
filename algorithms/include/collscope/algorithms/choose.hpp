// `--algorithm auto`: the registry's algorithm with the smallest α-β prediction for one call.
//
// Generic over the registry: every algorithm of the collective that has a cost formula is a
// candidate unless it refuses the call (commutative_only with a non-commutative op,
// power_of_two_only off powers of two, hierarchical without a node layout, full-lane on
// irregular nodes, not rank-identical on floating-point reductions). Pipelined algorithms get
// the block count M that minimises their own formula (a small search over M ≤ count, which
// includes what the pipelining lemma would pick). Ties go to the earlier registry entry, so the
// choice is deterministic. collscope-run --algorithm auto and libcollscope-tune call it.
#pragma once

#include "collscope/algorithms/registry.hpp"
#include "collscope/cost_defaults.hpp"

#include <mpi.h>
#include <optional>
#include <string>
#include <vector>

namespace collscope {

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
};

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
