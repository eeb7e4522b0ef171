// "Which algorithm is this?": the algorithm of collscope's registry a call's messages are
// nearest to, from the schedules alone (no MPI). Rules in tracer/model/README.md
// ("Resemblance").
#pragma once

#include "collscope/model/calls.hpp"

#include <cstdint>
#include <string>

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
  int edges_differing = 0;          ///< sender → receiver pairs in one of call and schedule only
  int messages_in_other_rounds = 0; ///< (round, sender, receiver) in one of them only
  bool known() const { return !algorithm.empty(); }
};

/// What `call` resembles; `own` is call_trace(trace, call). An annotated call is compared with
/// its own annotation first (exact when its messages are its algorithm's schedule).
Resemblance resemble(const Trace& own, const Call& call);

} // namespace collscope::model
