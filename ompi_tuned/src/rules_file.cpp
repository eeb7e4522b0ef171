#include "collscope/ompi/rules_file.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <fstream>
#include <limits>
#include <sstream>

namespace collscope::ompi {

namespace {

constexpr std::string_view colltypes[colltype_count] = {"allgather",
                                                        "allgatherv",
                                                        "allreduce",
                                                        "alltoall",
                                                        "alltoallv",
                                                        "alltoallw",
                                                        "barrier",
                                                        "bcast",
                                                        "exscan",
                                                        "gather",
                                                        "gatherv",
                                                        "reduce",
                                                        "reduce_scatter",
                                                        "reduce_scatter_block",
                                                        "scan",
                                                        "scatter",
                                                        "scatterv",
                                                        "neighbor_allgather",
                                                        "neighbor_allgatherv",
                                                        "neighbor_alltoall",
                                                        "neighbor_alltoallv",
                                                        "neighbor_alltoallw"};

struct Token {
  std::int64_t value;
  int line;
};

/// Integers with their lines; a word Open MPI's fscanf("%li") loop would skip character by
/// character, a sign, or a leading 0 (octal to %li) is an error here.
bool tokenize(std::string_view text, std::vector<Token>& tokens, int& last_line,
              std::string& error) {
  int line = 1;
  std::size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    if (c == '\n') {
      ++line, ++i;
    } else if (c == '#') {
      while (i < text.size() && text[i] != '\n') ++i;
    } else if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
    } else {
      std::size_t end = i;
      while (end < text.size() && !std::isspace(static_cast<unsigned char>(text[end])) &&
             text[end] != '#')
        ++end;
      const std::string word(text.substr(i, end - i));
      std::int64_t value = 0;
      const auto [stop, ec] = std::from_chars(word.data(), word.data() + word.size(), value);
      const bool digits = word.find_first_not_of("0123456789") == std::string::npos;
      if (!digits || ec != std::errc{} || stop != word.data() + word.size()) {
        error =
            std::to_string(line) + ": '" + word +
            "' is not a non-negative decimal number below 2^63 (Open MPI stops at a minus sign and "
            "skips other words character by character)";
        return false;
      }
      if (word.size() > 1 && word[0] == '0') {
        error = std::to_string(line) + ": '" + word +
                "' has a leading 0, which Open MPI reads as octal; write it without";
        return false;
      }
      tokens.push_back({value, line});
      i = end;
    }
  }
  last_line = tokens.empty() ? 1 : tokens.back().line; // where the file stops saying anything
  return true;
}

} // namespace

int colltype_of(Coll coll) {
  for (int id = 0; id < colltype_count; ++id)
    if (colltypes[id] == to_string(coll)) return id;
  return -1;
}

std::optional<Coll> coll_of_colltype(int id) {
  return id >= 0 && id < colltype_count ? parse_coll(colltypes[id]) : std::nullopt;
}

std::string_view colltype_name(int id) {
  return id >= 0 && id < colltype_count ? colltypes[id] : std::string_view();
}

Scale message_scale(Coll coll) {
  switch (coll) {
  case Coll::allgather:
  case Coll::alltoall:
  case Coll::gather:
  case Coll::scatter:
  case Coll::reduce_scatter_block:
    return Scale::times_p;
  case Coll::allgatherv:
    return Scale::per_rank;
  case Coll::alltoallv:
  case Coll::barrier:
    return Scale::none;
  default:
    return Scale::same;
  }
}

