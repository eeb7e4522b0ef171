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

/// The vector type's size and extent (harness/buffers.cpp: MPI_Type_vector(2,1,2,MPI_INT)).
constexpr int vector_size = 8, vector_extent = 12;

/// "p ≥ 2" and "count ≥ 1" only leave out the cases that move no data.
bool moves_data(const Candidate& k) {
  return k.test == "p >= 2" || k.test == "count >= 1";
}

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
      "the non-contiguous datatype MPI_Type_vector(2,1,2,MPI_INT) (size " +
          std::to_string(vector_size) + " B, extent " + std::to_string(vector_extent) +
          " B) — step through buffers by count · extent, and copy typed data with MPI (e.g. "
          "MPI_Sendrecv to yourself), not memcpy over extents",
      "MPI_INT", "vector"));
  list.push_back(candidate(
      "the non-commutative op (affine maps) — combine the operands in rank order: a partial "
      "result of lower ranks goes on the left (MPI_Reduce_local(lower, higher, …) computes "
      "higher = lower ∘ higher)",
      "MPI_SUM", "affine"));
  // gatherv: one problem type (the block sizes' distribution, in the op's slot).
  const Op op = failing.front()->op;
  if (is_problem(op) &&
      std::all_of(failing.begin(), failing.end(), [op](const Case* c) { return c->op == op; }))
    list.push_back(candidate(std::string("the ") + op_name(op), "other problem types",
                             "problem == " + s(static_cast<int>(op))));
  if (n_min > 0)
    list.push_back(
        candidate("count ≥ " + s(n_min), "count ≤ " + s(n_min - 1), "count >= " + s(n_min)));
  if (n_max > 0 && n_min != n_max)
    list.push_back(
        candidate("count ≤ " + s(n_max), "count ≥ " + s(n_max + 1), "count <= " + s(n_max)));
  if (n_min == n_max) // after the thresholds: "count ≥ 1000" says more than "count = 1000"
    list.push_back(candidate("count = " + s(n_min), "count ≠ " + s(n_min), "count == " + s(n_min)));
  list.push_back(candidate("root = p − 1", "other roots", "root == p - 1 && p > 1"));
  if (p_min > 1)
    list.push_back(candidate("p ≥ " + s(p_min), "p ≤ " + s(p_min - 1), "p >= " + s(p_min)));
  if (p_min != p_max)
    list.push_back(candidate("p ≤ " + s(p_max), "p ≥ " + s(p_max + 1), "p <= " + s(p_max)));
  if (p_min == p_max)
    list.push_back(candidate("p = " + s(p_min), "p ≠ " + s(p_min), "p == " + s(p_min)));
  // The other side of each single property, last: conjunctions may need them.
  list.push_back(candidate("root = 0", "root ≠ 0", "root == 0"));
  list.push_back(candidate("a process count p that is a power of two", "p not a power of two",
                           "pow(2, clog2(p)) == p"));
  list.push_back(candidate("the datatype MPI_INT", "the vector type", "!vector"));
  list.push_back(candidate("the commutative op", "the non-commutative op", "!affine"));
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

namespace {

/// Which cases each candidate holds for.
std::vector<std::vector<bool>> holds_on(const std::vector<Candidate>& list,
                                        const std::vector<const Case*>& cases) {
  std::vector<std::vector<bool>> out;
  for (const Candidate& k : list) {
    std::vector<bool> row;
    for (const Case* c : cases) row.push_back(k.expr.eval(pattern_env(*c)) != 0);
    out.push_back(std::move(row));
  }
  return out;
}

/// Conjunctions of one, two, three candidates, fewer first, in the candidates' order; `visit`
/// returns true to stop.
template <class Visit> void conjunctions(std::size_t n, Visit visit) {
  for (std::size_t i = 0; i < n; ++i)
    if (visit(std::vector<std::size_t>{i})) return;
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i + 1; j < n; ++j)
      if (visit(std::vector<std::size_t>{i, j})) return;
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i + 1; j < n; ++j)
      for (std::size_t k = j + 1; k < n; ++k)
        if (visit(std::vector<std::size_t>{i, j, k})) return;
}

std::string joined(const std::vector<const Candidate*>& parts) {
  std::string out;
  for (std::size_t i = 0; i < parts.size(); ++i)
    out += (i == 0 ? "" : i + 1 == parts.size() ? " and " : ", ") + parts[i]->has;
  return out;
}

