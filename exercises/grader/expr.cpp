#include "expr.hpp"

#include <cctype>
#include <cmath>
#include <cstdlib>

namespace collscope::grade {

struct Expr::Node {
  enum class Kind { number, variable, unary, binary, ternary, call } kind = Kind::number;
  double value = 0;
  std::string name; ///< variable, function, or operator
  std::vector<std::shared_ptr<const Node>> args;
};

namespace {

using NodePtr = std::shared_ptr<const Expr::Node>;
using Kind = Expr::Node::Kind;

const std::map<std::string_view, int> functions{
    {"clog2", 1}, {"flog2", 1}, {"log2", 1}, {"sqrt", 1}, {"ceil", 1}, {"floor", 1},
    {"round", 1}, {"abs", 1},   {"min", 2},  {"max", 2},  {"pow", 2}};

NodePtr make(Kind kind, std::string name, std::vector<NodePtr> args, double value = 0) {
  auto n = std::make_shared<Expr::Node>();
  n->kind = kind;
  n->name = std::move(name);
  n->args = std::move(args);
  n->value = value;
  return n;
}

class Parser {
public:
  explicit Parser(std::string_view t) : t_(t) {}
  NodePtr all() {
    NodePtr n = expr();
    space();
    if (at_ < t_.size()) fail("unexpected '" + std::string(1, t_[at_]) + "'");
    return n;
  }

private:
  [[noreturn]] void fail(const std::string& what) const {
    throw ExprError(what + " at column " + std::to_string(at_ + 1) + " of \"" + std::string(t_) +
                    "\"");
  }
  void space() {
    while (at_ < t_.size() && std::isspace(static_cast<unsigned char>(t_[at_]))) ++at_;
  }
  bool take(std::string_view op) {
    space();
    if (t_.substr(at_, op.size()) != op) return false;
    // "<" must not take the first character of "<=", nor "!" of "!=".
    if (op.size() == 1 && at_ + 1 < t_.size() && t_[at_ + 1] == '=' &&
        (op == "<" || op == ">" || op == "!" || op == "="))
      return false;
    at_ += op.size();
    return true;
  }
  NodePtr expr() {
    NodePtr condition = binary(0);
    if (!take("?")) return condition;
    NodePtr yes = expr();
    if (!take(":")) fail("expected ':'");
    return make(Kind::ternary, "?", {condition, yes, expr()});
  }
  NodePtr binary(int level) {
    static const std::vector<std::vector<std::string_view>> ops{
        {"||"}, {"&&"}, {"<=", ">=", "==", "!=", "<", ">"}, {"+", "-"}, {"*", "/", "%"}};
    if (level == static_cast<int>(ops.size())) return unary();
    NodePtr left = binary(level + 1);
    for (bool more = true; more;) {
      more = false;
      for (const std::string_view op : ops[static_cast<std::size_t>(level)]) {
        if (!take(op)) continue;
        left = make(Kind::binary, std::string(op), {left, binary(level + 1)});
        more = level != 2; // comparisons do not chain
        break;
      }
    }
    return left;
  }
  NodePtr unary() {
    if (take("-")) return make(Kind::unary, "-", {unary()});
    if (take("!")) return make(Kind::unary, "!", {unary()});
    if (take("(")) {
      NodePtr inner = expr();
      if (!take(")")) fail("expected ')'");
      return inner;
    }
    space();
    if (at_ >= t_.size()) fail("unexpected end");
    const char c = t_[at_];
    if (std::isdigit(static_cast<unsigned char>(c)) || c == '.') {
      const std::string rest(t_.substr(at_));
      char* end = nullptr;
      const double d = std::strtod(rest.c_str(), &end);
      at_ += static_cast<std::size_t>(end - rest.c_str());
      return make(Kind::number, "", {}, d);
    }
    if (!std::isalpha(static_cast<unsigned char>(c)) && c != '_') fail("expected a value");
    const std::size_t begin = at_;
    while (at_ < t_.size() && (std::isalnum(static_cast<unsigned char>(t_[at_])) || t_[at_] == '_'))
      ++at_;
    std::string name(t_.substr(begin, at_ - begin));
    if (!take("(")) return make(Kind::variable, name, {});
    const auto f = functions.find(name);
    if (f == functions.end()) fail("unknown function '" + name + "'");
    std::vector<NodePtr> args{expr()};
    while (take(",")) args.push_back(expr());
    if (!take(")")) fail("expected ')'");
    if (static_cast<int>(args.size()) != f->second)
      fail(name + " takes " + std::to_string(f->second) + " argument(s)");
    return make(Kind::call, name, std::move(args));
  }

  std::string_view t_;
  std::size_t at_ = 0;
};

double call(const std::string& f, const std::vector<double>& a) {
  if (f == "clog2") return a[0] <= 1 ? 0 : std::ceil(std::log2(a[0]) - 1e-12);
  if (f == "flog2") return a[0] < 1 ? 0 : std::floor(std::log2(a[0]) + 1e-12);
  if (f == "log2") return std::log2(a[0]);
  if (f == "sqrt") return std::sqrt(a[0]);
  if (f == "ceil") return std::ceil(a[0]);
  if (f == "floor") return std::floor(a[0]);
  if (f == "round") return std::round(a[0]);
  if (f == "abs") return std::fabs(a[0]);
  if (f == "min") return std::min(a[0], a[1]);
  if (f == "max") return std::max(a[0], a[1]);
  return std::pow(a[0], a[1]);
}

double binary(const std::string& op, double l, double r) {
  if (op == "+") return l + r;
  if (op == "-") return l - r;
  if (op == "*") return l * r;
  if (op == "/") return l / r;
  if (op == "%") return std::fmod(l, r);
  if (op == "<") return l < r;
  if (op == "<=") return l <= r;
  if (op == ">") return l > r;
  if (op == ">=") return l >= r;
  if (op == "==") return l == r;
  if (op == "!=") return l != r;
  if (op == "&&") return l != 0 && r != 0;
  return l != 0 || r != 0;
}

double evaluate(const Expr::Node& n, const Env& env) {
  switch (n.kind) {
  case Kind::number:
    return n.value;
  case Kind::variable: {
    const auto it = env.find(n.name);
    if (it == env.end()) throw ExprError("unknown name '" + n.name + "'");
    return it->second;
  }
  case Kind::unary: {
    const double v = evaluate(*n.args[0], env);
    return n.name == "-" ? -v : v == 0;
  }
  case Kind::binary:
    return binary(n.name, evaluate(*n.args[0], env), evaluate(*n.args[1], env));
  case Kind::ternary:
    return evaluate(*n.args[0], env) != 0 ? evaluate(*n.args[1], env) : evaluate(*n.args[2], env);
  case Kind::call: {
    std::vector<double> a;
    for (const auto& arg : n.args) a.push_back(evaluate(*arg, env));
    return call(n.name, a);
  }
  }
  return 0;
}

void collect(const Expr::Node& n, std::vector<std::string>& out) {
  if (n.kind == Kind::variable) out.push_back(n.name);
  for (const auto& a : n.args) collect(*a, out);
}

} // namespace

Expr Expr::parse(std::string_view text) {
  Expr e;
  e.root_ = Parser(text).all();
  e.text_ = std::string(text);
  return e;
}

double Expr::eval(const Env& env) const {
  return root_ ? evaluate(*root_, env) : 0;
}

std::vector<std::string> Expr::variables() const {
  std::vector<std::string> out;
  if (root_) collect(*root_, out);
  return out;
}

} // namespace collscope::grade
