// The parts of resemble() (resemblance.cpp): the call's messages as seen, the comparison with
// one schedule pattern, and the words.
#pragma once

#include "collscope/model/calls.hpp"
#include "collscope/model/resemblance.hpp"
#include "collscope/schedule/patterns.hpp"

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace collscope::model {

struct Score {
  bool exact = false; ///< the same (round, sender, receiver) messages
  int edges = 0;      ///< sender → receiver pairs in one and not the other
  int timed = 0;      ///< (round, sender, receiver) messages in one and not the other
  int as_in_it = 0;   ///< the call's messages with a (round, sender, receiver) twin in it
  int on_edges = 0;   ///< the call's messages on its edges (min of both counts per edge)
  int pattern_messages = 0;
  /// 3·on_edges ≥ 2·max(call's messages, pattern's): README "Resemblance", the threshold.
  bool close = false;
  /// Both move data, or both move none (a barrier's empty messages).
  bool data_agrees = false;
  bool sizes_agree = false; ///< bytes per edge proportional to the pattern's sizes (±25 %)
  int round_difference = 0; ///< the call's rounds − the pattern's
  double bytes_per_unit = 0.0;
  std::vector<std::pair<int, int>> extra;   ///< edges of the call the pattern lacks (a few)
  std::vector<std::pair<int, int>> missing; ///< edges of the pattern the call lacks (a few)
};

Score compare(const Observed& seen, const schedule::Pattern& pattern);

/// The pattern of (algorithm, p, root, M), built once per process (a trace has many calls);
/// with `one_ported`, its messages and rounds are the one-ported ones.
std::shared_ptr<const schedule::Pattern> cached_pattern(const schedule::PatternAlgorithm& a,
                                                        const schedule::PatternProblem& problem,
                                                        bool one_ported);

struct Candidate {
  const schedule::PatternAlgorithm* algorithm = nullptr;
  int root = 0;
  int blocks = 1;
  std::shared_ptr<const schedule::Pattern> pattern;
  Score score;
  int order = 0;
};

/// Fills `r` from the chosen candidate, with words (README "Resemblance").
void fill(Resemblance& r, const Candidate& best, const Observed& seen, const Call& call,
          const std::vector<Candidate>& all);
/// An annotated call whose algorithm has no pattern (hierarchical, irregular, …): itself.
Resemblance named_by_annotation(const Call& call, const Observed& seen, const Candidate* nearest);
/// Nothing close (README "Resemblance": the threshold): no algorithm, the nearest in the words.
void no_close_match(Resemblance& r, const Candidate& nearest, const Observed& seen);
/// A call that is a neighbour (halo) exchange: named, no algorithm; `name` from halo_name().
void neighbour_exchange(Resemblance& r, const std::string& name, const Candidate* nearest,
                        const Observed& seen);

/// "neighbour exchange (halo), 1-D, distance 1, periodic" when the call's edges are exactly
/// those of every rank exchanging with rank ± d for a few distances d (p ≥ 3, not every pair);
/// "" otherwise.
std::string halo_name(const Observed& seen);

/// The split of the call's messages (Resemblance::messages_*) against one candidate.
void count_messages(Resemblance& r, const Score& s, const Observed& seen);

} // namespace collscope::model
