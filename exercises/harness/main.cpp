// The main() every graded submission is linked with. collscope-grade runs it under mpirun:
//
//   submission --plan PLAN --log LOG --key KEY   every case and timing of the plan
//                                       (case.hpp); the verdicts go to LOG (log.hpp), signed
//                                       with the secret in KEY, which rank 0 deletes
//   submission --case P:ROOT:COUNT:TYPE[:ID][:OP]  one case, verdict on stdout: the reproduce
//                                       command of a report; rank 0 exits with status 1 when
//                                       the case is not right
//
// A case of p processes runs on the first p ranks of MPI_COMM_WORLD (split off once per
// p), so one run covers many process counts, and a submission that takes its size from
// MPI_COMM_WORLD instead of its comm argument fails. The harness's own traffic uses PMPI, so the
// tracer records nothing but the submission.
#include "collscope/grade/case.hpp"
#include "collscope/grade/entry.hpp"
#include "log.hpp"
#include "run_case.hpp"
#include "timing.hpp"
#include "watch.hpp"

#include <cstdio>
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace collscope::grade {
namespace {

constexpr const char* usage = "usage: %s --plan PLAN --log LOG --key FILE | --case "
                              "P:ROOT:COUNT:int|vector[:ID][:OP|PROBLEM]\n"
                              "(the main of a submission graded by collscope-grade)\n";

int run(const Plan& plan, const std::string& log_path, const std::optional<signature::Key>& key,
        bool human) {
  int rank = 0, world = 1;
  PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
  PMPI_Comm_size(MPI_COMM_WORLD, &world);
  const Kind kind = parse_kind(submission.collective).value();
  const Log log(rank == 0 && !human ? log_path : "/dev/null", key);
  const Datatypes types;
  std::map<int, MPI_Comm> comms;
  for (const Case& c : plan.cases) comms.try_emplace(c.p, MPI_COMM_NULL);
  for (const Case& c : plan.timings) comms.try_emplace(c.p, MPI_COMM_NULL);
  for (auto& [p, comm] : comms) {
    if (p > world) {
      if (rank == 0)
        std::fprintf(stderr, "harness: a case needs %d processes, run has %d\n", p, world);
      return 2;
    }
    MPI_Comm_split(MPI_COMM_WORLD, rank < p ? 0 : MPI_UNDEFINED, rank, &comm);
  }
  watch::set_phase(2);
  log.line("ready\t" + std::to_string(world));
  bool wrong = false; // the reproduce mode's exit status
  for (const Case& c : plan.cases) {
    log.line("begin\t" + std::to_string(c.id));
    PMPI_Barrier(MPI_COMM_WORLD);
    const Verdict v = run_case(kind, c, comms[c.p], types);
    log.line(log_line(c, v));
    for (const std::string& line : map_lines(c, v)) log.line(line);
    if (human && rank == 0)
      std::printf("%s p=%d root=%d count=%d datatype=%s%s%s: %s%s%s; heap peak %lld bytes (rank "
                  "%d)\n",
                  submission.function, c.p, c.root, c.count, mpi_name(c.dtype),
                  takes_op(kind)        ? " op="
                  : takes_problem(kind) ? " problem="
                                        : "",
                  takes_op(kind) || takes_problem(kind) ? to_string(c.op) : "", v.outcome.c_str(),
                  v.detail.empty() ? "" : " — ", v.detail.c_str(), v.heap_peak, v.heap_peak_rank);
    if (human && rank == 0)
      for (const Verdict::Map& m : v.maps)
        std::printf("  rank %d's receive buffer by block (origin rank; · unwritten): %s — expected "
                    "%s\n",
                    m.rank, m.got.c_str(), m.expected.c_str());
    wrong = wrong || v.outcome != "ok";
  }
  for (const Case& c : plan.timings) {
    log.line("begin\t" + std::to_string(c.id));
    if (rank < c.p) {
      const Timing t = time_case(kind, c, comms[c.p], types);
      log.line(log_line(c, t));
    }
    PMPI_Barrier(MPI_COMM_WORLD);
  }
  log.line("done");
  for (auto& [p, comm] : comms)
    if (comm != MPI_COMM_NULL) MPI_Comm_free(&comm);
  return human && wrong ? 1 : 0;
}

} // namespace
} // namespace collscope::grade

int main(int argc, char** argv) {
  using namespace collscope::grade;
  std::string plan_path, log_path, key_path, spec;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string_view arg = argv[i];
    if (arg == "--plan")
      plan_path = argv[i + 1];
    else if (arg == "--log")
      log_path = argv[i + 1];
    else if (arg == "--key")
      key_path = argv[i + 1];
    else if (arg == "--case")
      spec = argv[i + 1];
  }
  Plan plan;
  std::string error;
  if (!spec.empty()) {
    const auto c = parse_case_spec(spec);
    if (!c)
      error = "bad --case '" + spec + "' (P:ROOT:COUNT:int|vector[:ID][:sum|affine], ROOT < P)";
    else
      plan.cases.push_back(*c);
  } else if (!plan_path.empty() && !log_path.empty()) {
    if (const auto read = read_plan(plan_path, error)) plan = *read;
  } else {
    std::fprintf(stderr, usage, argv[0]);
    return 2;
  }
  if (!parse_kind(submission.collective)) error = "unknown collective in the glue";
  if (!error.empty()) {
    std::fprintf(stderr, "harness: %s\n", error.c_str());
    return 2;
  }
  MPI_Init(&argc, &argv);
  // Rank 0 alone signs the log; the secret is gone from the disk before any submission code
  // runs (the first case starts after collective calls that rank 0 joins only after this).
  int rank = 0;
  PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
  std::optional<signature::Key> key;
  if (rank == 0 && !key_path.empty()) {
    key = take_key(key_path);
    if (!key) std::fprintf(stderr, "harness: cannot read the run's key %s\n", key_path.c_str());
  }
  const int status = run(plan, log_path, key, !spec.empty());
  MPI_Finalize();
  return status;
}
