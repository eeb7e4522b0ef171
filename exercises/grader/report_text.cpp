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
  std::string roots = s.roots == "all"
                          ? "every root (sampled above p = " + std::to_string(s.sample_above) + ")"
                      : s.roots == "zero" ? "root 0"
                                          : "roots 0, 1, p/2, p−1";
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
         "; counts " + list(s.counts) + "; " + types + " (" + std::to_string(g.main.size()) +
         " cases; one mpirun per process count p, of p + 1 processes: a case runs on the first p "
         "ranks, the last rank idles" +
         (g.sandboxed ? "; every run in the sandbox)" : "; WITHOUT the sandbox)");
}

std::vector<const FailedCase*> shown_failures(const CheckResult& check, std::size_t limit) {
  std::vector<const FailedCase*> shown;
  std::vector<bool> taken(check.failures.size(), false);
  std::vector<int> ps;
  for (std::size_t i = 0; i < check.failures.size() && shown.size() < limit; ++i) {
    if (check.failures[i].record->outcome == Outcome::not_run) continue;
    const int p = check.failures[i].record->c.p;
    if (std::find(ps.begin(), ps.end(), p) != ps.end()) continue;
    ps.push_back(p);
    taken[i] = true;
    shown.push_back(&check.failures[i]);
  }
  for (const bool run : {true, false})
    for (std::size_t i = 0; i < check.failures.size() && shown.size() < limit; ++i)
      if (!taken[i] && (check.failures[i].record->outcome != Outcome::not_run) == run) {
        taken[i] = true;
        shown.push_back(&check.failures[i]);
      }
  std::sort(shown.begin(), shown.end(), [](const FailedCase* a, const FailedCase* b) {
    return a->record->c.id < b->record->c.id;
  });
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
