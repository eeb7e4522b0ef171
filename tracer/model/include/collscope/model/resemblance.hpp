// "Which algorithm is this?": the algorithm of collscope's registry a call's messages are
// nearest to, from the schedules alone (no MPI). Rules in tracer/model/README.md
// ("Resemblance").
#pragma once

#include "collscope/model/calls.hpp"
#include "collscope/model/inferred_rounds.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace collscope::model {

struct Resemblance {
  std::string collective; ///< "bcast" ("" when nothing in the registry is near)
  std::string algorithm;  ///< "binomial", as `collscope-run --algorithm` takes it
  bool exact = false;     ///< same senders, receivers and rounds as the algorithm's schedule
  int root = no_index;    ///< the root compared at (rank of the call's communicator; no_index
                          ///< for rootless collectives)
  int p = 0;              ///< ranks of the call
  int rounds = 0;         ///< the call's inferred rounds
  /// The algorithm's rounds at this p (and M), inferred from its pattern; for an algorithm named
  /// by its annotation only, its `rounds` metadata or 0.
  int expected_rounds = 0;
  /// The count collscope-run takes with `--datatype int` to run the same problem (0: unknown).
  std::uint64_t count = 0;
  /// The difference in words: "a binomial tree (bit-reversed: …) from root 2: 3 rounds, as bcast
  /// binomial takes", "a binary tree in heap order (…) from root 0, 1 block: 4 rounds, as bcast
  /// binary-pipeline takes, where the binomial tree takes 3", "nearest bcast pipeline (…), not
  /// exact: 3 rounds, where it takes 5; 2 edges differ (not in it: 0→4; missing: 3→4)".
  std::string words;
  /// Pipeline blocks M the algorithm was compared at (`--blocks M`), 0 for algorithms without.
  int blocks = 0;
  int radix = 0;           ///< the k-nomial trees' k (`--radix k`), 0 for algorithms without
  int edges_differing = 0; ///< sender → receiver pairs in one of call and schedule only
  /// The call's messages (between two ranks), split three ways against the algorithm's pattern
  /// (or the nearest one when nothing is close): as in it (same round, sender and receiver), on
  /// its edges in other rounds, not in it (an edge it lacks, or more messages on an edge than
  /// it has). The three add up to `messages`; the words quote these counts and no others.
  int messages = 0;
  int messages_as_in_it = 0;
  int messages_in_other_rounds = 0;
  int messages_not_in_it = 0;
  /// Messages on the pattern's edges (as a multiset) over the larger of the call's and the
  /// pattern's message counts: 1 for the same edges, 0 for none in common. Below 2/3 there is
  /// "no close match" (README "Resemblance" says why).
  double closeness = 0.0;
  /// A shape that is no collective, named when the call is one (then `known()` is false):
  /// "neighbour exchange (halo), 1-D, distance 1, periodic".
  std::string exchange;
  /// False for Open MPI's own algorithms that collscope's registry lacks ("ompi-linear"):
  /// named, but no `collscope-run --algorithm` runs them.
  bool in_registry = true;
  bool known() const { return !algorithm.empty(); }
};

/// One message of a call as resemble() compares it.
struct SeenMessage {
  int from = 0;  ///< rank of the call's communicator
  int to = 0;    ///< rank of the call's communicator
  int round = 0; ///< the round it was given (inferred), from 0
  std::uint64_t bytes = 0;
};

/// A call's messages between two ranks of its communicator, with their rounds.
struct Observed {
  int p = 0;
  int rounds = 0;                    ///< 1 + the largest round (0 without messages)
  std::vector<SeenMessage> messages; ///< between two ranks (no self-messages), by round
  std::vector<int> members;          ///< world rank of each comm rank
  /// The rounds follow the one-ported rule (inferred_rounds.hpp): the patterns are then numbered
  /// by it too (schedule::Pattern::one_ported), so that a native collective and its registry
  /// twin compare round by round.
  bool one_ported = false;
};

/// The call's messages in ranks of its communicator (Call::members, else Call::ranks in
/// increasing order), without messages to oneself, each in the round `rounds` gives it
/// (rounds = the rounds of `own`; resemblance infers none of its own). `one_ported` is set when
/// inferred_rounds takes the one-ported rule for `own`.
Observed observe(const Trace& own, const Call& call, const InferredRounds& rounds);

/// What `call` resembles; `own` is call_trace(trace, call), its rounds inferred_rounds(own). An
/// annotated call is compared with its own annotation first (exact when its messages are its
/// algorithm's schedule).
Resemblance resemble(const Trace& own, const Call& call);
/// The same from the messages as seen (`call` gives the root, the annotation, the metadata).
Resemblance resemble(const Observed& seen, const Call& call);

} // namespace collscope::model
