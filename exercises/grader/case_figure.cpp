#include "case_figure.hpp"

#include "collscope/model/calls.hpp"
#include "collscope/model/inferred_rounds.hpp"
#include "collscope/model/load_trace.hpp"
#include "report_text.hpp"

#include <algorithm>
#include <cstdio>
#include <map>
#include <memory>
#include <set>

namespace collscope::grade {

namespace {

constexpr double column = 90, row = 26, left = 70, top = 44, margin = 24;

std::string fmt(const char* format, double a, double b = 0, double c = 0, double d = 0) {
  char text[200];
  std::snprintf(text, sizeof text, format, a, b, c, d);
  return text;
}

/// A run's trace holds every case of the run: loaded once for the figures of all its cases.
struct Loaded {
  model::Trace trace;
  std::vector<model::Call> calls;
};

const Loaded* load(const std::filesystem::path& path) {
  static std::map<std::filesystem::path, std::unique_ptr<Loaded>> cache;
  if (const auto it = cache.find(path); it != cache.end()) return it->second.get();
  std::unique_ptr<Loaded> loaded;
  try {
    model::Trace trace = model::load_trace(path);
    std::vector<model::Call> calls = model::divide_calls(trace);
    loaded = std::make_unique<Loaded>(Loaded{std::move(trace), std::move(calls)});
  } catch (const model::TraceError&) {
    // No figure: the report still names the trace and its commands.
  }
  return (cache[path] = std::move(loaded)).get();
}

} // namespace

std::string case_figure_svg(const std::filesystem::path& path, int call, const std::string& title) {
  const Loaded* loaded = call < 0 ? nullptr : load(path);
  if (!loaded) return {};
  const auto found = std::find_if(loaded->calls.begin(), loaded->calls.end(),
                                  [&](const model::Call& c) { return c.index == call; });
  if (found == loaded->calls.end()) return {};
  const model::Trace own = model::call_trace(loaded->trace, *found);
  const model::InferredRounds rounds = model::inferred_rounds(own);
  std::set<int> ranks;
  for (const model::Rank& rank : own.ranks)
    if (!rank.operations.empty()) ranks.insert(rank.id);
  int messages = 0;
  for (std::size_t i = 0; i < own.messages.size(); ++i)
    messages += rounds.message_round[i] != model::no_index;
  if (messages == 0 || ranks.empty()) return {};
  std::map<int, int> lane; // world rank → row
  for (const int r : ranks) lane.emplace(r, static_cast<int>(lane.size()));
  const int columns = std::max(1, rounds.rounds);
  const double w = left + columns * column + margin, h = top + static_cast<double>(ranks.size()) * row + margin;
  std::string svg = fmt("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
                        "viewBox=\"0 0 %.0f %.0f\" font-family=\"sans-serif\" font-size=\"11\">\n",
                        w, h, w, h);
  svg += "<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" "
         "markerWidth=\"6\" markerHeight=\"6\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" "
         "fill=\"#1f5fa8\"/></marker></defs>\n";
  svg += "<text x=\"8\" y=\"16\" font-size=\"12\" font-weight=\"bold\">" + markup(title) +
         "</text>\n";
  for (int r = 0; r < columns; ++r)
    svg += fmt("<text x=\"%.1f\" y=\"34\" text-anchor=\"middle\">round %.0f</text>\n",
               left + (r + 0.5) * column, r);
  for (const auto& [rank, y] : lane) {
    const double at = top + (y + 0.5) * row;
    svg += fmt("<text x=\"8\" y=\"%.1f\">rank %.0f</text>\n", at + 4, rank);
    svg += fmt("<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#ccc\"/>\n", left,
               at, left + columns * column, at);
  }
  // Several messages of one round: spread across the column so that none hides another.
  std::map<int, int> in_round, drawn;
  for (std::size_t i = 0; i < own.messages.size(); ++i)
    if (rounds.message_round[i] != model::no_index) ++in_round[rounds.message_round[i]];
  for (std::size_t i = 0; i < own.messages.size(); ++i) {
    const int r = rounds.message_round[i];
    if (r == model::no_index) continue;
    const model::Message& m = own.messages[i];
    if (!lane.count(m.sender) || !lane.count(m.receiver)) continue;
    const double slot = (drawn[r]++ + 1.0) / (in_round[r] + 1.0);
    const double x = left + (r + 0.15 + 0.7 * slot) * column;
    const double y1 = top + (lane[m.sender] + 0.5) * row, y2 = top + (lane[m.receiver] + 0.5) * row;
    svg += fmt("<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#1f5fa8\" "
               "stroke-width=\"1.5\" marker-end=\"url(#arrow)\">",
               x - 6, y1, x + 6, y2 + (y2 > y1 ? -3 : 3));
    svg += fmt("<title>rank %.0f → rank %.0f, %.0f bytes, round %.0f</title></line>\n", m.sender,
               m.receiver, static_cast<double>(m.bytes), r);
  }
  svg += "</svg>\n";
  return svg;
}

} // namespace collscope::grade
