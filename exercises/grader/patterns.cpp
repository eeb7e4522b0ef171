#include "patterns.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace collscope::grade {

namespace {

struct Candidate {
  std::string has;     ///< what the failing cases have in common
  std::string has_not; ///< its negation, the passing cases' side
  std::string test;    ///< the property as an expression of pattern_env
  Expr expr;
};

Candidate candidate(std::string has, std::string has_not, std::string test) {
  Expr expr = Expr::parse(test);
  return {std::move(has), std::move(has_not), std::move(test), std::move(expr)};
}

/// The properties worth naming, in the order they are tried; thresholds are taken from the
/// failing cases (the least p among them for "p ≥", …), so a boundary is never looser than
/// the data.
std::vector<Candidate> candidates(const std::vector<const Case*>& failing) {
  int p_min = failing.front()->p, p_max = p_min;
  int n_min = failing.front()->count, n_max = n_min;
  for (const Case* c : failing) {
    p_min = std::min(p_min, c->p), p_max = std::max(p_max, c->p);
    n_min = std::min(n_min, c->count), n_max = std::max(n_max, c->count);
  }
  const auto s = [](int v) { return std::to_string(v); };
  std::vector<Candidate> list;
  list.push_back(candidate("root ≠ 0", "root = 0", "root != 0"));
  list.push_back(candidate("a process count p that is not a power of two", "p a power of two",
                           "pow(2, clog2(p)) != p"));
  list.push_back(candidate(
      "the non-contiguous datatype MPI_Type_vector(2,1,2,MPI_INT) — copy typed data with MPI "
      "(e.g. MPI_Sendrecv to yourself), not memcpy over extents",
      "MPI_INT", "vector"));
  list.push_back(candidate(
      "the non-commutative op (affine maps) — combine the operands in rank order: a partial "
      "result of lower ranks goes on the left (MPI_Reduce_local(lower, higher, …) computes "
      "higher = lower ∘ higher)",
      "MPI_SUM", "affine"));
  // gatherv: one problem type (the block sizes' distribution, in the op's slot).
  const Op op = failing.front()->op;
  if (is_problem(op) && std::all_of(failing.begin(), failing.end(),
                                    [op](const Case* c) { return c->op == op; }))
    list.push_back(candidate(std::string("the ") + op_name(op), "other problem types",
                             "problem == " + s(static_cast<int>(op))));
  if (n_min > 0)
    list.push_back(candidate("count ≥ " + s(n_min), "count ≤ " + s(n_min - 1),
                             "count >= " + s(n_min)));
  if (n_max > 0 && n_min != n_max)
    list.push_back(candidate("count ≤ " + s(n_max), "count ≥ " + s(n_max + 1),
                             "count <= " + s(n_max)));
  if (n_min == n_max) // after the thresholds: "count ≥ 1000" says more than "count = 1000"
    list.push_back(candidate("count = " + s(n_min), "count ≠ " + s(n_min), "count == " + s(n_min)));
  list.push_back(
      candidate("root = p − 1", "other roots", "root == p - 1 && p > 1"));
  if (p_min > 1)
    list.push_back(candidate("p ≥ " + s(p_min), "p ≤ " + s(p_min - 1), "p >= " + s(p_min)));
  if (p_min != p_max)
    list.push_back(candidate("p ≤ " + s(p_max), "p ≥ " + s(p_max + 1), "p <= " + s(p_max)));
  if (p_min == p_max)
    list.push_back(candidate("p = " + s(p_min), "p ≠ " + s(p_min), "p == " + s(p_min)));
  return list;
}

} // namespace

Env pattern_env(const Case& c) {
  return {{"p", c.p},
          {"root", c.root},
          {"count", c.count},
          {"vector", c.dtype == Dtype::vector ? 1 : 0},
          {"affine", c.op == Op::affine ? 1 : 0},
          {"problem", static_cast<int>(c.op)}};
}

std::optional<Pattern> separating_pattern(const std::vector<const Case*>& failing,
                                          const std::vector<const Case*>& passing) {
  if (failing.empty() || passing.empty()) return std::nullopt;
  std::vector<Env> fail_env, pass_env;
  for (const Case* c : failing) fail_env.push_back(pattern_env(*c));
  for (const Case* c : passing) pass_env.push_back(pattern_env(*c));
  const std::vector<Candidate> list = candidates(failing);
  // Which passing cases have each property; candidates that miss a failing case drop out.
  std::vector<std::vector<bool>> holds;
  std::vector<const Candidate*> kept;
  for (const Candidate& k : list) {
    if (!std::all_of(fail_env.begin(), fail_env.end(),
                     [&](const Env& e) { return k.expr.eval(e) != 0; }))
      continue;
    std::vector<bool> on_passing;
    for (const Env& e : pass_env) on_passing.push_back(k.expr.eval(e) != 0);
    if (std::none_of(on_passing.begin(), on_passing.end(), [](bool b) { return b; }))
      return Pattern{"Every failing case has " + k.has + "; all " +
                         std::to_string(passing.size()) + " cases with " + k.has_not + " pass.",
                     k.test};
    kept.push_back(&k);
    holds.push_back(std::move(on_passing));
  }
  for (std::size_t i = 0; i < kept.size(); ++i)
    for (std::size_t j = i + 1; j < kept.size(); ++j) {
      bool separates = true;
      for (std::size_t c = 0; c < passing.size() && separates; ++c)
        separates = !(holds[i][c] && holds[j][c]);
      if (separates)
        return Pattern{"Every failing case has " + kept[i]->has + " and " + kept[j]->has +
                           "; all " + std::to_string(passing.size()) +
                           " cases without both pass.",
                       "(" + kept[i]->test + ") && (" + kept[j]->test + ")"};
    }
  return std::nullopt;
}

std::string failure_pattern(const std::vector<const Case*>& failing,
                            const std::vector<const Case*>& passing) {
  const std::optional<Pattern> pattern = separating_pattern(failing, passing);
  return pattern ? pattern->text : std::string();
}

std::string format_number(double value) {
  char text[32];
  if (std::fabs(value - std::round(value)) < 1e-9 && std::fabs(value) < 1e15)
    std::snprintf(text, sizeof text, "%.0f", value);
  else
    std::snprintf(text, sizeof text, "%.3g", value);
  return text;
}

std::string render_hint(const std::string& hint, const Env& env) {
  std::string out;
  std::size_t at = 0;
  while (at < hint.size()) {
    const std::size_t open = hint.find('{', at);
    const std::size_t close = open == std::string::npos ? open : hint.find('}', open);
    if (close == std::string::npos) {
      out += hint.substr(at);
      break;
    }
    out += hint.substr(at, open - at);
    try {
      out += format_number(Expr::parse(hint.substr(open + 1, close - open - 1)).eval(env));
    } catch (const ExprError&) {
      out += hint.substr(open, close - open + 1);
    }
    at = close + 1;
  }
  return out;
}

} // namespace collscope::grade
