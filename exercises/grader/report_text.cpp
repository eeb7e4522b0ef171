#include "report_text.hpp"

#include <algorithm>

namespace collscope::grade {

namespace {

std::string list(const std::vector<int>& values) {
  std::string out;
  for (const int v : values) out += (out.empty() ? "" : ", ") + std::to_string(v);
  return out;
}

} // namespace

std::string sweep_text(const Grade& g) {
  const SweepSpec& s = g.exercise->sweep;
  const std::string roots =
      !has_root(*parse_kind(g.exercise->collective)) ? ""
      : s.roots == "all" ? "every root (sampled above p = " + std::to_string(s.sample_above) + "); "
      : s.roots == "zero" ? "root 0; "
                          : "roots 0, 1, p/2, p−1; ";
  std::string types;
  for (const std::string& d : s.datatypes)
    types += (types.empty() ? "" : " and ") +
             std::string(d == "int" ? "MPI_INT" : "MPI_Type_vector(2,1,2,MPI_INT)");
  if (takes_op(*parse_kind(g.exercise->collective))) {
    std::string ops;
    for (const std::string& o : s.ops)
      ops += (ops.empty() ? "" : " and ") + std::string(op_name(parse_op(o).value()));
    types += "; ops " + ops;
  }
  if (takes_problem(*parse_kind(g.exercise->collective))) {
    std::string problems;
    for (const std::string& o : s.ops) problems += (problems.empty() ? "" : ", ") + o;
    types += "; problem types " + problems;
  }
  return std::string(g.quick ? "quick" : "full") + " sweep: p = " + list(s.p) + "; " + roots +
         "counts " + list(s.counts) + "; " + types + " (" + std::to_string(g.main.size()) +
         " cases; one mpirun per process count p, of p + 1 processes: a case runs on the first p "
         "ranks, the last rank idles" +
         (g.sandboxed ? "; every run in the sandbox)" : "; WITHOUT the sandbox)");
}

namespace {

/// What makes two failures of a check the same mistake for the figures: outcome, datatype, op,
/// root 0 or not, the failure's text without its numbers, and the trace's diagnosis.
/// A bound's failures differ only by their trace's diagnosis (the datatype or op rarely
/// changes the messages' shape).
std::string failure_kind(const CheckResult& check, const FailedCase& f) {
  const Case& c = f.record->c;
  std::string key = std::string(to_string(f.record->outcome)) + "|";
  if (check.spec == nullptr || check.spec->kind != "bound")
    key += std::string(to_string(c.dtype)) + "|" + to_string(c.op) + "|" +
           (c.root != 0 ? "r" : "0") + "|";
  for (const char ch : f.what)
    if (ch < '0' || ch > '9') key += ch;
  if (f.record->metrics)
    for (const char* name : {"serialised", "chain", "star", "no_overlap"})
      if (holds(f.record->metrics->shape, name)) key += std::string("|") + name;
  return key;
}

} // namespace

std::vector<const FailedCase*> shown_failures(const CheckResult& check, std::size_t limit) {
  // Largest p first (a failure is clearest where there are most ranks), the hint's case
  // before all, then the first case of each distinct kind of failure, then the first of
  // each p, then the rest.
  std::vector<std::size_t> order;
  for (std::size_t i = 0; i < check.failures.size(); ++i) order.push_back(i);
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    const CaseRecord& x = *check.failures[a].record;
    const CaseRecord& y = *check.failures[b].record;
    const bool xr = x.outcome != Outcome::not_run, yr = y.outcome != Outcome::not_run;
    if (xr != yr) return xr;
    if ((x.c.id == check.hint_case) != (y.c.id == check.hint_case))
      return x.c.id == check.hint_case;
    return x.c.p > y.c.p;
  });
  std::vector<const FailedCase*> shown;
  std::vector<bool> taken(check.failures.size(), false);
  const auto take = [&](std::size_t i) {
    taken[i] = true;
    shown.push_back(&check.failures[i]);
  };
  std::vector<std::string> kinds;
  for (const std::size_t i : order) {
    if (shown.size() >= limit || check.failures[i].record->outcome == Outcome::not_run) break;
    const std::string kind = failure_kind(check, check.failures[i]);
    if (std::find(kinds.begin(), kinds.end(), kind) != kinds.end()) continue;
    kinds.push_back(kind);
    take(i);
  }
  std::vector<int> ps;
  for (const FailedCase* f : shown) ps.push_back(f->record->c.p);
  for (const std::size_t i : order) {
    if (shown.size() >= limit || check.failures[i].record->outcome == Outcome::not_run) break;
    const int p = check.failures[i].record->c.p;
    if (taken[i] || std::find(ps.begin(), ps.end(), p) != ps.end()) continue;
    ps.push_back(p);
    take(i);
  }
  for (const std::size_t i : order)
    if (shown.size() < limit && !taken[i]) take(i);
  return shown;
}

