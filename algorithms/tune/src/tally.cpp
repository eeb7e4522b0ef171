#include "tally.hpp"

#include <set>
#include <sstream>

namespace collscope::tune {

namespace {

std::vector<std::string> fields_of(const std::string& line) {
  std::vector<std::string> fields;
  std::string field;
  std::istringstream in(line);
  while (std::getline(in, field, '\t')) fields.push_back(field);
  return fields;
}

std::string calls_text(long long n) {
  return std::to_string(n) + (n == 1 ? " call" : " calls");
}

std::string bytes_text(std::int64_t bytes) {
  return std::to_string(bytes) + " B";
}

/// The line of one kind of call over all ranks: `calls` communicator calls by `ranks`.
std::string line_of(const TallyKey& k, long long calls, const std::vector<int>& ranks) {
  const std::string c(to_string(k.collective));
  const std::string who = std::string(ranks.size() == 1 ? " (world rank " : " (world ranks ") +
                          rank_ranges(ranks) + ")";
  if (k.setting == "auto") {
    std::string line = c + " auto: " + calls_text(calls) + " → ";
    if (!k.fell_back)
      line += k.algorithm + (k.detail.empty() ? "" : " (" + k.detail + ")");
    else if (k.algorithm == "auto")
      line += "the library (" + k.detail + ")";
    else
      line += k.algorithm + ", fell back to the library (" + k.detail + ")";
    line += " (p=" + std::to_string(k.p) + ", " + bytes_text(k.bytes);
    return line + (k.note.empty() ? "" : "; " + k.note) + ")" + who;
  }
  const std::string size = " on communicators of size " + std::to_string(k.p);
  if (!k.fell_back) return c + ": " + calls_text(calls) + " routed to " + k.algorithm + size + who;
  return c + ": " + calls_text(calls) + " fell back from " + k.algorithm + " to the library (" +
         k.detail + ")" + size + who;
}

} // namespace

std::string serialize(const Tally& tally) {
  std::string text;
  for (const auto& [k, n] : tally)
    text += std::string(to_string(k.collective)) + '\t' + k.setting + '\t' + std::to_string(k.p) +
            '\t' + std::to_string(k.bytes) + '\t' + (k.fell_back ? "1" : "0") + '\t' + k.algorithm +
            '\t' + k.detail + '\t' + k.note + '\t' + std::to_string(n) + '\n';
  return text;
}

Tally deserialize(const std::string& text) {
  Tally tally;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    const auto f = fields_of(line);
    if (f.size() != 9) continue;
    const auto c = parse_collective(f[0]);
    if (!c) continue;
    try {
      const TallyKey k{.collective = *c,
                       .setting = f[1],
                       .p = std::stoi(f[2]),
                       .bytes = std::stoll(f[3]),
                       .fell_back = f[4] == "1",
                       .algorithm = f[5],
                       .detail = f[6],
                       .note = f[7]};
      tally[k] += std::stoll(f[8]);
    } catch (const std::exception&) {
      continue; // a line cut short: the others still count
    }
  }
  return tally;
}

std::vector<std::string> own_lines(const Tally& tally, int rank) {
  // Keyed as before: what ran, or what was refused and why, whatever the size or setting.
  std::map<std::string, long long> runs, fallbacks;
  for (const auto& [k, n] : tally) {
    const std::string what = std::string(to_string(k.collective)) + " " + k.algorithm;
    if (k.fell_back)
      fallbacks[what + ": " + k.detail] += n;
    else
      runs[what] += n;
  }
  const std::string who = "rank " + std::to_string(rank);
  std::vector<std::string> lines;
  for (const auto& [what, n] : runs)
    lines.push_back(who + " ran " + what + ": " + std::to_string(n) + " calls");
  for (const auto& [what, n] : fallbacks)
    lines.push_back(who + " fell back to the library instead of " + what + ": " +
                    std::to_string(n) + " calls");
  if (lines.empty()) lines.push_back(who + " ran no collective through collscope");
  return lines;
}

std::vector<std::string> all_ranks_lines(const std::vector<Tally>& by_rank) {
  struct Sum {
    long long n = 0;
    std::set<int> ranks;
  };
  std::map<TallyKey, Sum> sums;
  for (std::size_t rank = 0; rank < by_rank.size(); ++rank)
    for (const auto& [k, n] : by_rank[rank]) {
      sums[k].n += n;
      sums[k].ranks.insert(static_cast<int>(rank));
    }
  std::vector<std::string> lines;
  for (const auto& [k, sum] : sums) {
    // Every rank of the communicator counted the call; rounded up so that a call is never lost.
    const long long p = k.p > 0 ? k.p : 1;
    lines.push_back(
        line_of(k, (sum.n + p - 1) / p, std::vector<int>(sum.ranks.begin(), sum.ranks.end())));
  }
  if (lines.empty()) lines.push_back("no collective ran through collscope on any rank");
  return lines;
}

std::string rank_ranges(const std::vector<int>& sorted_ranks) {
  std::string text;
  int shown = 0;
  for (std::size_t i = 0; i < sorted_ranks.size();) {
    std::size_t j = i;
    while (j + 1 < sorted_ranks.size() && sorted_ranks[j + 1] == sorted_ranks[j] + 1) ++j;
    if (shown++ == 8) return text + ", …";
    text += (text.empty() ? "" : ", ") + std::to_string(sorted_ranks[i]);
    if (j > i) text += "-" + std::to_string(sorted_ranks[j]);
    i = j + 1;
  }
  return text;
}

} // namespace collscope::tune
