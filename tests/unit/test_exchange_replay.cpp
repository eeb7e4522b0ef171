// The exchange replay (schedule/exchange_replay.hpp): single messages by hand, the node's
// shared link, the fat pipe inside a node, a receive posted late, rendezvous, and the
// hypercube's and Bruck's alltoall where nothing is shared equal to their closed formula.
#include "collscope/schedule/alltoall.hpp"
#include "collscope/schedule/bits.hpp"
#include "collscope/schedule/bruck_radix.hpp"
#include "collscope/schedule/exchange_replay.hpp"

#include <catch2/catch.hpp>

using namespace collscope::schedule;

namespace {

constexpr double o = 0.5e-6, alpha = 1e-6, beta = 2e-10, alpha_node = 0.25e-6, beta_node = 1e-10;

ReplayPlatform platform(int p, int per_node, int lanes = 1) {
  return {.p = p,
          .per_node = per_node,
          .lanes = lanes,
          .o = o,
          .alpha = alpha,
          .beta = beta,
          .alpha_node = alpha_node,
          .beta_node = beta_node};
}

/// One round: ranks in `senders` send `bytes` to rank + shift, which receive from them.
ExchangeSchedule shifted(int p, std::vector<int> senders, int shift, double bytes) {
  return [=](int rank, int) {
    ExchangeStep s;
    for (const int r : senders) {
      if (r == rank) s.send_to = (rank + shift) % p, s.send_bytes = bytes;
      if ((r + shift) % p == rank) s.recv_from = r;
    }
    return s;
  };
}

} // namespace

TEST_CASE("exchange replay: one message, between nodes and inside one", "[exchange_replay]") {
  // Between nodes: o to post, α, its bytes, o to receive.
  CHECK(replay_exchange(1, shifted(2, {0}, 1, 1000), platform(2, 1)) ==
        Approx(2 * o + alpha + 1000 * beta));
  // Inside a node: α and β of the node.
  CHECK(replay_exchange(1, shifted(2, {0}, 1, 1000), platform(2, 2)) ==
        Approx(2 * o + alpha_node + 1000 * beta_node));
  // Nothing to do.
  CHECK(replay_exchange(0, shifted(2, {0}, 1, 1000), platform(2, 1)) == 0);
  CHECK(replay_exchange(3, shifted(1, {}, 0, 1000), platform(1, 1)) == 0);
}

TEST_CASE("exchange replay: a node's link is shared, the node's memory is not",
          "[exchange_replay]") {
  // Ranks 0 and 1 on node 0 send to ranks 2 and 3 on node 1 at once: one link, both messages.
  const ExchangeSchedule across = shifted(4, {0, 1}, 2, 1000);
  CHECK(replay_exchange(1, across, platform(4, 2)) == Approx(2 * o + alpha + 2 * 1000 * beta));
  // Two lanes a node, or one a rank: each message its own link.
  CHECK(replay_exchange(1, across, platform(4, 2, 2)) == Approx(2 * o + alpha + 1000 * beta));
  CHECK(replay_exchange(1, across, platform(4, 2, 0)) == Approx(2 * o + alpha + 1000 * beta));
  // Inside a node (one node of 4), the same two messages do not share.
  CHECK(replay_exchange(1, across, platform(4, 4)) ==
        Approx(2 * o + alpha_node + 1000 * beta_node));
  // A short message and a long one on the link: the short one leaves at 2·its bytes (shared),
  // the long one then has the link alone.
  const ExchangeSchedule uneven = [](int rank, int) {
    ExchangeStep s;
    if (rank < 2)
      s.send_to = rank + 2, s.send_bytes = rank == 0 ? 1000 : 3000;
    else
      s.recv_from = rank - 2;
    return s;
  };
  CHECK(replay_exchange(1, uneven, platform(4, 2)) == Approx(2 * o + alpha + 4000 * beta));
}

