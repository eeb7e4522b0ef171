// auto in the tune library, without MPI: it is collscope-run's chooser (same algorithm, same
// knob), it never picks what the call's data or op make unsafe, a mock-up, a hierarchical
// algorithm or native when something fits; the model runs once per key. And the report: every
// rank's counts summed, each call once, with the communicators' sizes and the world ranks.
#define CATCH_CONFIG_MAIN
#include "auto_pick.hpp"
#include "tally.hpp"

#include <catch2/catch.hpp>

using namespace collscope;
using namespace collscope::tune;

namespace {

const Collective reductions[] = {Collective::reduce, Collective::allreduce,
                                 Collective::reduce_scatter_block, Collective::scan,
                                 Collective::exscan};
const Collective all_auto[] = {Collective::gather,
                               Collective::scatter,
                               Collective::bcast,
                               Collective::reduce,
                               Collective::allgather,
                               Collective::allreduce,
                               Collective::reduce_scatter_block,
                               Collective::scan,
                               Collective::exscan,
                               Collective::alltoall};
const int sizes[] = {2, 3, 4, 5, 7, 8, 16, 64};
const std::int64_t byte_counts[] = {0, 8, 64, 1024, 65536, 1 << 20, 1 << 24};

} // namespace

TEST_CASE("auto is collscope-run's chooser", "[tune][auto]") {
  const CostModel model;
  for (const Collective c : all_auto)
    for (const int p : sizes)
      for (const std::int64_t bytes : byte_counts) {
        const AutoPick mine =
            pick({.collective = c, .p = p, .bytes = bytes, .type_size = 8}, model);
        const collscope::Choice theirs = choose_algorithm(
            {.collective = c, .p = p, .count = static_cast<int>(bytes / 8), .type_size = 8}, model);
        REQUIRE(theirs.ok());
        INFO(to_string(c) << " p=" << p << " bytes=" << bytes);
        CHECK(mine.choice.algorithm == theirs.best().algorithm);
        CHECK(mine.seconds == theirs.best().seconds);
        const Algorithm& a = *mine.choice.algorithm;
        CHECK(mine.choice.blocks == (a.uses_blocks() ? theirs.best().parameter : 0));
        CHECK(mine.choice.radix == (a.uses_radix() ? theirs.best().parameter : 0));
        CHECK_FALSE(a.is_native());
        CHECK_FALSE(a.mock_up());
        CHECK_FALSE(a.hierarchical());
      }
}

TEST_CASE("auto never picks what floating-point data makes rank-dependent", "[tune][auto]") {
  const CostModel model;
  int unsafe_without_rule = 0;
  for (const Collective c : reductions)
    for (const int p : sizes)
      for (const std::int64_t bytes : byte_counts) {
        const AutoKey key{
            .collective = c, .p = p, .bytes = bytes, .type_size = 8, .floating = true};
        const AutoPick safe = pick(key, model);
        INFO(to_string(c) << " p=" << p << " bytes=" << bytes);
        REQUIRE(safe.choice.algorithm != nullptr);
        CHECK_FALSE(safe.choice.algorithm->float_rank_dependent);
        CHECK_FALSE(safe.choice.floats_ok);
        AutoKey allowed = key;
        allowed.floats_ok = true;
        const AutoPick any = pick(allowed, model);
        CHECK(any.choice.floats_ok);
        if (any.choice.algorithm->float_rank_dependent) {
          ++unsafe_without_rule; // the rule changed the choice, and says so
          CHECK(safe.note.ends_with("left out for floating-point data"));
        }
      }
  CHECK(unsafe_without_rule > 0); // else this test could not fail
}

TEST_CASE("auto respects the op and p", "[tune][auto]") {
  const CostModel model;
  for (const Collective c : reductions)
    for (const int p : sizes)
      for (const std::int64_t bytes : byte_counts) {
        const AutoPick a = pick(
            {.collective = c, .p = p, .bytes = bytes, .type_size = 4, .commutative = false}, model);
        CHECK_FALSE(a.choice.algorithm->commutative_only);
      }
  for (const int p : {3, 5, 7, 12})
    for (const std::int64_t bytes : byte_counts) {
      const AutoPick a = pick({.collective = Collective::alltoall, .p = p, .bytes = bytes}, model);
      CHECK_FALSE(a.choice.algorithm->power_of_two_only);
    }
}

