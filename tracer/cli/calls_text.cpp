// The text form of `collscope-trace calls`: one line per call, whatever p and however many
// calls, so that it can be read (and grepped) at p = 1024 and thousands of calls, within 100
// columns. The resembled algorithm is the column a user reads, so it is the one never cut
// (unless it alone is wider than the line): the call's kind (its name says it) and the long
// explanations are left to `--call N`, and the name, ranks and Open MPI columns give way, in
// that order, with "…". `--wide` cuts nothing.
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

// "= bcast/binomial" for an exact match, "≈ allgather/ring" for the nearest; how it differs,
// in words, is behind --call N. The root it was compared at is said where the call has none
// of its own or another one: a phase of point-to-point code has no root, and "root 2" is what
// tells the engineer which rank the tree hangs from.
std::string resembles_cell(const model::Resemblance& r, int call_root) {
  // A halo names no collective; the table says what it is, --call N how (distances, counts).
  if (!r.known() && !r.exchange.empty())
    return r.exchange.starts_with("neighbour shift") ? "neighbour shift" : "neighbour exchange";
  if (!r.known()) return "-";
  return (r.exact ? "= " : "≈ ") + r.collective + "/" + r.algorithm +
         (r.root != model::no_index && r.root != call_root ? " root " + std::to_string(r.root)
                                                          : "");
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

// "binomial (forced)", "knomial (fixed)", "binomial (rules)", "unknown": what Open MPI ran, in
// a word or two; --call N says it in full (the rules file and its line, why unknown).
std::string ompi_cell(const model::OmpiAlgorithm& a) {
  if (!a.recorded()) return "-";
  if (a.source.starts_with("forced")) return a.name + " (forced)";
  if (a.source.starts_with("fixed decision")) return a.name + " (fixed)";
  if (a.source.starts_with("rules file")) return a.name + " (rules)";
  return a.name;
}

std::string rounds_cell(const model::CallSummary& r, bool any_annotated) {
  return std::to_string(r.rounds_inferred) + (r.rounds_consistent ? "" : "!") +
         (any_annotated
              ? "/" + (r.rounds_annotated ? std::to_string(r.rounds_annotated) : std::string("-"))
              : "");
}

enum Column { index, kind, name, p, root, ranks, messages, self, bytes, rounds, ompi, resembles, count };

} // namespace

std::string rounds_inconsistent_note() {
  return "a receive is recorded before the send it waited for (a cycle in the message order), "
         "so the inferred count is a lower bound";
}

