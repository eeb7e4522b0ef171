// Every exercise folder is complete and its exercise.json consistent; sweeps and failure
// patterns.
#include "exercise.hpp"
#include "patterns.hpp"
#include "sweep.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <set>
#include <tuple>

using namespace collscope::grade;
namespace fs = std::filesystem;

namespace {
fs::path exercises() {
  const char* dir = std::getenv("COLLSCOPE_GRADE_EXERCISES");
  return dir ? dir : "exercises";
}
} // namespace

TEST_CASE("every exercise is a complete folder with consistent checks", "[exercises]") {
  const std::vector<std::string> names{
      "gather",   "scatter", "bcast_pipeline",       "allgather",      "bcast_tree", "allreduce",
      "alltoall", "scan",    "reduce_scatter_block", "bcast_two_tree", "gatherv"};
  for (const std::string& name : names) {
    const bool later = name == "alltoall" || name == "scan" || name == "reduce_scatter_block" ||
                       name == "bcast_two_tree" || name == "gatherv";
    for (const bool quick : {false, true}) {
      INFO(name << (quick ? " --quick" : ""));
      const Exercise e = load_exercise(name, exercises(), quick);
      CHECK(e.max_points() == 100);
      for (const char* file : {"task.md", "skeleton.cpp", "reference.cpp"})
        CHECK(fs::exists(e.dir / file));
      std::set<std::string> ids;
      for (const CheckSpec& c : e.checks) CHECK(ids.insert(c.id).second);
      for (const char* kind : {"correct", "sync_send", "no_collectives", "speed"})
        CHECK(e.check_of_kind(kind) != nullptr);
      CHECK(e.broken.size() >= (later ? 2u : 5u)); // the later ones: a wrong result, a bound
      for (const BrokenSpec& b : e.broken) {
        INFO(b.file);
        CHECK(fs::exists(e.dir / b.file));
        CHECK(!b.breaks.empty());
        for (const std::string& id : b.breaks) CHECK(ids.count(id) == 1);
      }
      const std::vector<Case> main = main_cases(e.sweep);
      CHECK(sync_cases(e.sync_sweep, main).size() > 0);
      // Non-powers of two, counts 0 and 1 and large, both datatypes.
      std::set<int> ps, counts;
      std::set<Dtype> types;
      for (const Case& c : main) ps.insert(c.p), counts.insert(c.count), types.insert(c.dtype);
      CHECK(ps.count(1) + ps.count(3) + ps.count(5) + ps.count(7) == 4);
      CHECK(counts.count(0) == 1);
      CHECK(counts.count(1) == 1);
      CHECK(*counts.rbegin() >= 1000);
      CHECK(types.size() == 2);
      if (!quick) CHECK(*ps.rbegin() == 16);
    }
    // The test suite's smoke sample (--smoke) where an exercise has one: p = 1 and a
    // non-power of two, synchronous-send cases among the sweep's.
    const Exercise smoke = load_exercise(name, exercises(), true, true);
    CHECK(smoke.smoke);
    const std::vector<Case> main = main_cases(smoke.sweep);
    CHECK(sync_cases(smoke.sync_sweep, main).size() > 0);
    std::set<int> ps;
    for (const Case& c : main) ps.insert(c.p);
    CHECK(ps.count(1) + ps.count(3) == 2);
  }
}

TEST_CASE("define keeps the file's order; α and β default to the shared cost model",
          "[exercises]") {
  const fs::path dir = fs::temp_directory_path() / "collscope-grade-defines";
  fs::create_directories(dir);
  const Exercise good = load_exercise("gather", exercises(), true);
  std::ifstream in(good.dir / "exercise.json");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::string from = "\"define\": {";
  // "b" uses "a" and "z" uses "b": read in another order, the names would be unknown.
  text.replace(text.find(from), from.size(),
               from + " \"z_first\": \"p + 1\", \"b\": \"z_first * 2\", \"a\": \"b - 1\",");
  std::ofstream(dir / "exercise.json") << text;
  const Exercise e = load_exercise(dir.string(), exercises(), true);
  REQUIRE(e.defines.size() >= 3);
  CHECK(e.defines[0].first == "z_first");
  CHECK(e.defines[1].first == "b");
  CHECK(e.defines[2].first == "a");
  CHECK(e.alpha == collscope::default_alpha_s);
  CHECK(e.beta == collscope::default_beta_s_per_byte);
  fs::remove_all(dir);
}

TEST_CASE("roots: all up to the sampling limit, then 0, 1, p/2, p−1", "[sweep]") {
  SweepSpec s;
  s.roots = "all";
  s.sample_above = 8;
  CHECK(roots_for(s, 5) == std::vector<int>{0, 1, 2, 3, 4});
  CHECK(roots_for(s, 13) == std::vector<int>{0, 1, 6, 12});
  CHECK(roots_for(s, 1) == std::vector<int>{0});
  s.roots = "sample";
  CHECK(roots_for(s, 2) == std::vector<int>{0, 1});
  s.roots = "zero";
  CHECK(roots_for(s, 9) == std::vector<int>{0});
}

