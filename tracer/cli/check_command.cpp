// `collscope check TRACE [--call N | --region NAME] --max-rounds N --max-bytes-per-rank B
// --max-messages N [--rounds inferred|annotated]`: for scripts and the grader. Exit 1 naming
// every bound the trace (or the call) exceeds, 0 when it meets them all.
#include "call_option.hpp"
#include "call_rows.hpp"
#include "call_select.hpp"
#include "cli.hpp"
#include "collscope/cli/numbers.hpp"
#include "collscope/model/load_trace.hpp"
#include "load.hpp"
#include "trace_stats.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>

namespace collscope::trace_cli {

namespace {

enum class Bound { rounds, bytes_per_rank, messages };
enum class RoundSource { inferred, annotated };

constexpr std::array bounds = {Bound::rounds, Bound::bytes_per_rank, Bound::messages};

const char* option_of(Bound b) {
  switch (b) {
  case Bound::rounds:
    return "--max-rounds";
  case Bound::bytes_per_rank:
    return "--max-bytes-per-rank";
  case Bound::messages:
    return "--max-messages";
  }
  return "";
}

RoundSource round_source(std::string_view text) {
  if (text == "inferred") return RoundSource::inferred;
  if (text == "annotated") return RoundSource::annotated;
  throw UsageError("--rounds expects inferred or annotated, got '" + std::string(text) + "'");
}

struct Judged {
  const char* what;
  std::uint64_t value;
};

Judged judged(Bound b, const TraceStats& s, RoundSource rounds) {
  switch (b) {
  case Bound::rounds:
    return rounds == RoundSource::annotated
               ? Judged{"annotated rounds", static_cast<std::uint64_t>(s.rounds_annotated)}
               : Judged{"inferred rounds", static_cast<std::uint64_t>(s.rounds_inferred)};
  case Bound::bytes_per_rank:
    return {"bytes per rank", s.bytes_max_per_rank};
  case Bound::messages:
    return {"messages", s.messages};
  }
  return {"", 0};
}

} // namespace

namespace {

struct CheckArgs {
  std::string path;
  std::array<std::optional<std::uint64_t>, bounds.size()> limit;
  RoundSource rounds = RoundSource::inferred;
  CallOption call_option;
};

int run_check(const CheckArgs& a) {
  const auto& limit = a.limit;
  const RoundSource rounds = a.rounds;
  const Scoped scope = scope_trace(load(a.path), a.call_option);
  const TraceStats s = compute_stats(scope.trace, 0, 0);
  // What was judged comes first: a call's bounds are not the whole program's.
  std::printf("%s\n", scope_text(scope).c_str());

  int failed = 0;
  for (const Bound b : bounds) {
    const auto bound = limit[static_cast<std::size_t>(b)];
    if (!bound) continue;
    const Judged j = judged(b, s, rounds);
    const bool ok = j.value <= *bound && !(b == Bound::bytes_per_rank && s.bytes_saturated);
    std::printf("%s %s: %llu%s (at most %llu)\n", ok ? "ok  " : "FAIL", j.what,
                static_cast<unsigned long long>(j.value),
                b == Bound::bytes_per_rank && s.bytes_saturated ? " or more" : "",
                static_cast<unsigned long long>(*bound));
    failed += ok ? 0 : 1;
    if (b == Bound::rounds && rounds == RoundSource::inferred && !s.rounds_consistent)
      std::printf("     ! rounds inconsistent: %s\n", rounds_inconsistent_note().c_str());
  }
  if (!s.incomplete.empty()) {
    // Bounds hold for what was recorded only: a run that died proves nothing about the rest.
    std::printf("FAIL incomplete trace: %s\n", s.incomplete.c_str());
    ++failed;
  }
  return failed ? cli::exit_check_failed : cli::exit_ok;
}

} // namespace

Command add_check(CLI::App& app) {
  CLI::App& sub = *app.add_subcommand(
      "check", "Exits 1 and says which bound the trace (or the call) exceeds; 0 when it meets them "
               "all.");
  const auto a = std::make_shared<CheckArgs>();
  cli::synopsis(sub, {"TRACE [--call N | --region NAME] [--max-rounds N] [--max-bytes-per-rank B]",
                      "  [--max-messages N] [--rounds inferred|annotated]"});
  sub.footer(trace_note);
  sub.add_option("TRACE", a->path, "the trace (an archive directory or its traces.otf2)")
      ->required()
      ->type_name("");
  add_call_option(sub, a->call_option);
  const char* const help[] = {"at most N rounds (--rounds: which)",
                              "at most B bytes sent or received by any rank", "at most N messages"};
  for (const Bound b : bounds)
    sub.add_option_function<std::string>(
           option_of(b),
           [a, b](const std::string& v) {
             a->limit[static_cast<std::size_t>(b)] =
                 cli::whole_value<std::uint64_t>(option_of(b), v);
           },
           help[static_cast<std::size_t>(b)])
        ->type_name(b == Bound::bytes_per_rank ? "B" : "N");
  sub.add_option_function<std::string>(
         "--rounds", [a](const std::string& v) { a->rounds = round_source(v); },
         "the rounds --max-rounds bounds: inferred from the messages (default) or annotated by "
         "the algorithm")
      ->type_name("inferred|annotated");
  sub.callback([a] {
    // A check with nothing to check is a mistake in the command line.
    if (std::none_of(a->limit.begin(), a->limit.end(), [](const auto& l) { return l.has_value(); }))
      throw UsageError("check needs a bound: --max-rounds, --max-bytes-per-rank or --max-messages");
  });
  return [a] { return run_check(*a); };
}

} // namespace collscope::trace_cli
