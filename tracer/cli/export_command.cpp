// `collscope-trace export TRACE --perfetto OUT.json`: Chrome/Perfetto trace-event JSON, one
// track per rank (its MPI calls and annotated regions as slices) and a flow arrow per message,
// from the send's slice to the receive's, carrying the message's rounds (inferred and, if the
// algorithm annotated them, annotated; both numbered from 0 like the `round k` slices).
#include "cli.hpp"
#include "collscope/model/annotated_rounds.hpp"
#include "collscope/model/inferred_rounds.hpp"
#include "collscope/model/load_trace.hpp"

#include <cstdio>
#include <fstream>
#include <string>

namespace collscope::trace_cli {

namespace {

std::string json_string(std::string_view text) {
  std::string out = "\"";
  for (const char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    if (static_cast<unsigned char>(c) < 0x20) continue;
    out += c;
  }
  return out + "\"";
}

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

void write_perfetto(const model::Trace& trace, std::ostream& out) {
  out << "{\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n";
  bool first = true;
  const auto event = [&](const std::string& json) {
    out << (first ? "" : ",\n") << json;
    first = false;
  };
  char number[64];
  const auto fmt = [&](double v) {
    std::snprintf(number, sizeof number, "%.3f", v);
    return std::string(number);
  };
  event(R"({"name":"process_name","ph":"M","pid":1,"args":{"name":)" + json_string(trace.path) +
        "}}");
  for (const model::Rank& rank : trace.ranks) {
    const std::string tid = std::to_string(rank.id);
    event(R"({"name":"thread_name","ph":"M","pid":1,"tid":)" + tid + R"(,"args":{"name":)" +
          json_string("rank " + tid) + "}}");
    event(R"({"name":"thread_sort_index","ph":"M","pid":1,"tid":)" + tid +
          R"(,"args":{"sort_index":)" + tid + "}}");
    for (const model::Region& region : rank.regions) {
      std::string args;
      for (const auto& [key, value] : region.meta)
        args += (args.empty() ? "" : ",") + json_string(key) + ":" + json_string(value);
      event("{\"name\":" + json_string(region.name) + ",\"cat\":\"" + category(region.kind) +
            "\",\"ph\":\"X\",\"pid\":1,\"tid\":" + tid + ",\"ts\":" + fmt(micros(region.begin)) +
            ",\"dur\":" + fmt(micros(region.end - region.begin)) + ",\"args\":{" + args + "}}");
    }
  }
  const model::InferredRounds inferred = model::inferred_rounds(trace);
  const model::AnnotatedRounds annotated = model::annotated_rounds(trace);
  for (std::size_t k = 0; k < trace.messages.size(); ++k) {
    const model::Message& m = trace.messages[k];
    std::string rounds = ",\"round_inferred\":" + std::to_string(inferred.message_round[k]);
    if (annotated.message_round[k] != model::no_index)
      rounds += ",\"round_annotated\":" + std::to_string(annotated.message_round[k]);
    const std::string id = std::to_string(k);
    const std::string common =
        ",\"cat\":\"message\",\"name\":" +
        json_string("message " + std::to_string(m.sender) + "→" + std::to_string(m.receiver)) +
        ",\"id\":" + id + ",\"pid\":1,\"bp\":\"e\"";
    event("{\"ph\":\"s\",\"tid\":" + std::to_string(m.sender) + ",\"ts\":" +
          fmt(micros(m.send_time)) + common + ",\"args\":{\"bytes\":" + std::to_string(m.bytes) +
          ",\"tag\":" + std::to_string(m.tag) + rounds + "}}");
    event("{\"ph\":\"f\",\"tid\":" + std::to_string(m.receiver) +
          ",\"ts\":" + fmt(micros(m.recv_time)) + common + "}");
  }
  out << "\n]}\n";
}

} // namespace

int run_export(Args args) {
  std::string path, output;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string_view arg = args[i];
    if (arg == "--perfetto")
      output = value_of(args, i);
    else if (arg.starts_with("-"))
      throw UsageError("unknown option '" + std::string(arg) + "' for export");
    else if (path.empty())
      path = arg;
    else
      throw UsageError("export takes one TRACE, got also '" + std::string(arg) + "'");
  }
  if (path.empty()) throw UsageError("export needs a TRACE");
  if (output.empty()) throw UsageError("export needs --perfetto OUT.json");
  const model::Trace trace = model::load_trace(path);
  std::ofstream out(output);
  if (!out) throw UsageError("cannot write " + output);
  write_perfetto(trace, out);
  out.close();
  if (!out) throw UsageError("could not finish writing " + output);
  std::printf("wrote %s: %zu ranks, %zu messages (open it at https://ui.perfetto.dev)\n",
              output.c_str(), trace.ranks.size(), trace.messages.size());
  return 0;
}

} // namespace collscope::trace_cli
