#include "report.hpp"

#include "auto_choice.hpp"
#include "buffers.hpp"
#include "irregular.hpp"
#include "neighbor_run.hpp"

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
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
  return a.hierarchical()   ? a.two_level.rounds_text
         : a.neighborhood() ? a.neighbor_formula.rounds_text
                            : a.rounds.text;
}
std::string_view cost_text(const Algorithm& a) {
  return a.hierarchical()   ? a.two_level.cost_text
         : a.neighborhood() ? a.neighbor_formula.cost_text
         : a.block_cost.of  ? a.block_cost.text
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
  case Parameter::radix:
    return "radix";
  }
  return "none";
}

/// The text of a formula, or null for none (native algorithms).
nlohmann::ordered_json text_or_null(std::string_view text) {
  return text.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(text);
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
                    {"native", a->is_native()},
                    // Every other field of the registry entry (registry.hpp), by its own name.
                    {"flat_rounds", text_or_null(a->rounds.text)},
                    {"flat_cost", text_or_null(a->cost.text)},
                    {"block_cost", text_or_null(a->block_cost.text)},
                    {"two_level_rounds", text_or_null(a->two_level.rounds_text)},
                    {"two_level_cost", text_or_null(a->two_level.cost_text)},
                    {"own_blocks_lemma", a->blocks_for != nullptr},
                    {"irregular_model", a->irregular_model.has_value()},
                    {"power_of_two_only", a->power_of_two_only},
                    {"full_lane", a->full_lane()},
                    {"uses_threshold", a->uses_threshold()},
                    {"uses_network", a->uses_network()},
                    {"has_root", a->has_root()},
                    {"reduces", a->reduces()},
                    {"irregular", a->irregular()},
                    {"float_rank_dependent", a->float_rank_dependent},
                    {"ported_cost", text_or_null(a->ported.text)},
                    {"one_sender_per_node", a->one_sender_per_node},
                    {"nearest_first", a->nearest_first},
                    {"combines_blocks", a->combines_blocks},
                    {"guideline", a->guideline},
                    {"mock_up_of", text_or_null(a->mock_up_of)}});
  // One entry per line: readable, and greppable by line.
  std::printf("[\n");
  for (std::size_t i = 0; i < list.size(); ++i)
    std::printf("  %s%s\n", list[i].dump().c_str(), i + 1 < list.size() ? "," : "");
  std::printf("]\n");
}

/// `text` cut at its spaces outside parentheses, so that "(N − 1)(α' + β'm)" stays whole.
std::vector<std::string_view> phrases(std::string_view text) {
  std::vector<std::string_view> out;
  int depth = 0;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= text.size(); ++i) {
    if (i < text.size() && text[i] == '(') ++depth;
    if (i < text.size() && text[i] == ')') --depth;
    if (i == text.size() || (text[i] == ' ' && depth <= 0)) {
      if (i > start) out.push_back(text.substr(start, i - start));
      start = i + 1;
    }
  }
  return out;
}

/// `text` in lines of at most `width` columns: broken between phrases, inside a phrase wider
/// than a line at its spaces, inside a word wider than a line anywhere.
std::vector<std::string> wrapped(std::string_view text, std::size_t width) {
  std::vector<std::string> lines;
  auto add = [&](std::string_view piece, bool may_split) {
    if (!lines.empty() && columns(lines.back()) + 1 + columns(piece) <= width) {
      lines.back() += " " + std::string(piece);
      return true;
    }
    if (columns(piece) <= width) {
      lines.emplace_back(piece);
      return true;
    }
    if (may_split) return false;
    while (columns(piece) > width) { // a line's worth of the word, then the rest
      std::size_t bytes = 0;
      for (std::size_t cols = 0; cols < width; ++cols) do
          ++bytes;
        while (bytes < piece.size() && (piece[bytes] & 0xC0) == 0x80);
      lines.emplace_back(piece.substr(0, bytes));
      piece.remove_prefix(bytes);
    }
    lines.emplace_back(piece);
    return true;
  };
  for (std::string_view phrase : phrases(text))
    if (!add(phrase, true))
      for (std::size_t start = 0; start < phrase.size();) {
        std::size_t space = phrase.find(' ', start);
        if (space == std::string_view::npos) space = phrase.size();
        if (space > start) add(phrase.substr(start, space - start), false);
        start = space + 1;
      }
  if (lines.empty()) lines.emplace_back();
  return lines;
}

