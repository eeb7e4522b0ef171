// Open MPI's dynamic rules file (coll_tuned_dynamic_rules_filename, read when
// coll_tuned_use_dynamic_rules is 1), as ompi/mca/coll/tuned/coll_tuned_dynamic_file.c reads it
// at v4.1.4: whitespace-separated integers, '#' to the end of a line a comment,
//
//   NUMBER_OF_COLLECTIVES
//   COLLECTIVE_ID                      the COLLTYPE of coll_base_functions.h (bcast = 7)
//   NUMBER_OF_COMM_SIZES
//   COMM_SIZE  NUMBER_OF_MSG_SIZES
//   MSG_SIZE ALGORITHM FANINOUT SEGSIZE   (the first message size of each comm size is 0)
//
// and its lookup (coll_tuned_dynamic_rules.c): a communicator of p processes takes the last
// comm size ≤ p in file order (the first one when all are larger), a call of m bytes the last
// message size ≤ m; algorithm 0 is coll tuned's fixed decision. m is the collective's bytes as
// coll_tuned_decision_dynamic.c measures them (message_scale()).
#pragma once

#include "collscope/ompi/tuned.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace collscope::ompi {

/// COLLTYPE ids (ompi/mca/coll/base/coll_base_functions.h at v4.1.4) and COLLCOUNT.
inline constexpr int colltype_count = 22;
int colltype_of(Coll coll);
std::optional<Coll> coll_of_colltype(int id);
/// "bcast", "alltoallw", "scan"...: every COLLTYPE's name; "" out of range.
std::string_view colltype_name(int id);

/// How Open MPI's dynamic decision measures a call, relative to the tune library's bytes
/// (decisions.hpp): the same, times p, divided by p (allgatherv's average block), or not at
/// all (alltoallv and barrier look up size 0).
enum class Scale : std::uint8_t { same, times_p, per_rank, none };
Scale message_scale(Coll coll);
/// The bytes Open MPI's dynamic decision looks a call up by, from the bytes its fixed decision
/// measures (choose()'s `bytes`): allgather, alltoall, gather, scatter and
/// reduce_scatter_block count all p blocks, alltoallv and barrier nothing, the others the same.
std::uint64_t dynamic_bytes(Coll coll, int p, std::uint64_t fixed_bytes);

struct MsgRule {
  std::uint64_t size = 0;
  int algorithm = 0, faninout = 0, segsize = 0;
  int line = 0; ///< where it was read; 0 when built
};
struct CommRule {
  int size = 0;
  std::vector<MsgRule> messages;
  int line = 0;
};
struct CollRule {
  int id = 0; ///< COLLTYPE
  std::vector<CommRule> comms;
  int line = 0;
};
struct RulesFile {
  std::vector<CollRule> collectives;
};

/// How strictly parse_rules reads.
enum class Reading : std::uint8_t {
  strict,  ///< what a file's author meant: anything Open MPI would read otherwise is an error
  open_mpi ///< what Open MPI reads: a repeated collective replaces the earlier one, unreachable
           ///< rules and numbers after the last collective are kept or ignored as it does,
           ///< an algorithm number the collective lacks is kept (Open MPI fails those calls)
};

/// Why parse_rules failed.
enum class Failure : std::uint8_t {
  none,
  ignored,  ///< Open MPI too rejects the file, and runs as without it (its fixed decision)
  different ///< Open MPI reads the file, but otherwise than meant (strict), or in a way this
            ///< parser does not reproduce (a word it skips, a sign, an octal or hex number)
};

/// Parses `text`; on a mistake false and "LINE: what" in `error` (and why in `failure`).
/// Strict by default: stricter than Open MPI where Open MPI would silently read something else
/// than meant (a word it skips, an octal 010, an unreachable rule, an algorithm number the
/// collective lacks, which fails the call).
bool parse_rules(std::string_view text, RulesFile& rules, std::string& error,
                 Reading reading = Reading::strict, Failure* failure = nullptr);

/// The rules file in force in a process, as Open MPI read it at MPI_Init (coll tuned's
/// component open): `usable` with its rules, or why not and whether Open MPI then runs without
/// it (an unreadable file, or one it rejects: Failure::ignored) or reads what collscope cannot
/// reproduce (Failure::different).
struct RulesInForce {
  std::string path;
  bool usable = false;
  RulesFile rules;
  Failure failure = Failure::none;
  std::string problem; ///< "cannot be read", "line 3: ..." when not usable
};
/// Reads and parses `path` as Open MPI does (Reading::open_mpi).
RulesInForce load_rules(const std::string& path);

/// The file's text, every number commented with what it is.
std::string write_rules(const RulesFile& rules);

/// What Open MPI picks for collective `id` at p processes and m bytes: the message rule, or
/// nullopt when the file has no rule for it (coll tuned then runs its fixed decision).
std::optional<MsgRule> lookup(const RulesFile& rules, int id, int p, std::uint64_t m);

/// "pipeline, segments of 8192 bytes"; "0: coll tuned's fixed decision".
std::string describe_rule(int id, const MsgRule& rule);

} // namespace collscope::ompi
