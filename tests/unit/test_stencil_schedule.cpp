// Stencil neighbourhoods and the combining schedule of the neighbourhood collectives, without
// MPI, on every 2-D torus a × b with p = a·b = 1..64 (and Cartesian tori of 1 and 3 dimensions).
// The oracle is Open MPI 4.1's own matching, replayed message by message: Cartesian topologies
// by direction tags (coll basic: the send to the −1 neighbour is received as the +1 block), graph
// topologies by edge order (the k-th message from r to q fills the k-th block q receives from
// r). The combining schedule's result must equal it on every rank, duplicate edges (dimensions
// of size 1 and 2) included.
#include "collscope/schedule/stencil.hpp"

#include <catch2/catch.hpp>
#include <map>
#include <set>
#include <tuple>
#include <vector>

using namespace collscope::schedule;

namespace {

/// What a receive block holds at the end: (origin rank, origin's send block) for alltoall,
/// (origin rank, 0) for allgather.
using Value = std::pair<int, int>;
using Result = std::vector<std::vector<Value>>; // [rank][receive block]

std::vector<std::vector<int>> tori_2d(int p) {
  std::vector<std::vector<int>> all;
  for (int a = 1; a <= p; ++a)
    if (p % a == 0) all.push_back({a, p / a});
  return all;
}

/// Open MPI's direct algorithm with its matching rules, independent of landing_block.
Result native(const Neighborhood& n, bool cartesian, NeighborKind kind) {
  int p = 1;
  for (int x : n.dims) p *= x;
  const auto s = n.send.size();
  // (sender, receiver, tag) → the values sent, in order.
  std::map<std::tuple<int, int, int>, std::vector<Value>> wire;
  for (int r = 0; r < p; ++r) {
    const std::vector<int> to = send_ranks(n, r);
    for (std::size_t j = 0; j < s; ++j) {
      // coll basic: block 2k goes to the −1 neighbour with tag −2k−1, block 2k+1 with −2k.
      const int tag = cartesian ? (j % 2 == 0 ? -int(j) - 1 : -int(j) + 1) : 0;
      wire[{r, to[j], tag}].push_back({r, kind == NeighborKind::alltoall ? int(j) : 0});
    }
  }
  Result result(static_cast<std::size_t>(p));
  for (int q = 0; q < p; ++q) {
    const std::vector<int> from = recv_ranks(n, q);
    for (std::size_t i = 0; i < s; ++i) {
      const int tag = cartesian ? -int(i) : 0;
      auto& queue = wire[{from[i], q, tag}];
      REQUIRE_FALSE(queue.empty());
      result[q].push_back(queue.front());
      queue.erase(queue.begin());
    }
  }
  for (const auto& [key, left] : wire) CHECK(left.empty());
  return result;
}

/// The combining schedule played on every rank of the torus.
Result combined(const Neighborhood& n, const CombiningSchedule& c) {
  int p = 1;
  for (int x : n.dims) p *= x;
  const int d = static_cast<int>(n.dims.size());
  Result result(static_cast<std::size_t>(p), std::vector<Value>(n.recv.size(), {-1, -1}));
  const auto place = [&](int r, int block, Value v) {
    REQUIRE(block >= 0);
    CHECK(result[r][block] == Value{-1, -1}); // filled once
    result[r][block] = v;
  };
  for (int r = 0; r < p; ++r)
    for (const auto& [own, lands] : c.local) place(r, lands, {r, own});
  // received[rank][round][plus] = items' values
  std::vector<std::vector<std::map<bool, std::vector<Value>>>> received(
      static_cast<std::size_t>(p),
      std::vector<std::map<bool, std::vector<Value>>>(c.rounds.size()));
  for (std::size_t k = 0; k < c.rounds.size(); ++k) {
    const CombinedRound& round = c.rounds[k];
    for (const CombinedMessage& m : round.messages) {
      Offset step(static_cast<std::size_t>(d), 0);
      step[static_cast<std::size_t>(round.dim)] = m.plus ? 1 : -1;
      for (int r = 0; r < p; ++r) {
        const int to = torus_shift(n.dims, r, step);
        std::vector<Value> payload;
        for (const CombinedItem& item : m.items) {
          if (item.own >= 0) {
            payload.push_back({r, item.own});
          } else {
            REQUIRE(item.round < static_cast<int>(k));
            const auto& from = received[r][item.round][item.from_plus];
            REQUIRE(item.item < static_cast<int>(from.size()));
            payload.push_back(from[item.item]);
          }
        }
        CHECK(received[to][k].count(m.plus) == 0); // one message per direction and round
        received[to][k][m.plus] = payload;
      }
    }
    for (int r = 0; r < p; ++r)
      for (const CombinedMessage& m : round.messages)
        for (std::size_t t = 0; t < m.items.size(); ++t)
          if (m.items[t].lands >= 0) place(r, m.items[t].lands, received[r][k][m.plus][t]);
  }
  return result;
}

void check_lists(const Neighborhood& n, bool cartesian) {
  int p = 1;
  for (int x : n.dims) p *= x;
  const int d = static_cast<int>(n.dims.size());
  for (int r = 0; r < p; ++r) {
    const std::vector<int> c = torus_coords(n.dims, r);
    CHECK(torus_rank(n.dims, c) == r);
    const std::vector<int> to = send_ranks(n, r), from = recv_ranks(n, r);
    REQUIRE(to.size() == n.send.size());
    if (cartesian) { // MPI_Cart_shift(k, 1): source r − eₖ, destination r + eₖ
      for (int k = 0; k < d; ++k)
        for (int sign : {-1, 1}) {
          std::vector<int> moved = c;
          moved[k] = (moved[k] + sign + n.dims[k]) % n.dims[k];
          const int q = torus_rank(n.dims, moved);
          CHECK(to[2 * k + (sign > 0)] == q);
          CHECK(from[2 * k + (sign > 0)] == q);
        }
    }
    // Every edge r → q is an edge q ← r as often (MPI's condition on a graph's lists).
    for (int q = 0; q < p; ++q) {
      const auto out = std::count(to.begin(), to.end(), q);
      const std::vector<int> in_q = recv_ranks(n, q);
      CHECK(out == std::count(in_q.begin(), in_q.end(), r));
    }
    // On tori of extent ≥ 3 the neighbours are distinct and not r itself.
    if (std::all_of(n.dims.begin(), n.dims.end(), [](int x) { return x >= 3; })) {
      CHECK(std::set<int>(to.begin(), to.end()).size() == to.size());
      CHECK(std::count(to.begin(), to.end(), r) == 0);
    }
  }
}

} // namespace

