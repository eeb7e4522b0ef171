#include "report.hpp"

#include "buffers.hpp"
#include "irregular.hpp"

#include <algorithm>
#include <array>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>

namespace collscope::run {

namespace {

/// Terminal columns of UTF-8 text: the formulas' ⌈ ₂ α β − · are one column each.
std::size_t columns(std::string_view text) {
  return static_cast<std::size_t>(
      std::count_if(text.begin(), text.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

std::string_view or_native(std::string_view formula) {
  return formula.empty() ? "n/a" : formula;
}

/// Hierarchical algorithms print their two-level formulas (N, n, α', β').
std::string_view rounds_text(const Algorithm& a) {
  return a.hierarchical() ? a.two_level.rounds_text : a.rounds.text;
}
std::string_view cost_text(const Algorithm& a) {
  return a.hierarchical()  ? a.two_level.cost_text
         : a.block_cost.of ? a.block_cost.text
                           : a.cost.text;
}

std::string_view to_string(Parameter parameter) {
  switch (parameter) {
  case Parameter::none:
    return "none";
  case Parameter::blocks:
    return "blocks";
  case Parameter::piece:
    return "piece";
  case Parameter::threshold:
    return "threshold";
  }
  return "none";
}

void print_json(const std::vector<const Algorithm*>& rows) {
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (const Algorithm* a : rows)
    list.push_back({{"collective", to_string(a->collective)},
                    {"name", a->name},
                    {"description", a->description},
                    {"source", a->source},
                    {"rounds", rounds_text(*a)},
                    {"cost", cost_text(*a)},
                    {"hierarchical", a->hierarchical()},
                    {"commutative_only", a->commutative_only},
                    {"parameter", to_string(a->parameter)},
                    {"uses_blocks", a->uses_blocks()},
                    {"uses_piece", a->uses_piece()},
                    {"native", a->is_native()}});
  // One entry per line: readable, and greppable by line.
  std::printf("[\n");
  for (std::size_t i = 0; i < list.size(); ++i)
    std::printf("  %s%s\n", list[i].dump().c_str(), i + 1 < list.size() ? "," : "");
  std::printf("]\n");
}

void print_table(const std::vector<const Algorithm*>& rows) {
  using Row = std::array<std::string_view, 6>;
  std::vector<Row> table{{"collective", "name", "rounds", "cost (α-β)", "source", "description"}};
  for (const Algorithm* a : rows)
    table.push_back({to_string(a->collective), a->name, or_native(rounds_text(*a)),
                     or_native(cost_text(*a)), a->source, a->description});
  std::array<std::size_t, 6> width{};
  for (const Row& row : table)
    for (std::size_t c = 0; c < row.size(); ++c) width[c] = std::max(width[c], columns(row[c]));
  for (const Row& row : table) {
    std::string line;
    for (std::size_t c = 0; c < row.size(); ++c) {
      line += row[c];
      if (c + 1 < row.size()) line += std::string(width[c] - columns(row[c]) + 2, ' ');
    }
    std::printf("%s\n", line.c_str());
  }
  std::printf("Open MPI's own algorithms (--algorithm ompi:NAME): collscope-run --list ompi\n");
}

void key(const char* name, const std::string& value) {
  std::printf("#@%s=%s\n", name, value.c_str());
}

std::string str(std::string_view text) {
  return std::string(text);
}

std::string number(const char* format, double value) {
  char text[32];
  std::snprintf(text, sizeof text, format, value);
  return text;
}

} // namespace

void print_list(std::optional<Collective> only, bool json) {
  std::vector<const Algorithm*> rows;
  for (const Algorithm& a : algorithms())
    if (!only || a.collective == *only) rows.push_back(&a);
  if (json)
    print_json(rows);
  else
    print_table(rows);
  std::fflush(stdout);
}

std::optional<double> print_header(const Options& o, const RunFacts& f) {
  const Algorithm& a = *o.algorithm;
  const Collective c = a.collective;
  const bool whole_row = blocking_twin(c) != Collective::bcast &&
                         blocking_twin(c) != Collective::barrier && !a.reduces();
  const long long block = static_cast<long long>(o.count) * f.type_size;
  long long m = whole_row ? f.p * block : block;
  if (a.irregular()) {
    m = 0;
    for (int count : irregular_layout(o, f.p).counts)
      m += static_cast<long long>(count) * f.type_size;
  }
  if (c == Collective::alltoallv) {
    m = 0;
    for (int i = 0; i < f.p; ++i)
      for (int j = 0; j < f.p; ++j)
        m += static_cast<long long>(alltoallv_count(o.count, i, j)) * f.type_size;
  }
  if (a.reduce_scatters()) {
    m = 0;
    for (int count : reduce_scatter_counts(c, o.count, f.p))
      m += static_cast<long long>(count) * f.type_size;
  }
  const std::string ab =
      "α=" + number("%g", f.tuning.alpha) + " s, β=" + number("%g", f.tuning.beta) + " s/byte";
  if (!o.platform.empty()) {
    key("platform", o.platform);
    key("clock", "simulated (SimGrid SMPI): times are the platform's, not this machine's");
  }
  key("collective", str(to_string(c)));
  key("algorithm", str(a.name));
  key("description", str(a.description));
  key("source", str(a.source));
  if (o.ompi) key("ompi_forced", describe_force(*o.ompi));
  key("p", std::to_string(f.p));
  if (a.has_root()) key("root", std::to_string(o.root));
  if (!a.irregular()) key("count", std::to_string(o.count));
  if (c == Collective::reduce_scatter) {
    std::string counts;
    for (int n : reduce_scatter_counts(c, o.count, f.p))
      counts += (counts.empty() ? "" : ",") + std::to_string(n);
    key("recvcounts", counts + " (count·((i+1) mod 3) for rank i)");
  }
  if (c == Collective::alltoallv) {
    std::string counts;
    for (int j = 0; j < f.p; ++j)
      counts += (counts.empty() ? "" : ",") + std::to_string(alltoallv_count(o.count, 0, j));
    key("sendcounts", counts + " on rank 0 (count·((i+j+1) mod 3) from rank i to j)");
  }
  key("datatype", str(to_string(o.datatype)));
  if (a.reduces()) key("op", str(to_string(o.op)));
  key("in_place", o.in_place ? "yes" : "no");
  if (whole_row && !a.irregular() && c != Collective::alltoallv)
    key("bytes_per_rank", std::to_string(block));
  key("m_bytes", std::to_string(m));
  if (a.uses_blocks()) {
    std::string why = "pipelining lemma, " + ab;
    if (o.blocks > 0)
      why = "--blocks" +
            (o.blocks == f.blocks ? "" : " " + std::to_string(o.blocks) + ", at most count");
    key("blocks", std::to_string(f.blocks) + " (" + why + ")");
  }
  if (a.uses_piece()) {
    key("piece", std::to_string(f.piece) + " elements (" +
                     (o.piece > 0 ? std::string("--piece") : "pipelining lemma, " + ab) + ")");
    key("blocks", std::to_string(f.blocks) + " (M = Σ⌈mᵢ/b⌉ pieces)");
  }
  std::optional<double> model;
  if (o.nodes.layout) key("nodes", describe(*o.nodes.layout));
  if (a.hierarchical()) {
    const std::vector<int> sizes = o.nodes.layout ? o.nodes.layout->sizes() : std::vector<int>{};
    if (sizes.empty()) {
      key("nodes", "the real ones (MPI_Comm_split_type, MPI_COMM_TYPE_SHARED)");
      key("expected_rounds",
          "n/a (" + str(a.two_level.rounds_text) + ", N and n of the real nodes)");
    } else {
      const int N = static_cast<int>(sizes.size());
      const int n = *std::max_element(sizes.begin(), sizes.end());
      key("expected_rounds", std::to_string(a.two_level.rounds(N, n)) + " (" +
                                 str(a.two_level.rounds_text) + ", N=" + std::to_string(N) +
                                 ", n=" + std::to_string(n) + ")");
      schedule::FormulaValues v{.p = double(f.p),
                                .m = double(m),
                                .alpha = f.tuning.alpha,
                                .beta = f.tuning.beta,
                                .nodes = double(N),
                                .per_node = double(n),
                                .alpha_net = f.tuning.alpha,
                                .beta_net = f.tuning.beta};
      model = a.two_level.cost(v);
      key("model_cost_s", number("%.4e", *model) + " (" + str(a.two_level.cost_text) + "; " + ab +
                              ", α'=α and β'=β)");
    }
  } else if (a.rounds.of && a.block_cost.of) {
    // allgatherv: the bound names the largest block and piece of this run's sizes.
    const std::vector<int> counts = irregular_layout(o, f.p).counts;
    const double largest = f.type_size * double(*std::max_element(counts.begin(), counts.end()));
    const double piece = a.uses_piece() ? std::min(largest, double(f.piece) * f.type_size) : 0;
    const int blocks = a.uses_piece() ? f.blocks : 1;
    key("expected_rounds",
        std::to_string(a.rounds.of(f.p, blocks)) + " (" + str(a.rounds.text) + ")");
    model = a.block_cost.of({.p = double(f.p),
                             .m = double(m),
                             .blocks = double(blocks),
                             .alpha = f.tuning.alpha,
                             .beta = f.tuning.beta,
                             .largest = largest,
                             .piece = piece});
    key("model_cost_s", number("%.4e", *model) + " (" + str(a.block_cost.text) + "; " + ab +
                            "; mₘₐₓ = " + number("%.0f", largest) + " bytes" +
                            (a.uses_piece() ? ", b = " + number("%.0f", piece) + " bytes" : "") +
                            ")");
  } else if (a.rounds.of && a.cost.of) {
    const int blocks = a.uses_blocks() || a.uses_piece() ? f.blocks : 1;
    key("expected_rounds",
        std::to_string(a.rounds.of(f.p, blocks)) + " (" + str(a.rounds.text) + ")");
    model = a.cost.of(f.p, static_cast<double>(m), f.tuning.alpha, f.tuning.beta, blocks);
    key("model_cost_s", number("%.4e", *model) + " (" + str(a.cost.text) + "; " + ab +
                            (a.irregular() ? "; a bound for any block sizes, m their total" : "") +
                            ")");
  } else {
    key("expected_rounds", "n/a (Open MPI decides)");
    key("model_cost_s", "n/a (Open MPI decides)");
  }
  // Irregular problems: the schedule's time for these block sizes, not the equal-block formula.
  if (a.irregular())
    if (auto t =
            print_irregular_header(o, f.p, f.type_size, f.tuning.alpha, f.tuning.beta, f.piece))
      model = t;
  key("repetitions", std::to_string(o.repetitions));
  key("warmup", std::to_string(o.warmup));
  if (!o.trace_dir.empty())
    key("trace", o.trace_dir + (o.trace_warmup ? " (timed runs and warm-ups)" : " (timed runs)"));
  key("seed", std::to_string(o.seed));
  const int width = static_cast<int>(std::to_string(o.repetitions).size()) + 2;
  if (o.platform.empty())
    std::printf("%*s  %10s\n", width, "rep", "time_s");
  else
    std::printf("%*s  %10s  %10s  %8s\n", width, "rep", "time_s", "model_s", "ratio");
  std::fflush(stdout);
  return model;
}

void print_time(const Options& o, int repetition, double seconds, std::optional<double> model) {
  const int width = static_cast<int>(std::to_string(o.repetitions).size()) + 2;
  if (o.platform.empty())
    std::printf("%*d  %10.4e\n", width, repetition, seconds);
  else if (model)
    std::printf("%*d  %10.4e  %10.4e  %8.3f\n", width, repetition, seconds, *model,
                seconds / *model);
  else
    std::printf("%*d  %10.4e  %10s  %8s\n", width, repetition, seconds, "n/a", "n/a");
  std::fflush(stdout);
}

void print_summary(const Options& o, std::vector<double> seconds, std::optional<double> model) {
  std::sort(seconds.begin(), seconds.end());
  const std::size_t n = seconds.size();
  const double median = n % 2 ? seconds[n / 2] : (seconds[n / 2 - 1] + seconds[n / 2]) / 2;
  std::printf("min_s=%.4e\nmedian_s=%.4e\n", seconds.front(), median);
  if (!o.platform.empty() && model)
    std::printf("model_s=%.4e\nratio=%.3f (median / model)\n", *model, median / *model);
  std::printf("verified: %s\n", o.verify ? "yes" : "skipped (--no-verify)");
  std::fflush(stdout);
}

} // namespace collscope::run
