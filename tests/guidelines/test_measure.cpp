// The measurement procedure with a fake run in place of mpirun: which runs it starts, with how
// many repetitions (NREP from t₁ and the pilot minimum), which one verifies, how the mpiruns'
// medians combine, and what happens when an algorithm's run fails.
#define CATCH_CONFIG_MAIN
#include "candidate.hpp"
#include "measure.hpp"
#include "report.hpp"
#include "stats.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <map>

using namespace collscope;
using namespace collscope::guidelines;

namespace {

struct Fake {
  std::vector<Job> jobs;
  std::map<std::string, double> per_byte; ///< algorithm → seconds per byte (+1 µs)
  std::string failing;                    ///< this algorithm's runs fail
  RunOutput operator()(const Job& job, const std::string&) {
    jobs.push_back(job);
    RunOutput out;
    if (job.algorithm == failing) return out.problem = "collscope-run: error: refused", out;
    out.ok = true;
    const double t = 1e-6 + per_byte[job.algorithm] * 4.0 * job.count;
    // Every third repetition 10 % slower: the RSE settles, not at once.
    for (int i = 0; i < job.repetitions; ++i) out.times.push_back(i % 3 == 2 ? 1.1 * t : t);
    return out;
  }
};

Options options() {
  Options o;
  o.sizes = {4, 4096};
  o.mpiruns = 2;
  o.rule.first_cap = 50;
  o.rule.rse_first = 0.02;
  o.rule.k = 3;
  return o;
}

} // namespace

TEST_CASE("NREP, pilots and interleaved mpiruns", "[guidelines]") {
  Fake fake;
  fake.per_byte = {{"native", 1e-9}, {"gl10-scatter-allgather", 5e-10}};
  const Options o = options();
  const RunJob run = [&](const Job& j, const std::string& l) { return fake(j, l); };
  const CollectiveResult r = measure(o, Collective::bcast, {"gl10-scatter-allgather"}, run);
  // Per algorithm: 2 NREP runs at 4 B, 1 pilot at 4096 B (RSE of its 5 values 0.020 < 0.05),
  // then 2 mpiruns × 2 sizes.
  CHECK(fake.jobs.size() == 2 * (2 + 1 + 4));
  CHECK(r.runs == static_cast<int>(fake.jobs.size()));
  int verified = 0;
  for (const Job& j : fake.jobs) verified += j.verify;
  CHECK(verified == 2); // the first NREP run of each algorithm
  CHECK(fake.jobs[0].repetitions == 50);
  CHECK(fake.jobs[0].count == 1);
  REQUIRE(r.sizes.size() == 2);
  // t₁: the first n repetitions whose RSE ≤ 2 %; nrep at 4096 B = ⌈t₁ / l⌉, l = that size's time.
  const double t_small = 1e-6 + 4e-9;
  std::vector<double> first;
  double t1 = 0;
  for (int i = 0; i < 50; ++i) {
    first.push_back(i % 3 == 2 ? 1.1 * t_small : t_small);
    t1 += first.back();
    if (i + 1 >= 5 && relative_standard_error(first) <= 0.02) break;
  }
  const double t_big = 1e-6 + 4096e-9;
  const int expected = std::max(static_cast<int>(std::ceil(t1 / t_big)), 3);
  CHECK(r.sizes[1].native.runs.size() == 2);
  CHECK(static_cast<int>(r.sizes[1].native.runs[0].size()) == expected);
  CHECK(r.nrep[1] == expected);
  // At 4096 B the mock-up takes 1 + 2.05 µs against 5.1 µs: a violation; at 4 B none.
  REQUIRE(r.sizes[1].comparisons.size() == 1);
  CHECK(r.sizes[1].comparisons[0].violation());
  CHECK_FALSE(r.sizes[0].comparisons[0].violation());
  CHECK(r.notes.empty());
}

