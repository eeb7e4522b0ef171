// `collscope-trace stats TRACE [--alpha A] [--beta B] [--json]`
#include "cli.hpp"
#include "collscope/cost_defaults.hpp"
#include "collscope/model/load_trace.hpp"
#include "trace_stats.hpp"

#include <cstdio>
#include <string>

namespace collscope::trace_cli {

namespace {

void print_json(const TraceStats& s) {
  std::printf("{\n  \"ranks\": %d,\n  \"messages\": %zu,\n  \"bytes_total\": %llu,\n", s.ranks,
              s.messages, static_cast<unsigned long long>(s.bytes_total));
  std::printf("  \"bytes_max_per_rank\": %llu,\n  \"rounds_inferred\": %d,\n",
              static_cast<unsigned long long>(s.bytes_max_per_rank), s.rounds_inferred);
  std::printf("  \"rounds_annotated\": %d,\n  \"critical_path_s\": %.9g,\n  \"wait_s_per_rank\": [",
              s.rounds_annotated, s.critical_path_s);
  for (std::size_t r = 0; r < s.wait_s_per_rank.size(); ++r)
    std::printf("%s%.9g", r ? ", " : "", s.wait_s_per_rank[r]);
  std::printf("],\n  \"replay_alpha_beta_s\": %.9g,\n  \"alpha\": %.9g,\n  \"beta\": %.9g,\n",
              s.replay_alpha_beta_s, s.alpha, s.beta);
  std::printf("  \"unmatched\": %zu\n}\n", s.unmatched);
}

void print_text(const model::Trace& trace, const TraceStats& s) {
  std::printf("trace               %s\n", trace.path.c_str());
  for (const model::AlgorithmInstance& a : trace.algorithms) {
    std::string meta;
    for (const auto& [key, value] : a.meta)
      if (key != "collective" && key != "algorithm") meta += " " + key + "=" + value;
    std::printf("algorithm           %s%s\n", a.name.c_str(), meta.c_str());
  }
  std::printf("ranks               %d\n", s.ranks);
  std::printf("messages            %zu%s\n", s.messages,
              s.unmatched ? (" (+" + std::to_string(s.unmatched) + " unmatched)").c_str() : "");
  std::printf("bytes               %llu total, %llu max per rank\n",
              static_cast<unsigned long long>(s.bytes_total),
              static_cast<unsigned long long>(s.bytes_max_per_rank));
  // Counts; the rounds themselves are numbered 0 … count − 1 (round 0 is the first).
  std::printf("rounds              %d inferred, %d annotated (numbered from 0)\n",
              s.rounds_inferred, s.rounds_annotated);
  std::printf("critical path       %.3e s\n", s.critical_path_s);
  std::printf("waiting per rank   ");
  for (double w : s.wait_s_per_rank) std::printf(" %.2e", w);
  std::printf(" s\n");
  std::printf("α-β replay          %.3e s (α = %g s, β = %g s/byte)\n", s.replay_alpha_beta_s,
              s.alpha, s.beta);
}

} // namespace

int run_stats(Args args) {
  std::string path;
  double alpha = default_alpha_s, beta = default_beta_s_per_byte;
  bool json = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string_view arg = args[i];
    if (arg == "--alpha")
      alpha = positive_number(arg, value_of(args, i), true);
    else if (arg == "--beta")
      beta = positive_number(arg, value_of(args, i), true);
    else if (arg == "--json")
      json = true;
    else if (arg.starts_with("-"))
      throw UsageError("unknown option '" + std::string(arg) + "' for stats");
    else if (path.empty())
      path = arg;
    else
      throw UsageError("stats takes one TRACE, got also '" + std::string(arg) + "'");
  }
  if (path.empty()) throw UsageError("stats needs a TRACE");
  const model::Trace trace = model::load_trace(path);
  const TraceStats s = compute_stats(trace, alpha, beta);
  if (json)
    print_json(s);
  else
    print_text(trace, s);
  return 0;
}

} // namespace collscope::trace_cli