TEST_CASE("a bad exercise.json is one line naming the file and the place", "[exercises]") {
  const fs::path dir = fs::temp_directory_path() / "collscope-grade-bad-exercise";
  fs::create_directories(dir);
  const Exercise good = load_exercise("gather", exercises(), true);
  std::ifstream in(good.dir / "exercise.json");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto with = [&](const std::string& from, const std::string& to) {
    std::string t = text;
    t.replace(t.find(from), from.size(), to);
    std::ofstream(dir / "exercise.json") << t;
  };
  with("\"bound\": \"clog2(p)\"", "\"bound\": \"clog2(q)\"");
  CHECK_THROWS_WITH(load_exercise(dir.string(), exercises(), true),
                    Catch::Contains("checks[3].bound: unknown name 'q'"));
  with("\"kind\": \"correct\"", "\"kind\": \"correctness\"");
  CHECK_THROWS_WITH(load_exercise(dir.string(), exercises(), true),
                    Catch::Contains("unknown kind"));
  with("\"checks\": [", "\"checks\": [[");
  CHECK_THROWS_WITH(load_exercise(dir.string(), exercises(), true), Catch::Contains("line"));
  with("\"points\": 35", "\"points\": \"forty\"");
  CHECK_THROWS_WITH(load_exercise(dir.string(), exercises(), true),
                    Catch::Contains("checks[0].points: expected a number"));
  with("\"case_seconds\": 4", "\"case_seconds\": 4, \"max_attempts\": 2.5");
  CHECK_THROWS_WITH(load_exercise(dir.string(), exercises(), true),
                    Catch::Contains("limits: expected an integer"));
  CHECK_THROWS_WITH(load_exercise("no_such_exercise", exercises(), true),
                    Catch::Contains("no exercise 'no_such_exercise'"));
  fs::remove_all(dir);
}

TEST_CASE("a failure pattern names the property that separates failing from passing cases",
          "[patterns]") {
  std::vector<Case> cases;
  for (int p = 1; p <= 8; ++p)
    for (int root = 0; root < p; ++root) cases.push_back({0, p, root, 10, Dtype::int_, 0});
  const auto split = [&](auto failing_if) {
    std::vector<const Case*> failing, passing;
    for (const Case& c : cases) (failing_if(c) ? failing : passing).push_back(&c);
    return failure_pattern(failing, passing);
  };
  CHECK_THAT(split([](const Case& c) { return c.root != 0; }),
             Catch::StartsWith("Every failing case has root ≠ 0;"));
  CHECK(split([](const Case& c) { return c.root != 0 && c.p > 4; }) ==
        "Every failing case has root ≠ 0 and p ≥ 5; all " + std::to_string(cases.size() - 22) +
            " cases without both pass.");
  CHECK_THAT(split([](const Case& c) { return (c.p & (c.p - 1)) != 0; }),
             Catch::Contains("not a power of two"));
  // Not every p that is not a power of two fails (5 and 7 pass): no such hint.
  CHECK_THAT(split([](const Case& c) { return c.p == 3 || c.p == 6; }),
             !Catch::Contains("not a power of two"));
  CHECK(split([](const Case& c) { return (c.p == 4 && c.root == 0) || c.p == 1; }).empty());
  CHECK(split([](const Case&) { return false; }).empty());
}

