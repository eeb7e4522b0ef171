// Traces of the Van de Geijn family (make_van_de_geijn_traces.sh): the annotated rounds equal
// the schedules' exact counts (and stay within the registry's) and are numbered 0 … R − 1 with
// a message in each; the bytes each rank sends equal what its schedule
// (schedule/block_exchange.hpp, halving steps) sends; the α-β replay stays within the registry's
// cost, and equals it where the cost is exact.
#define CATCH_CONFIG_MAIN
#include "collscope/algorithms/registry.hpp"
#include "collscope/cost_defaults.hpp"
#include "collscope/model/annotated_rounds.hpp"
#include "collscope/model/load_trace.hpp"
#include "collscope/model/replay.hpp"
#include "collscope/schedule/allreduce.hpp"
#include "collscope/schedule/bits.hpp"
#include "collscope/schedule/block_exchange.hpp"
#include "collscope/schedule/reduce_scatter.hpp"
#include "env_sizes.hpp"
#include "recorded_trace.hpp"

#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <set>
#include <sstream>
#include <string>
#include <vector>

using namespace collscope;
using namespace collscope::schedule;

namespace {

std::filesystem::path traces() {
  const char* dir = std::getenv("COLLSCOPE_VAN_DE_GEIJN_TRACES");
  REQUIRE(dir != nullptr);
  return dir;
}

std::vector<int> sizes() {
  return testing::sizes_from_env("COLLSCOPE_VAN_DE_GEIJN_SIZES");
}

constexpr double vector_bytes = 5040 * 4, block_bytes = 60 * 4; // the recorded runs

int blocks_sent(const std::vector<BlockExchange>& exchanges) {
  int blocks = 0;
  for (const BlockExchange& e : exchanges)
    if (e.send_to >= 0) blocks += e.send_count;
  return blocks;
}

/// Rank `rank`'s bytes in reduce-scatter-gather: the fold's whole vector (even ranks of the
/// first pairs), the halving steps' and the gather's parts of m/q, the forward to a folded root.
double reduce_sent(int rank, int root, int p, double m) {
  const int q = butterfly_core(p), v = butterfly_vrank(rank, p);
  if (v < 0) return m;
  const int target = butterfly_vrank(root, p) >= 0 ? root : root + 1;
  double parts = 0;
  for (const HalvingStep& s : halving_steps(v, q, HalvingOrder::largest_first))
    parts += s.send_last - s.send_first;
  parts += blocks_sent(doubling_gather_exchanges(v, butterfly_vrank(target, p), q, 0));
  return parts * m / q + (rank == target && target != root ? m : 0);
}

struct Run {
  Collective collective;
  std::string name;
  int root;
  std::string file;
  double m;
  int rounds;
};

std::vector<Run> runs(int p) {
  const int last = p - 1, q = butterfly_core(p);
  const std::string at = "_p" + std::to_string(p);
  const std::string r = "_r" + std::to_string(last);
  const auto reduce_rounds = [&](int root) {
    const bool forward = butterfly_vrank(root, p) < 0;
    return q == p ? 2 * ceil_log2(p) : 2 * floor_log2(p) + 1 + (forward ? 1 : 0);
  };
  return {
      {Collective::bcast, "scatter-allgather", last, "bcast_scatter-allgather" + at + r,
       vector_bytes, scatter_allgather_rounds(p)},
      {Collective::bcast, "scatter-ring", last, "bcast_scatter-ring" + at + r, vector_bytes,
       scatter_ring_rounds(p)},
      {Collective::reduce, "reduce-scatter-gather", 0, "reduce_reduce-scatter-gather" + at + "_r0",
       vector_bytes, reduce_rounds(0)},
      {Collective::reduce, "reduce-scatter-gather", last, "reduce_reduce-scatter-gather" + at + r,
       vector_bytes, reduce_rounds(last)},
      {Collective::scatter, "chain", last, "scatter_chain" + at + r, block_bytes * p, p - 1},
      {Collective::gather, "chain", last, "gather_chain" + at + r, block_bytes * p, p - 1},
      {Collective::allgather, "recursive-doubling", -1, "allgather_recursive-doubling" + at,
       block_bytes * p, butterfly_rounds(p)},
  };
}

double expected_sent(const Run& run, int rank, int p) {
  if (run.collective == Collective::reduce) return reduce_sent(rank, run.root, p, run.m);
  std::vector<BlockExchange> exchanges;
  if (run.collective == Collective::bcast) {
    exchanges = binomial_scatter_exchanges(rank, run.root, p);
    const auto rest = run.name == "scatter-ring"
                          ? ring_allgather_exchanges(rank, p, ceil_log2(p))
                          : doubling_allgather_exchanges(rank, p, ceil_log2(p));
    exchanges.insert(exchanges.end(), rest.begin(), rest.end());
  } else if (run.collective == Collective::scatter) {
    exchanges = chain_scatter_exchanges(rank, run.root, p);
  } else if (run.collective == Collective::gather) {
    exchanges = chain_gather_exchanges(rank, run.root, p);
  } else {
    exchanges = doubling_allgather_exchanges(rank, p, 0);
  }
  return blocks_sent(exchanges) * run.m / p;
}

} // namespace

TEST_CASE("Van de Geijn family: traced rounds, bytes per rank and α-β replays", "[van_de_geijn]") {
  const model::AlphaBeta ab{default_alpha_s, default_beta_s_per_byte};
  for (const int p : sizes())
    for (const Run& run : runs(p)) {
      INFO(run.file);
      const Algorithm* a = find_algorithm(run.collective, run.name);
      REQUIRE(a);
      const model::Trace trace = testing::load_recorded(traces(), run.file);

      const model::AnnotatedRounds rounds = model::annotated_rounds(trace);
      CHECK(rounds.rounds == run.rounds);
      CHECK(run.rounds <= a->rounds.of(p, 1));
      const std::set<int> used(rounds.message_round.begin(), rounds.message_round.end());
      std::set<int> all;
      for (int k = 0; k < run.rounds; ++k) all.insert(k);
      CHECK(used == all);

      std::vector<double> bytes(static_cast<std::size_t>(p), 0);
      for (const model::Message& m : trace.messages) bytes.at(m.sender) += double(m.bytes);
      for (int rank = 0; rank < p; ++rank) {
        INFO("rank " << rank);
        CHECK(bytes[rank] == expected_sent(run, rank, p));
      }

      const model::Replay replay = model::replay_alpha_beta(trace, ab);
      CHECK(replay.complete);
      const double cost = a->cost.of(p, run.m, ab.alpha, ab.beta, 1);
      INFO("replay " << replay.total << " s, cost " << cost << " s");
      CHECK(replay.total <= cost * (1 + 1e-9));
      // Exact: the chains and the ring at every p, everything at a power of two (no fold).
      if (run.name == "chain" || run.name == "scatter-ring" || butterfly_core(p) == p)
        CHECK(replay.total == Approx(cost).epsilon(1e-9));
    }
}
