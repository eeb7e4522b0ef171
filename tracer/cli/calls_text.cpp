// The text form of `collscope-trace calls`: one line per call, whatever p and however many
// calls, so that it can be read (and grepped) at p = 1024 and thousands of calls. Columns are as
// wide as their widest cell; the name, ranks and resemblance are shortened with "…" to fit.
#include "call_rows.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <utility>

namespace collscope::trace_cli {

namespace {

// Columns on a terminal: UTF-8 continuation bytes take none ("→", "…", "≈" are one).
std::size_t columns(const std::string& s) {
  return static_cast<std::size_t>(std::count_if(
      s.begin(), s.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

std::string shorten(const std::string& s, std::size_t width) {
  if (columns(s) <= width) return s;
  if (width == 0) return {};
  std::string out;
  std::size_t used = 0;
  for (char c : s) {
    const bool starts = (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    if (starts && ++used > width - 1) break;
    out += c;
  }
  return out + "…";
}

std::string pad(const std::string& s, std::size_t width, bool right) {
  const std::string fill(width > columns(s) ? width - columns(s) : 0, ' ');
  return right ? fill + s : s + fill;
}

// "= bcast/binomial" for an exact match, "≈ allgather/ring" for the nearest; the words (how
// it differs) are in --json.
// The root it was compared at is said too: a phase of point-to-point code has no root of its
// own, and "from root 2" is what tells the engineer which rank the tree hangs from.
std::string resembles_cell(const model::Resemblance& r) {
  if (!r.known()) return "-";
  return (r.exact ? "= " : "≈ ") + r.collective + "/" + r.algorithm +
         (r.root != model::no_index ? " root " + std::to_string(r.root) : "");
}

// Exact up to 7 digits, then 3 significant figures with an SI prefix (12.3M, 123G): the column
// stays narrow at p = 1024; --json has the exact figure.
std::string count_cell(std::uint64_t n) {
  if (n < 10'000'000) return std::to_string(n);
  const char* prefix = "MGTPE";
  double value = static_cast<double>(n) / 1e6;
  while (value >= 999.5 && prefix[1] != '\0') {
    value /= 1e3;
    ++prefix;
  }
  char text[16];
  std::snprintf(text, sizeof text, value < 99.95 ? "%.1f%c" : "%.0f%c", value, *prefix);
  return text;
}

// "binomial (forced)", "knomial (fixed)", "unknown": what Open MPI ran, in a word or two.
std::string ompi_cell(const model::OmpiAlgorithm& a) {
  if (!a.recorded()) return "-";
  if (a.source.starts_with("forced")) return a.name + " (forced)";
  if (a.source.starts_with("fixed decision")) return a.name + " (fixed)";
  return a.name;
}

enum Column {
  index,
  kind,
  name,
  p,
  root,
  ranks,
  messages,
  self,
  bytes,
  rounds,
  ompi,
  resembles,
  count
};

} // namespace

std::string rows_text(const std::vector<CallRow>& rows, std::size_t width) {
  const std::array<const char*, count> header = {
      "call",  "kind",   "name",     "p",        "root", "ranks",
      "msgs",  "self",   "bytes",    "rounds",   "open mpi", "resembles"};
  constexpr std::array<bool, count> right = {true, false, false, true,  true, false,
                                             true, true,  true,  true, false, false};
  bool any_self = false, any_annotated = false, any_native = false, any_ompi = false;
  for (const CallRow& r : rows) {
    any_self = any_self || r.call.self_messages > 0;
    any_ompi = any_ompi || r.call.ompi.recorded();
    any_annotated = any_annotated || r.rounds_annotated > 0;
  }
  std::vector<std::array<std::string, count>> cells;
  for (const CallRow& r : rows) {
    const model::Call& c = r.call;
    std::array<std::string, count> row;
    row[index] = std::to_string(c.index);
    row[kind] = model::to_string(c.kind);
    row[name] = std::string(2 * static_cast<std::size_t>(r.depth), ' ') + c.name;
    row[p] = std::to_string(c.members.empty() ? c.size() : static_cast<int>(c.members.size()));
    row[root] = c.root == model::no_index ? "-" : std::to_string(c.root);
    row[ranks] = rank_ranges(c.ranks);
    row[messages] = count_cell(static_cast<std::uint64_t>(c.messages));
    row[self] = c.self_messages ? std::to_string(c.self_messages) : "-";
    // A native collective whose messages the trace does not hold: the bytes its ranks said
    // they sent, in parentheses (not counted between ranks).
    const bool native_count =
        c.kind == model::CallKind::collective && c.messages == 0 && c.collective_bytes > 0;
    any_native = any_native || native_count;
    row[bytes] = native_count ? "(" + count_cell(c.collective_bytes) + ")" : count_cell(c.bytes);
    row[rounds] = std::to_string(r.rounds_inferred) +
                  (any_annotated ? "/" + (r.rounds_annotated ? std::to_string(r.rounds_annotated)
                                                             : std::string("-"))
                                 : "");
    row[ompi] = ompi_cell(c.ompi);
    row[resembles] = resembles_cell(r.resembles);
    cells.push_back(std::move(row));
  }
  std::array<bool, count> shown;
  shown.fill(true);
  shown[self] = any_self;
  shown[ompi] = any_ompi;
  // Widest cell of each column; the name, ranks and resemblance columns then give way.
  std::array<std::size_t, count> w{};
  for (int k = 0; k < count; ++k) {
    w[k] = columns(header[k]);
    for (const auto& row : cells) w[k] = std::max(w[k], columns(row[k]));
  }
  w[ranks] = std::min<std::size_t>(w[ranks], 12);
  w[name] = std::min<std::size_t>(w[name], 32);
  // Two spaces around the words, one between the numbers (their headers keep them apart).
  const auto gap = [](int k) {
    return k <= p || k == ranks || k == ompi || k == resembles ? 2u : 1u;
  };
  std::size_t fixed = 0;
  for (int k = 0; k < count; ++k)
    if (shown[k] && k != resembles) fixed += w[k] + gap(k);
  fixed += gap(resembles) - gap(index);
  if (fixed + w[resembles] > width) {
    const std::size_t rest = width > fixed ? width - fixed : 0;
    if (rest < 24 && w[name] > 16) {
      const std::size_t give = std::min(w[name] - 16, 24 - rest);
      w[name] -= give;
      fixed -= give;
    }
    w[resembles] = std::max<std::size_t>(width > fixed ? width - fixed : 0, 9);
  }
  const auto line = [&](const auto& row) {
    std::string out;
    for (int k = 0; k < count; ++k) {
      if (!shown[k]) continue;
      if (!out.empty()) out += std::string(gap(k), ' ');
      out += k == resembles ? shorten(row[k], w[k]) : pad(shorten(row[k], w[k]), w[k], right[k]);
    }
    return out + "\n";
  };
  std::array<std::string, count> head;
  for (int k = 0; k < count; ++k) head[k] = header[k];
  std::string out = line(head);
  for (const auto& row : cells) out += line(row);
  out += "p: size of the call's communicator; root: rank there; msgs, bytes: between ranks\n";
  out += any_native ? "(bytes): a native collective's own count of the bytes its ranks sent\n" : "";
  out += any_self ? "self: messages to oneself, not counted; " : "";
  out += any_annotated ? "rounds: inferred/annotated" : "rounds: inferred";
  out += ", from 0 within each call\n";
  out += any_ompi ? "open mpi: the algorithm Open MPI ran, forced or its fixed decision "
                    "(--call N: why unknown)\n"
                  : "";
  out += "resembles: = the registry's algorithm exactly, ≈ the nearest (--json: how, in words)\n";
  // The MPI library's own algorithm, where the trace names it: one line per name, in order.
  std::vector<std::pair<std::string, int>> named;
  for (const CallRow& r : rows) {
    if (r.call.library_algorithm.empty()) continue;
    const auto it = std::find_if(named.begin(), named.end(),
                                 [&](const auto& n) { return n.first == r.call.library_algorithm; });
    if (it == named.end())
      named.emplace_back(r.call.library_algorithm, 1);
    else
      ++it->second;
  }
  for (const auto& [algorithm, n] : named)
    out += "library's algorithm: " + algorithm + " (" + std::to_string(n) +
           (n == 1 ? " call)\n" : " calls)\n");
  return out;
}

std::string row_detail(const CallRow& r) {
  const model::Call& c = r.call;
  const auto line = [](const char* key, const std::string& value) {
    char head[24];
    std::snprintf(head, sizeof head, "%-14s", key);
    return std::string(head) + value + "\n";
  };
  const int comm_size = c.members.empty() ? c.size() : static_cast<int>(c.members.size());
  std::string out =
      line("call", std::to_string(c.index) + ": " + c.name + " (" + model::to_string(c.kind) + ")");
  if (c.parent != model::no_index) out += line("inside", "call " + std::to_string(c.parent));
  out += line("communicator",
              (r.communicator.empty() ? "several" : r.communicator) +
                  ", p = " + std::to_string(comm_size) +
                  (c.root != model::no_index ? ", root " + std::to_string(c.root) : std::string()));
  out += line("ranks", rank_ranges(c.ranks) + " (" + std::to_string(c.size()) + ")");
  std::string messages =
      std::to_string(c.messages) + " between ranks, " + std::to_string(c.bytes) + " bytes";
  if (c.self_messages)
    messages += "; +" + std::to_string(c.self_messages) + " to oneself, not counted";
  if (c.crossing) messages += "; " + std::to_string(c.crossing) + " with one end outside the call";
  out += line("messages", messages);
  if (c.kind == model::CallKind::collective)
    out += line("collective", std::to_string(c.collective_bytes) + " bytes sent by its ranks");
  if (c.ompi.recorded()) out += line("open mpi", c.ompi.describe());
  out += line("rounds", std::to_string(r.rounds_inferred) + " inferred, " +
                            std::to_string(r.rounds_annotated) +
                            " annotated (numbered from 0 within the call)");
  char time[80];
  std::snprintf(time, sizeof time, "%.6f … %.6f s on the trace's clock", c.begin, c.end);
  out += line("time", time);
  std::string meta;
  for (const auto& [key, value] : c.meta) meta += (meta.empty() ? "" : " ") + key + "=" + value;
  if (!meta.empty()) out += line("meta", meta);
  if (!r.resembles.known())
    return out + line("resembles", "nothing in the registry") +
           (r.resembles.words.empty() ? "" : line("", r.resembles.words));
  return out + line("resembles", resembles_cell(r.resembles)) + line("", r.resembles.words);
}

} // namespace collscope::trace_cli