TEST_CASE("stencil neighbour lists on every 2-D torus of p = 1..64") {
  for (int p = 1; p <= 64; ++p)
    for (const std::vector<int>& dims : tori_2d(p)) {
      INFO("dims " << dims_text(dims));
      check_lists(cartesian_neighborhood(dims), true);
      const Neighborhood five = stencil_neighborhood(5, dims), nine = stencil_neighborhood(9, dims);
      REQUIRE(five.send.size() == 4);
      REQUIRE(nine.send.size() == 8);
      check_lists(five, false);
      check_lists(nine, false);
      // The 5-point graph receives like the Cartesian communicator: same ranks, same order.
      for (int r = 0; r < p; ++r)
        CHECK(recv_ranks(five, r) == recv_ranks(cartesian_neighborhood(dims), r));
      // The 9-point stencil: every rank whose coordinates differ by at most 1 in each dimension.
      if (dims[0] >= 3 && dims[1] >= 3)
        for (int r = 0; r < p; ++r) {
          const std::vector<int> to = send_ranks(nine, r);
          const std::vector<int> c = torus_coords(dims, r);
          for (int q : to) {
            const std::vector<int> e = torus_coords(dims, q);
            for (int k = 0; k < 2; ++k) {
              const int gap = ((e[k] - c[k]) % dims[k] + dims[k]) % dims[k];
              CHECK((gap <= 1 || gap == dims[k] - 1));
            }
          }
        }
    }
  CHECK(stencil_neighborhood(7, {3, 3}).send.empty());
  CHECK(stencil_neighborhood(5, {3, 3, 3}).send.empty());
}

