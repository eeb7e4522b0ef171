// Open MPI 4.1's `coll tuned` component, as data: its algorithms' names and numbers (the
// coll_tuned_<coll>_decision.c enums), its fixed decision (coll_tuned_decision_fixed.c), and
// which of the two — forced or fixed — a call runs. Pure: no MPI, no Open MPI headers, so it
// is tested exhaustively without either (tests/unit/test_ompi_tuned.cpp).
//
// Everything here depends on Open MPI's internals and on one version of them: 4.1.x (read
// from the v4.1.4 tag of github:open-mpi/ompi). The recorder checks the running library's
// version before trusting it (settings_mpit.cpp) and records "unknown" otherwise.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace collscope::ompi {

/// The collectives coll tuned decides (its COLLTYPE, minus those it leaves to coll basic).
/// The numbers are stored in traces (the recorder's CollBegin event): never reorder.
enum class Coll : std::uint8_t {
  allgather = 1,
  allgatherv,
  allreduce,
  alltoall,
  alltoallv,
  barrier,
  bcast,
  gather,
  reduce,
  reduce_scatter,
  reduce_scatter_block,
  scatter
};
inline constexpr int coll_count = 12;

std::string_view to_string(Coll coll);
std::optional<Coll> parse_coll(std::string_view name);

struct Named {
  int number;            ///< what coll_tuned_<coll>_algorithm takes
  std::string_view name; ///< Open MPI's own name for it (ompi_info, the decision files)
};

/// Algorithms 1..n of a collective, in Open MPI's numbering.
std::span<const Named> algorithms(Coll coll);
/// The number of `name` (Open MPI's spelling), or nullopt.
std::optional<int> number_of(Coll coll, std::string_view name);
/// "" for a number the collective does not have.
std::string_view name_of(Coll coll, int number);

/// What a call's algorithm takes besides its number (forced through MCA parameters; the fixed
/// decision passes 0 for both).
enum class Param : std::uint8_t { none, segment, segment_and_chain_fanout, segment_and_radix };
/// Which parameters `number` of `coll` uses (coll_tuned_<coll>_decision.c, *_intra_do_this).
Param params_of(Coll coll, int number);

/// Open MPI's fixed decision: the algorithm number coll tuned runs for a communicator of p
/// processes, `bytes` as that collective measures it (see message_bytes in the recorder:
/// bcast, reduce, allreduce: the whole vector; allgather, alltoall, gather, scatter: one
/// rank's block; allgatherv: the average block; reduce_scatter: the whole vector;
/// reduce_scatter_block: one block; barrier, alltoallv: unused), and for reductions whether
/// the op commutes. p ≥ 2 (p = 1 is coll self's).
int fixed_decision(Coll coll, int p, std::uint64_t bytes, bool commutative);

/// One collective's coll_tuned_<coll>_algorithm* MCA parameters.
struct Forced {
  int algorithm = 0;    ///< 0: not forced ("ignore")
  int segsize = 0;      ///< _algorithm_segmentsize, bytes; 0 = no segmentation
  int tree_fanout = 4;  ///< _algorithm_tree_fanout (default coll_tuned_init_tree_fanout)
  int chain_fanout = 4; ///< _algorithm_chain_fanout (default coll_tuned_init_chain_fanout)
};

/// Why neither the forced nor the fixed decision can be known for a call.
enum class Unknown : std::uint8_t {
  none,
  not_open_mpi_41,   ///< another MPI, or another version of Open MPI
  not_tuned,         ///< coll tuned is not loaded, or another component outranks it
  rules_file,        ///< a rules file (coll_tuned_dynamic_rules_filename) says what Open MPI
                     ///< does in words collscope cannot follow (Choice::note says which)
  single_process,    ///< p = 1: coll self
  intercommunicator, ///< coll inter
  nonblocking,       ///< MPI_I*: coll libnbc
  not_decided        ///< a collective coll tuned leaves to coll basic (scan, exscan, …)
};
inline constexpr int unknown_count = 8;
/// A short phrase: "not Open MPI 4.1", "p = 1: coll self", …
std::string_view to_string(Unknown why);