TEST_CASE("the network's α and β change the choice", "[tune][auto]") {
  CostModel slow_start; // latency-bound network: fewer rounds win
  slow_start.alpha = slow_start.alpha_node = 1e-3;
  slow_start.beta = slow_start.beta_node = 1e-12;
  CostModel thin_pipe; // bandwidth-bound network: fewer bytes per rank win
  thin_pipe.alpha = thin_pipe.alpha_node = 1e-9;
  thin_pipe.beta = thin_pipe.beta_node = 1e-6;
  const AutoKey key{.collective = Collective::bcast, .p = 16, .bytes = 1 << 20, .type_size = 4};
  CHECK(pick(key, slow_start).choice.algorithm != pick(key, thin_pipe).choice.algorithm);
}

TEST_CASE("the model runs once per key", "[tune][auto]") {
  AutoCache cache;
  const CostModel model;
  const AutoKey key{.collective = Collective::allreduce, .p = 4, .bytes = 32, .type_size = 8};
  const AutoPick& first = cache.lookup(key, model);
  for (int i = 0; i < 100; ++i) CHECK(&cache.lookup(key, model) == &first);
  CHECK(cache.evaluations() == 1);
  AutoKey other = key;
  other.bytes = 64;
  cache.lookup(other, model);
  other.floating = true;
  cache.lookup(other, model);
  CHECK(cache.evaluations() == 3);
}

TEST_CASE("the report counts every rank's calls", "[tune][report]") {
  const TallyKey routed{
      .collective = Collective::bcast, .setting = "binomial", .p = 4, .algorithm = "binomial"};
  const TallyKey floats{.collective = Collective::allreduce,
                        .setting = "circulant",
                        .p = 3,
                        .fell_back = true,
                        .algorithm = "circulant",
                        .detail = "floating-point data"};
  const TallyKey chosen{.collective = Collective::allreduce,
                        .setting = "auto",
                        .p = 4,
                        .bytes = 32,
                        .algorithm = "butterfly"};
  std::vector<Tally> by_rank(4);
  for (int r = 0; r < 4; ++r) {
    by_rank[r][routed] = 3;
    by_rank[r][chosen] = 6;
    if (r > 0) by_rank[r][floats] = 2; // the communicator {1, 2, 3} only
  }
  // Through the text the ranks send.
  for (Tally& t : by_rank) t = deserialize(serialize(t));
  const auto lines = all_ranks_lines(by_rank);
  REQUIRE(lines.size() == 3);
  CHECK(lines[0] ==
        "bcast: 3 calls routed to binomial on communicators of size 4 (world ranks 0-3)");
  CHECK(lines[1] == "allreduce auto: 6 calls → butterfly (p=4, 32 B) (world ranks 0-3)");
  CHECK(lines[2] == "allreduce: 2 calls fell back from circulant to the library (floating-point "
                    "data) on communicators of size 3 (world ranks 1-3)");
  // Rank 0's own lines, as scripts read them, know nothing of ranks 1-3.
  const auto own = own_lines(by_rank[0], 0);
  REQUIRE(own.size() == 2);
  CHECK(own[0] == "rank 0 ran allreduce butterfly: 6 calls");
  CHECK(own[1] == "rank 0 ran bcast binomial: 3 calls");
  CHECK(own_lines({}, 0) == std::vector<std::string>{"rank 0 ran no collective through collscope"});
  CHECK(all_ranks_lines({{}, {}}) ==
        std::vector<std::string>{"no collective ran through collscope on any rank"});
}

TEST_CASE("auto's lines name the knob, the size and what the data ruled out", "[tune][report]") {
  const TallyKey k{.collective = Collective::bcast,
                   .setting = "auto",
                   .p = 2,
                   .bytes = 4096,
                   .algorithm = "pipeline",
                   .detail = "M=8",
                   .note = "2 left out for floating-point data"};
  const TallyKey library{.collective = Collective::bcast,
                         .setting = "auto",
                         .p = 3,
                         .bytes = 8,
                         .fell_back = true,
                         .algorithm = "auto",
                         .detail = "intercommunicator"};
  Tally rank0{{k, 1}, {library, 1}}, rank1{{k, 1}, {library, 1}}, rank2{{library, 1}};
  const auto lines = all_ranks_lines({rank0, rank1, rank2});
  REQUIRE(lines.size() == 2);
  CHECK(lines[0] == "bcast auto: 1 call → pipeline (M=8) (p=2, 4096 B; 2 left out for "
                    "floating-point data) (world ranks 0-1)");
  CHECK(lines[1] == "bcast auto: 1 call → the library (intercommunicator) (p=3, 8 B) (world "
                    "ranks 0-2)");
  CHECK(rank_ranges({0, 2, 3, 4, 9}) == "0, 2-4, 9");
  CHECK(rank_ranges({1}) == "1");
}