bool parse_rules(std::string_view text, RulesFile& rules, std::string& error, Reading reading,
                 Failure* failure) {
  rules = {};
  const bool strict = reading == Reading::strict;
  const auto fail = [&](int at_line, const std::string& what, Failure kind) {
    error = std::to_string(at_line) + ": " + what;
    if (failure != nullptr) *failure = kind;
    return false;
  };
  if (failure != nullptr) *failure = Failure::none;
  std::vector<Token> tokens;
  int last_line = 1;
  if (!tokenize(text, tokens, last_line, error)) {
    if (failure != nullptr) *failure = Failure::different;
    return false;
  }
  std::size_t at = 0;
  // next(what): the next number, or an error naming what was expected at the end of the file.
  const auto next = [&](const std::string& what, std::int64_t& value, int& line) {
    if (at == tokens.size())
      return fail(last_line,
                  "the file ends where " + what + " should be (Open MPI ignores the whole file)",
                  Failure::ignored);
    value = tokens[at].value;
    line = tokens[at++].line;
    return true;
  };
  std::int64_t count = 0, value = 0;
  int line = 0;
  if (!next("the number of collectives", count, line)) return false;
  if (count > colltype_count)
    return fail(line,
                std::to_string(count) + " collectives, Open MPI knows " +
                    std::to_string(colltype_count) + " (it ignores the whole file)",
                Failure::ignored);
  for (std::int64_t c = 0; c < count; ++c) {
    CollRule coll;
    if (!next("collective " + std::to_string(c + 1) + "'s id", value, coll.line)) return false;
    if (value >= colltype_count)
      return fail(coll.line,
                  "collective id " + std::to_string(value) +
                      " (COLLTYPE ids are 0-21; Open MPI ignores the whole file)",
                  Failure::ignored);
    coll.id = static_cast<int>(value);
    for (const CollRule& earlier : rules.collectives)
      if (earlier.id == coll.id && strict)
        return fail(coll.line,
                    std::string(colltype_name(coll.id)) + " again (line " +
                        std::to_string(earlier.line) + "); Open MPI would keep only the last",
                    Failure::different);
    // Open MPI reads a repeated collective over the earlier one.
    std::erase_if(rules.collectives,
                  [&](const CollRule& earlier) { return earlier.id == coll.id; });
    const std::string name(colltype_name(coll.id));
    std::int64_t comms = 0;
    if (!next("the number of communicator sizes of " + name, comms, line)) return false;
    for (std::int64_t k = 0; k < comms; ++k) {
      CommRule comm;
      if (!next(name + "'s communicator size", value, comm.line)) return false;
      comm.size = static_cast<int>(std::min<std::int64_t>(value, std::numeric_limits<int>::max()));
      if (strict && !coll.comms.empty() && comm.size <= coll.comms.back().size)
        return fail(comm.line,
                    name + "'s communicator size " + std::to_string(comm.size) + " after " +
                        std::to_string(coll.comms.back().size) +
                        ": Open MPI stops at the first larger one, so it is never used",
                    Failure::different);
      std::int64_t msgs = 0;
      if (!next("the number of message sizes", msgs, line)) return false;
      for (std::int64_t m = 0; m < msgs; ++m) {
        MsgRule msg;
        std::int64_t alg = 0, faninout = 0, segsize = 0;
        if (!next("a message size", value, msg.line) || !next("an algorithm", alg, line) ||
            !next("a fan-in/out", faninout, line) || !next("a segment size", segsize, line))
          return false;
        if (m == 0 && value != 0)
          return fail(msg.line,
                      "the first message size of " + name + " at " + std::to_string(comm.size) +
                          " processes must be 0 (Open MPI ignores the whole file)",
                      Failure::ignored);
        if (strict && m > 0 && static_cast<std::uint64_t>(value) <= comm.messages.back().size)
          return fail(msg.line,
                      "message size " + std::to_string(value) + " after " +
                          std::to_string(comm.messages.back().size) +
                          ": Open MPI stops at the first larger one, so it is never used",
                      Failure::different);
        const auto known = coll_of_colltype(coll.id);
        if (strict && alg != 0 && known && name_of(*known, static_cast<int>(alg)).empty())
          return fail(line,
                      name + " has no algorithm " + std::to_string(alg) + " (1-" +
                          std::to_string(algorithms(*known).size()) +
                          "); Open MPI reads it, then fails those calls with MPI_ERR_ARG",
                      Failure::different);
        if (alg > std::numeric_limits<int>::max() || segsize > std::numeric_limits<int>::max() ||
            faninout > std::numeric_limits<int>::max())
          return fail(line, "an algorithm, fan-in/out or segment size over 2^31",
                      Failure::different);
        msg.size = static_cast<std::uint64_t>(value);
        msg.algorithm = static_cast<int>(alg);
        msg.faninout = static_cast<int>(faninout);
        msg.segsize = static_cast<int>(segsize);
        comm.messages.push_back(msg);
      }
      coll.comms.push_back(comm);
    }
    rules.collectives.push_back(coll);
  }
  if (strict && at < tokens.size())
    return fail(tokens[at].line,
                "numbers after the last collective (the first line counts " +
                    std::to_string(count) + "); Open MPI ignores them",
                Failure::different);
  return true;
}

