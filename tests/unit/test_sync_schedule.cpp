// The barrier and nonblocking schedules (collscope/schedule/sync.hpp), simulated for p = 1..64:
// every message is received by its addressee in the same round, and afterwards every rank
// knows that every rank entered (barriers), holds the root's data (broadcast) or holds the
// combination of all operands in rank order (butterfly allreduce).
#include "collscope/schedule/allreduce.hpp"
#include "collscope/schedule/bits.hpp"
#include "collscope/schedule/sync.hpp"

#include <catch2/catch.hpp>
#include <cstdint>
#include <functional>
#include <map>
#include <numeric>
#include <vector>

using namespace collscope::schedule;

namespace {

using StepsOf = std::function<std::vector<SyncStep>(int rank, int p)>;
using Plan = std::vector<std::vector<SyncStep>>;

Plan plan(const StepsOf& of, int p) {
  Plan all;
  for (int r = 0; r < p; ++r) all.push_back(of(r, p));
  return all;
}

int rounds_of(const Plan& plan) {
  int rounds = 0;
  for (const auto& steps : plan)
    for (const SyncStep& s : steps) rounds = std::max(rounds, s.round + 1);
  return rounds;
}

/// Every send has its receive in the same round and the other way round; one step per rank
/// and round, in increasing round order.
void require_matched(const Plan& plan) {
  const int p = static_cast<int>(plan.size());
  std::map<std::pair<int, int>, const SyncStep*> at; // (rank, round)
  for (int r = 0; r < p; ++r) {
    int last = -1;
    for (const SyncStep& s : plan[r]) {
      REQUIRE(s.round > last);
      last = s.round;
      REQUIRE((s.send_to >= 0 || s.recv_from >= 0));
      REQUIRE(s.send_to < p);
      REQUIRE(s.recv_from < p);
      REQUIRE(s.send_to != r);
      REQUIRE(s.recv_from != r);
      at[{r, s.round}] = &s;
    }
  }
  for (const auto& [key, s] : at) {
    const auto [r, k] = key;
    if (s->send_to >= 0) {
      INFO("rank " << r << " round " << k << " sends to " << s->send_to);
      const auto peer = at.find({s->send_to, k});
      REQUIRE(peer != at.end());
      REQUIRE(peer->second->recv_from == r);
    }
    if (s->recv_from >= 0) {
      const auto peer = at.find({s->recv_from, k});
      REQUIRE(peer != at.end());
      REQUIRE(peer->second->send_to == r);
    }
  }
}

/// Rank r's value after the plan: `start(r)`, and a received value folded in by the step's
/// Combine (`none`: a barrier's knowledge, united).
template <class T, class Merge>
std::vector<T> simulate(const Plan& plan, std::vector<T> value, Merge merge) {
  const int p = static_cast<int>(plan.size());
  for (int k = 0, rounds = rounds_of(plan); k < rounds; ++k) {
    const std::vector<T> before = value;
    for (int r = 0; r < p; ++r)
      for (const SyncStep& s : plan[r])
        if (s.round == k && s.recv_from >= 0)
          value[r] = merge(s.combine, before[s.recv_from], value[r]);
  }
  return value;
}

std::vector<std::uint64_t> knowledge(const Plan& plan) {
  const int p = static_cast<int>(plan.size());
  std::vector<std::uint64_t> known(static_cast<std::size_t>(p));
  for (int r = 0; r < p; ++r) known[r] = std::uint64_t{1} << r;
  return simulate(plan, known,
                  [](Combine, std::uint64_t got, std::uint64_t mine) { return got | mine; });
}

std::uint64_t everyone(int p) {
  return p == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << p) - 1;
}

} // namespace

TEST_CASE("barrier schedules: matched, the formula's rounds, every rank knows all entered") {
  const std::pair<const char*, StepsOf> barriers[] = {{"dissemination", dissemination_steps},
                                                      {"tree", tree_barrier_steps},
                                                      {"butterfly", butterfly_steps}};
  for (const auto& [name, of] : barriers)
    for (int p = 1; p <= 64; ++p) {
      INFO(name << " p=" << p);
      const Plan all = plan(of, p);
      require_matched(all);
      const int expected = std::string_view(name) == "dissemination" ? dissemination_rounds(p)
                           : std::string_view(name) == "tree"        ? tree_barrier_rounds(p)
                                                                     : butterfly_rounds(p);
      REQUIRE(rounds_of(all) == expected);
      for (std::uint64_t known : knowledge(all)) REQUIRE(known == everyone(p));
    }
}

TEST_CASE("a barrier missing its last round leaves some rank uninformed (the check can fail)") {
  for (int p = 2; p <= 64; ++p) {
    Plan all = plan(dissemination_steps, p);
    for (auto& steps : all) steps.pop_back();
    bool someone_blind = false;
    for (std::uint64_t known : knowledge(all)) someone_blind |= known != everyone(p);
    REQUIRE(someone_blind);
  }
}

TEST_CASE("binomial broadcast steps: every root, a rank sends only what it already holds") {
  for (int p = 1; p <= 64; ++p)
    for (int root = 0; root < p; ++root) {
      INFO("p=" << p << " root=" << root);
      const Plan all = plan([root](int r, int n) { return binomial_bcast_steps(r, root, n); }, p);
      require_matched(all);
      REQUIRE(rounds_of(all) == ceil_log2(p));
      std::vector<int> has(static_cast<std::size_t>(p), 0);
      has[root] = 1;
      for (int k = 0; k < rounds_of(all); ++k) {
        const std::vector<int> before = has;
        for (int r = 0; r < p; ++r)
          for (const SyncStep& s : all[r])
            if (s.round == k && s.send_to >= 0) {
              REQUIRE(before[r]);
              REQUIRE(all[s.send_to].size() > 0);
              has[s.send_to] = 1;
            }
      }
      for (int r = 0; r < p; ++r) REQUIRE(has[r]);
      for (const SyncStep& s : all[root]) REQUIRE(s.recv_from < 0);
    }
}

TEST_CASE("butterfly steps combine all operands in rank order for p = 1..64") {
  for (int p = 1; p <= 64; ++p) {
    INFO("p=" << p);
    const Plan all = plan(butterfly_steps, p);
    require_matched(all);
    std::vector<std::vector<int>> operands(static_cast<std::size_t>(p));
    for (int r = 0; r < p; ++r) operands[r] = {r};
    const auto result =
        simulate(all, operands, [](Combine c, const std::vector<int>& got, std::vector<int> mine) {
          if (c == Combine::replace) return got;
          std::vector<int> out = c == Combine::left ? got : mine;
          const auto& tail = c == Combine::left ? mine : got;
          out.insert(out.end(), tail.begin(), tail.end());
          return out;
        });
    std::vector<int> in_order(static_cast<std::size_t>(p));
    std::iota(in_order.begin(), in_order.end(), 0);
    for (int r = 0; r < p; ++r) REQUIRE(result[r] == in_order);
  }
}
