// The parts of resemble() (resemblance.cpp): the call's messages as seen, the comparison with
// one schedule pattern, and the words.
#pragma once

#include "collscope/model/calls.hpp"
#include "collscope/model/resemblance.hpp"
#include "collscope/schedule/patterns.hpp"

#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

namespace collscope::model {

struct SeenMessage {
  int from = 0; ///< rank of the call's communicator
  int to = 0;
  int round = 0; ///< inferred, from 0
  std::uint64_t bytes = 0;
};

struct Observed {
  int p = 0;
  int rounds = 0;
  std::vector<SeenMessage> messages; ///< between two ranks (no self-messages)
  std::vector<int> members;          ///< world rank of each comm rank
};

/// The call's messages in ranks of its communicator (Call::members, else Call::ranks in
/// increasing order), without messages to oneself, with inferred rounds.
Observed observe(const Trace& own, const Call& call);

struct Score {
  bool exact = false;       ///< the same (round, sender, receiver) messages
  int edges = 0;            ///< sender → receiver pairs in one and not the other
  int timed = 0;            ///< (round, sender, receiver) messages in one and not the other
  bool sizes_agree = false; ///< bytes per edge proportional to the pattern's sizes (±25 %)
  int round_difference = 0; ///< the call's rounds − the pattern's
  double bytes_per_unit = 0.0;
  std::vector<std::pair<int, int>> extra;   ///< edges of the call the pattern lacks (a few)
  std::vector<std::pair<int, int>> missing; ///< edges of the pattern the call lacks (a few)
};

Score compare(const Observed& seen, const schedule::Pattern& pattern);

/// The pattern of (algorithm, p, root, M), built once per process (a trace has many calls).
std::shared_ptr<const schedule::Pattern> cached_pattern(const schedule::PatternAlgorithm& a,
                                                        const schedule::PatternProblem& problem);

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

} // namespace collscope::model
