// gatherv's problem types (harness/irregular.cpp), what the grader derives from them
// (case_env's m_others and theorem1) and the failure pattern that names a problem type.
#include "collscope/grade/irregular.hpp"
#include "exercise.hpp"
#include "patterns.hpp"
#include "sweep.hpp"

#include <catch2/catch.hpp>
#include <cstdlib>

using namespace collscope::grade;

namespace {

Case gatherv_case(int p, int root, int count, Op problem) {
  Case c;
  c.p = p;
  c.root = root;
  c.count = count;
  c.op = problem;
  return c;
}

std::filesystem::path exercises() {
  const char* dir = std::getenv("COLLSCOPE_GRADE_EXERCISES");
  return dir ? dir : "exercises";
}

} // namespace

TEST_CASE("gatherv's problem types: sizes of seeds/000, zeros only where meant, free elements",
          "[exercises]") {
  for (int p = 1; p <= 17; ++p)
    for (const int b : {0, 1, 10, 1000})
      for (const Op op : {Op::same, Op::random, Op::bucket, Op::spikes, Op::increasing,
                          Op::decreasing, Op::alternating, Op::two_blocks}) {
        const Case c = gatherv_case(p, 0, b, op);
        INFO("p = " << p << ", b = " << b << ", " << to_string(op));
        std::int64_t displ = 0;
        for (int i = 0; i < p; ++i) {
          const int m = gatherv_count(c, i);
          CHECK(gatherv_displ(c, i) == displ);
          displ += m + 1; // one free element behind every block
          if (b == 0)
            CHECK(m == 0);
          else if (op == Op::two_blocks)
            CHECK(m == (i == 0 || i == p - 1 ? b : 0));
          else
            CHECK(m >= 1); // seeds/000: every other type has m_i > 0
          if (b > 0 && op == Op::random) CHECK(m <= 2 * b);
          if (b > 0 && op == Op::spikes) CHECK((m == 1 || m == 5 * b));
          if (op == Op::same) CHECK(m == b);
          CHECK(gatherv_count(c, i) == m); // the same in every call
        }
        CHECK(gatherv_extent(c) == displ);
      }
  CHECK(gatherv_position(gatherv_case(4, 0, 3, Op::same), 4) == " (rank 1's block, element 0)");
  CHECK(gatherv_position(gatherv_case(4, 0, 3, Op::same), 3).find("free element behind rank 0") !=
        std::string::npos);
}

TEST_CASE("gatherv's case variables: Σ_{i≠r} m_i and Theorem 1's time", "[exercises]") {
  const Exercise e = load_exercise("gatherv", exercises(), true);
  // m = b 0 0 b at root 0: Träff's tree sends rank 3's block once, in the last round.
  const Env two = case_env(e, gatherv_case(4, 0, 10000, Op::two_blocks));
  CHECK(two.at("m") == 80000);
  CHECK(two.at("m_others") == 40000);
  CHECK(two.at("theorem1") == Approx(2 * e.alpha + 40000 * e.beta));
  // Equal blocks: no penalty either; the root's own block is not counted.
  const Env same = case_env(e, gatherv_case(8, 3, 100, Op::same));
  CHECK(same.at("m_others") == 7 * 400);
  CHECK(same.at("theorem1") == Approx(3 * e.alpha + 2800 * e.beta));
}

TEST_CASE("a failure pattern names a gatherv problem type when it alone separates", "[patterns]") {
  std::vector<Case> cases;
  for (const int p : {2, 3, 4})
    for (const Op op : {Op::same, Op::spikes, Op::two_blocks})
      cases.push_back(gatherv_case(p, 0, 10, op));
  std::vector<const Case*> failing, passing;
  for (const Case& c : cases) (c.op == Op::two_blocks ? failing : passing).push_back(&c);
  const std::optional<Pattern> pattern = separating_pattern(failing, passing);
  REQUIRE(pattern.has_value());
  CHECK(pattern->text.find("the problem two blocks") != std::string::npos);
  for (const Case& c : cases)
    CHECK((Expr::parse(pattern->test).eval(pattern_env(c)) != 0) == (c.op == Op::two_blocks));
  // Two problem types among the failing cases: no single one is named.
  passing.clear(), failing.clear();
  for (const Case& c : cases) (c.op != Op::same ? failing : passing).push_back(&c);
  const std::optional<Pattern> mixed = separating_pattern(failing, passing);
  CHECK((!mixed || mixed->text.find("problem") == std::string::npos));
}
