#include "document/receivedbuffer.h"

#include <algorithm>
#include <charconv>

namespace collscope::app {

namespace {

constexpr std::string_view unwrittenMark = "·";
constexpr std::string_view foreignMark = "?";
constexpr std::string_view times = "×";
constexpr std::string_view dash = "–";
constexpr std::string_view ellipsis = "…";
constexpr std::string_view behindTheEnd = " + behind the end: ";

std::optional<std::int64_t> number(std::string_view text) {
  std::int64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc() || end != text.data() + text.size() || value < 0)
    return {};
  return value;
}

/// "1:0–4", "1:3", "·", "·×5", "?", "?×2".
std::optional<ReceivedRun> parseRun(std::string_view token) {
  ReceivedRun run;
  for (const auto& [mark, what] : {std::pair{unwrittenMark, ReceivedRun::What::unwritten},
                                   std::pair{foreignMark, ReceivedRun::What::foreign}}) {
    if (!token.starts_with(mark)) continue;
    run.what = what;
    token.remove_prefix(mark.size());
    if (token.empty()) return run;
    if (!token.starts_with(times)) return {};
    const auto n = number(token.substr(times.size()));
    if (!n || *n == 0) return {};
    run.length = *n;
    return run;
  }
  const std::size_t colon = token.find(':');
  if (colon == std::string_view::npos) return {};
  const auto origin = number(token.substr(0, colon));
  if (!origin || *origin > 1'000'000) return {};
  run.what = ReceivedRun::What::data;
  run.origin = static_cast<int>(*origin);
  std::string_view elements = token.substr(colon + 1);
  const std::size_t to = elements.find(dash);
  const auto first = number(elements.substr(0, to));
  if (!first) return {};
  run.first = *first;
  if (to != std::string_view::npos) {
    const auto last = number(elements.substr(to + dash.size()));
    if (!last || *last < *first) return {};
    run.length = *last - *first + 1;
  }
  return run;
}

/// Runs separated by single spaces.
bool parseRuns(std::string_view text, std::vector<ReceivedRun>& runs) {
  while (!text.empty()) {
    const std::size_t space = text.find(' ');
    const auto run = parseRun(text.substr(0, space));
    if (!run) return false;
    runs.push_back(*run);
    if (space == std::string_view::npos) break;
    text.remove_prefix(space + 1);
  }
  return true;
}

std::optional<ReceivedBlock> parseBlock(std::string_view token) {
  ReceivedBlock block;
  if (const std::size_t plus = token.find(" +"); plus != std::string_view::npos) {
    if (!parseRuns(token.substr(plus + 2), block.behind) || block.behind.empty()) return {};
    token = token.substr(0, plus);
  }
  block.text = std::string(token);
  if (token == "[]") {
    block.empty = true;
  } else if (token == unwrittenMark) {
    block.runs.push_back({});
  } else if (token.starts_with('[') && token.ends_with(']')) {
    if (!parseRuns(token.substr(1, token.size() - 2), block.runs) || block.runs.empty()) return {};
  } else if (const auto origin = number(token); origin && *origin <= 1'000'000) {
    block.whole = true;
    block.origin = static_cast<int>(*origin);
  } else {
    return {};
  }
  return block;
}

} // namespace

std::vector<std::pair<int, double>> ReceivedBlock::shares() const {
  if (whole) return {{origin, 1.0}};
  std::int64_t total = 0;
  for (const ReceivedRun& run : runs) total += run.length;
  std::vector<std::pair<int, double>> out;
  for (const ReceivedRun& run : runs) {
    const int who = run.what == ReceivedRun::What::data        ? run.origin
                    : run.what == ReceivedRun::What::unwritten ? -1
                                                               : -2;
    out.emplace_back(who, static_cast<double>(run.length) / static_cast<double>(total));
  }
  return out;
}

std::optional<ReceivedBuffer> ReceivedBuffer::parse(std::string_view text) {
  ReceivedBuffer buffer;
  if (const std::size_t at = text.find(behindTheEnd); at != std::string_view::npos) {
    if (!parseRuns(text.substr(at + behindTheEnd.size()), buffer.behindEnd)) return {};
    text = text.substr(0, at);
  }
  if (text.empty()) return {};
  while (true) {
    const std::size_t comma = text.find(", ");
    const std::string_view token = text.substr(0, comma);
    if (token == ellipsis) {
      buffer.cut = true;
      if (comma != std::string_view::npos) return {};
      break;
    }
    auto block = parseBlock(token);
    if (!block) return {};
    buffer.blocks.push_back(std::move(*block));
    if (comma == std::string_view::npos) break;
    text.remove_prefix(comma + 2);
  }
  return buffer;
}

bool ReceivedBuffers::any() const {
  return std::any_of(received.begin(), received.end(), [](const auto& b) { return b.has_value(); });
}

bool ReceivedBuffers::wrong(int rank, int block) const {
  const auto r = static_cast<std::size_t>(rank);
  if (r >= received.size() || r >= expected.size() || !received[r] || !expected[r]) return false;
  const auto& got = received[r]->blocks;
  const auto& want = expected[r]->blocks;
  const auto b = static_cast<std::size_t>(block);
  if (b >= got.size() || b >= want.size()) return b < got.size() || b < want.size();
  return got[b].text != want[b].text || got[b].behind != want[b].behind;
}

int ReceivedBuffers::wrongBlocks(int rank) const {
  const auto r = static_cast<std::size_t>(rank);
  if (r >= received.size() || r >= expected.size() || !received[r] || !expected[r]) return 0;
  const int blocks =
      static_cast<int>(std::max(received[r]->blocks.size(), expected[r]->blocks.size()));
  int count = 0;
  for (int b = 0; b < blocks; ++b) count += wrong(rank, b) ? 1 : 0;
  if (received[r]->behindEnd != expected[r]->behindEnd) ++count;
  return count;
}

int ReceivedBuffers::columns() const {
  std::size_t most = 0;
  for (const auto& b : received)
    if (b) most = std::max(most, b->blocks.size());
  return static_cast<int>(most);
}

} // namespace collscope::app
