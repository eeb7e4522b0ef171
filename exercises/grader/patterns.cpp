#include "patterns.hpp"

#include <cmath>
#include <cstdio>
#include <functional>

namespace collscope::grade {

namespace {

struct Property {
  const char* has;     ///< what the failing cases have in common
  const char* has_not; ///< the passing cases' side
  std::function<bool(const Case&)> test;
};

const std::vector<Property>& properties() {
  static const std::vector<Property> list{
      {"root ≠ 0", "root = 0", [](const Case& c) { return c.root != 0; }},
      {"a process count p that is not a power of two", "p a power of two",
       [](const Case& c) { return (c.p & (c.p - 1)) != 0; }},
      {"the non-contiguous datatype MPI_Type_vector(2,1,2,MPI_INT) — copy typed data with MPI "
       "(e.g. MPI_Sendrecv to yourself), not memcpy over extents",
       "MPI_INT", [](const Case& c) { return c.dtype == Dtype::vector; }},
      {"the non-commutative op (affine maps) — combine the operands in rank order: a partial "
       "result of lower ranks goes on the left (MPI_Reduce_local(lower, higher, …) computes "
       "higher = lower ∘ higher)",
       "MPI_SUM", [](const Case& c) { return c.op == Op::affine; }},
      {"count = 0", "count > 0", [](const Case& c) { return c.count == 0; }},
      {"count = 1", "count ≠ 1", [](const Case& c) { return c.count == 1; }},
      {"a large count (≥ 1000 elements)", "smaller counts",
       [](const Case& c) { return c.count >= 1000; }},
      {"root = p − 1", "other roots", [](const Case& c) { return c.root == c.p - 1 && c.p > 1; }},
      {"p ≥ 3", "p ≤ 2", [](const Case& c) { return c.p >= 3; }},
      {"p ≥ 2", "p = 1", [](const Case& c) { return c.p >= 2; }},
  };
  return list;
}

} // namespace

std::string failure_pattern(const std::vector<const Case*>& failing,
                            const std::vector<const Case*>& passing) {
  if (failing.empty() || passing.empty()) return {};
  for (const Property& property : properties()) {
    bool all_failing = true;
    for (const Case* c : failing) all_failing = all_failing && property.test(*c);
    int other_side = 0;
    for (const Case* c : passing) other_side += !property.test(*c);
    if (all_failing && other_side > 0)
      return "Every failing case has " + std::string(property.has) + "; all " +
             std::to_string(other_side) + " cases with " + property.has_not + " pass.";
  }
  return {};
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
