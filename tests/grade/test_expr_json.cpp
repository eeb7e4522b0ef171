// Expressions of exercise.json bounds and hints.
#include "expr.hpp"
#include "notation.hpp"
#include "patterns.hpp"

#include <catch2/catch.hpp>

using namespace collscope::grade;

namespace {
double eval(const std::string& text, Env env = {}) {
  return Expr::parse(text).eval(env);
}
} // namespace

TEST_CASE("clog2 and flog2 are ⌈log₂x⌉ and ⌊log₂x⌋ for every p of a sweep", "[expr]") {
  for (int p = 1; p <= 1024; ++p) {
    int c = 0, f = 0;
    while ((1 << c) < p) ++c;
    while ((2 << f) <= p) ++f;
    CHECK(eval("clog2(p)", {{"p", p}}) == c);
    CHECK(eval("flog2(p)", {{"p", p}}) == f);
  }
}

TEST_CASE("operators have the usual precedence; comparisons and logic give 1 or 0", "[expr]") {
  CHECK(eval("1 + 2 * 3") == 7);
  CHECK(eval("(1 + 2) * 3") == 9);
  CHECK(eval("-2 * -3") == 6);
  CHECK(eval("7 % 4") == 3);
  CHECK(eval("2 <= 3 && 3 != 3") == 0);
  CHECK(eval("2 < 3 || 0") == 1);
  CHECK(eval("!0 + !5") == 1);
  CHECK(eval("p <= 2 ? 1 : p - 1", {{"p", 5}}) == 4);
  CHECK(eval("p <= 2 ? 1 : p - 1", {{"p", 2}}) == 1);
  CHECK(eval("max(1, min(count, round(sqrt(x))))", {{"count", 100}, {"x", 30}}) == 5);
  CHECK(eval("ceil(p / 2) * 4 + 1024", {{"p", 7}}) == 1040);
  CHECK(eval("pow(2, 10)") == 1024);
}

TEST_CASE("expressions name their variables and report errors with a column", "[expr]") {
  const Expr e = Expr::parse("(p - 1) * block_bytes + clog2(p)");
  CHECK(e.variables() == std::vector<std::string>{"p", "block_bytes", "p"});
  CHECK_THROWS_WITH(Expr::parse("p +"), Catch::Contains("column"));
  CHECK_THROWS_WITH(Expr::parse("frob(p)"), Catch::Contains("unknown function 'frob'"));
  CHECK_THROWS_WITH(Expr::parse("min(p)"), Catch::Contains("takes 2"));
  CHECK_THROWS_WITH(Expr::parse("p q"), Catch::Contains("unexpected 'q'"));
  CHECK_THROWS_WITH(Expr::parse("q").eval({}), Catch::Contains("unknown name 'q'"));
}

TEST_CASE("hints evaluate their {expressions}", "[patterns]") {
  CHECK(render_hint("{rounds} rounds where {clog2(p)} suffice", {{"rounds", 6}, {"p", 7}}) ==
        "6 rounds where 3 suffice");
  CHECK(render_hint("T = {t * 1e6} µs, {unknown}", {{"t", 0.00025}}) == "T = 250 µs, {unknown}");
  CHECK(format_number(0.125) == "0.125");
  CHECK(format_number(1e-7) == "1e-07");
}

TEST_CASE("bounds are shown in the lecture's notation", "[patterns]") {
  CHECK(lecture_notation("clog2(p)") == "⌈log₂p⌉");
  CHECK(lecture_notation("ceil(p / 2) * block_extent + 1024") == "⌈p/2⌉·block extent + 1 KiB");
  CHECK(lecture_notation("rounds_1ported") == "rounds");
  CHECK(lecture_notation("flog2(p - 1) <= 2 * L + fold") == "⌊log₂(p − 1)⌋ ≤ 2·L + fold");
  CHECK(lecture_notation("sqrt((p - 2) * beta * m / alpha)") == "√((p − 2)·β·m/α)");
  CHECK(lecture_notation("1.25 * Topt") == "1.25·Topt");
}
