// `collscope-trace check TRACE [--call N | --region NAME] --max-rounds N --max-bytes-per-rank B
// --max-messages N [--rounds inferred|annotated]`: for scripts and the grader. Exit 1 naming
// every bound the trace (or the call) exceeds, 0 when it meets them all.
#include "call_rows.hpp"
#include "call_select.hpp"
#include "cli.hpp"
#include "collscope/model/load_trace.hpp"
#include "load.hpp"
#include "trace_stats.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
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

std::optional<Bound> bound_named(std::string_view option) {
  for (const Bound b : bounds)
    if (option == option_of(b)) return b;
  return std::nullopt;
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

int run_check(Args args) {
  std::string path;
  std::array<std::optional<std::uint64_t>, bounds.size()> limit;
  RoundSource rounds = RoundSource::inferred;
  CallOption call_option;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string_view arg = args[i];
    if (const auto b = bound_named(arg)) {
      limit[static_cast<std::size_t>(*b)] = whole_number(arg, value_of(args, i));
    } else if (arg == "--rounds") {
      rounds = round_source(value_of(args, i));
    } else if (call_option.parse(args, i)) {
      continue;
    } else if (arg.starts_with("-")) {
      throw UsageError("unknown option '" + std::string(arg) + "' for check");
    } else if (path.empty()) {
      path = arg;
    } else {
      throw UsageError("check takes one TRACE, got also '" + std::string(arg) + "'");
    }
  }
  if (path.empty()) throw UsageError("check needs a TRACE");
  if (std::none_of(limit.begin(), limit.end(), [](const auto& l) { return l.has_value(); }))
    throw UsageError("check needs a bound: --max-rounds, --max-bytes-per-rank or --max-messages");
  const Scoped scope = scope_trace(load(path), call_option);
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
  return failed ? 1 : 0;
}

} // namespace collscope::trace_cli
