// `collscope stats TRACE [--call N | --region NAME] [--alpha A] [--beta B] [--json]` and
// the node options of node_stats.hpp
#include "call_option.hpp"
#include "call_rows.hpp"
#include "call_select.hpp"
#include "cli.hpp"
#include "clock_stats.hpp"
#include "collscope/cli/numbers.hpp"
#include "collscope/cost_defaults.hpp"
#include "collscope/model/communication_tree.hpp"
#include "collscope/model/load_trace.hpp"
#include "collscope/network_file.hpp"
#include "load.hpp"
#include "node_stats.hpp"
#include "trace_stats.hpp"

#include <cstdio>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace collscope::trace_cli {

namespace {

// NaN and infinity cannot occur (α and β are finite, times are validated at load); should one
// ever slip through, nlohmann-json writes null, never a bare nan/inf.
// The communication tree as JSON: parent and level per world rank (null where none).
nlohmann::ordered_json tree_json(const model::CommunicationTree& t) {
  const auto indices = [](const std::vector<int>& v) {
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    for (const int i : v)
      out.push_back(i == model::no_index ? nlohmann::ordered_json() : nlohmann::ordered_json(i));
    return out;
  };
  if (!t.is_tree) return {{"is_tree", false}, {"reason", t.reason}};
  return {{"is_tree", true},
          {"root", t.root},
          {"depth", t.depth},
          {"direction", t.upward ? "to the root" : "from the root"},
          {"parent", indices(t.parent)},
          {"level", indices(t.level)}};
}

// One line: a tree's root, direction and depth, or why the messages are no tree.
std::string tree_text(const model::CommunicationTree& t) {
  if (!t.is_tree) return "none: " + t.reason;
  return std::string(t.upward ? "to" : "from") + " root " + std::to_string(t.root) + ", depth " +
         std::to_string(t.depth) + " (--json: parent and level of each rank)";
}

void print_json(const Scoped& scope, const TraceStats& s, const NodeStats& nodes) {
  nlohmann::ordered_json out;
  add_scope_json(out, scope);
  if (scope.call) out["ompi_algorithm"] = ompi_json(scope.call->ompi);
  out.update(nlohmann::ordered_json{
      {"ranks", s.ranks},
      {"p", s.p},
      {"messages", s.messages},
      {"self_messages", s.self_messages},
      {"self_bytes", s.self_bytes},
      {"native_messages", s.native_messages},
      {"native_bytes", s.native_bytes},
      {"bytes_total", s.bytes_total},
      {"bytes_max_per_rank", s.bytes_max_per_rank},
      {"bytes_saturated", s.bytes_saturated},
      {"rounds_inferred", s.rounds_inferred},
      {"rounds_consistent", s.rounds_consistent},
      {"rounds_annotated", s.rounds_annotated},
      {"critical_path_s", s.critical_path_s},
      {"wait_s_per_rank", s.wait_s_per_rank},
      {"replay_alpha_beta_s", s.replay_alpha_beta_s},
      {"alpha", s.alpha},
      {"beta", s.beta},
      {"unmatched", s.unmatched},
  });
  // null for a whole run; else why the record stops early (the figures cover what it holds)
  out["incomplete"] =
      s.incomplete.empty() ? nlohmann::ordered_json() : nlohmann::ordered_json(s.incomplete);
  // null when the scope has no native collective or the archive does not say
  out["native_inside"] =
      s.native_inside.empty() ? nlohmann::ordered_json() : nlohmann::ordered_json(s.native_inside);
  // null when every thread's calls were recorded (or the archive does not say)
  out["threads"] = scope.trace.threads.empty() ? nlohmann::ordered_json()
                                               : nlohmann::ordered_json(scope.trace.threads);
  out["tree"] = tree_json(model::communication_tree(scope.trace));
  add_clock_json(out, scope.trace.clocks);
  add_node_json(out, nodes);
  std::printf("%s\n", out.dump(2).c_str());
}

// One line per distinct algorithm and metadata, with how often it ran: a benchmark of 200
// repetitions is one line "… ×200", not 200 identical ones.
void print_algorithms(const model::Trace& trace) {
  std::vector<std::pair<std::string, int>> lines;
  std::map<std::string, std::size_t> index;
  for (const model::AlgorithmInstance& a : trace.algorithms) {
    std::string line = a.name;
    for (const auto& [key, value] : a.meta)
      if (key != "collective" && key != "algorithm") line += " " + key + "=" + value;
    const auto [it, added] = index.try_emplace(line, lines.size());
    if (added) lines.emplace_back(line, 0);
    ++lines[it->second].second;
  }
  for (const auto& [line, times] : lines)
    std::printf("algorithm           %s%s\n", line.c_str(),
                times > 1 ? (" ×" + std::to_string(times)).c_str() : "");
}

std::string bytes_text(std::uint64_t bytes, bool saturated) {
  return std::to_string(bytes) + (saturated ? " or more (the sum exceeds 2^64 − 1)" : "");
}

void print_text(const Scoped& scope, const TraceStats& s, const NodeStats& nodes) {
  const model::Trace& trace = scope.trace;
  std::printf("trace               %s\n", trace.path.c_str());
  std::printf("scope               %s\n", scope_text(scope).c_str());
  if (scope.call && scope.call->ompi.recorded())
    std::printf("open mpi            %s\n", scope.call->ompi.describe().c_str());
  if (!s.incomplete.empty())
    std::printf("incomplete          %s (the figures cover what was recorded)\n",
                s.incomplete.c_str());
  if (!s.native_inside.empty())
    std::printf("inside collectives  messages %s\n", s.native_inside.c_str());
  if (!trace.threads.empty()) std::printf("threads             %s\n", trace.threads.c_str());
  print_algorithms(trace);
  // p as the app's title and the grader state it; ranks that never enter the algorithm (the
  // grader's idle rank) are ranks of the trace, not of the collective.
  if (s.p == s.ranks)
    std::printf("ranks               %d\n", s.ranks);
  else
    std::printf("ranks               %d (p = %d take part in the algorithm)\n", s.ranks, s.p);
  // A rank's message to itself is a local copy: said apart, counted in no figure.
  std::string apart;
  if (s.native_messages)
    apart += ", " + std::to_string(s.native_messages) + " of them, " +
             std::to_string(s.native_bytes) +
             " bytes, sent by the library inside native collectives";
  if (s.unmatched) apart += ", +" + std::to_string(s.unmatched) + " unmatched";
  if (s.self_messages)
    apart += ", +" + std::to_string(s.self_messages) + " to oneself, " +
             std::to_string(s.self_bytes) + " bytes, not counted";
  std::printf("messages            %zu between ranks%s\n", s.messages,
              apart.empty() ? "" : (" (" + apart.substr(2) + ")").c_str());
  std::printf("bytes               %s total, %s max per rank\n",
              bytes_text(s.bytes_total, s.bytes_saturated).c_str(),
              bytes_text(s.bytes_max_per_rank, s.bytes_saturated).c_str());
  // Counts; the rounds themselves are numbered 0 … count − 1 (round 0 is the first).
  std::printf("rounds              %d%s inferred, %d annotated (numbered from 0)\n",
              s.rounds_inferred, s.rounds_consistent ? "" : "!", s.rounds_annotated);
  if (!s.rounds_consistent)
    std::printf("                    ! rounds inconsistent: %s\n",
                rounds_inconsistent_note().c_str());
  std::printf("tree                %s\n", tree_text(model::communication_tree(trace)).c_str());
  std::printf("critical path       %.3e s\n", s.critical_path_s);
  std::printf("waiting per rank   ");
  for (double w : s.wait_s_per_rank) std::printf(" %.2e", w);
  std::printf(" s\n");
  std::printf("α-β replay          %.3e s (α = %g s, β = %g s/byte)\n", s.replay_alpha_beta_s,
              s.alpha, s.beta);
  std::printf("clocks              %s\n", clock_text(trace.clocks).c_str());
  print_node_text(nodes);
}

} // namespace