TEST_CASE("a failing mock-up is left out with a note; a failing native ends the collective",
          "[guidelines]") {
  Fake fake;
  fake.per_byte = {{"native", 1e-9}, {"gl9-allgatherv", 1e-9}, {"gl10-scatter-allgather", 5e-10}};
  fake.failing = "gl9-allgatherv";
  const RunJob run = [&](const Job& j, const std::string& l) { return fake(j, l); };
  const CollectiveResult r =
      measure(options(), Collective::bcast, {"gl9-allgatherv", "gl10-scatter-allgather"}, run);
  REQUIRE(r.notes.size() == 1);
  CHECK(r.notes[0].find("gl9-allgatherv left out: collscope-run: error: refused") !=
        std::string::npos);
  for (const SizeResult& s : r.sizes) {
    REQUIRE(s.mockups.size() == 1);
    CHECK(s.mockups[0].algorithm == "gl10-scatter-allgather");
  }
  Fake broken;
  broken.failing = "native";
  const RunJob none = [&](const Job& j, const std::string& l) { return broken(j, l); };
  const CollectiveResult empty =
      measure(options(), Collective::bcast, {"gl10-scatter-allgather"}, none);
  CHECK(empty.sizes.empty());
  CHECK(broken.jobs.size() == 1);
}

TEST_CASE("candidates come from the registry by name or prefix", "[guidelines]") {
  const auto gl = candidates_of(Collective::bcast, {"gl*"});
  CHECK(gl == std::vector<std::string>{"gl9-allgatherv", "gl10-scatter-allgather"});
  CHECK(candidates_of(Collective::bcast, {"jia", "nosuch"}) == std::vector<std::string>{"jia"});
  CHECK(candidates_of(Collective::bcast, {"native"}).empty());
}

TEST_CASE("candidates with options: two labels, their run arguments, the datatype's count",
          "[guidelines]") {
  const auto k = candidates_of(Collective::bcast, {"knomial:radix=2", "knomial:radix=8", "jia"});
  CHECK(k ==
        std::vector<std::string>{"jia", "knomial:radix=2", "knomial:radix=8"}); // registry order
  Launcher l;
  l.run = "collscope-run";
  l.mpirun = "mpirun";
  const Job job{Collective::bcast, "knomial:radix=8", 128, 5, false, "double"};
  const std::string line = shell_line(command(l, job));
  CHECK(line.find("bcast --algorithm knomial --count 128 --datatype double") != std::string::npos);
  CHECK(line.find("--radix 8") != std::string::npos);
  // 1 KiB of double is 128 elements.
  Fake fake;
  fake.per_byte = {{"native", 1e-9}, {"ring", 5e-10}};
  Options o = options();
  o.datatype = find_datatype("double");
  o.sizes = {8, 1024};
  const RunJob run = [&](const Job& j, const std::string& l2) { return fake(j, l2); };
  measure(o, Collective::allreduce, {"ring"}, run);
  CHECK(fake.jobs.back().count == 128);
  CHECK(fake.jobs.back().datatype == "double");
}

TEST_CASE("double: the rank-dependent fastest is measured, not written, and the report says why",
          "[guidelines]") {
  Fake fake;
  fake.per_byte = {{"native", 1e-9}, {"circulant", 2e-10}, {"butterfly", 5e-10}};
  Options o = options();
  o.launcher.simulated = true; // judged
  o.datatype = find_datatype("double");
  o.sizes = {1024, 65536};
  o.selectors = {""};
  const RunJob run = [&](const Job& j, const std::string& l) { return fake(j, l); };
  const CollectiveResult r = measure(o, Collective::allreduce, {"circulant", "butterfly"}, run);
  const std::vector<Unwritten> out = unwritten(o, r);
  REQUIRE(out.size() == 1);
  CHECK(out[0].label == "circulant");
  const auto ranges = profile_ranges(r.sizes, labels(out));
  REQUIRE(ranges.size() == 1);
  CHECK(ranges[0].algorithm == "butterfly");
  CHECK(ranges[0].low == 1024);
  CHECK(ranges[0].high == 65536);
  CHECK(left_out(o, {r}) ==
        "  allreduce circulant: fastest at 1–64 KiB but not written: its sum depends on the rank "
        "for double (floats=ok in COLLSCOPE_TUNE allows it)\n");
  CHECK(violation_table(o, {r}).find("`circulant` | 1024–65536 |") != std::string::npos);
  CHECK(violation_table(o, {r}).find("no (left out, below)") != std::string::npos);
  // int: nothing left out, circulant is the profile's; floats=ok: written for double too.
  o.datatype = &default_datatype();
  CHECK(unwritten(o, r).empty());
  CHECK(profile_ranges(r.sizes, labels(unwritten(o, r)))[0].algorithm == "circulant");
  o.datatype = find_datatype("double");
  CHECK(unwritable(Collective::allreduce, "circulant:floats=ok", *o.datatype).empty());
}
