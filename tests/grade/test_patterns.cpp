// The pattern search over single properties and conjunctions of up to three (issue 41): the
// all-to-all that steps by type size fails every vector case that moves data, which only a
// conjunction of three separates; when nothing separates, the best partial explanation.
#include "patterns.hpp"

#include <catch2/catch.hpp>

using namespace collscope::grade;

namespace {

std::vector<Case> sweep() {
  std::vector<Case> cases;
  int id = 0;
  for (const int p : {1, 2, 3, 4, 5, 8})
    for (const int count : {0, 1, 1000})
      for (const Dtype d : {Dtype::int_, Dtype::vector})
        for (int root = 0; root < p; ++root) cases.push_back({id++, p, root, count, d, 0});
  return cases;
}

template <class F>
std::pair<std::vector<const Case*>, std::vector<const Case*>> split(const std::vector<Case>& cases,
                                                                    F fails) {
  std::pair<std::vector<const Case*>, std::vector<const Case*>> sides;
  for (const Case& c : cases) (fails(c) ? sides.first : sides.second).push_back(&c);
  return sides;
}

bool separates(const Pattern& pattern, const std::vector<const Case*>& failing,
               const std::vector<const Case*>& passing) {
  const Expr test = Expr::parse(pattern.test);
  for (const Case* c : failing)
    if (test.eval(pattern_env(*c)) == 0) return false;
  for (const Case* c : passing)
    if (test.eval(pattern_env(*c)) != 0) return false;
  return true;
}

} // namespace

TEST_CASE("patterns: the vector type alone fails once data moves (size against extent)",
          "[patterns]") {
  const std::vector<Case> cases = sweep();
  const auto [failing, passing] = split(
      cases, [](const Case& c) { return c.dtype == Dtype::vector && c.p >= 2 && c.count >= 1; });
  const std::optional<Pattern> pattern = separating_pattern(failing, passing);
  REQUIRE(pattern);
  CHECK(separates(*pattern, failing, passing));
  CHECK_THAT(pattern->text,
             Catch::StartsWith("Fails exactly when the datatype is MPI_Type_vector(2,1,2,MPI_INT) "
                               "(size 8 B, extent 12 B), among the cases that move data") &&
                 Catch::Contains("offsets by size instead of extent?"));
  // Every vector case failing: the single property, with the same words.
  const auto [all_vector, ints] =
      split(cases, [](const Case& c) { return c.dtype == Dtype::vector; });
  const std::optional<Pattern> single = separating_pattern(all_vector, ints);
  REQUIRE(single);
  CHECK(single->test == "vector");
  CHECK_THAT(single->text, Catch::Contains("(size 8 B, extent 12 B): offsets by size"));
}

TEST_CASE("patterns: three properties together, none of the pairs", "[patterns]") {
  const std::vector<Case> cases = sweep();
  const auto [failing, passing] = split(cases, [](const Case& c) {
    return c.root != 0 && (c.p & (c.p - 1)) != 0 && c.count >= 1000;
  });
  const std::optional<Pattern> pattern = separating_pattern(failing, passing);
  REQUIRE(pattern);
  CHECK(separates(*pattern, failing, passing));
  CHECK_THAT(pattern->text, Catch::StartsWith("Every failing case has root ≠ 0, ") &&
                                Catch::Contains("not a power of two and count ≥ 1000") &&
                                Catch::EndsWith("cases without all three pass."));
}

TEST_CASE("patterns: when nothing separates, the conjunction that explains most", "[patterns]") {
  const std::vector<Case> cases = sweep();
  // Every vector case that moves data, and one stray int case.
  const auto [failing, passing] = split(cases, [](const Case& c) {
    return (c.dtype == Dtype::vector && c.p >= 2 && c.count >= 1) ||
           (c.dtype == Dtype::int_ && c.p == 5 && c.root == 3 && c.count == 1);
  });
  CHECK_FALSE(separating_pattern(failing, passing));
  const std::string text = partial_pattern(failing, passing);
  CHECK_THAT(text, Catch::StartsWith(std::to_string(failing.size() - 1) + " of the " +
                                     std::to_string(failing.size()) + " failing cases have ") &&
                       Catch::Contains("MPI_Type_vector") &&
                       Catch::EndsWith("the other 1 fail otherwise."));
}
