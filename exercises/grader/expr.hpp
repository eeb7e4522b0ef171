// Arithmetic expressions of exercise.json bounds, e.g. "clog2(p)", "(p - 1) * block_bytes",
// "p >= 3 && count >= 1000". Numbers are doubles; comparisons and && || ! give 1 or 0.
//
//   expr    := or ('?' expr ':' expr)?
//   or      := and ('||' and)*        and := compare ('&&' compare)*
//   compare := sum (('<' | '<=' | '>' | '>=' | '==' | '!=') sum)?
//   sum     := product (('+' | '-') product)*
//   product := unary (('*' | '/' | '%') unary)*
//   unary   := ('-' | '!') unary | NUMBER | NAME | NAME '(' expr (',' expr)* ')' | '(' expr ')'
//
// Functions: clog2 (⌈log₂x⌉, 0 for x ≤ 1), flog2, log2, sqrt, ceil, floor, round, abs,
// min, max, pow.
#pragma once

#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace collscope::grade {

class ExprError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

using Env = std::map<std::string, double, std::less<>>;

class Expr {
public:
  Expr() = default;
  /// Throws ExprError("… at column C") on a syntax error or an unknown function.
  static Expr parse(std::string_view text);
  /// Throws ExprError naming a variable `env` lacks.
  double eval(const Env& env) const;
  /// The variables the expression reads.
  std::vector<std::string> variables() const;
  const std::string& text() const { return text_; }
  bool empty() const { return root_ == nullptr; }

  struct Node;

private:
  std::shared_ptr<const Node> root_;
  std::string text_;
};

} // namespace collscope::grade
