// What the grader reads from a case's trace agrees with the trace model's definitions, which
// the app and `collscope-trace stats` use too: p counts the ranks in the case's region, and a
// copy a rank sends itself is no round and no traffic.
#include "algorithm_traces.hpp"
#include "collscope/model/inferred_rounds.hpp"
#include "collscope/model/instances.hpp"
#include "collscope/model/load_trace.hpp"
#include "trace_metrics.hpp"

#include <catch2/catch.hpp>

using namespace collscope;

TEST_CASE("trace metrics: a graded case's rounds and bytes leave out the idle rank and the copy") {
  for (int p : {2, 3, 4, 7}) {
    CAPTURE(p);
    const test::TempDir dir;
    const std::filesystem::path path = test::graded_linear_gather(p, 4).write(dir / "trace");
    const std::map<int, grade::Metrics> metrics = grade::trace_metrics(path);
    REQUIRE(metrics.count(7) == 1);
    const grade::Metrics& m = metrics.at(7);
    const model::Trace trace = model::load_trace(path);
    // The grader, the model (hence the app and stats) agree: p − 1 rounds, p ranks.
    CHECK(m.rounds == p - 1);
    CHECK(m.rounds == model::inferred_rounds(trace).rounds);
    CHECK(model::process_count(trace) == p);
    CHECK(m.self_messages == 1);
    CHECK(m.messages == p - 1);
    CHECK(m.bytes_recv_max == static_cast<std::uint64_t>(4 * (p - 1)));
  }
}
