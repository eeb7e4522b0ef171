// A trace divided into calls: every analysis and view can work on one call (its own trace,
// rounds from 0) or on the whole trace. The rules are in tracer/model/README.md ("Calls").
#pragma once

#include "collscope/model/trace.hpp"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace collscope::model {

enum class CallKind : std::uint8_t {
  algorithm,  ///< one run of an annotated algorithm (an instance of Trace::algorithms)
  grader_case, ///< an algorithm run the grader marked with a `case` (one case of a graded run)
  collective, ///< one native MPI collective call (MPI_Bcast, MPI_Allreduce, MPI_Ibcast, …)
  region,     ///< a user region (collscope_trace_region_begin/end with a name of one's own)
  phase,      ///< point-to-point code outside every other call, between two calls
};

/// "algorithm", "case", "collective", "region", "phase" (what `calls --json` writes).
const char* to_string(CallKind kind);

/// The operations of one rank that belong to a call: [first, last) in Rank::operations.
struct OpRange {
  int first = 0;
  int last = 0;
  bool empty() const { return first >= last; }
};

struct Call {
  int index = no_index;  ///< position in the list (calls are ordered by begin)
  int parent = no_index; ///< the call this one runs inside (a collective inside an algorithm)
  CallKind kind = CallKind::phase;
  /// "bcast/binomial", "case 7: gather/submission", "MPI_Allreduce", "region solve",
  /// "point-to-point".
  std::string name;
  std::string collective; ///< "bcast", "allreduce", … ("" for regions and phases)
  std::string algorithm;  ///< the annotated algorithm's name ("" unless algorithm or case)
  int instance = no_index;             ///< Trace::algorithms index (algorithm, case)
  std::uint32_t comm = 0;              ///< OTF2 Comm id, when the call used one communicator
  std::vector<int> members;            ///< world rank of each rank of that communicator
  int root = no_index;                 ///< root as a rank of the communicator, if any
  std::vector<int> ranks;              ///< world ranks taking part, increasing
  std::vector<OpRange> ops;            ///< per world rank (empty where it takes no part)
  /// Per world rank, the call's region in Rank::regions (algorithm runs, cases and user
  /// regions), or no_index.
  std::vector<int> regions;
  double begin = 0.0;                  ///< earliest operation or region start of the call
  double end = 0.0;                    ///< latest
  std::map<std::string, std::string> meta; ///< algorithm metadata (algorithm and case calls)
  /// Metadata that cannot be true (AlgorithmInstance::problems), left out of `meta`.
  std::vector<std::string> problems;
  std::uint64_t collective_bytes = 0;  ///< native collectives: bytes sent, summed over ranks
  std::string reduction;               ///< native reductions: the MPI_Op ("MPI_SUM"), or ""
  OmpiAlgorithm ompi; ///< native collectives: the algorithm Open MPI ran (rank 0's record)
  std::string library_algorithm; ///< native calls: the MPI library's own algorithm, where recorded
  int messages = 0;                    ///< matched messages between two ranks inside the call
  int self_messages = 0;               ///< matched messages a rank sent to itself (not counted)
  std::uint64_t bytes = 0;             ///< bytes of `messages`
  int crossing = 0; ///< messages with one end inside the call and the other outside it

  int size() const { return static_cast<int>(ranks.size()); }
  bool contains(int rank, int op) const {
    return rank >= 0 && rank < static_cast<int>(ops.size()) && op >= ops[rank].first &&
           op < ops[rank].last;
  }
};

/// Divides a trace into calls (README "Calls"): algorithm runs and grader cases (the
/// instances of Trace::algorithms), native collective calls (the k-th collective on a
/// communicator of each member), user regions (the k-th outermost region of one name of each
/// rank), and phases: a rank's operations in none of these, divided at every call the rank
/// takes part in, phases of different ranks after the same call forming one call. Nested calls
/// (a collective inside an algorithm run) name their parent. Ordered by begin.
std::vector<Call> divide_calls(const Trace& trace);

/// The call's own trace: the operations, regions, collectives and messages of the call alone
/// (messages with one end outside it are dropped, counted in Call::crossing), every rank kept
/// (ranks outside the call have no operations), times shifted so the call begins at 0
/// (Trace::time_origin says by how much). Every analysis run on it is the call's analysis, with
/// rounds numbered from 0.
Trace call_trace(const Trace& trace, const Call& call);

/// The call a user picks by `--call N` (its index) or `--region NAME` (the first call named
/// `region NAME`, or NAME itself), or nullptr; `error` says why not, in one line.
const Call* find_call(const std::vector<Call>& calls, const std::string& selector,
                      bool by_region, std::string& error);

} // namespace collscope::model
