// The hints' diagnoses (exercises/grader/diagnose.cpp) on hand-made graded cases: each holds
// for the program that has the property and not for the right one beside it. The scan
// (distance doubling, MPI_Recv before MPI_Send) is serialised and not a chain; the same scan
// with MPI_Sendrecv is neither; the linear scan is a chain; the linear gather has a hub.
#include "algorithm_traces.hpp"
#include "shape.hpp"
#include "trace_metrics.hpp"

#include <catch2/catch.hpp>
#include <deque>
#include <map>

using namespace collscope;

namespace {

/// One blocking call of a rank's program: a send (to ≥ 0), a receive (from ≥ 0) or both at
/// once (an MPI_Sendrecv).
struct Call {
  int to = -1, from = -1;
};

/// A graded case (region "algorithm scan/submission", case=7) of these programs, with times
/// as an eager MPI would give them: a send returns at once, a receive when its message exists.
std::filesystem::path graded_case(const test::TempDir& dir,
                                  const std::vector<std::vector<Call>>& programs) {
  const int p = static_cast<int>(programs.size());
  test::TraceBuilder b(p + 1);
  std::vector<int> members;
  for (int r = 0; r < p; ++r) members.push_back(r);
  const std::uint32_t comm = b.comm(members);
  const std::string name = "algorithm scan/submission";
  for (int r = 0; r < p; ++r) b.enter(r, 0.0, name, {{"case", "7"}, {"p", std::to_string(p)}});
  std::map<std::pair<int, int>, std::deque<double>> in_flight;
  std::vector<std::size_t> pc(static_cast<std::size_t>(p), 0);
  std::vector<double> entered(static_cast<std::size_t>(p), -1);
  double now = 0;
  for (bool progress = true; progress;) {
    progress = false;
    for (int r = 0; r < p; ++r) {
      const auto ru = static_cast<std::size_t>(r);
      while (pc[ru] < programs[ru].size()) {
        const Call c = programs[ru][pc[ru]];
        if (entered[ru] < 0) {
          entered[ru] = now += 1e-6;
          if (c.to >= 0) in_flight[{r, c.to}].push_back(entered[ru]);
        }
        if (c.from >= 0 && in_flight[{c.from, r}].empty()) break; // waits for its message
        if (c.from >= 0) in_flight[{c.from, r}].pop_front();
        const double t0 = entered[ru], t1 = now += 1e-6;
        if (c.to >= 0 && c.from >= 0)
          b.sendrecv(r, t0, t1, c.to, 4, c.from, 4, 0, comm);
        else if (c.to >= 0)
          b.send(r, t0, t1, c.to, 4, 0, comm);
        else
          b.recv(r, t0, t1, c.from, 4, 0, comm);
        entered[ru] = -1;
        ++pc[ru];
        progress = true;
      }
    }
  }
  for (int r = 0; r < p; ++r) b.leave(r, now + 1e-6, name);
  b.enter(p, 0.0, "MPI_Barrier").leave(p, now + 2e-6, "MPI_Barrier");
  return b.write(dir / "trace");
}

/// Hillis–Steele at p: receive first (recv_first) or both at once (MPI_Sendrecv).
std::vector<std::vector<Call>> hillis_steele(int p, bool recv_first) {
  std::vector<std::vector<Call>> programs(static_cast<std::size_t>(p));
  for (int r = 0; r < p; ++r)
    for (int d = 1; d < p; d *= 2) {
      const int to = r + d < p ? r + d : -1, from = r - d >= 0 ? r - d : -1;
      auto& prog = programs[static_cast<std::size_t>(r)];
      if (!recv_first || to < 0 || from < 0) {
        prog.push_back({to, from});
      } else {
        prog.push_back({-1, from});
        prog.push_back({to, -1});
      }
    }
  return programs;
}

grade::Shape shape_of(const std::filesystem::path& trace) {
  const auto metrics = grade::trace_metrics(trace);
  REQUIRE(metrics.count(7) == 1);
  return metrics.at(7).shape;
}

} // namespace

TEST_CASE("diagnoses: receive before send serialises the doubling scan") {
  for (int p : {4, 8}) {
    CAPTURE(p);
    const test::TempDir dir;
    const grade::Shape s = shape_of(graded_case(dir, hillis_steele(p, true)));
    CHECK(grade::holds(s, "serialised"));
    CHECK(grade::holds(s, "doubling"));
    CHECK_FALSE(grade::holds(s, "chain"));
    CHECK_FALSE(grade::holds(s, "star"));
    CHECK(s.staircase.size() >= static_cast<std::size_t>(p - 1));
    const std::string hint = grade::builtin_rounds_hint(s, true);
    CHECK(hint.find("rank 1 calls MPI_Recv (from rank 0) before MPI_Send (to rank 2)") !=
          std::string::npos);
    CHECK(hint.find("already doubles") != std::string::npos);
  }
}

TEST_CASE("diagnoses: the same scan with MPI_Sendrecv is neither serialised nor a chain") {
  const test::TempDir dir;
  const grade::Shape s = shape_of(graded_case(dir, hillis_steele(8, false)));
  CHECK_FALSE(grade::holds(s, "serialised"));
  CHECK_FALSE(grade::holds(s, "chain"));
  CHECK_FALSE(grade::holds(s, "no_overlap"));
  CHECK(grade::holds(s, "doubling"));
  CHECK(grade::builtin_rounds_hint(s, false).empty());
  CHECK(grade::measured_text(s).find("None of the grader's diagnoses") != std::string::npos);
}

TEST_CASE("diagnoses: the linear scan is a chain, the linear gather has a hub") {
  const test::TempDir dir;
  std::vector<std::vector<Call>> chain(6);
  for (int r = 0; r < 6; ++r) {
    if (r > 0) chain[static_cast<std::size_t>(r)].push_back({-1, r - 1});
    if (r < 5) chain[static_cast<std::size_t>(r)].push_back({r + 1, -1});
  }
  const grade::Shape s = shape_of(graded_case(dir, chain));
  CHECK(grade::holds(s, "chain"));
  CHECK(grade::holds(s, "no_overlap"));
  CHECK_FALSE(grade::holds(s, "serialised")); // a chain's order is its shape, not the cause
  CHECK(grade::holds(s, "not_doubling"));
  CHECK(grade::builtin_rounds_hint(s, false).find("a chain") != std::string::npos);

  const test::TempDir dir2;
  const grade::Shape g = shape_of(test::graded_linear_gather(5, 4).write(dir2 / "trace"));
  CHECK(grade::holds(g, "star"));
  CHECK(g.hub == 0);
  CHECK_FALSE(grade::holds(g, "chain"));
  CHECK_FALSE(grade::holds(g, "serialised"));
}