Pattern pattern_of(const std::vector<const Candidate*>& parts, std::size_t passing) {
  std::string test;
  for (const Candidate* k : parts)
    test += (test.empty() ? "" : " && ") + (parts.size() > 1 ? "(" + k->test + ")" : k->test);
  const std::string n = std::to_string(passing);
  // The commonest MPI datatype bug: the vector type alone fails, once data moves at all.
  const bool vector = std::any_of(parts.begin(), parts.end(),
                                  [](const Candidate* k) { return k->test == "vector"; });
  const bool others_trivial = std::all_of(parts.begin(), parts.end(), [](const Candidate* k) {
    return k->test == "vector" || moves_data(*k);
  });
  if (vector && others_trivial)
    return {
        "Fails exactly when the datatype is MPI_Type_vector(2,1,2,MPI_INT) (size " +
            std::to_string(vector_size) + " B, extent " + std::to_string(vector_extent) + " B)" +
            (parts.size() > 1 ? ", among the cases that move data (p ≥ 2, count ≥ 1)" : "") +
            ": offsets by size instead of extent? Step through buffers by count · extent "
            "(MPI_Type_get_extent), and copy typed data with MPI (e.g. MPI_Sendrecv to "
            "yourself), not memcpy. All " +
            n + " cases with MPI_INT" + (parts.size() > 1 ? " or nothing to move" : "") + " pass.",
        test};
  if (parts.size() == 1)
    return {"Every failing case has " + parts[0]->has + "; all " + n + " cases with " +
                parts[0]->has_not + " pass.",
            test};
  return {"Every failing case has " + joined(parts) + "; all " + n + " cases without " +
              (parts.size() == 2 ? "both" : "all three") + " pass.",
          test};
}

} // namespace

std::optional<Pattern> separating_pattern(const std::vector<const Case*>& failing,
                                          const std::vector<const Case*>& passing) {
  if (failing.empty() || passing.empty()) return std::nullopt;
  const std::vector<Candidate> all = candidates(failing);
  // Only properties of every failing case can be part of one that explains them all.
  std::vector<Candidate> list;
  for (std::size_t i = 0; const auto& row : holds_on(all, failing)) {
    if (std::all_of(row.begin(), row.end(), [](bool b) { return b; })) list.push_back(all[i]);
    ++i;
  }
  const std::vector<std::vector<bool>> on_passing = holds_on(list, passing);
  std::optional<Pattern> found;
  conjunctions(list.size(), [&](const std::vector<std::size_t>& parts) {
    for (std::size_t c = 0; c < passing.size(); ++c)
      if (std::all_of(parts.begin(), parts.end(), [&](std::size_t k) { return on_passing[k][c]; }))
        return false; // a passing case has them all
    std::vector<const Candidate*> chosen;
    for (const std::size_t k : parts) chosen.push_back(&list[k]);
    found = pattern_of(chosen, passing.size());
    return true;
  });
  return found;
}

std::string partial_pattern(const std::vector<const Case*>& failing,
                            const std::vector<const Case*>& passing) {
  if (failing.size() < 2 || passing.empty()) return {};
  const std::vector<Candidate> list = candidates(failing);
  const auto on_failing = holds_on(list, failing), on_passing = holds_on(list, passing);
  std::size_t best = 0;
  std::vector<std::size_t> best_parts;
  conjunctions(list.size(), [&](const std::vector<std::size_t>& parts) {
    const auto all = [&](const std::vector<std::vector<bool>>& rows, std::size_t c) {
      return std::all_of(parts.begin(), parts.end(), [&](std::size_t k) { return rows[k][c]; });
    };
    for (std::size_t c = 0; c < passing.size(); ++c)
      if (all(on_passing, c)) return false;
    std::size_t n = 0;
    for (std::size_t c = 0; c < failing.size(); ++c) n += all(on_failing, c);
    if (n > best) best = n, best_parts = parts; // ties: the simpler one found first
    return false;
  });
  // Worth saying when it explains most failing cases and not all (else a pattern separates).
  if (best * 2 < failing.size() || best == failing.size()) return {};
  std::vector<const Candidate*> parts;
  for (const std::size_t k : best_parts) parts.push_back(&list[k]);
  return std::to_string(best) + " of the " + std::to_string(failing.size()) +
         " failing cases have " + joined(parts) + ", and no passing case has" +
         (parts.size() > 1 ? " them all" : "") + "; the other " +
         std::to_string(failing.size() - best) + " fail otherwise.";
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
