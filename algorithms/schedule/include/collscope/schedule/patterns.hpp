// Expected message patterns of the registry's algorithms, from the schedules alone (no MPI), so
// that the trace model can say which algorithm a recorded call resembles
// (tracer/model/README.md, "Resemblance").
//
// A pattern is built the way the algorithm's source runs: per rank, its blocking steps in
// program order (a Send, a Recv, one Sendrecv), messages to oneself left out. Rounds are then
// inferred with the trace model's rule (tracer/model/README.md, "Inferred rounds"):
//
//   step(s) = max(step(previous step of the rank) + 1, max over receives r in s: step(send of r))
//
// so a pattern's rounds are what inferred_rounds finds on a trace of the algorithm, also where
// the schedule's own round numbers leave gaps (the pre-order binomial broadcast at p = 6:
// rank 4 forwards to 5 in round 1 of the inferred numbering, round 2 of the annotations).
//
// Sizes are in units of the count `collscope-run --count` takes for the collective (a gather's
// subtree of k blocks: k; a broadcast's block of M: 1/M), so bytes / size is count × type size.
// A barrier's messages are empty: size 0.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

namespace collscope::schedule {

struct PatternMessage {
  int from = 0; ///< rank of the communicator
  int to = 0;
  int round = 0; ///< inferred round, from 0
  double size = 0.0;
};

struct Pattern {
  int p = 0;
  int rounds = 0;                       ///< 1 + the largest round (0 without messages)
  std::vector<PatternMessage> messages; ///< by (round, from, to)
  bool consistent = true;               ///< false if the steps deadlock (a generator's bug)
  /// The same messages numbered by the one-ported rule (one_ported.hpp), as the trace model
  /// numbers a native collective's or a point-to-point phase's: by (round, from, to).
  std::vector<PatternMessage> one_ported;
  int one_ported_rounds = 0;
};

/// Collects ranks' steps in program order and infers rounds (see the header comment).
class PatternBuilder {
public:
  explicit PatternBuilder(int p);
  /// One step of `rank`: the sends (to, size) and receives (from, size) one blocking call
  /// completes. Peers equal to `rank` and peers < 0 are left out; an empty step is no step.
  void step(int rank, std::initializer_list<std::pair<int, double>> sends,
            std::initializer_list<std::pair<int, double>> receives);
  /// The same with any number of sends and receives (one Waitall).
  void step_many(int rank, const std::vector<std::pair<int, double>>& sends,
                 const std::vector<std::pair<int, double>>& receives);
  void send(int rank, int to, double size) { step(rank, {{to, size}}, {}); }
  void recv(int rank, int from, double size) { step(rank, {}, {{from, size}}); }
  void sendrecv(int rank, int to, double out, int from, double in) {
    step(rank, {{to, out}}, {{from, in}});
  }
  [[nodiscard]] Pattern finish() const;

private:
  void one_ported(Pattern& pattern) const;
  struct Op {
    int peer;
    double size;
    bool send;
    int step; ///< index among the rank's steps
  };
  int p_;
  std::vector<std::vector<Op>> ops_;
  std::vector<int> steps_;
};

/// The problem a pattern is made for: p ranks, the root (rooted collectives), M pipeline blocks
/// (algorithms with blocks; clamped to ≥ 1).
struct PatternProblem {
  int p = 1;
  int root = 0;
  int blocks = 1; ///< also the radix k of the k-nomial trees (≥ 2), as the registry passes it
};

struct PatternAlgorithm {
  std::string_view collective; ///< as the registry names it: "bcast"
  std::string_view name;       ///< "binomial"
  bool rooted = false;
  bool uses_blocks = false;
  bool power_of_two_only = false;
  /// The lecture's words for the message pattern: "a binomial tree (bit-reversed)".
  std::string_view shape;
  /// The same, short, to contrast with: "the binomial tree".
  std::string_view short_shape;
  Pattern (*make)(const PatternProblem&) = nullptr;
  /// Takes --radix k (the k-nomial trees): PatternProblem::blocks is k.
  bool uses_radix = false;
  /// False for Open MPI's own algorithms that collscope's registry does not have (its linear,
  /// double-ring and recursive-doubling barriers): named "ompi-…", no collscope-run algorithm.
  bool in_registry = true;
};

/// Every algorithm of the registry whose schedule is fixed by (p, root, M): the patterns
/// resemble() compares with. Ordered like the registry.
std::span<const PatternAlgorithm> pattern_algorithms();
const PatternAlgorithm* find_pattern(std::string_view collective, std::string_view name);

namespace detail {
std::span<const PatternAlgorithm> rooted_patterns();
std::span<const PatternAlgorithm> rootless_patterns();
std::span<const PatternAlgorithm> van_de_geijn_patterns();
std::span<const PatternAlgorithm> sync_patterns();
std::span<const PatternAlgorithm> knomial_patterns();
/// The ordered reduction to 0 followed by the binomial broadcast from 0 (allreduce).
void reduce_then_bcast(PatternBuilder& b, int p);
/// The two-tree reduction to 0 and the two-tree broadcast from 0 of M blocks (allreduce).
void two_trees(PatternBuilder& b, int p, int blocks);
} // namespace detail

} // namespace collscope::schedule
