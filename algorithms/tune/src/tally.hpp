// What the tune library did with the calls, counted by kind on each rank, and the report made
// of every rank's counts at MPI_Finalize (COLLSCOPE_TUNE_REPORT=1). Pure: the gathering over
// MPI is report.cpp's.
//
// Each rank of a communicator makes the same decision for a call (route.hpp), so a call on a
// communicator of p ranks is counted p times over all ranks: the report divides by p and says
// which communicators (by size) and which world ranks took part.
#pragma once

#include "collscope/algorithms/registry.hpp"

#include <compare>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace collscope::tune {

/// One kind of call.
struct TallyKey {
  Collective collective = Collective::bcast;
  std::string setting{};   ///< what COLLSCOPE_TUNE or a profile asked for: "binomial", "auto"
  int p = 0;               ///< the communicator's size (an intercommunicator's: both groups)
  std::int64_t bytes = -1; ///< auto: the call's size (it chose for it); -1 otherwise
  bool fell_back = false;  ///< the library's collective ran instead
  std::string algorithm{}; ///< what ran ("butterfly", "native"), or the one refused ("ring")
  std::string detail{};    ///< ran by auto: its knob ("M=8", "k=3"); fell back: the reason
  std::string
      note{}; ///< auto: what the call's data ruled out ("2 left out for floating-point data")
  auto operator<=>(const TallyKey&) const = default;
};

using Tally = std::map<TallyKey, long long>;

/// One line per key, tab-separated, for gathering to rank 0.
std::string serialize(const Tally& tally);
/// serialize's inverse; lines it cannot read are skipped.
Tally deserialize(const std::string& text);

/// A rank's own counts, as the report printed them before it counted every rank: "rank 0 ran
/// bcast jia: 4 calls", "rank 0 fell back to the library instead of allreduce ring:
/// non-commutative op: 2 calls" (scripts read these lines).
std::vector<std::string> own_lines(const Tally& tally, int rank);

/// Every rank's tally (index: world rank) summed: one line per kind of call, calls counted once
/// per communicator call, e.g. "bcast: 12 calls routed to binomial on communicators of size 3
/// (world ranks 1-3)" or "allreduce auto: 6 calls → butterfly (p=4, 32 B) (world ranks 0-3)".
std::vector<std::string> all_ranks_lines(const std::vector<Tally>& by_rank);

/// "0-3", "0, 2, 5-7": the ranks, as ranges (at most 8, then "…").
std::string rank_ranges(const std::vector<int>& sorted_ranks);

} // namespace collscope::tune