namespace {

struct StatsArgs {
  std::string path;
  std::optional<std::string> alpha, beta; ///< as typed: read after the measured network
  bool json = false;
  NodeOptions node_options;
  CallOption call_option;
};

int run_stats(const StatsArgs& a) {
  const std::string& path = a.path;
  const NodeOptions& node_options = a.node_options;
  const CallOption& call_option = a.call_option;
  const bool json = a.json;
  // Without --alpha/--beta: the measured network (collscope-calibrate), else the defaults.
  MeasuredNetwork network;
  try {
    network = measured_network();
  } catch (const std::runtime_error& e) {
    throw UsageError(e.what());
  }
  const bool alpha_given = a.alpha.has_value(), beta_given = a.beta.has_value();
  const double alpha = a.alpha ? cli::positive_value("--alpha", *a.alpha, true) : network.alpha_s;
  const double beta =
      a.beta ? cli::positive_value("--beta", *a.beta, true) : network.beta_s_per_byte;
  const Scoped scope = scope_trace(load(path), call_option);
  const model::Trace& trace = scope.trace;
  if (!network.path.empty() && !alpha_given && !beta_given)
    std::fprintf(stderr, "%s: α and β from %s (collscope-calibrate)\n", program().c_str(),
                 network.path.c_str());
  const TraceStats s = compute_stats(trace, alpha, beta);
  const NodeStats nodes = compute_node_stats(trace, node_options, alpha, beta);
  if (!s.incomplete.empty())
    std::fprintf(stderr, "%s: warning: incomplete trace: %s\n", program().c_str(),
                 s.incomplete.c_str());
  if (json)
    print_json(scope, s, nodes);
  else
    print_text(scope, s, nodes);
  return 0;
}

} // namespace