namespace {

/// Whether `pattern`'s test holds for every failing case and no passing one.
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

TEST_CASE("a pattern is printed only when it separates, with exact boundaries", "[patterns]") {
  // The cases: every p = 3 case passes, the failures start at p = 4.
  std::vector<Case> cases;
  int id = 0;
  for (const int p : {1, 2, 3, 4, 5, 8})
    for (const int count : {0, 1, 1000})
      for (int root = 0; root < p; ++root) cases.push_back({id++, p, root, count, Dtype::int_, 0});
  const auto split = [&](auto failing_if) {
    std::pair<std::vector<const Case*>, std::vector<const Case*>> sides;
    for (const Case& c : cases) (failing_if(c) ? sides.first : sides.second).push_back(&c);
    return sides;
  };
  auto [failing, passing] = split([](const Case& c) { return c.p >= 4; });
  const std::string text = failure_pattern(failing, passing);
  CHECK_THAT(text, Catch::StartsWith("Every failing case has p ≥ 4; all "));
  CHECK_THAT(text, Catch::Contains("cases with p ≤ 3 pass"));
  CHECK_THAT(text, !Catch::Contains("p ≥ 3"));
  REQUIRE(separating_pattern(failing, passing));
  CHECK(separating_pattern(failing, passing)->test == "p >= 4");
  CHECK(separates(*separating_pattern(failing, passing), failing, passing));

  // A failing case with count 1 and one passing with count 1000: no count threshold is true.
  std::tie(failing, passing) =
      split([](const Case& c) { return c.count == 1000 || (c.count == 1 && c.p == 5); });
  CHECK_THAT(failure_pattern(failing, passing), !Catch::Contains("count ≥ 1000"));
  std::tie(failing, passing) = split([](const Case& c) { return c.count >= 1; });
  CHECK_THAT(failure_pattern(failing, passing),
             Catch::StartsWith("Every failing case has count ≥ 1;"));
  std::tie(failing, passing) = split([](const Case& c) { return c.count == 1000; });
  CHECK_THAT(failure_pattern(failing, passing),
             Catch::StartsWith("Every failing case has count ≥ 1000; all ") &&
                 Catch::Contains("with count ≤ 999 pass"));

  // Holding for every failing case is not enough: a passing case with the property too
  // (here root ≠ 0 at p = 2) means it is not the cause.
  std::tie(failing, passing) = split([](const Case& c) { return c.root != 0 && c.p != 2; });
  const std::optional<Pattern> pair = separating_pattern(failing, passing);
  if (pair) CHECK(separates(*pair, failing, passing));
  CHECK_THAT(failure_pattern(failing, passing),
             !Catch::StartsWith("Every failing case has root ≠ 0;"));

  // Every printed pattern separates, over many random splits.
  std::srand(7);
  for (int round = 0; round < 200; ++round) {
    std::vector<const Case*> f, q;
    const int pick = std::rand() % 6;
    for (const Case& c : cases) {
      const bool fails = pick == 0   ? c.p >= 3 + round % 5
                         : pick == 1 ? c.count >= 1 && std::rand() % 4 != 0
                         : pick == 2 ? c.root == c.p - 1 && c.p > 1
                         : pick == 3 ? (c.p & (c.p - 1)) != 0 && c.count == 1000
                         : pick == 4 ? std::rand() % 7 == 0
                                     : c.count == 0 && c.root != 0;
      (fails ? f : q).push_back(&c);
    }
    if (const auto pattern = separating_pattern(f, q)) CHECK(separates(*pattern, f, q));
  }
}

TEST_CASE("the allreduce's op: in the sweep, the plan, the reproduce spec and the patterns",
          "[sweep]") {
  const Exercise e = load_exercise("allreduce", exercises(), true);
  const std::vector<Case> cases = main_cases(e.sweep);
  const auto affine =
      std::count_if(cases.begin(), cases.end(), [](const Case& c) { return c.op == Op::affine; });
  CHECK(affine * 2 == static_cast<long>(cases.size()));
  for (const Case& c : sync_cases(e.sync_sweep, cases)) CHECK(c.count > 0);

  Case c = cases.back();
  REQUIRE(c.op == Op::affine);
  CHECK_THAT(case_spec(c), Catch::EndsWith(":affine"));
  CHECK_THAT(describe(c, e), Catch::Contains("non-commutative"));
  CHECK_THAT(describe(c, e), !Catch::Contains("root")); // allreduce has none
  CHECK_THAT(describe(cases.front(), load_exercise("gather", exercises(), true)),
             Catch::Contains("root=0"));
  const auto back = parse_case_spec(case_spec(c));
  REQUIRE(back.has_value());
  CHECK((back->p == c.p && back->count == c.count && back->id == c.id && back->op == Op::affine));
  CHECK(parse_case_spec("3:0:7:int")->op == Op::sum);
  CHECK(!parse_case_spec("3:0:7:int:5:max").has_value());

  const fs::path plan = fs::temp_directory_path() / "collscope-grade-op-plan.txt";
  Case timed = c;
  timed.id = 100001;
  timed.repetitions = 3;
  write_plan(plan, {c, cases.front(), timed});
  std::string error;
  const auto read = read_plan(plan.string(), error);
  REQUIRE(read.has_value());
  REQUIRE(read->cases.size() == 2);
  CHECK(read->cases[0].op == Op::affine);
  CHECK(read->cases[1].op == cases.front().op);
  REQUIRE(read->timings.size() == 1);
  CHECK((read->timings[0].op == Op::affine && read->timings[0].repetitions == 3));
  fs::remove(plan);

  std::vector<const Case*> failing, passing;
  for (const Case& k : cases) (k.op == Op::affine && k.p > 1 ? failing : passing).push_back(&k);
  CHECK_THAT(failure_pattern(failing, passing), Catch::Contains("non-commutative op"));

  // Only an allreduce has an op, and only sum and affine exist.
  const fs::path dir = fs::temp_directory_path() / "collscope-grade-op-exercise";
  fs::create_directories(dir);
  std::ifstream in(e.dir / "exercise.json");
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto with = [&](const std::string& from, const std::string& to) {
    std::string t = text;
    t.replace(t.find(from), from.size(), to);
    std::ofstream(dir / "exercise.json") << t;
  };
  with("\"ops\": [\"sum\", \"affine\"],\n    \"quick\"",
       "\"ops\": [\"sum\", \"max\"],\n    \"quick\"");
  CHECK_THROWS_WITH(load_exercise(dir.string(), exercises(), true),
                    Catch::Contains("sweep.ops: \"sum\" or \"affine\", got \"max\""));
  with("\"collective\": \"allreduce\"", "\"collective\": \"bcast\"");
  CHECK_THROWS_WITH(
      load_exercise(dir.string(), exercises(), true),
      Catch::Contains("only a reduction (allreduce, scan, reduce_scatter_block) has an op"));
  fs::remove_all(dir);
}
