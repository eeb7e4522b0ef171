// resemble() on messages as seen (no trace file): the counts its words quote add up to the
// call's messages over many synthetic calls; the "no close match" threshold both ways; halo
// exchanges named, not taken for a collective; empty messages taken for a barrier where one fits.
#include "collscope/model/resemblance.hpp"
#include "collscope/schedule/patterns.hpp"

#include <catch2/catch.hpp>
#include <random>
#include <regex>
#include <string>
#include <vector>

using namespace collscope;

namespace {

// A pattern as a call would show it: `bytes_per_unit` bytes per unit of the pattern's sizes.
model::Observed seen_as(const schedule::Pattern& pattern, double bytes_per_unit) {
  model::Observed seen;
  seen.p = pattern.p;
  seen.rounds = pattern.rounds;
  for (const auto& m : pattern.messages)
    seen.messages.push_back(
        {m.from, m.to, m.round, static_cast<std::uint64_t>(m.size * bytes_per_unit)});
  return seen;
}

schedule::Pattern pattern(const char* collective, const char* name, int p, int root = 0,
                          int blocks = 1) {
  const auto* a = schedule::find_pattern(collective, name);
  REQUIRE(a != nullptr);
  return a->make({p, root, blocks});
}

void renumber(model::Observed& seen) {
  seen.rounds = 0;
  for (const auto& m : seen.messages) seen.rounds = std::max(seen.rounds, m.round + 1);
}

// Every "N message(s): a as in it, b in other rounds, c not in it" adds up, N is the call's
// messages, and no count of messages in the words exceeds them.
void check_counts(const model::Resemblance& r, const model::Observed& seen) {
  const int n = static_cast<int>(seen.messages.size());
  CAPTURE(r.words, n);
  CHECK(r.messages == n);
  if (n > 0) // phases: always compared message by message
    CHECK(r.messages_as_in_it + r.messages_in_other_rounds + r.messages_not_in_it == n);
  const std::regex split(
      R"((\d+) messages?: (\d+) as in it, (\d+) in other rounds, (\d+) not in it)");
  int splits = 0;
  for (auto it = std::sregex_iterator(r.words.begin(), r.words.end(), split);
       it != std::sregex_iterator(); ++it, ++splits) {
    const auto& m = *it;
    CHECK(std::stoi(m[1]) == n);
    CHECK(std::stoi(m[2]) + std::stoi(m[3]) + std::stoi(m[4]) == n);
  }
  const std::regex any(R"((\d+) messages?)");
  for (auto it = std::sregex_iterator(r.words.begin(), r.words.end(), any);
       it != std::sregex_iterator(); ++it)
    CHECK(std::stoi((*it)[1]) <= n);
  if (!r.exact && !r.words.empty()) CHECK(splits == 1);
}

model::Call phase() {
  return model::Call{};
}

// Every rank Sendrecv's to the right (from the left), then to the left, `steps` times.
model::Observed halo(int p, bool periodic, int steps, std::vector<int> distances = {1}) {
  model::Observed seen;
  seen.p = p;
  int round = 0;
  for (int s = 0; s < steps; ++s)
    for (const int d : distances)
      for (const int sign : {+1, -1}) {
        for (int r = 0; r < p; ++r) {
          int to = r + sign * d;
          if (periodic) to = (to + p) % p;
          if (to >= 0 && to < p && to != r) seen.messages.push_back({r, to, round, 800});
        }
        ++round;
      }
  renumber(seen);
  return seen;
}

} // namespace