Command add_stats(CLI::App& app) {
  CLI::App& sub = *app.add_subcommand(
      "stats",
      R"(Ranks, messages and bytes between ranks (a rank's messages to itself apart), inferred and
annotated rounds, critical path, waiting per rank, α-β replay; nodes (the trace's layout or
the one given), bytes into and out of each node, two-level replay (α, β inside a node;
--alpha, --beta between nodes) and k-lane replay (K lanes per node).)");
  const auto a = std::make_shared<StatsArgs>();
  cli::synopsis(sub, {"TRACE [--call N | --region NAME] [--alpha A] [--beta B] [--json]",
                      "  [--alpha-node A] [--beta-node B] [--lanes K] [--ports K]",
                      "  [--ranks-per-node N [--placement consecutive|round-robin] | --nodes "
                      "N,N,...]"});
  sub.footer(trace_note);
  sub.add_option("TRACE", a->path, "the trace (an archive directory or its traces.otf2)")
      ->required()
      ->type_name("");
  add_call_option(sub, a->call_option);
  // Checked as parsed, kept as typed: the default (the measured network) is read later.
  const auto seconds = [&sub](const std::string& name, std::optional<std::string>& out,
                              const char* type, const char* help) {
    sub.add_option_function<std::string>(
           name,
           [name, &out](const std::string& v) {
             cli::positive_value(name, v, true);
             out = v;
           },
           help)
        ->type_name(type);
  };
  seconds("--alpha", a->alpha, "A",
          "α of the replay (s per message); default the measured network's (collscope "
          "calibrate), else 1e-06");
  seconds("--beta", a->beta, "B",
          "β of the replay (s per byte); default the measured network's, else 2e-10");
  sub.add_flag("--json", a->json, "the same as JSON (tracer/README.md, \"stats\")");
  a->node_options.add(sub);
  return [a] { return run_stats(*a); };
}

} // namespace collscope::trace_cli
