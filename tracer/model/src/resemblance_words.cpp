// The words of a resemblance (README "Resemblance"): what the call is in the lecture's terms,
// and how it differs from the nearest algorithm.
#include "resemblance_parts.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <tuple>

namespace collscope::model {

namespace {

std::uint64_t meta_u64(const Call& call, const char* key) {
  const auto it = call.meta.find(key);
  if (it == call.meta.end()) return 0;
  return std::strtoull(it->second.c_str(), nullptr, 10);
}

// The count collscope-run takes with `--datatype int` for the same problem.
std::uint64_t int_count(const Call& call, double bytes_per_unit) {
  const std::uint64_t count = meta_u64(call, "count"), size = meta_u64(call, "type_size");
  if (count > 0 && size > 0) return (count * size + 3) / 4;
  if (bytes_per_unit <= 0) return 0;
  return std::max<std::uint64_t>(1, static_cast<std::uint64_t>(std::llround(bytes_per_unit / 4)));
}

std::string rounds_text(int n) {
  return std::to_string(n) + (n == 1 ? " round" : " rounds");
}

std::string edges_text(const std::vector<std::pair<int, int>>& edges) {
  std::string text;
  for (const auto& [from, to] : edges)
    text += (text.empty() ? "" : ", ") + std::to_string(from) + "→" + std::to_string(to);
  return text;
}

std::string described(const Candidate& c) {
  std::string text(c.algorithm->shape);
  if (c.algorithm->rooted) text += " from root " + std::to_string(c.root);
  if (c.algorithm->uses_blocks)
    text += ", " + std::to_string(c.blocks) + (c.blocks == 1 ? " block" : " blocks");
  if (c.algorithm->uses_radix) text += ", radix " + std::to_string(c.blocks);
  return text;
}

std::string messages_text(int n) {
  return std::to_string(n) + (n == 1 ? " message" : " messages");
}

// "12 messages: 6 as in it, 0 in other rounds, 6 not in it": the only message counts the words
// quote, so they add up to the call's messages (count_messages).
std::string split_text(const Resemblance& r) {
  return messages_text(r.messages) + ": " + std::to_string(r.messages_as_in_it) + " as in it, " +
         std::to_string(r.messages_in_other_rounds) + " in other rounds, " +
         std::to_string(r.messages_not_in_it) + " not in it";
}

std::string named(const Candidate& c) {
  return std::string(c.algorithm->collective) + " " + std::string(c.algorithm->name);
}

// Fewer rounds first; among equals the lecture's binomial tree, then the registry's order.
bool preferred(const Candidate& a, const Candidate& b) {
  return std::make_tuple(a.pattern->rounds, a.algorithm->name != "binomial", a.order) <
         std::make_tuple(b.pattern->rounds, b.algorithm->name != "binomial", b.order);
}

// ", where the binomial tree takes 3": the fewest rounds among the collective's algorithms
// without blocks at the same root, when that is fewer than the call's.
std::string contrast(const Candidate& best, int rounds, const std::vector<Candidate>& all) {
  const Candidate* fewest = nullptr;
  for (const Candidate& c : all)
    if (c.algorithm->collective == best.algorithm->collective && !c.algorithm->uses_blocks &&
        !c.algorithm->uses_radix && c.root == best.root && c.algorithm != best.algorithm &&
        (!fewest || preferred(c, *fewest)))
      fewest = &c;
  if (!fewest || fewest->pattern->rounds >= rounds) return "";
  return ", where " + std::string(fewest->algorithm->short_shape) + " takes " +
         std::to_string(fewest->pattern->rounds);
}

} // namespace

void count_messages(Resemblance& r, const Score& s, const Observed& seen) {
  r.messages = static_cast<int>(seen.messages.size());
  r.messages_as_in_it = s.as_in_it;
  r.messages_in_other_rounds = s.on_edges - s.as_in_it;
  r.messages_not_in_it = r.messages - s.on_edges;
  r.edges_differing = s.edges;
  const int larger = std::max(r.messages, s.pattern_messages);
  r.closeness = larger > 0 ? static_cast<double>(s.on_edges) / larger : 0.0;
}

void fill(Resemblance& r, const Candidate& best, const Observed& seen, const Call& call,
          const std::vector<Candidate>& all) {
  const Score& s = best.score;
  r.collective = best.algorithm->collective;
  r.algorithm = best.algorithm->name;
  r.exact = s.exact;
  r.root = best.algorithm->rooted ? best.root : no_index;
  r.blocks = best.algorithm->uses_blocks ? best.blocks : 0;
  r.radix = best.algorithm->uses_radix ? best.blocks : 0;
  r.in_registry = best.algorithm->in_registry;
  r.expected_rounds = best.pattern->rounds;
  r.count = int_count(call, s.bytes_per_unit);
  count_messages(r, s, seen);
  if (s.exact) {
    r.words = described(best) + ": " + rounds_text(seen.rounds) + ", as " + named(best) + " takes" +
              contrast(best, seen.rounds, all);
    const bool own =
        best.algorithm->collective == call.collective && best.algorithm->name == call.algorithm;
    if (!s.sizes_agree && !own) r.words += "; its message sizes differ from the algorithm's";
    return;
  }
  r.words = "nearest " + named(best) + " (" + described(best) +
            "), not exact: " + rounds_text(seen.rounds) + ", where it takes " +
            std::to_string(best.pattern->rounds);
  if (s.edges > 0) {
    r.words += "; " + std::to_string(s.edges) + (s.edges == 1 ? " edge differs" : " edges differ");
    if (!s.extra.empty()) r.words += " (not in it: " + edges_text(s.extra);
    if (!s.missing.empty())
      r.words += std::string(s.extra.empty() ? " (" : "; ") + "missing: " + edges_text(s.missing);
    r.words += ")";
  } else {
    r.words += "; the same edges";
  }
  r.words += "; " + split_text(r) + contrast(best, seen.rounds, all);
}

void no_close_match(Resemblance& r, const Candidate& nearest, const Observed& seen) {
  count_messages(r, nearest.score, seen);
  char closeness[16];
  std::snprintf(closeness, sizeof closeness, "%.2f", r.closeness);
  r.words = "no close match (nearest " + named(nearest) + ", " + described(nearest) +
            ", closeness " + closeness + ", below 2/3): " + rounds_text(seen.rounds) + "; " +
            split_text(r);
}

void neighbour_exchange(Resemblance& r, const std::string& name, const Candidate* nearest,
                        const Observed& seen) {
  r.exchange = name;
  if (nearest) count_messages(r, nearest->score, seen);
  // The split against the nearest collective says how little of it this is.
  r.words = name + ": " + rounds_text(seen.rounds) + "; no collective";
  if (nearest)
    r.words +=
        " (nearest " + named(*nearest) + ", " + described(*nearest) + "; " + split_text(r) + ")";
  else
    r.words += "; " + messages_text(r.messages);
}

Resemblance named_by_annotation(const Call& call, const Observed& seen, const Candidate* nearest) {
  Resemblance r;
  r.collective = call.collective;
  r.algorithm = call.algorithm;
  r.p = seen.p;
  r.rounds = seen.rounds;
  r.root = call.root;
  r.expected_rounds = static_cast<int>(meta_u64(call, "rounds"));
  r.blocks = static_cast<int>(meta_u64(call, "blocks"));
  r.count = int_count(call, 0);
  r.words = call.collective + " " + call.algorithm +
            " by its annotation: " + rounds_text(seen.rounds) +
            "; not compared message by message (collscope has no schedule pattern of it: "
            "README \"Resemblance\" says why)";
  if (nearest && nearest->score.exact)
    r.words += "; its messages and rounds are exactly those of " + named(*nearest) + " (" +
               described(*nearest) + ")";
  else if (nearest && nearest->score.edges == 0)
    r.words += "; its edges are those of " + named(*nearest) + ", in other rounds";
  return r;
}

} // namespace collscope::model