TEST_CASE("resemblance property: the words' message counts add up to the call's messages") {
  std::mt19937 rng(36);
  int calls = 0, far = 0, near = 0;
  // Registry patterns with some messages dropped, added, moved to other rounds or other ranks.
  for (const schedule::PatternAlgorithm& a : schedule::pattern_algorithms())
    for (int p = 2; p <= 12; p += 3) {
      if (a.power_of_two_only && (p & (p - 1)) != 0) continue;
      const schedule::Pattern base = a.make({p, a.rooted ? p / 2 : 0, a.uses_radix ? 3 : 2});
      for (int variant = 0; variant < 4; ++variant) {
        model::Observed seen = seen_as(base, 64);
        std::uniform_int_distribution<int> rank(0, p - 1), coin(0, 3);
        for (auto& m : seen.messages) {
          const int c = coin(rng);
          if (variant >= 1 && c == 0) m.round += 1 + coin(rng);
          if (variant >= 2 && c == 1) m.to = (m.from + 1 + rank(rng) % (p - 1)) % p;
        }
        if (variant == 3 && !seen.messages.empty()) seen.messages.pop_back();
        if (variant == 3) seen.messages.push_back({0, p - 1, 0, 64});
        renumber(seen);
        const model::Resemblance r = model::resemble(seen, phase());
        check_counts(r, seen);
        ++calls;
        (r.known() ? near : far) += 1;
      }
    }
  // Random messages between random ranks in random rounds.
  for (int i = 0; i < 300; ++i) {
    const int p = 2 + i % 15;
    model::Observed seen;
    seen.p = p;
    std::uniform_int_distribution<int> rank(0, p - 1), round(0, 5), count(1, 3 * p);
    const int n = count(rng);
    for (int k = 0; k < n; ++k) {
      const int from = rank(rng), to = (from + 1 + rank(rng) % (p - 1)) % p;
      seen.messages.push_back({from, to, round(rng), static_cast<std::uint64_t>(8 * (k % 3))});
    }
    renumber(seen);
    check_counts(model::resemble(seen, phase()), seen);
    ++calls;
  }
  CHECK(calls > 700);
  CHECK(near > 0);
  CHECK(far > 0);
}

TEST_CASE("resemblance property: the issue's impossible counts, a 30-message alltoall and a "
          "3-message scan in other rounds") {
  // Alltoall direct at p = 6 posted as Isends with one Waitall: every message in round 0.
  model::Observed alltoall = seen_as(pattern("alltoall", "direct", 6), 40);
  for (auto& m : alltoall.messages) m.round = 0;
  renumber(alltoall);
  REQUIRE(alltoall.messages.size() == 30);
  const model::Resemblance a = model::resemble(alltoall, phase());
  check_counts(a, alltoall);
  CHECK(a.collective == "alltoall");
  CHECK(a.messages_in_other_rounds + a.messages_as_in_it + a.messages_not_in_it == 30);

  // Three scan messages, the last in a later round than any algorithm sends it.
  model::Observed scan;
  scan.p = 3;
  scan.messages = {{0, 1, 0, 4}, {1, 2, 1, 4}, {0, 2, 3, 4}};
  renumber(scan);
  check_counts(model::resemble(scan, phase()), scan);
}

TEST_CASE("resemblance: the threshold, a near variant still matches and a far one does not") {
  // A binomial broadcast from 0 at p = 8 with one edge moved (3→7 sent by 2 instead): near.
  model::Observed bcast = seen_as(pattern("bcast", "binomial", 8), 400);
  int moved = 0;
  for (auto& m : bcast.messages)
    if (m.from == 3 && m.to == 7) {
      m.from = 2;
      ++moved;
    }
  REQUIRE(moved == 1);
  const model::Resemblance near = model::resemble(bcast, phase());
  CAPTURE(near.words);
  CHECK(near.known());
  CHECK_FALSE(near.exact);
  CHECK(near.collective == "bcast");
  CHECK(near.closeness >= 2.0 / 3.0);
  check_counts(near, bcast);

  // The smallest tree with a choice, p = 4, one edge of three wrong: still near (2/3).
  model::Observed small = seen_as(pattern("bcast", "binomial", 4), 400);
  small.messages.back().from = 3 - small.messages.back().to;
  const model::Resemblance small_near = model::resemble(small, phase());
  CAPTURE(small_near.words);
  CHECK(small_near.known());

  // Random edges at p = 12: far from every pattern.
  std::mt19937 rng(7);
  std::uniform_int_distribution<int> rank(0, 11), round(0, 3);
  model::Observed random;
  random.p = 12;
  for (int k = 0; k < 20; ++k) {
    const int from = rank(rng), to = (from + 1 + rank(rng) % 11) % 12;
    random.messages.push_back({from, to, round(rng), 100});
  }
  renumber(random);
  const model::Resemblance far = model::resemble(random, phase());
  CAPTURE(far.words);
  CHECK_FALSE(far.known());
  CHECK(far.closeness < 2.0 / 3.0);
  CHECK(far.words.starts_with("no close match"));
  check_counts(far, random);
}

