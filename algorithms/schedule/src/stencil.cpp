#include "collscope/schedule/stencil.hpp"

#include <algorithm>

namespace collscope::schedule {

namespace {

Offset unit(int d, int k, int sign) {
  Offset v(static_cast<std::size_t>(d), 0);
  v[static_cast<std::size_t>(k)] = sign;
  return v;
}

Offset negated(Offset v) {
  for (int& x : v) x = -x;
  return v;
}

/// A block a rank holds between rounds: where it came from, how far it has travelled, and the
/// offsets (indices into send) it still serves.
struct Held {
  CombinedItem source;
  Offset travelled;
  std::vector<int> routes;
};

bool is_zero(const Offset& v) {
  return std::all_of(v.begin(), v.end(), [](int x) { return x == 0; });
}

} // namespace

int torus_rank(const std::vector<int>& dims, std::vector<int> coords) {
  int rank = 0;
  for (std::size_t k = 0; k < dims.size(); ++k) {
    const int n = dims[k];
    const int c = ((coords[k] % n) + n) % n;
    rank = rank * n + c;
  }
  return rank;
}

std::vector<int> torus_coords(const std::vector<int>& dims, int rank) {
  std::vector<int> coords(dims.size(), 0);
  for (std::size_t k = dims.size(); k-- > 0;) {
    coords[k] = rank % dims[k];
    rank /= dims[k];
  }
  return coords;
}

int torus_shift(const std::vector<int>& dims, int rank, const Offset& offset) {
  std::vector<int> coords = torus_coords(dims, rank);
  for (std::size_t k = 0; k < coords.size(); ++k) coords[k] += offset[k];
  return torus_rank(dims, coords);
}

Neighborhood cartesian_neighborhood(const std::vector<int>& dims) {
  Neighborhood n{dims, {}, {}};
  const int d = static_cast<int>(dims.size());
  for (int k = 0; k < d; ++k)
    for (int sign : {-1, +1}) n.send.push_back(unit(d, k, sign));
  n.recv = n.send;
  return n;
}

Neighborhood stencil_neighborhood(int points, const std::vector<int>& dims) {
  if ((points != 5 && points != 9) || dims.size() != 2) return {};
  // Sources in the Cartesian order; each destination is the opposite of its source, so the
  // block sent to destination j is received as block j.
  Neighborhood n{dims, {}, {{-1, 0}, {1, 0}, {0, -1}, {0, 1}}};
  if (points == 9)
    for (const Offset& v : {Offset{-1, -1}, Offset{-1, 1}, Offset{1, -1}, Offset{1, 1}})
      n.recv.push_back(v);
  for (const Offset& v : n.recv) n.send.push_back(negated(v));
  return n;
}

std::vector<int> send_ranks(const Neighborhood& n, int rank) {
  std::vector<int> ranks;
  for (const Offset& v : n.send) ranks.push_back(torus_shift(n.dims, rank, v));
  return ranks;
}

std::vector<int> recv_ranks(const Neighborhood& n, int rank) {
  std::vector<int> ranks;
  for (const Offset& v : n.recv) ranks.push_back(torus_shift(n.dims, rank, v));
  return ranks;
}

int landing_block(const Neighborhood& n, int j) {
  const Offset back = negated(n.send[static_cast<std::size_t>(j)]);
  const auto it = std::find(n.recv.begin(), n.recv.end(), back);
  return it == n.recv.end() ? -1 : static_cast<int>(it - n.recv.begin());
}

int CombiningSchedule::messages() const {
  int total = 0;
  for (const CombinedRound& r : rounds) total += static_cast<int>(r.messages.size());
  return total;
}

int CombiningSchedule::blocks_sent() const {
  int total = 0;
  for (const CombinedRound& r : rounds)
    for (const CombinedMessage& m : r.messages) total += static_cast<int>(m.items.size());
  return total;
}

CombiningSchedule combining_schedule(const Neighborhood& n, NeighborKind kind) {
  const int d = static_cast<int>(n.dims.size());
  const int s = static_cast<int>(n.send.size());
  CombiningSchedule schedule;
  for (int j = 0; j < s; ++j) {
    const Offset& v = n.send[static_cast<std::size_t>(j)];
    if (static_cast<int>(v.size()) != d || landing_block(n, j) < 0 ||
        std::any_of(v.begin(), v.end(), [](int x) { return x < -1 || x > 1; }))
      return {};
  }
  // Before round 0: alltoall holds send block j for route j; allgather one block for all.
  std::vector<Held> held;
  const Offset start(static_cast<std::size_t>(d), 0);
  for (int j = 0; j < s; ++j) {
    const int own = kind == NeighborKind::alltoall ? j : 0;
    if (is_zero(n.send[static_cast<std::size_t>(j)])) {
      schedule.local.emplace_back(own, landing_block(n, j));
      continue;
    }
    if (kind == NeighborKind::allgather && !held.empty()) {
      held.front().routes.push_back(j);
      continue;
    }
    CombinedItem item;
    item.own = own;
    held.push_back({item, start, {j}});
  }
  for (int k = 0; k < d; ++k) {
    CombinedRound round{k, {}};
    std::vector<Held> next;
    for (const Held& h : held) { // blocks that do not move along k wait
      Held stay = h;
      std::erase_if(stay.routes,
                    [&](int j) { return n.send[static_cast<std::size_t>(j)][k] != 0; });
      if (!stay.routes.empty()) next.push_back(std::move(stay));
    }
    for (int sign : {+1, -1}) {
      CombinedMessage message{sign > 0, {}};
      for (const Held& h : held) {
        Held moved{{}, h.travelled, {}};
        moved.travelled[static_cast<std::size_t>(k)] += sign;
        for (int j : h.routes)
          if (n.send[static_cast<std::size_t>(j)][k] == sign) moved.routes.push_back(j);
        if (moved.routes.empty()) continue;
        CombinedItem item = h.source;
        item.travelled = moved.travelled;
        // A route that has covered its whole offset lands; the others travel on.
        std::erase_if(moved.routes, [&](int j) {
          if (n.send[static_cast<std::size_t>(j)] != moved.travelled) return false;
          item.lands = landing_block(n, j);
          return true;
        });
        moved.source = CombinedItem{};
        moved.source.round = static_cast<int>(schedule.rounds.size());
        moved.source.from_plus = sign > 0;
        moved.source.item = static_cast<int>(message.items.size());
        message.items.push_back(item);
        if (!moved.routes.empty()) next.push_back(std::move(moved));
      }
      if (!message.items.empty()) round.messages.push_back(std::move(message));
    }
    held = std::move(next);
    if (!round.messages.empty()) schedule.rounds.push_back(std::move(round));
  }
  return schedule;
}

double neighbor_direct_cost(int s, double m, double alpha, double beta) {
  return s * (alpha + beta * m);
}

double neighbor_combining_cost(NeighborKind kind, int s, int d, double m, double alpha,
                               double beta) {
  if (s == 0) return 0;
  const double blocks = kind == NeighborKind::allgather ? s : 2.0 * (s - d);
  return 2 * d * alpha + blocks * beta * m;
}

std::string dims_text(const std::vector<int>& dims) {
  std::string text;
  for (std::size_t k = 0; k < dims.size(); ++k) text += (k ? "x" : "") + std::to_string(dims[k]);
  return text;
}

} // namespace collscope::schedule
