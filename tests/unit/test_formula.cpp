// The reader of the registry's formula texts: the lecture's notation, and refusal of anything
// else (an unknown symbol must fail the registry test, not be skipped).
#include "collscope/schedule/formula.hpp"

#include <catch2/catch.hpp>

using collscope::schedule::evaluate_formula;
using collscope::schedule::FormulaValues;

TEST_CASE("the formula reader knows the lecture's notation") {
  const FormulaValues v{.p = 7, .m = 700, .blocks = 4, .alpha = 2, .beta = 0.5};
  CHECK(evaluate_formula("⌈log₂p⌉", v) == 3);
  CHECK(evaluate_formula("⌊log₂p⌋", v) == 2);
  CHECK(evaluate_formula("p−1+M−1", v) == 9);
  CHECK(evaluate_formula("⌈log₂p⌉α + (p−1)/p·βm", v) == Approx(3 * 2 + 6.0 / 7 * 350));
  CHECK(evaluate_formula("2⌈log₂p⌉(α + 32β)", v) == Approx(6 * (2 + 16)));
  CHECK(evaluate_formula("(p−1+M−1)(α + βm/M)", v) == Approx(9 * (2 + 350.0 / 4)));
  CHECK(evaluate_formula("≤ p−1+M−1, M = Σ⌈mᵢ/b⌉", v) == 9);
  CHECK(evaluate_formula("2(p−1)/p·βm", v) == Approx(2 * 6.0 / 7 * 350));
  // Unknown symbols and broken syntax are refused, not skipped.
  CHECK_FALSE(evaluate_formula("(p−1", v));
  CHECK_FALSE(evaluate_formula("p·x", v));
  CHECK_FALSE(evaluate_formula("", v));
  CHECK_FALSE(evaluate_formula("⌈log₂(p−7)⌉", v));
  CHECK(evaluate_formula("⌊log₂(2p/3)⌋", v) == 2); // 14/3
  CHECK(evaluate_formula("⌈log₂(2p/3)⌉", v) == 3);
  CHECK_FALSE(evaluate_formula("⌊log₂(p/8)⌋", v));
  // Ceiling and floor of any expression (the one-factor alltoall's 2⌈p/2⌉ − 1 rounds).
  CHECK(evaluate_formula("2⌈p/2⌉ − 1", v) == 7);
  CHECK(evaluate_formula("⌊p/2⌋", v) == 3);
  CHECK(evaluate_formula("⌈(p−1)/3⌉", v) == 2); // 6/3 exactly: no rounding up
  CHECK_FALSE(evaluate_formula("⌈p/2", v));
}

TEST_CASE("the formula reader knows the largest block mₘₐₓ and the largest piece b") {
  const FormulaValues v{
      .p = 7, .m = 700, .blocks = 4, .alpha = 2, .beta = 0.5, .largest = 300, .piece = 40};
  CHECK(evaluate_formula("(p−1)(α + βmₘₐₓ), mₘₐₓ = max mᵢ", v) == Approx(6 * (2 + 150)));
  CHECK(evaluate_formula("≤ (p−1+M−1)(α + βb), b = largest piece", v) == Approx(9 * (2 + 20)));
  // m and mₘₐₓ side by side: neither is read as the other.
  CHECK(evaluate_formula("m − mₘₐₓ", v) == 400);
  CHECK(evaluate_formula("mₘₐₓm", v) == 300 * 700);
  CHECK_FALSE(evaluate_formula("mₘₐ", v));
}

TEST_CASE("the formula reader knows the radix k, log_k and powers") {
  const FormulaValues v{.p = 10, .m = 1000, .alpha = 2, .beta = 0.5, .radix = 3};
  CHECK(evaluate_formula("⌈log_k p⌉", v) == 3);
  CHECK(evaluate_formula("⌊log_k p⌋", v) == 2);
  CHECK(evaluate_formula("⌈log_k 9⌉", v) == 2);
  CHECK(evaluate_formula("⌈log_k 1⌉", v) == 0);
  CHECK(evaluate_formula("(k−1)⌈log_k p⌉(α + βm)", v) == Approx(2 * 3 * (2 + 500)));
  CHECK(evaluate_formula("k^⌈log_k p⌉", v) == 27);
  CHECK(evaluate_formula("(k^⌈log_k p⌉ − 1)/(k−1)·βm/p", v) == Approx(13 * 500.0 / 10));
  CHECK(evaluate_formula("2^3k", v) == 24);
  CHECK_FALSE(evaluate_formula("⌈log_k (p/4)⌉", v));
  CHECK_FALSE(evaluate_formula("⌈log_k p⌉", FormulaValues{.p = 10, .radix = 1}));
}

TEST_CASE("the formula reader knows min(x, y)") {
  const FormulaValues v{.p = 10, .m = 1000, .radix = 3};
  CHECK(evaluate_formula("min(p, k)", v) == 3);
  CHECK(evaluate_formula("2min((k^⌈log_k p⌉ − 1)/(k−1), p−1)", v) == 18);
  CHECK(evaluate_formula("min(p, 4) + 1, a note", v) == 5);
  CHECK_FALSE(evaluate_formula("min(p)", v));
}
