#include "bench_report.hpp"

#include <algorithm>

namespace collscope::bench {

namespace {

const Row* find_role(const std::vector<Row>& rows, Role role) {
  for (const Row& r : rows)
    if (r.role == role) return &r;
  return nullptr;
}

bool irregular(const Row& r) {
  return r.role == Role::native || r.role == Role::ours;
}

/// The spread of a row's times: median − minimum (zero in a simulation).
double spread(const Row& r) {
  return r.timing.median - r.timing.min;
}

/// `slower` is told apart from `faster` when the gap exceeds the margin and both spreads.
bool apart(const Row& faster, const Row& slower, const Judgement& j) {
  return j.judge && slower.timing.min - faster.timing.min >
                        j.margin * faster.timing.min + spread(faster) + spread(slower);
}

/// GL1 is violated by an irregular collective faster than the regular one would allow, i.e.
/// when the regular collective ("same" problem only: there the padding is none) is slower.
bool gl1(const std::vector<Row>& rows, const Row& r, const Judgement& j) {
  const Row* regular = find_role(rows, Role::regular);
  return regular && r.problem == "same" && irregular(r) && apart(r, *regular, j);
}

/// GL2 is violated by this row if it is slower than Allreduce + padded regular collective.
bool gl2(const std::vector<Row>& rows, const Row& r, const Judgement& j) {
  const Row* guideline = find_role(rows, Role::guideline);
  return guideline && irregular(r) && apart(*guideline, r, j);
}

std::string flags(const std::vector<Row>& rows, const Row& r, const Judgement& j) {
  std::string f;
  if (gl1(rows, r, j)) f += " GL1!";
  if (gl2(rows, r, j)) f += " GL2!";
  if (!r.timing.ok) f += " MPI-ERROR";
  return f;
}

std::string micro(double seconds) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f µs", seconds * 1e6);
  return text;
}

std::string model_of(const Row& r) {
  return r.model >= 0 ? " (α-β " + micro(r.model) + ")" : "";
}

} // namespace

void print_instance(const std::vector<Row>& rows, const Judgement& judgement) {
  if (rows.empty()) return;
  const Row* native = find_role(rows, Role::native);
  std::printf("\n%s  problem %s  b = %d\n", rows[0].collective.c_str(), rows[0].problem.c_str(),
              rows[0].b);
  std::printf("  %-34s %11s %11s %9s %11s  %s\n", "variant", "min µs", "median µs", "÷native",
              "α-β µs", judgement.judge ? "guidelines" : "");
  for (const Row& r : rows) {
    char model[32] = "-";
    if (r.model >= 0) std::snprintf(model, sizeof model, "%.1f", r.model * 1e6);
    std::printf("  %-34s %11.1f %11.1f %9.2f %11s %s\n", r.variant.c_str(), r.timing.min * 1e6,
                r.timing.median * 1e6, native ? r.timing.min / native->timing.min : 0.0, model,
                flags(rows, r, judgement).c_str());
  }
}

void write_csv(std::FILE* out, const std::vector<Row>& rows, int p, int root, bool header,
               const Judgement& judgement) {
  if (header)
    std::fprintf(out, "collective,problem,b,p,root,variant,min_us,median_us,ratio_native_min,"
                      "model_us,gl1_violated,gl2_violated\n");
  const Row* native = find_role(rows, Role::native);
  const auto judged = [&](bool violated) -> std::string {
    return judgement.judge ? (violated ? "1" : "0") : "";
  };
  for (const Row& r : rows)
    std::fprintf(out, "%s,%s,%d,%d,%d,\"%s\",%.3f,%.3f,%.4f,%s,%s,%s\n", r.collective.c_str(),
                 r.problem.c_str(), r.b, p, root, r.variant.c_str(), r.timing.min * 1e6,
                 r.timing.median * 1e6, native ? r.timing.min / native->timing.min : 0.0,
                 r.model >= 0 ? std::to_string(r.model * 1e6).c_str() : "",
                 judged(gl1(rows, r, judgement)).c_str(), judged(gl2(rows, r, judgement)).c_str());
}

void print_summary(const std::vector<Row>& all) {
  std::vector<int> bs;
  std::vector<std::string> collectives, problems;
  const auto add = [](auto& list, const auto& value) {
    if (std::find(list.begin(), list.end(), value) == list.end()) list.push_back(value);
  };
  for (const Row& r : all) {
    add(bs, r.b);
    add(collectives, r.collective);
    add(problems, r.problem);
  }
  const auto find = [&](const std::string& c, const std::string& problem, int b,
                        auto&& matches) -> const Row* {
    for (const Row& r : all)
      if (r.collective == c && r.problem == problem && r.b == b && matches(r)) return &r;
    return nullptr;
  };
  for (const std::string& c : collectives) {
    std::printf("\n# %s: min(traff) ÷ min(native) measured | traff ÷ linear in the α-β model\n",
                c.c_str());
    std::printf("# %-12s", "problem");
    for (int b : bs) std::printf(" %13s", ("b=" + std::to_string(b)).c_str());
    std::printf("\n");
    for (const std::string& problem : problems) {
      std::printf("# %-12s", problem.c_str());
      for (int b : bs) {
        const Row* traff = find(c, problem, b, [](const Row& r) { return r.variant == "traff"; });
        const Row* linear = find(c, problem, b, [](const Row& r) { return r.variant == "linear"; });
        const Row* native =
            find(c, problem, b, [](const Row& r) { return r.role == Role::native; });
        char cell[32] = "-";
        if (traff && linear && native)
          std::snprintf(cell, sizeof cell, "%.2f | %.2f", traff->timing.min / native->timing.min,
                        traff->model / linear->model);
        std::printf(" %13s", cell);
      }
      std::printf("\n");
    }
  }
}

std::vector<std::string> violations(const std::vector<Row>& rows, const Judgement& judgement) {
  std::vector<std::string> lines;
  const auto versus = [](const Row& slower, const Row& faster) {
    char gap[32];
    std::snprintf(gap, sizeof gap, "+%.0f %%", 100 * (slower.timing.min / faster.timing.min - 1));
    return slower.variant + " " + micro(slower.timing.min) + model_of(slower) + " > " +
           faster.variant + " " + micro(faster.timing.min) + model_of(faster) + ", " + gap;
  };
  for (const Row& r : rows) {
    const std::string where = r.collective + " " + r.problem + " b=" + std::to_string(r.b) + ": ";
    if (gl1(rows, r, judgement))
      lines.push_back(where + "GL1 violated: " + versus(*find_role(rows, Role::regular), r));
    if (gl2(rows, r, judgement))
      lines.push_back(where + "GL2 violated: " + versus(r, *find_role(rows, Role::guideline)));
  }
  return lines;
}

} // namespace collscope::bench
