// `collscope export TRACE [--call N | --region NAME] --perfetto OUT.json`: Chrome/Perfetto
// trace-event JSON, one track per rank (its MPI calls and annotated regions as slices, their
// args as perfetto_args.hpp says) and a flow arrow per message, from the send's slice to the
// receive's, carrying the message's rounds (inferred and, if the algorithm annotated them,
// annotated; both numbered from 0 like the `round k` slices). With --call, the call alone,
// times and rounds from 0; "otherData" names it (or says the file is the whole trace).
#include "call_option.hpp"
#include "call_select.hpp"
#include "cli.hpp"
#include "collscope/model/annotated_rounds.hpp"
#include "collscope/model/inferred_rounds.hpp"
#include "collscope/model/load_trace.hpp"
#include "load.hpp"
#include "perfetto_args.hpp"

#include <cstdio>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

namespace collscope::trace_cli {

namespace {

const char* category(model::RegionKind kind) {
  switch (kind) {
  case model::RegionKind::algorithm:
    return "algorithm";
  case model::RegionKind::phase:
    return "phase";
  case model::RegionKind::round:
    return "round";
  case model::RegionKind::mpi_call:
    return "mpi";
  case model::RegionKind::other:
    return "other";
  }
  return "other";
}

double micros(double seconds) {
  return seconds * 1e6;
}

// Events are written one by one (a million-message trace would not fit as one JSON value);
// nlohmann-json writes each, so every string is escaped, control characters included.
void write_perfetto(const Scoped& scope, std::ostream& out) {
  using nlohmann::ordered_json;
  const model::Trace& trace = scope.trace;
  ordered_json other;
  add_scope_json(other, scope);
  out << "{\"displayTimeUnit\":\"ns\",\"otherData\":" << other.dump() << ",\"traceEvents\":[\n";
  bool first = true;
  const auto event = [&](const ordered_json& json) {
    out << (first ? "" : ",\n") << json.dump();
    first = false;
  };
  const std::string title =
      scope.call
          ? trace.path + " — call " + std::to_string(scope.call->index) + ": " + scope.call->name
          : trace.path;
  event({{"name", "process_name"}, {"ph", "M"}, {"pid", 1}, {"args", {{"name", title}}}});
  const model::InferredRounds inferred = model::inferred_rounds(trace);
  const model::AnnotatedRounds annotated = model::annotated_rounds(trace);
  for (const model::Rank& rank : trace.ranks) {
    event({{"name", "thread_name"},
           {"ph", "M"},
           {"pid", 1},
           {"tid", rank.id},
           {"args", {{"name", "rank " + std::to_string(rank.id)}}}});
    event({{"name", "thread_sort_index"},
           {"ph", "M"},
           {"pid", 1},
           {"tid", rank.id},
           {"args", {{"sort_index", rank.id}}}});
    std::vector<ordered_json> args = slice_args(trace, rank, inferred, annotated);
    for (std::size_t r = 0; r < rank.regions.size(); ++r) {
      const model::Region& region = rank.regions[r];
      event({{"name", region.name},
             {"cat", category(region.kind)},
             {"ph", "X"},
             {"pid", 1},
             {"tid", rank.id},
             {"ts", micros(region.begin)},
             {"dur", micros(region.end - region.begin)},
             {"args", std::move(args[r])}});
    }
  }
  for (std::size_t k = 0; k < trace.messages.size(); ++k) {
    const model::Message& m = trace.messages[k];
    ordered_json args = {
        {"bytes", m.bytes}, {"tag", m.tag}, {"communicator", comm_name(trace, m.comm)}};
    if (inferred.message_round[k] != model::no_index)
      args["round_inferred"] = inferred.message_round[k];
    else
      args["to_oneself"] = true; // a rank's copy to itself takes no round
    if (annotated.message_round[k] != model::no_index)
      args["round_annotated"] = annotated.message_round[k];
    const std::string name =
        "message " + std::to_string(m.sender) + "→" + std::to_string(m.receiver);
    event({{"ph", "s"},
           {"tid", m.sender},
           {"ts", micros(m.send_time)},
           {"cat", "message"},
           {"name", name},
           {"id", k},
           {"pid", 1},
           {"bp", "e"},
           {"args", std::move(args)}});
    event({{"ph", "f"},
           {"tid", m.receiver},
           {"ts", micros(m.recv_time)},
           {"cat", "message"},
           {"name", name},
           {"id", k},
           {"pid", 1},
           {"bp", "e"}});
  }
  out << "\n]}\n";
}

} // namespace

namespace {

struct ExportArgs {
  std::string path, output;
  CallOption call_option;
};

int run_export(const ExportArgs& a) {
  const std::string& output = a.output;
  const Scoped scope = scope_trace(load(a.path), a.call_option);
  const model::Trace& trace = scope.trace;
  std::ofstream out(output);
  if (!out) throw UsageError("cannot write " + output);
  write_perfetto(scope, out);
  out.close();
  if (!out) throw UsageError("could not finish writing " + output);
  std::printf("wrote %s: %s, %zu ranks, %zu messages (open it at https://ui.perfetto.dev)\n",
              output.c_str(), scope_text(scope).c_str(), trace.ranks.size(), trace.messages.size());
  return 0;
}

} // namespace

Command add_export(CLI::App& app) {
  CLI::App& sub = *app.add_subcommand(
      "export", "Writes the trace (or the call) as Chrome/Perfetto trace-event JSON "
                "(ui.perfetto.dev).");
  const auto a = std::make_shared<ExportArgs>();
  cli::synopsis(sub, {"TRACE [--call N | --region NAME] --perfetto OUT.json"});
  sub.footer(trace_note);
  sub.add_option("TRACE", a->path, "the trace (an archive directory or its traces.otf2)")
      ->required()
      ->type_name("");
  add_call_option(sub, a->call_option);
  sub.add_option("--perfetto", a->output, "the JSON file to write")
      ->required()
      ->type_name("OUT.json");
  return [a] { return run_export(*a); };
}

} // namespace collscope::trace_cli