struct RulesInForce; // rules_file.hpp

/// What the running library does, read once at MPI_Init (settings_mpit.cpp).
struct Settings {
  Unknown library = Unknown::not_open_mpi_41; ///< none when coll tuned serves intracommunicators
  bool dynamic_rules = false;                 ///< coll_tuned_use_dynamic_rules
  int knomial_radix = 4;                      ///< coll_tuned_bcast_algorithm_knomial_radix
  std::array<Forced, coll_count> forced{};    ///< by Coll − 1
  /// The rules file Open MPI read (with dynamic_rules and coll_tuned_dynamic_rules_filename
  /// set; rules_file.hpp's load_rules), or null.
  std::shared_ptr<const RulesInForce> rules;
};

/// The numbers are stored in traces (pack()): never reorder.
enum class Source : std::uint8_t { none, forced, fixed, unknown, rules };
/// "forced", "fixed decision", "unknown", "rules file"
std::string_view to_string(Source source);

/// Which algorithm a call ran and with what parameters.
struct Choice {
  Source source = Source::none;
  Coll coll = Coll::bcast;
  int algorithm = 0;         ///< Open MPI's number; 0 when unknown
  std::uint32_t segment = 0; ///< bytes; 0 = whole message
  std::uint32_t fanout = 0;  ///< chain fanout or k-nomial radix; 0 when the algorithm has none
  Unknown why = Unknown::none;
  /// The algorithm Open MPI's function hands the call to instead (handovers()); 0 when it
  /// runs itself.
  int runs = 0;
  /// Where a rules file is in force, how the choice is known, in full (the recorder's
  /// collscope::ompi_algorithm_source): "rules file FILE, line N", "fixed decision; rules file
  /// FILE has no rule for bcast at p = 4", "unknown: rules file FILE, line N: …"; else "".
  std::string note = {};
};

/// Where an algorithm of coll base hands the call to another (coll_base_<coll>.c at v4.1.4):
/// allgather's recursive doubling to Bruck's off powers of two, the neighbour exchange to the
/// ring at odd p, and, by the element count, allreduce's ring to recursive doubling (fewer
/// elements than processes), its segmented ring to the ring, Rabenseifner's allreduce and
/// reduce to the linear one (fewer elements than 2^⌊log₂p⌋, or an op that does not commute),
/// bcast's scatter-allgathers to the linear one (fewer elements than processes).
struct Handover {
  Coll coll;
  int from, to;
  std::string_view note; ///< "recursive_doubling switches to bruck: p is not a power of two"
};
std::span<const Handover> handovers();
/// The note of the choice's handover, or "".
std::string_view switch_note(const Choice& choice);

/// The choice coll tuned makes for one call of `coll` on a communicator of p processes: a rules
/// file's rule (looked up by dynamic_bytes(coll, p, bytes)), else a forced algorithm, else the
/// fixed decision, as coll_tuned_decision_dynamic.c tries them. `count` is the call's element
/// count (bcast, reduce, allreduce; 0 where unknown, and then the handovers that depend on it are
/// not made).
Choice choose(Coll coll, int p, std::uint64_t bytes, bool commutative, const Settings& settings,
              std::uint64_t count = 0);

/// "binomial", "chain (fanout 1)", "pipeline (segments of 8192 bytes)"; "" when unknown.
std::string describe(const Choice& choice);

/// The recorder stores a Choice in one 32-bit word of the collective's begin event:
/// algorithm | source << 8 | why << 12 | coll << 16 | runs << 24 (0 = none recorded), segment
/// and fanout in two others; the note, a string, the recorder keeps apart.
std::uint32_t pack(const Choice& choice);
Choice unpack(std::uint32_t word, std::uint32_t segment, std::uint32_t fanout);

} // namespace collscope::ompi
