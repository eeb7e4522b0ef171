#include "collscope/schedule/block_exchange.hpp"

#include "collscope/schedule/allreduce.hpp"
#include "collscope/schedule/binomial.hpp"
#include "collscope/schedule/bits.hpp"
#include "collscope/schedule/circulant.hpp"
#include "collscope/schedule/reduce_scatter.hpp"

#include <algorithm>
#include <ranges>

namespace collscope::schedule {

namespace {

int mod(int a, int p) {
  return ((a % p) + p) % p;
}

void set_send(BlockExchange& e, int to, int first, int count) {
  e.send_to = to;
  e.send_first = first;
  e.send_count = count;
}

void set_recv(BlockExchange& e, int from, int first, int count) {
  e.recv_from = from;
  e.recv_first = first;
  e.recv_count = count;
}

} // namespace

std::vector<BlockExchange> binomial_scatter_exchanges(int rank, int root, int p) {
  std::vector<BlockExchange> out;
  const int v = virtual_rank(rank, root, p);
  if (v != 0) {
    BlockExchange in;
    in.round = preorder_topdown_round(v, p);
    in.recv_from = real_rank(preorder_parent(v, p), root, p);
    in.recv_first = rank;
    in.recv_count = preorder_subtree_size(v, p);
    out.push_back(in);
  }
  for (const TreeEdge& child : preorder_children(v, p) | std::views::reverse) {
    BlockExchange send;
    send.round = preorder_topdown_round(child.vrank, p);
    send.send_to = real_rank(child.vrank, root, p);
    send.send_first = send.send_to;
    send.send_count = child.subtree_size;
    out.push_back(send);
  }
  return out;
}

std::vector<BlockExchange> doubling_allgather_exchanges(int rank, int p, int first_round) {
  std::vector<BlockExchange> out;
  const int q = butterfly_core(p), v = butterfly_vrank(rank, p);
  const bool folded = q != p, paired = rank < 2 * (p - q);
  int round = first_round;
  if (folded) {
    if (paired) {
      BlockExchange fold{.round = round};
      if (v < 0)
        set_send(fold, rank + 1, rank, 1);
      else
        set_recv(fold, rank - 1, rank - 1, 1);
      out.push_back(fold);
    }
    ++round;
  }
  if (v >= 0) {
    auto steps = halving_steps(v, q, HalvingOrder::largest_first);
    std::reverse(steps.begin(), steps.end());
    const auto first_block = [&](int group) { return halving_group_first_block(group, p); };
    for (const HalvingStep& s : steps) {
      const int partner = butterfly_rank(s.partner, p);
      out.push_back({.round = round++,
                     .send_to = partner,
                     .send_first = first_block(s.keep_first),
                     .send_count = first_block(s.keep_last) - first_block(s.keep_first),
                     .recv_from = partner,
                     .recv_first = first_block(s.send_first),
                     .recv_count = first_block(s.send_last) - first_block(s.send_first)});
    }
  } else {
    round += floor_log2(q);
  }
  if (folded && paired) {
    BlockExchange unfold{.round = round};
    if (v < 0)
      set_recv(unfold, rank + 1, rank + 1, p - 1);
    else
      set_send(unfold, rank - 1, rank, p - 1);
    out.push_back(unfold);
  }
  return out;
}

std::vector<BlockExchange> ring_allgather_exchanges(int rank, int p, int first_round) {
  std::vector<BlockExchange> out;
  for (int i = 0; i + 1 < p; ++i) {
    const CirculantStep s = ring_allgather_step(rank, p, i);
    out.push_back({.round = first_round + i,
                   .send_to = s.send_to,
                   .send_first = s.send_first,
                   .send_count = 1,
                   .recv_from = s.recv_from,
                   .recv_first = s.recv_first,
                   .recv_count = 1});
  }
  return out;
}

std::vector<BlockExchange> chain_scatter_exchanges(int rank, int root, int p) {
  std::vector<BlockExchange> out;
  const int v = virtual_rank(rank, root, p);
  const auto real = [&](int vrank) { return real_rank(mod(vrank, p), root, p); };
  for (int t = std::max(0, v - 1); t + 1 < p; ++t) {
    BlockExchange e{.round = t};
    // Pass on what came in the round before (the root: its next block); the chain's end keeps.
    if ((v == 0 || t >= v) && v + 1 < p) set_send(e, real(v + 1), real(p + v - 1 - t), 1);
    if (v > 0) set_recv(e, real(v - 1), real(p + v - 2 - t), 1);
    out.push_back(e);
  }
  return out;
}

std::vector<BlockExchange> chain_gather_exchanges(int rank, int root, int p) {
  std::vector<BlockExchange> out;
  const int v = virtual_rank(rank, root, p);
  const auto real = [&](int vrank) { return real_rank(vrank, root, p); };
  for (int t = 0; t + 1 < p; ++t) {
    BlockExchange e{.round = t};
    if (v > 0 && t <= p - 1 - v) set_send(e, real(v - 1), real(v + t), 1);
    if (t <= p - 2 - v) set_recv(e, real(v + 1), real(v + 1 + t), 1);
    if (e.send_to >= 0 || e.recv_from >= 0) out.push_back(e);
  }
  return out;
}

std::vector<BlockExchange> doubling_gather_exchanges(int v, int c, int q, int first_round) {
  std::vector<BlockExchange> out;
  auto steps = halving_steps(v, q, HalvingOrder::largest_first);
  std::reverse(steps.begin(), steps.end());
  int round = first_round;
  for (const HalvingStep& s : steps) {
    BlockExchange e{.round = round++};
    if ((v & s.distance) != (c & s.distance)) {
      set_send(e, s.partner, s.keep_first, s.keep_last - s.keep_first);
      out.push_back(e);
      break;
    }
    set_recv(e, s.partner, s.send_first, s.send_last - s.send_first);
    out.push_back(e);
  }
  return out;
}

int scatter_allgather_rounds(int p) {
  return ceil_log2(p) + butterfly_rounds(p);
}

int scatter_ring_rounds(int p) {
  return ceil_log2(p) + p - 1;
}

} // namespace collscope::schedule
