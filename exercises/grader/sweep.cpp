#include "sweep.hpp"

#include "collscope/grade/irregular.hpp"
#include "collscope/schedule/irregular_tree.hpp"

#include <algorithm>
#include <fstream>
#include <sched.h>
#include <set>

namespace collscope::grade {

std::vector<int> roots_for(const SweepSpec& sweep, int p) {
  if (sweep.roots == "zero") return {0};
  if (sweep.roots == "all" && p <= sweep.sample_above) {
    std::vector<int> all(static_cast<std::size_t>(p));
    for (int r = 0; r < p; ++r) all[static_cast<std::size_t>(r)] = r;
    return all;
  }
  const std::set<int> sample{0, std::min(1, p - 1), p / 2, p - 1};
  return {sample.begin(), sample.end()};
}

std::vector<Case> main_cases(const SweepSpec& sweep) {
  std::vector<Case> cases;
  for (const int p : sweep.p)
    for (const int root : roots_for(sweep, p))
      for (const int count : sweep.counts)
        for (const std::string& d : sweep.datatypes)
          for (const std::string& op : sweep.ops) {
            Case c;
            c.id = static_cast<int>(cases.size()) + 1;
            c.p = p;
            c.root = root;
            c.count = count;
            c.dtype = parse_dtype(d).value();
            c.op = parse_op(op).value();
            cases.push_back(c);
          }
  return cases;
}

std::vector<Case> sync_cases(const SweepSpec& sync, const std::vector<Case>& main) {
  std::vector<Case> cases;
  for (const Case& c : main) {
    const auto has = [](const auto& list, const auto& value) {
      return std::find(list.begin(), list.end(), value) != list.end();
    };
    if (has(sync.p, c.p) && has(roots_for(sync, c.p), c.root) && has(sync.counts, c.count) &&
        has(sync.datatypes, std::string(to_string(c.dtype))) &&
        has(sync.ops, std::string(to_string(c.op))))
      cases.push_back(c);
  }
  return cases;
}

int timing_processes(const SpeedSpec& speed) {
  cpu_set_t set;
  CPU_ZERO(&set);
  const int cores = ::sched_getaffinity(0, sizeof set, &set) == 0 ? CPU_COUNT(&set) : 2;
  return std::max(2, std::min(speed.p, cores));
}

std::vector<Case> speed_cases(const SpeedSpec& speed, int p) {
  std::vector<Case> cases;
  for (const int count : speed.counts) {
    Case c;
    c.id = 100001 + static_cast<int>(cases.size());
    c.p = p;
    c.root = std::min(speed.root, p - 1);
    c.count = count;
    c.dtype = parse_dtype(speed.datatype).value();
    c.repetitions = speed.repetitions;
    cases.push_back(c);
  }
  return cases;
}

void write_plan(const std::filesystem::path& file, const std::vector<Case>& cases) {
  std::ofstream out(file);
  out << "# collscope-grade plan: case|time ID P ROOT COUNT DATATYPE [REPETITIONS] [OP]\n";
  for (const Case& c : cases) {
    out << (c.repetitions > 0 ? "time " : "case ") << c.id << ' ' << c.p << ' ' << c.root << ' '
        << c.count << ' ' << to_string(c.dtype);
    if (c.repetitions > 0) out << ' ' << c.repetitions;
    if (c.op != Op::sum) out << ' ' << to_string(c.op);
    out << '\n';
  }
}

std::string describe(const Case& c, const Exercise& exercise) {
  const auto kind = parse_kind(exercise.collective);
  return "p=" + std::to_string(c.p) +
         (!kind || has_root(*kind) ? " root=" + std::to_string(c.root) : "") +
         " count=" + std::to_string(c.count) + " " + mpi_name(c.dtype) +
         (c.op == Op::sum ? "" : std::string(", ") + op_name(c.op));
}

std::string case_spec(const Case& c) {
  return std::to_string(c.p) + ":" + std::to_string(c.root) + ":" + std::to_string(c.count) + ":" +
         to_string(c.dtype) + ":" + std::to_string(c.id) +
         (c.op == Op::sum ? "" : std::string(":") + to_string(c.op));
}

Env case_env(const Exercise& e, const Case& c) {
  const double type_size = c.dtype == Dtype::int_ ? 4 : 8;
  const double extent = c.dtype == Dtype::int_ ? 4 : 12;
  Env env;
  env["p"] = c.p;
  env["root"] = c.root;
  env["count"] = c.count;
  env["type_size"] = type_size;
  env["extent"] = extent;
  env["block_bytes"] = c.count * type_size;
  env["block_extent"] = c.count * extent;
  // m: the broadcast message, the reduced or scanned vector; else the p blocks of the
  // collective (a reduce-scatter's whole input vector, an all-to-all's blocks of one rank).
  const bool vector_sized =
      e.collective == "bcast" || e.collective == "allreduce" || e.collective == "scan";
  env["m"] = vector_sized ? c.count * type_size : c.p * c.count * type_size;
  env["alpha"] = e.alpha;
  env["beta"] = e.beta;
  env["m_others"] = env["m"] - env["block_bytes"];
  env["theorem1"] = 0;
  if (e.collective == "gatherv") { // blocks of the case's problem type (harness/irregular.hpp)
    std::vector<std::int64_t> blocks(static_cast<std::size_t>(c.p));
    for (int i = 0; i < c.p; ++i)
      blocks[static_cast<std::size_t>(i)] =
          gatherv_count(c, i) * static_cast<std::int64_t>(type_size);
    double total = 0;
    for (const std::int64_t b : blocks) total += static_cast<double>(b);
    env["m"] = total;
    env["m_others"] = total - static_cast<double>(blocks[static_cast<std::size_t>(c.root)]);
    env["theorem1"] = schedule::theorem1_bound(schedule::irregular_gather_tree(blocks, c.root),
                                               blocks, e.alpha, e.beta);
  }
  return env;
}

} // namespace collscope::grade