TEST_CASE("combining equals Open MPI's direct exchange on every torus of p = 1..64") {
  struct Shape {
    const char* name;
    bool cartesian;
    int points;
  };
  for (int p = 1; p <= 64; ++p) {
    std::vector<std::vector<int>> tori = tori_2d(p);
    tori.push_back({p}); // 1-D: Cartesian only
    if (p % 4 == 0) tori.push_back({2, 2, p / 4});
    if (p == 27) tori.push_back({3, 3, 3});
    for (const std::vector<int>& dims : tori)
      for (const Shape& shape : {Shape{"cartesian", true, 0}, Shape{"5-point graph", false, 5},
                                 Shape{"9-point graph", false, 9}}) {
        if (!shape.cartesian && dims.size() != 2) continue;
        const Neighborhood n = shape.cartesian ? cartesian_neighborhood(dims)
                                               : stencil_neighborhood(shape.points, dims);
        const int s = static_cast<int>(n.send.size()), d = static_cast<int>(dims.size());
        for (NeighborKind kind : {NeighborKind::allgather, NeighborKind::alltoall}) {
          INFO(shape.name << " dims " << dims_text(dims) << " p=" << p
                          << (kind == NeighborKind::allgather ? " allgather" : " alltoall"));
          const CombiningSchedule c = combining_schedule(n, kind);
          CHECK(c.local.empty());
          // d rounds of two messages: one to each edge neighbour of the dimension.
          CHECK(static_cast<int>(c.rounds.size()) == d);
          CHECK(c.messages() == 2 * d);
          // The registry's formula: s blocks (allgather), 2(s − d) blocks (alltoall).
          CHECK(c.blocks_sent() == (kind == NeighborKind::allgather ? s : 2 * (s - d)));
          const double alpha = 3, beta = 0.5, m = 40;
          CHECK(neighbor_combining_cost(kind, s, d, m, alpha, beta) ==
                c.messages() * alpha + c.blocks_sent() * beta * m);
          CHECK(combined(n, c) == native(n, shape.cartesian, kind));
        }
      }
  }
}

TEST_CASE("the 9-point stencil's corners ride with the edge neighbours' blocks") {
  const Neighborhood nine = stencil_neighborhood(9, {4, 5});
  const CombiningSchedule gather = combining_schedule(nine, NeighborKind::allgather);
  REQUIRE(gather.rounds.size() == 2);
  // Round 0: the own block to ±e₀ (it lands there). Round 1: the own block and the two received
  // in round 0 to ±e₁: three blocks, of which the two forwarded ones land on diagonals.
  for (const CombinedMessage& m : gather.rounds[0].messages) CHECK(m.items.size() == 1);
  for (const CombinedMessage& m : gather.rounds[1].messages) {
    REQUIRE(m.items.size() == 3);
    int forwarded = 0;
    for (const CombinedItem& item : m.items) {
      CHECK(item.lands >= 0);
      if (item.own < 0) {
        ++forwarded;
        CHECK(item.round == 0);
        CHECK(item.lands >= 4); // a diagonal block
      }
    }
    CHECK(forwarded == 2);
  }
  const CombiningSchedule exchange = combining_schedule(nine, NeighborKind::alltoall);
  for (const CombinedRound& r : exchange.rounds)
    for (const CombinedMessage& m : r.messages) CHECK(m.items.size() == 3);
  // Direct: 8 messages of one block each; combining: 4 messages.
  CHECK(neighbor_direct_cost(8, 10, 1, 0) == 8);
  CHECK(neighbor_combining_cost(NeighborKind::allgather, 8, 2, 10, 1, 0) == 4);
  // An offset of two steps is not a neighbourhood this schedule serves.
  Neighborhood far = cartesian_neighborhood({5});
  far.send = far.recv = {{-2}, {2}};
  CHECK(combining_schedule(far, NeighborKind::alltoall).rounds.empty());
}