TEST_CASE("exchange replay: a message moves once its receive is posted", "[exchange_replay]") {
  // Rank 1 first receives a long message from rank 0, then, in round 1, rank 2's short one,
  // which rank 2 posted at once: it moves only when rank 1 gets to round 1.
  const double first = 100000;
  const ExchangeSchedule late = [&](int rank, int round) {
    ExchangeStep s;
    if (round == 0 && rank == 0) s.send_to = 1, s.send_bytes = first;
    if (round == 0 && rank == 1) s.recv_from = 0;
    if (round == 1 && rank == 2) s.send_to = 1, s.send_bytes = 8;
    if (round == 1 && rank == 1) s.recv_from = 2;
    return s;
  };
  ReplayPlatform pf = platform(3, 1);
  pf.eager_bytes = 1e9; // all eager
  const double round0 = 2 * o + alpha + first * beta;
  CHECK(replay_exchange(2, late, pf) == Approx(round0 + 2 * o + alpha + 8 * beta));
  // Rendezvous: rank 0's round 0 (and rank 0's end) waits for its message to be in.
  pf.eager_bytes = 1000;
  const ExchangeSchedule one = shifted(2, {0}, 1, first);
  CHECK(replay_exchange(1, one, pf) == Approx(2 * o + alpha + first * beta));
}

TEST_CASE("exchange replay: hypercube and Bruck on one rank a node equal their formula",
          "[exchange_replay]") {
  // One rank a node, a link each: nothing is shared, every round takes 2o + α + β·(its bytes).
  for (int p = 2; p <= 64; ++p) {
    const double m = 4.0 * p;
    const int rounds = ceil_log2(p);
    double bruck = 0;
    for (int k = 0; k < rounds; ++k)
      bruck += 2 * o + alpha + beta * static_cast<double>(slots_with_bit(p, k).size()) * m / p;
    INFO("p = " << p);
    CHECK(replay_exchange(
              rounds, [&](int r, int k) { return bruck_alltoall_exchange(r, p, m, k); },
              platform(p, 1)) == Approx(bruck));
    if ((p & (p - 1)) == 0)
      CHECK(replay_exchange(
                rounds, [&](int r, int k) { return hypercube_alltoall_exchange(r, p, m, k); },
                platform(p, 1)) == Approx(rounds * (2 * o + alpha + beta * m / 2)));
  }
}

TEST_CASE("exchange replay: Bruck in radix k on one rank a node equals its exact formula",
          "[exchange_replay]") {
  for (int p = 2; p <= 40; ++p)
    for (int k = 2; k <= p; ++k) {
      const double m = 4.0 * p;
      const ExchangeRounds r = bruck_radix_exchange(p, m, k);
      INFO("p = " << p << ", k = " << k);
      REQUIRE(r.rounds == bruck_radix_rounds(p, k));
      CHECK(replay_exchange(r.rounds, r.step, platform(p, 1)) ==
            Approx(bruck_radix_time(p, m, alpha + 2 * o, beta, k)));
    }
  // k = 2 is Bruck's schedule, also on multi-core nodes.
  const ExchangeRounds radix2 = bruck_radix_exchange(64, 256, 2);
  const ExchangeRounds bruck = bruck_alltoall_rounds(64, 256, 0);
  CHECK(replay_exchange(radix2.rounds, radix2.step, platform(64, 16)) ==
        Approx(replay_exchange(bruck.rounds, bruck.step, platform(64, 16))));
}

TEST_CASE("exchange replay: on multi-core nodes Bruck shares the link better",
          "[exchange_replay]") {
  // The hypercube crosses nodes in its first rounds, every rank of a node at once; Bruck in its
  // last, when its ranks have drifted apart: the alltoall of one int on 16 nodes of 16 (SimGrid:
  // 20.3 µs and 18.7, SIMULATED.md), and on 4 nodes of 16, where the hypercube wins (10.0, 12.2).
  const auto both = [](int nodes, int per_node) {
    const int p = nodes * per_node;
    const double m = 4.0 * p;
    ReplayPlatform pf = platform(p, per_node);
    pf.beta = 1 / 5e9;
    const int rounds = ceil_log2(p);
    return std::pair{
        replay_exchange(
            rounds, [&](int r, int k) { return hypercube_alltoall_exchange(r, p, m, k); }, pf),
        replay_exchange(
            rounds, [&](int r, int k) { return bruck_alltoall_exchange(r, p, m, k); }, pf)};
  };
  const auto [h16, b16] = both(16, 16);
  CHECK(h16 == Approx(20.3e-6).epsilon(0.05));
  CHECK(b16 == Approx(18.7e-6).epsilon(0.05));
  CHECK(b16 < h16);
  const auto [h4, b4] = both(4, 16);
  CHECK(h4 == Approx(10.0e-6).epsilon(0.05));
  CHECK(b4 == Approx(12.2e-6).epsilon(0.05));
  CHECK(h4 < b4);
}