RulesInForce load_rules(const std::string& path) {
  RulesInForce r;
  r.path = path;
  std::ifstream in(path);
  std::stringstream text;
  if (!in) { // Open MPI's fopen fails too, and it runs without the file
    r.failure = Failure::ignored;
    r.problem = "cannot be read";
    return r;
  }
  text << in.rdbuf(); // an empty file reads as nothing, and fails below, as in Open MPI
  std::string error;
  r.usable = parse_rules(text.str(), r.rules, error, Reading::open_mpi, &r.failure);
  if (!r.usable) r.problem = "line " + error;
  return r;
}

std::uint64_t dynamic_bytes(Coll coll, int p, std::uint64_t fixed_bytes) {
  const auto n = static_cast<std::uint64_t>(p > 0 ? p : 1);
  switch (coll) {
  case Coll::allgather:
  case Coll::alltoall:
  case Coll::gather:
  case Coll::scatter:
  case Coll::reduce_scatter_block:
    return fixed_bytes * n;
  case Coll::alltoallv:
  case Coll::barrier:
    return 0;
  default:
    return fixed_bytes;
  }
}

std::optional<MsgRule> lookup(const RulesFile& rules, int id, int p, std::uint64_t m) {
  const CollRule* coll = nullptr;
  for (const CollRule& c : rules.collectives)
    if (c.id == id) coll = &c;
  if (coll == nullptr || coll->comms.empty()) return std::nullopt;
  const CommRule* comm = &coll->comms.front();
  for (const CommRule& c : coll->comms) {
    if (c.size > p) break;
    comm = &c;
  }
  if (comm->messages.empty()) return MsgRule{}; // Open MPI returns algorithm 0
  const MsgRule* best = &comm->messages.front();
  for (const MsgRule& r : comm->messages) {
    if (r.size > m) break;
    best = &r;
  }
  return *best;
}

std::string describe_rule(int id, const MsgRule& rule) {
  if (rule.algorithm == 0) return "0: coll tuned's fixed decision";
  const auto coll = coll_of_colltype(id);
  if (!coll)
    return std::to_string(rule.algorithm) + " (collscope has no names for this collective)";
  std::string text =
      std::to_string(rule.algorithm) + " " + std::string(name_of(*coll, rule.algorithm));
  const auto params = params_of(*coll, rule.algorithm);
  if (params != Param::none && rule.segsize > 0)
    text += ", segments of " + std::to_string(rule.segsize) + " bytes";
  if (params == Param::segment_and_chain_fanout) // coll_base_topo.c clamps it to 1..32
    text += rule.faninout < 1    ? ", fanout 1 (0 in the file: Open MPI's pipeline)"
            : rule.faninout > 32 ? ", fanout 32 (" + std::to_string(rule.faninout) + " in the file)"
                                 : ", fanout " + std::to_string(rule.faninout);
  // 4.1.4 calls knomial with coll_tuned_bcast_algorithm_knomial_radix whatever the rule says
  // (knobs.hpp); the column still records what the file's author meant.
  if (params == Param::segment_and_radix)
    text += rule.faninout >= 2 ? ", radix " + std::to_string(rule.faninout) +
                                     " (Open MPI 4.1 reads it from "
                                     "coll_tuned_bcast_algorithm_knomial_radix, not from here)"
                               : ", radix from coll_tuned_bcast_algorithm_knomial_radix";
  return text;
}

std::string write_rules(const RulesFile& rules) {
  std::string out = std::to_string(rules.collectives.size()) + " # number of collectives\n";
  for (const CollRule& coll : rules.collectives) {
    out += std::to_string(coll.id) + " # collective id: " + std::string(colltype_name(coll.id)) +
           "\n" + std::to_string(coll.comms.size()) + " # number of communicator sizes\n";
    for (const CommRule& comm : coll.comms) {
      out += std::to_string(comm.size) + " # communicator size\n" +
             std::to_string(comm.messages.size()) + " # number of message sizes\n";
      for (const MsgRule& r : comm.messages)
        out += std::to_string(r.size) + " " + std::to_string(r.algorithm) + " " +
               std::to_string(r.faninout) + " " + std::to_string(r.segsize) + " # from " +
               std::to_string(r.size) + " bytes: " + describe_rule(coll.id, r) + "\n";
    }
  }
  return out;
}

} // namespace collscope::ompi
