// What each of Open MPI 4.1's coll tuned algorithms takes besides its number, under the names
// collscope's two parsers share: collscope-run's `--algorithm ompi:NAME --segment B --fanout K
// --max-requests N` and collscope-profiles' `ompi:NAME:segsize=B:fanout=K:max_requests=N`. One
// table, so that `collscope-run --list ompi`, both parsers and the rules-file export cannot
// disagree (tests/profiles/test_ompi_names.cpp reads the list and feeds every entry to both).
//
// Read from v4.1.4's coll_tuned_<coll>_decision.c (*_intra_do_this: what reaches the algorithm)
// and coll_tuned_decision_dynamic.c (where a rules file's columns go). Two things a rules file
// cannot say in 4.1.4:
//   - knomial's radix: bcast algorithm 7 is always called with the MCA parameter
//     coll_tuned_bcast_algorithm_knomial_radix (default 4), forced or from a rules file; the
//     file's fan-in/out column is read and ignored;
//   - max_requests: the file has no such column (4 numbers per rule), and a rule hands
//     reduce's and alltoall's algorithms 0 (no limit); scatter's linear_nb reads its MCA
//     parameter on every path.
#pragma once

#include "collscope/ompi/tuned.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace collscope::ompi {

enum class Knob : std::uint8_t {
  segsize,      ///< bytes per segment; 0 = unsegmented
  chain_fanout, ///< chain's number of chains (coll_base_topo.c clamps it to 1..32)
  radix,        ///< knomial's k
  max_requests  ///< outstanding requests (reduce's trees, alltoall's linear_sync) or sends
                ///< between blocking ones (scatter's linear_nb); 0 = no limit
};

/// Where a rules file's rule puts a knob.
enum class InRules : std::uint8_t {
  column,   ///< the rule's own column (segsize, fan-in/out) reaches the algorithm
  mca_only, ///< the algorithm reads the MCA parameter under a rules file too: set it beside
  lost      ///< a rule passes 0 and the MCA parameter is not read: a rules file cannot say it
};

struct KnobInfo {
  Knob knob;
  std::string_view key;  ///< `--tune` word: segsize, fanout, max_requests
  std::string_view flag; ///< collscope-run option: --segment, --fanout, --max-requests
  int low, high;         ///< the values both parsers accept
  std::string mca;       ///< coll_tuned_bcast_algorithm_knomial_radix, …
  InRules in_rules;
  std::string_view what; ///< "radix", "chains", "bytes", "requests"
};

/// The knobs of `coll`'s algorithm `number`, in the order the list shows them.
std::vector<KnobInfo> knobs(Coll coll, int number);
/// The knob `key` (`--tune` word) or `flag` (collscope-run option) of the algorithm, or nullopt.
std::optional<KnobInfo> find_knob(Coll coll, int number, std::string_view key_or_flag);

/// Parses a knob's value: the number, or nullopt (then knob_range() says what was wanted).
std::optional<int> parse_knob(const KnobInfo& knob, std::string_view text);
/// "1 to 32", "0 or more".
std::string knob_range(const KnobInfo& knob);

/// Open MPI's default for a knob the user did not set: coll_tuned_init_chain_fanout 4, radix
/// 4, segsize 0, max_requests 0.
int knob_default(Knob knob);

/// The algorithms' parameters, one line per algorithm that has any, for `collscope-run --list
/// ompi`: "  bcast 7 knomial            segsize=B  fanout=K (radix 2 to 32; MCA only)".
std::string knob_list();

} // namespace collscope::ompi