constexpr std::size_t list_columns = 100; ///< --list fits a terminal of 100 columns

/// --list --wide: every field on one line per algorithm, however wide.
void print_wide_table(const std::vector<const Algorithm*>& rows) {
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
}

/// --list: collective and name, then the rounds and cost, the description and the source, each
/// wrapped into the columns left of 100.
void print_table(const std::vector<const Algorithm*>& rows) {
  // Names wider than name_columns (the mock-ups' "gl6-reduce_scatter_block-allgather") get a
  // line of their own, so they do not narrow every other row's text.
  constexpr std::size_t name_columns = 22;
  std::size_t left = columns("collective"), middle = columns("name");
  for (const Algorithm* a : rows) {
    left = std::max(left, columns(to_string(a->collective)));
    middle = std::max(middle, std::min(name_columns, columns(a->name)));
  }
  const std::size_t indent = left + 2 + middle + 2;
  const std::size_t width = std::max<std::size_t>(list_columns - indent, 30);
  auto pad = [](std::string_view text, std::size_t to) {
    return std::string(text) + std::string(to - columns(text) + 2, ' ');
  };
  std::printf("%s%srounds, α-β cost / description / source\n", pad("collective", left).c_str(),
              pad("name", middle).c_str());
  for (const Algorithm* a : rows) {
    std::string first = pad(to_string(a->collective), left);
    bool head = true;
    if (columns(a->name) > middle) {
      std::printf("%s%s\n", first.c_str(), std::string(a->name).c_str());
      head = false;
    } else {
      first += pad(a->name, middle);
    }
    const std::string model = a->mock_up()
                                  ? "rounds and cost: the library's " + std::string(a->mock_up_of)
                              : a->is_native() && rounds_text(*a).empty()
                                  ? std::string("n/a (the library decides)")
                                  : "rounds " + std::string(or_native(rounds_text(*a))) +
                                        ", cost " + std::string(or_native(cost_text(*a)));
    for (std::string_view part : {std::string_view(model), a->description, a->source})
      for (const std::string& line : wrapped(part, width)) {
        std::printf("%s%s\n", head ? first.c_str() : std::string(indent, ' ').c_str(),
                    line.c_str());
        head = false;
      }
  }
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

void print_list(std::optional<Collective> only, bool json, bool wide) {
  std::vector<const Algorithm*> rows;
  for (const Algorithm& a : algorithms())
    if (!only || a.collective == *only) rows.push_back(&a);
  if (json) {
    print_json(rows);
  } else {
    if (wide)
      print_wide_table(rows);
    else
      print_table(rows);
    std::printf("Open MPI's own algorithms (--algorithm ompi:NAME): collscope-run --list ompi\n");
  }
  std::fflush(stdout);
}

std::optional<double> print_header(const Options& o, const RunFacts& f) {
  const Algorithm& a = *o.algorithm;
  const Collective c = a.collective;
  const bool whole_row = blocking_twin(c) != Collective::bcast &&
                         blocking_twin(c) != Collective::barrier && !a.reduces();
  const long long block = static_cast<long long>(o.count) * f.type_size;
  // Neighbourhood collectives: m is one block, the unit of their s-neighbour formulas.
  long long m = whole_row && !a.neighborhood() ? f.p * block : block;
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
  // Reduce-scatter's formulas move blocks of one size: with blocks of different sizes their
  // m is p times the largest block (the total when the blocks are equal), so they stay bounds.
  if (a.reduce_scatters()) {
    long long largest = 0;
    for (int count : reduce_scatter_counts(c, o.count, f.p))
      largest = std::max(largest, static_cast<long long>(count) * f.type_size);
    m = f.p * largest;
  }
  const std::string ab =
      "α=" + number("%g", f.tuning.alpha) + " s, β=" + number("%g", f.tuning.beta) + " s/byte";
  if (!o.platform.empty()) {
    key("platform", o.platform);
    key("clock", "simulated (SimGrid SMPI): times are the platform's, not this machine's");
  }
  key("collective", str(to_string(c)));
  key("algorithm", str(a.name));
  if (!o.auto_choice.empty()) key("auto", o.auto_choice + " (--algorithm auto; " + ab + ")");
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
  if (a.mock_up())
    key("mock_up_of", "GL" + std::to_string(a.guideline) + ": " + str(a.mock_up_of) +
                          " (seeds/004), the library's own");
  if (whole_row && !a.irregular() && c != Collective::alltoallv)
    key("bytes_per_rank", std::to_string(block));
  key("m_bytes", std::to_string(m));
  if (a.uses_blocks()) {
    // alltoall scatter-dest's blocks are its throttle, not a pipeline's.
    std::string why = c == Collective::alltoall ? "MPICH's default" : "pipelining lemma, " + ab;
    if (o.blocks_by_auto)
      why = "--algorithm auto: the cost formula's minimum over M, " + ab;
    else if (o.blocks > 0)
      why = "--blocks" +
            (o.blocks == f.blocks ? "" : " " + std::to_string(o.blocks) + ", at most count");
    key("blocks", std::to_string(f.blocks) + " (" + why + ")");
  }
  if (a.uses_radix())
    key("radix", std::to_string(f.blocks) + (o.radix > 0 ? " (--radix)" : " (default)"));
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
  } else if (a.neighborhood()) {
    model = print_neighbor_header(o, f, static_cast<double>(m));
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
    // The radix travels as the formulas' blocks argument (registry.hpp).
    const int blocks = a.uses_blocks() || a.uses_piece() || a.uses_radix() ? f.blocks : 1;
    key("expected_rounds",
        std::to_string(a.rounds.of(f.p, blocks)) + " (" + str(a.rounds.text) + ")");
    model = a.cost.of(f.p, static_cast<double>(m), f.tuning.alpha, f.tuning.beta, blocks);
    key("model_cost_s", number("%.4e", *model) + " (" + str(a.cost.text) + "; " + ab +
                            (a.irregular() ? "; a bound for any block sizes, m their total" : "") +
                            (c == Collective::reduce_scatter ? "; m = p·largest block" : "") + ")");
    if (a.ported.of) // the k-ported model beside α-β: k−1 ports per rank
      key("model_cost_ported_s",
          number("%.4e",
                 a.ported.of(f.p, static_cast<double>(m), f.tuning.alpha, f.tuning.beta, blocks)) +
              " (" + str(a.ported.text) + "; " + ab +
              (a.uses_radix() ? ", k−1 = " + std::to_string(blocks - 1) + " ports per rank"
                              : ", a port for every request posted at once") +
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
  // scripts/simulate's platform beyond α and β (COLLSCOPE_COST_MODEL: per-message overheads,
  // multi-core nodes): the chooser's prediction for it, which the times are compared with.
  if (const char* platform = std::getenv("COLLSCOPE_COST_MODEL");
      platform != nullptr && *platform != '\0' && !o.platform.empty() && model && !a.irregular() &&
      !a.neighborhood() && (a.hierarchical() || a.cost.of)) {
    CostModel pm;
    if (platform_model(f.tuning.alpha, f.tuning.beta, false, o.nodes.layout, pm).empty() &&
        (!a.hierarchical() || pm.nodes > 0)) {
      const CallShape call{.collective = c, .p = f.p, .count = o.count, .type_size = f.type_size};
      model = predict_at(a, call, pm, a.uses_blocks() || a.uses_radix() ? f.blocks : 0);
      key("model_platform_s",
          number("%.4e", *model) + " (the chooser's model of the platform: α-β with o=" +
              number("%g", pm.o) + " s, g=" + number("%g", pm.g) + " s per message" +
              (pm.charge_layout
                   ? ", inside a node α=" + number("%g", pm.alpha_node) +
                         " s, β=" + number("%g", pm.beta_node) + " s/byte" +
                         (pm.lanes > 0 ? ", " + std::to_string(pm.lanes) + " link(s) per node" : "")
                   : "") +
              ")");
    }
  }
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