TEST_CASE("resemblance: a halo exchange is a neighbour exchange, no collective, p = 3..16") {
  for (int p = 3; p <= 16; ++p)
    for (const bool periodic : {false, true})
      for (const int steps : {1, 3})
        for (const auto& distances : {std::vector<int>{1}, std::vector<int>{1, 2}}) {
          if (periodic && p <= 2 * distances.back() + 1) continue; // every pair: an alltoall
          if (!periodic && p <= distances.back() + 1) continue;    // every pair again
          const model::Observed seen = halo(p, periodic, steps, distances);
          const model::Resemblance r = model::resemble(seen, phase());
          CAPTURE(p, periodic, steps, distances.size(), r.words);
          CHECK_FALSE(r.known());
          CHECK(r.collective.empty());
          const std::string name =
              "neighbour exchange (halo), 1-D, " +
              std::string(distances.size() == 1 ? "distance 1" : "distances 1 and 2") +
              (periodic ? ", periodic" : ", not periodic");
          CHECK(r.exchange == name);
          CHECK(r.words.starts_with(name));
          check_counts(r, seen);
        }
  // One direction on a ring, all at once: a shift (the issue's program's ring step), not the
  // pipeline whose chain it nearly is.
  model::Observed right = halo(6, true, 1);
  std::erase_if(right.messages, [](const model::SeenMessage& m) { return m.round == 1; });
  renumber(right);
  const model::Resemblance shift = model::resemble(right, phase());
  CAPTURE(shift.words);
  CHECK_FALSE(shift.known());
  CHECK(shift.exchange == "neighbour shift, 1-D, distance 1, periodic");
  check_counts(shift, right);
  // On a line it has exactly the chain's edges: the pipeline, near (1 round where it takes 5).
  model::Observed line = halo(6, false, 1);
  std::erase_if(line.messages, [](const model::SeenMessage& m) { return m.round == 1; });
  renumber(line);
  const model::Resemblance chain = model::resemble(line, phase());
  CAPTURE(chain.words);
  CHECK(chain.algorithm == "pipeline");
  CHECK_FALSE(chain.exact);
  // A ring allgather posted as Isends (every message in round 0) is still the ring allgather.
  model::Observed posted = seen_as(pattern("allgather", "ring", 6), 40);
  for (auto& m : posted.messages) m.round = 0;
  renumber(posted);
  const model::Resemblance ring = model::resemble(posted, phase());
  CAPTURE(ring.words);
  CHECK(ring.collective == "allgather");
  CHECK(ring.algorithm == "ring");
  CHECK(ring.exchange.empty());
}

TEST_CASE("resemblance: empty messages are a barrier where a barrier pattern fits") {
  for (int p = 3; p <= 9; ++p) {
    CAPTURE(p);
    for (const char* name : {"dissemination", "tree", "ompi-linear", "ompi-double-ring"}) {
      CAPTURE(name);
      const model::Observed empty = seen_as(pattern("barrier", name, p), 0);
      const model::Resemblance r = model::resemble(empty, phase());
      CAPTURE(r.words);
      CHECK(r.collective == "barrier");
      CHECK(r.algorithm == name);
      CHECK(r.exact);
      CHECK(r.in_registry == !std::string(name).starts_with("ompi-"));
    }
    // The same shape with data is the data collective (dissemination allgather), not a barrier.
    model::Observed data = seen_as(pattern("barrier", "dissemination", p), 0);
    for (auto& m : data.messages) m.bytes = 64;
    const model::Resemblance r = model::resemble(data, phase());
    CAPTURE(r.words);
    CHECK(r.collective != "barrier");
  }
  // A native MPI_Barrier (the call names its collective) by Open MPI's recursive doubling, p = 6.
  model::Call native;
  native.kind = model::CallKind::collective;
  native.collective = "barrier";
  const model::Observed rd = seen_as(pattern("barrier", "ompi-recursive-doubling", 6), 0);
  const model::Resemblance r = model::resemble(rd, native);
  CAPTURE(r.words);
  CHECK(r.algorithm == "ompi-recursive-doubling");
  CHECK(r.exact);
}

TEST_CASE("resemblance: k-nomial trees at their radix, annotated or not") {
  for (const int k : {3, 4}) {
    CAPTURE(k);
    const model::Observed seen = seen_as(pattern("bcast", "knomial", 9, 2, k), 400);
    model::Call annotated;
    annotated.kind = model::CallKind::algorithm;
    annotated.collective = "bcast";
    annotated.algorithm = "knomial";
    annotated.root = 2;
    annotated.meta["radix"] = std::to_string(k);
    const model::Resemblance own = model::resemble(seen, annotated);
    CAPTURE(own.words);
    CHECK(own.exact);
    CHECK(own.radix == k);
    const model::Resemblance plain = model::resemble(seen, phase());
    CAPTURE(plain.words);
    CHECK(plain.algorithm == "knomial");
    CHECK(plain.exact);
    CHECK(plain.root == 2);
    CHECK(plain.radix == k);
    CHECK(plain.words.find("radix " + std::to_string(k)) != std::string::npos);
  }
}