std::string native_name(const Grade& g) {
  const std::string& c = g.exercise->collective;
  if (c == "bcast") return "MPI_Bcast";
  if (c == "allgather") return "MPI_Allgather";
  if (c == "allreduce") return "MPI_Allreduce";
  if (c == "alltoall") return "MPI_Alltoall";
  if (c == "scan") return "MPI_Scan";
  if (c == "reduce_scatter_block") return "MPI_Reduce_scatter_block";
  if (c == "gatherv") return "MPI_Gatherv";
  return c == "gather" ? "MPI_Gather" : "MPI_Scatter";
}

std::string grading_rules(const Grade& g) {
  return "Each check gives its points when every case it judges passes, none otherwise. "
         "Correctness judges every case of the sweep: all buffers of every rank byte-exact "
         "against " +
         native_name(g) +
         " on the same input, including memory the call must not "
         "write (-999) and the gaps of the vector type. Every other check judges only the cases "
         "your submission got right with p ≥ 2 and count > 0 (a check with no such case scores "
         "0). Rounds, bytes and "
         "collective calls come from the OTF2 trace of each call (rounds inferred from the "
         "message order and numbered from 0 as in the lecture, so a call whose last round is "
         "round R − 1 has R rounds; messages to yourself not counted); heap memory is what your "
         "own code "
         "allocated (malloc/new) at its peak during the call. Every run has a time limit, a "
         "memory limit of " +
         std::to_string(g.exercise->limits.memory_mb) +
         " MB per process "
         "and an output cap; a case that hangs or crashes is reported by name, and the sweep "
         "continues without it.";
}

std::string markup(const std::string& text) {
  std::string out;
  for (const char ch : text) {
    if (ch == '<')
      out += "&lt;";
    else if (ch == '>')
      out += "&gt;";
    else if (ch == '&')
      out += "&amp;";
    else if (ch == '"')
      out += "&quot;";
    else if (static_cast<unsigned char>(ch) < 0x20 && ch != '\t' && ch != '\n' && ch != '\r')
      out += "\uFFFD";
    else
      out += ch;
  }
  return out;
}

int figure_call(const FailedCase& f, std::size_t index) {
  // The case's call of the trace the report names (for a synchronous-send failure, the
  // normal run's: the run with synchronous sends is not traced).
  return index < figures_per_check && !f.trace.empty() ? f.call : -1;
}

std::string figure_anchor(const CheckResult& check, const FailedCase& f) {
  return "figure-" + check.spec->id + "-case-" + std::to_string(f.record->c.id);
}

std::vector<CaseRecord::BlockMap> shown_maps(const CaseRecord& record) {
  const std::size_t n = std::min<std::size_t>(record.block_maps.size(), 4);
  return {record.block_maps.begin(), record.block_maps.begin() + static_cast<long>(n)};
}

} // namespace collscope::grade
