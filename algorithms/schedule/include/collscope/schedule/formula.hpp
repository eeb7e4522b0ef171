// A round count or α-β cost as a lecturer reads it and as a program computes it. The registry
// holds both side by side; evaluate_formula() reads the printed text back into a number, so a
// test can hold every text to its function over p, m, M, α and β: the two cannot drift apart.
#pragma once

#include <optional>
#include <string_view>

namespace collscope::schedule {

/// Rounds of a schedule for p processes and M pipeline blocks (ignored where meaningless).
struct RoundsFormula {
  std::string_view text = {};
  int (*of)(int p, int blocks) = nullptr;
};

/// α-β(-γ) time for p processes, m bytes and M pipeline blocks.
struct CostFormula {
  std::string_view text = {};
  double (*of)(int p, double m, double alpha, double beta, int blocks) = nullptr;
};

/// The values a formula may name: p, m, M (blocks), α, β; the two-level model's N (nodes), n
/// (ranks per node, the largest node when they differ), α' and β' (between nodes; α and β are
/// then the costs inside a node).
struct FormulaValues {
  double p = 1;
  double m = 0;
  double blocks = 1;
  double alpha = 0;
  double beta = 0;
  double nodes = 1;
  double per_node = 1;
  double alpha_net = 0;
  double beta_net = 0;
  double largest = 0; ///< mₘₐₓ: the largest block, bytes (irregular collectives)
  double piece = 0;   ///< b: the largest pipeline piece, bytes (min(piece, mₘₐₓ))
  double radix = 2;   ///< k: the radix of a k-nomial tree (--radix)
  double neighbors = 0;  ///< s: neighbours of a rank (neighbourhood collectives)
  double dimensions = 0; ///< d: dimensions of the torus (neighbourhood collectives)
};

/// Cost of an irregular collective whose bound depends on the block sizes, not only on their
/// total m: it names mₘₐₓ or b (FormulaValues::largest, piece) besides p, m, M, α and β.
struct BlockCostFormula {
  std::string_view text = {};
  double (*of)(const FormulaValues& values) = nullptr;
};

/// Rounds and cost of a hierarchical or full-lane algorithm in the two-level α-β model, for
/// N nodes of n ranks (values.nodes, values.per_node) and m bytes (values.m).
struct TwoLevelFormula {
  std::string_view rounds_text = {};
  int (*rounds)(int nodes, int per_node) = nullptr;
  std::string_view cost_text = {};
  double (*cost)(const FormulaValues& values) = nullptr;
};

/// Rounds and cost of a neighbourhood collective's algorithm for s neighbours on a torus of d
/// dimensions (values.neighbors, values.dimensions) and m bytes per block (values.m).
struct NeighborFormula {
  std::string_view rounds_text = {};
  int (*rounds)(int neighbors, int dimensions) = nullptr;
  std::string_view cost_text = {};
  double (*cost)(const FormulaValues& values) = nullptr;
};

/// The value of a formula's text. Grammar: numbers, the names p m M α β N n α' β' mₘₐₓ b k s d,
/// ⌈log₂x⌉ and ⌊log₂x⌋ (x a positive whole number or a fraction above 1), ⌈log_k x⌉ and ⌊log_k x⌋
/// (x a positive whole number), ⌈x⌉ and ⌊x⌋ of any expression, + − · / and juxtaposition
/// (products), x^y (y one factor: k^⌈log_k p⌉), min(x, y), parentheses. A leading "≤ " (the
/// text is a bound) and anything after a comma outside min( ) (a note such as "M = Σ⌈mᵢ/b⌉")
/// are not part of the value.
/// nullopt when the text does not parse.
std::optional<double> evaluate_formula(std::string_view text, const FormulaValues& values);

} // namespace collscope::schedule
