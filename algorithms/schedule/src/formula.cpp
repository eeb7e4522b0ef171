#include "collscope/schedule/formula.hpp"

#include "collscope/schedule/bits.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace collscope::schedule {

namespace {

/// Recursive descent over the UTF-8 text; throws on anything it does not know, so an unknown
/// symbol in a registry text fails the test instead of being skipped.
class Parser {
public:
  Parser(std::string_view text, const FormulaValues& values) : text_(text), values_(values) {}

  double whole() {
    skip_spaces();
    if (eat("≤")) skip_spaces();
    const double value = sum();
    skip_spaces();
    if (!at_end() && !eat(",")) throw std::invalid_argument("trailing text");
    return value;
  }

private:
  double sum() {
    double value = product();
    for (;;) {
      skip_spaces();
      if (eat("+"))
        value += product();
      else if (eat("−") || eat("-"))
        value -= product();
      else
        return value;
    }
  }

  double product() {
    double value = factor();
    for (;;) {
      skip_spaces();
      if (eat("·") || eat("*"))
        value *= factor();
      else if (eat("/"))
        value /= factor();
      else if (starts_factor())
        value *= factor(); // juxtaposition: 2⌈log₂p⌉α, βm
      else
        return value;
    }
  }

  bool starts_factor() const {
    if (at_end()) return false;
    const char c = text_[pos_];
    if ((c >= '0' && c <= '9') || c == '(' || c == 'p' || c == 'm' || c == 'M' || c == 'N' ||
        c == 'n' || c == 'b' || c == 'k' || c == 's' || c == 'd')
      return true;
    for (std::string_view s : {"α", "β", "⌈", "⌊"})
      if (text_.substr(pos_).starts_with(s)) return true;
    return false;
  }

  /// A primary, raised to the power of the next primary after each ^.
  double factor() {
    double value = primary();
    while (eat("^")) value = std::pow(value, primary());
    return value;
  }

  double primary() {
    skip_spaces();
    if (at_end()) throw std::invalid_argument("expression ends early");
    const char c = text_[pos_];
    if (c >= '0' && c <= '9') return number();
    if (eat("(")) {
      const double value = sum();
      skip_spaces();
      expect(")");
      return value;
    }
    if (eat("min(")) {
      const double first = sum();
      skip_spaces();
      expect(",");
      const double second = sum();
      skip_spaces();
      expect(")");
      return std::min(first, second);
    }
    if (eat("⌈")) return rounded("⌉", true);
    if (eat("⌊")) return rounded("⌋", false);
    if (eat("p")) return values_.p;
    if (eat("mₘₐₓ")) return values_.largest; // before m, of which it is an extension
    if (eat("m")) return values_.m;
    if (eat("b")) return values_.piece;
    if (eat("M")) return values_.blocks;
    if (eat("s")) return values_.neighbors;
    if (eat("d")) return values_.dimensions;
    if (eat("N")) return values_.nodes;
    if (eat("k")) return values_.radix;
    if (eat("n")) return values_.per_node;
    if (eat("α'")) return values_.alpha_net;
    if (eat("β'")) return values_.beta_net;
    if (eat("α")) return values_.alpha;
    if (eat("β")) return values_.beta;
    throw std::invalid_argument("unknown symbol");
  }

  /// ⌈log₂x⌉, ⌊log₂x⌋, or the ceiling or floor of any expression (⌈p/2⌉).
  double rounded(std::string_view close, bool ceiling) {
    if (eat("log₂")) return logarithm(close, ceiling);
    if (eat("log_k")) return radix_logarithm(close, ceiling);
    const double x = sum();
    skip_spaces();
    expect(close);
    // Fractions of whole numbers: a tolerance keeps 6/3 from rounding up to 3.
    return ceiling ? std::ceil(x - 1e-9) : std::floor(x + 1e-9);
  }

  double logarithm(std::string_view close, bool ceiling) {
    const double x = sum();
    skip_spaces();
    expect(close);
    const int n = static_cast<int>(std::lround(x));
    if (std::abs(x - n) <= 1e-9) {
      if (n < 1) throw std::invalid_argument("log₂ of a non-positive");
      return ceiling ? ceil_log2(n) : floor_log2(n);
    }
    if (x < 1) throw std::invalid_argument("log₂ of a fraction below 1");
    // A fraction such as 2p/3: powers of two are exact in a double, so comparing with them
    // rounds exactly.
    int k = 0;
    for (double power = 2; power <= x; power *= 2) ++k;
    return ceiling ? k + 1 : k;
  }

  /// ⌈log_k x⌉ or ⌊log_k x⌋ for a whole x ≥ 1 and a whole radix k ≥ 2.
  double radix_logarithm(std::string_view close, bool ceiling) {
    const double x = sum();
    skip_spaces();
    expect(close);
    const long long n = std::llround(x);
    const long long k = std::llround(values_.radix);
    if (std::abs(x - double(n)) > 1e-9 || n < 1 || k < 2)
      throw std::invalid_argument("log_k of a fraction, a non-positive or for k < 2");
    int below = 0; // ⌊log_k n⌋
    long long power = 1;
    while (power <= n / k) {
      power *= k;
      ++below;
    }
    return ceiling && power < n ? below + 1 : below;
  }

  double number() {
    double value = 0;
    while (!at_end() && text_[pos_] >= '0' && text_[pos_] <= '9')
      value = value * 10 + (text_[pos_++] - '0');
    return value;
  }

  void skip_spaces() {
    while (!at_end() && text_[pos_] == ' ') ++pos_;
  }
  bool at_end() const { return pos_ >= text_.size(); }
  bool eat(std::string_view s) {
    if (!text_.substr(pos_).starts_with(s)) return false;
    pos_ += s.size();
    return true;
  }
  void expect(std::string_view s) {
    if (!eat(s)) throw std::invalid_argument("expected a symbol");
  }

  std::string_view text_;
  const FormulaValues& values_;
  std::size_t pos_ = 0;
};

} // namespace

std::optional<double> evaluate_formula(std::string_view text, const FormulaValues& values) {
  try {
    return Parser(text, values).whole();
  } catch (const std::invalid_argument&) {
    return std::nullopt;
  }
}

} // namespace collscope::schedule