std::string rows_text(const std::vector<model::CallSummary>& rows, std::size_t width) {
  const bool wide = width == 0;
  const std::array<const char*, count> header = {"call", "kind",   "name",  "p",
                                                 "root", "ranks",  "msgs",  "self",
                                                 "bytes", "rounds", "open mpi", "resembles"};
  constexpr std::array<bool, count> right = {true, false, false, true,  true, false,
                                             true, true,  true,  true, false, false};
  bool any_self = false, any_annotated = false, any_native = false, any_ompi = false,
       any_inconsistent = false, any_rules = false, any_exchange = false, self_merged = false;
  for (const model::CallSummary& r : rows) {
    any_self = any_self || r.call.self_messages > 0;
    any_ompi = any_ompi || r.call.ompi.recorded();
    any_rules = any_rules || r.call.ompi.source.starts_with("rules file");
    any_annotated = any_annotated || r.rounds_annotated > 0;
    any_inconsistent = any_inconsistent || !r.rounds_consistent;
    any_exchange = any_exchange || !r.resembles.exchange.empty();
  }
  std::vector<std::array<std::string, count>> cells;
  for (const model::CallSummary& r : rows) {
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
    row[rounds] = rounds_cell(r, any_annotated);
    row[ompi] = ompi_cell(c.ompi);
    row[resembles] = resembles_cell(r.resembles, c.root);
    cells.push_back(std::move(row));
  }
  std::array<bool, count> shown;
  shown.fill(true);
  shown[kind] = wide;
  shown[self] = any_self;
  shown[ompi] = any_ompi;
  // Two spaces around the words, one between the numbers (their headers keep them apart).
  const auto gap = [](int k) {
    return k <= p || k == ranks || k == ompi || k == resembles ? 2u : 1u;
  };
  std::array<std::size_t, count> w{};
  std::size_t total = 0;
  for (int k = 0; k < count; ++k) {
    w[k] = columns(header[k]);
    for (const auto& row : cells) w[k] = std::max(w[k], columns(row[k]));
    if (shown[k]) total += w[k] + (k == index ? 0 : gap(k));
  }
  // Too wide: the columns give way one after the other, each to a floor. Before any name is
  // cut, Open MPI's column loses its "(forced)" and "(fixed)" (--call N says them) and the
  // self column goes into msgs ("5+1"); last the resemblance loses the roots it was compared
  // at (--call N has them), and is cut only as the last resort.
  enum Step { cap, bare_ompi, self_in_msgs, no_roots };
  struct GiveWay {
    Step step;
    Column column = count;
    std::size_t floor = 0;
  };
  constexpr GiveWay give_way[] = {
      {cap, name, 24},  {bare_ompi},       {self_in_msgs},   {cap, ranks, 9},
      {cap, name, 14},  {cap, ompi, 16},   {cap, ompi, 10},  {cap, name, 10},
      {cap, ompi, 6},   {cap, ranks, 6},   {no_roots},       {cap, ranks, 3},
      {cap, resembles, 9}};
  // A column's cells changed: its width again (never wider than a cap already put on it).
  const auto remeasure = [&](int k) {
    std::size_t now = columns(header[k]);
    for (const auto& row : cells) now = std::max(now, columns(row[k]));
    now = std::min(now, w[k]);
    total -= w[k] - now;
    w[k] = now;
  };
  for (const GiveWay& g : give_way) {
    if (wide || total <= width) break;
    if (g.step == bare_ompi && shown[ompi]) {
      for (std::size_t i = 0; i < rows.size(); ++i)
        if (rows[i].call.ompi.recorded()) cells[i][ompi] = rows[i].call.ompi.name;
      remeasure(ompi);
    } else if (g.step == self_in_msgs && shown[self]) {
      shown[self] = false;
      total -= w[self] + gap(self);
      std::size_t widest = w[messages];
      for (std::size_t i = 0; i < rows.size(); ++i) {
        if (rows[i].call.self_messages != 0) cells[i][messages] += "+" + cells[i][self];
        widest = std::max(widest, columns(cells[i][messages]));
      }
      total += widest - w[messages];
      w[messages] = widest;
      self_merged = true;
    } else if (g.step == no_roots) {
      for (std::size_t i = 0; i < rows.size(); ++i)
        cells[i][resembles] = resembles_cell(rows[i].resembles, rows[i].resembles.root);
      remeasure(resembles);
    } else if (g.step == cap && shown[g.column] && w[g.column] > g.floor) {
      const std::size_t give = std::min(w[g.column] - g.floor, total - width);
      w[g.column] -= give;
      total -= give;
    }
  }
  const auto line = [&](const auto& row) {
    std::string out;
    for (int k = 0; k < count; ++k) {
      if (!shown[k]) continue;
      if (!out.empty()) out += std::string(gap(k), ' ');
      out += k == resembles ? shorten(row[k], w[k]) : pad(shorten(row[k], w[k]), w[k], right[k]);
    }
    while (!out.empty() && out.back() == ' ') out.pop_back();
    return out + "\n";
  };
  std::array<std::string, count> head;
  for (int k = 0; k < count; ++k) head[k] = header[k];
  std::string out = line(head);
  bool cut = false;
  for (const auto& row : cells) {
    out += line(row);
    cut = cut || columns(row[resembles]) > w[resembles];
  }
  out += "p: size of the call's communicator; root: rank there; msgs, bytes: between ranks\n";
  out += any_native ? "(bytes): a native collective's own count of the bytes its ranks sent\n" : "";
  out += !any_self      ? ""
         : self_merged ? "msgs 5+1: and 1 to oneself, not counted; "
                       : "self: messages to oneself, not counted; ";
  out += any_annotated ? "rounds: inferred/annotated" : "rounds: inferred";
  out += ", from 0 within each call\n";
  if (any_inconsistent)
    out += "! rounds inconsistent: a receive recorded before its send; the count is a lower "
           "bound\n";
  out += any_ompi ? std::string("open mpi: what Open MPI ran: forced, fixed decision") +
                        (any_rules ? " or rules file" : "") + " (--call N: which; why unknown)\n"
                  : "";
  out += std::string("resembles: = the registry's algorithm exactly, ≈ the nearest (--call N: "
                     "how") +
         (cut ? "; --wide: in full" : "") + ")\n";
  if (any_exchange)
    out += "neighbour exchange, shift: point-to-point with neighbours (a halo), no collective\n";
  // The MPI library's own algorithm, where the trace names it: one line per name, in order.
  std::vector<std::pair<std::string, int>> named;
  for (const model::CallSummary& r : rows) {
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

std::string row_detail(const model::CallSummary& r) {
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
    out += line("collective", std::to_string(c.collective_bytes) + " bytes sent by its ranks" +
                                  (c.reduction.empty() ? "" : ", op " + c.reduction));
  if (c.ompi.recorded()) out += line("open mpi", c.ompi.describe());
  if (!c.library_algorithm.empty()) out += line("library", c.library_algorithm);
  out += line("rounds", std::to_string(r.rounds_inferred) + " inferred, " +
                            std::to_string(r.rounds_annotated) +
                            " annotated (numbered from 0 within the call)");
  out += line("", r.rounds_consistent ? "inferred rounds consistent"
                                      : "inferred rounds INCONSISTENT: " +
                                            rounds_inconsistent_note());
  char time[80];
  std::snprintf(time, sizeof time, "%.6f … %.6f s on the trace's clock", c.begin, c.end);
  out += line("time", time);
  std::string meta;
  for (const auto& [key, value] : c.meta) meta += (meta.empty() ? "" : " ") + key + "=" + value;
  if (!meta.empty()) out += line("meta", meta);
  if (!r.resembles.known())
    return out + line("resembles", "nothing in the registry") +
           (r.resembles.words.empty() ? "" : line("", r.resembles.words));
  return out + line("resembles", resembles_cell(r.resembles, model::no_index)) +
         line("", r.resembles.words);
}

} // namespace collscope::trace_cli
