// `--algorithm auto` and every collscope algorithm against the library's own collective (native:
// under SimGrid SMPI, the algorithm its --selector picks), regular collectives of MPI_INT with
// MPI_SUM at root 0. Each collscope algorithm runs at the parameter the chooser gives it (the
// block count minimising its α-β formula), so `auto` is the chooser's first-ranked variant and
// its figure is that variant's. Prints one line per variant with the α-β prediction beside the
// time; bench/collectives/simulate-compare runs it per p and selector and joins the tables.
//
//   mpirun -np P collscope-bench-collectives [--collectives bcast,reduce,…] [--counts 1,256,…]
//          [--block-counts 1,64,1024] [--variants all|native|collscope|auto] [--reps R]
//          [--warmup W] [--alpha S] [--beta S_PER_BYTE]
// --counts: elements of the vector (bcast, reduce, allreduce); --block-counts: of each block
// (allgather, alltoall, reduce_scatter_block). --variants auto runs the chooser's first-ranked
// algorithm only (large p, where running every candidate takes too long). The chooser sees the
// platform as collscope-run's auto does: COLLSCOPE_COST_MODEL (scripts/simulate's overheads and
// node α, β) and the node layout of COLLSCOPE_RANKS_PER_NODE / COLLSCOPE_PLACEMENT.
#include "collscope/algorithms/choose.hpp"
#include "collscope/algorithms/nodes.hpp"
#include "collscope/algorithms/radix.hpp"
#include "collscope/algorithms/tuning.hpp"
#include "collscope/cli/ranks.hpp"
#include "measure.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace {

using namespace collscope;
using C = Collective;
namespace cli = collscope::cli;

struct Settings {
  std::vector<std::string> collectives{"bcast",     "reduce",  "allreduce", "reduce_scatter_block",
                                       "allgather", "alltoall"};
  std::vector<int> counts{1, 256, 16384, 262144};
  std::vector<int> block_counts{1, 64, 1024};
  std::string variants = "all";
  int reps = 2, warmup = 1;
  CostModel model;
  bool counts_given = false, block_counts_given = false;
};

bool per_block(std::string_view collective) {
  return collective == "allgather" || collective == "alltoall" ||
         collective == "reduce_scatter_block";
}

std::vector<std::string> split(std::string_view text) {
  std::vector<std::string> parts;
  std::stringstream in{std::string(text)};
  for (std::string part; std::getline(in, part, ',');)
    if (!part.empty()) parts.push_back(part);
  return parts;
}

const std::vector<std::string> benched = {"bcast",     "reduce",   "allreduce",
                                          "allgather", "alltoall", "reduce_scatter_block"};

/// Comma-separated whole numbers ≥ 1 for OPTION, or a usage error.
std::vector<int> counts_of(const char* option, const std::string& text) {
  std::vector<int> counts;
  for (const std::string& n : split(text)) counts.push_back(cli::whole_value<int>(option, n, 1));
  if (counts.empty()) throw cli::UsageError(std::string(option) + " wants at least one count");
  return counts;
}

void define(CLI::App& app, Settings& s) {
  cli::synopsis(app, {"mpirun -np P {} [OPTIONS]"});
  app.description(
      "--algorithm auto and every collscope algorithm against the library's own collective "
      "(under SimGrid\nSMPI, the algorithm its --selector picks), regular collectives of MPI_INT "
      "with MPI_SUM at root 0,\neach collscope algorithm at the parameter the chooser gives it. "
      "One line per variant with the\nα-β prediction beside the time. The chooser sees the "
      "platform as collscope-run's auto does:\nCOLLSCOPE_COST_MODEL and COLLSCOPE_RANKS_PER_NODE "
      "/ COLLSCOPE_PLACEMENT.");
  app.footer("Exit status: 0 measured (figures only: never 1); 2 a usage error or a bad "
             "COLLSCOPE_* setting.");
  app.add_option_function<std::string>(
         "--collectives",
         [&s](const std::string& v) {
           s.collectives = split(v);
           for (const std::string& name : s.collectives)
             if (std::find(benched.begin(), benched.end(), name) == benched.end())
               throw cli::UsageError("--collectives: '" + name +
                                     "' is not one of bcast, reduce, allreduce, allgather, "
                                     "alltoall, reduce_scatter_block");
         },
         "which (default bcast,reduce,allreduce,reduce_scatter_block,\nallgather,alltoall)")
      ->type_name("LIST");
  app.add_option_function<std::string>(
         "--counts",
         [&s](const std::string& v) {
           s.counts = counts_of("--counts", v);
           s.counts_given = true;
         },
         "elements of the vector: bcast, reduce, allreduce (default\n1,256,16384,262144)")
      ->type_name("N,...");
  app.add_option_function<std::string>(
         "--block-counts",
         [&s](const std::string& v) {
           s.block_counts = counts_of("--block-counts", v);
           s.block_counts_given = true;
         },
         "elements of each block: allgather, alltoall,\nreduce_scatter_block (default 1,64,1024)")
      ->type_name("N,...");
  app.add_option("--variants", s.variants,
                 "all, native, collscope, or auto: the chooser's first-ranked\nalgorithm only "
                 "(large p, where running every candidate takes too\nlong) (default all)")
      ->check(CLI::IsMember({"all", "native", "collscope", "auto"}))
      ->type_name("WHICH");
  app.add_option_function<std::string>(
         "--reps", [&s](const std::string& v) { s.reps = cli::whole_value<int>("--reps", v, 1); },
         "timed calls per variant (default 2)")
      ->type_name("R");
  app.add_option_function<std::string>(
         "--warmup",
         [&s](const std::string& v) { s.warmup = cli::whole_value<int>("--warmup", v, 0); },
         "untimed calls first (default 1)")
      ->type_name("W");
  app.add_option_function<std::string>(
         "--alpha",
         [&s](const std::string& v) {
           s.model.alpha = s.model.alpha_node = cli::positive_value("--alpha", v);
         },
         "the model's latency, seconds")
      ->type_name("S");
  app.add_option_function<std::string>(
         "--beta",
         [&s](const std::string& v) {
           s.model.beta = s.model.beta_node = cli::positive_value("--beta", v);
         },
         "the model's time per byte, seconds")
      ->type_name("S_PER_BYTE");
  // Counts that no chosen collective takes would be left unused without a word.
  app.callback([&s] {
    const auto blockwise = std::ranges::count_if(s.collectives, per_block);
    if (s.counts_given && blockwise == std::ssize(s.collectives))
      throw cli::UsageError("--counts is for bcast, reduce and allreduce; allgather, alltoall and "
                            "reduce_scatter_block take --block-counts");
    if (s.block_counts_given && blockwise == 0)
      throw cli::UsageError("--block-counts is for allgather, alltoall and reduce_scatter_block; "
                            "bcast, reduce and allreduce take --counts");
  });
}

/// Send and receive buffers of one call (SMPI: shared, their contents are not looked at).
struct Buffers {
  std::unique_ptr<bench::Payload> send, recv;
};

Buffers buffers_for(C c, int p, int count) {
  const std::size_t n = static_cast<std::size_t>(count), row = n * static_cast<std::size_t>(p);
  const bool rows_in = c == C::reduce_scatter_block || c == C::alltoall;
  const bool rows_out = c == C::allgather || c == C::alltoall;
  return {std::make_unique<bench::Payload>(rows_in ? row : n, 1),
          std::make_unique<bench::Payload>(rows_out ? row : n, 0)};
}

/// The call of algorithm `a` (collscope's or native) at M = blocks (0: none).
std::function<int()> call_of(const Algorithm& a, Buffers& b, int count, int blocks,
                             const CostModel& model) {
  return [&a, &b, count, blocks, model]() -> int {
    if (a.uses_blocks()) {
      PipelineTuning t = pipeline_tuning();
      t.blocks = blocks;
      t.alpha = model.alpha;
      t.beta = model.beta;
      set_pipeline_tuning(t);
    }
    if (a.uses_radix()) set_radix(blocks); // the chooser's parameter is k for radix algorithms
    int* s = b.send->data();
    int* r = b.recv->data();
    const MPI_Comm w = MPI_COMM_WORLD;
    switch (a.collective) {
    case C::bcast:
      return a.bcast(s, count, MPI_INT, 0, w);
    case C::reduce:
      return a.reduce(s, r, count, MPI_INT, MPI_SUM, 0, w);
    case C::allreduce:
      return a.allreduce(s, r, count, MPI_INT, MPI_SUM, w);
    case C::reduce_scatter_block:
      return a.reduce_scatter_block(s, r, count, MPI_INT, MPI_SUM, w);
    case C::allgather:
      return a.allgather(s, count, MPI_INT, r, count, MPI_INT, w);
    case C::alltoall:
      return a.alltoall(s, count, MPI_INT, r, count, MPI_INT, w);
    default:
      return MPI_ERR_OTHER;
    }
  };
}

void run_instance(C c, int p, int count, int rank, const Settings& s) {
  const Choice choice = choose_algorithm(c, p, count, MPI_INT, MPI_SUM, 0, s.model);
  Buffers b = buffers_for(c, p, count);
  std::vector<bench::Variant> variants;
  std::vector<const Candidate*> predicted; // nullptr for native
  if (s.variants != "native")
    for (const Candidate& cand : choice.ranked) {
      if (s.variants == "auto" && &cand != &choice.best()) continue;
      variants.push_back({std::string(cand.algorithm->name),
                          bench::Role::ours,
                          call_of(*cand.algorithm, b, count, cand.parameter, s.model),
                          {}});
      predicted.push_back(&cand);
    }
  if (s.variants != "collscope" && s.variants != "auto")
    for (const Algorithm& a : algorithms())
      if (a.collective == c && a.is_native()) {
        variants.push_back({"native", bench::Role::native, call_of(a, b, count, 0, s.model), {}});
        predicted.push_back(nullptr);
      }
  const std::vector<bench::Timing> t = bench::measure(variants, s.warmup, s.reps, MPI_COMM_WORLD);
  if (rank != 0) return;
  for (std::size_t i = 0; i < variants.size(); ++i) {
    const Candidate* cand = predicted[i];
    const bool is_auto = cand && cand == &choice.best();
    std::printf("%s %d %d %s %d %.6e %.6e %s%s\n", std::string(to_string(c)).c_str(), p, count,
                variants[i].name.c_str(), cand ? cand->parameter : 0, t[i].median,
                cand ? cand->seconds : 0.0, t[i].ok ? "ok" : "error", is_auto ? " auto" : "");
  }
  std::fflush(stdout);
}

} // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, p = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &p);
  Settings s;
  const std::string program = cli::command_name(argv[0], "collscope-bench-collectives");
  CLI::App app{"", program};
  cli::conventions(app, "bench-collectives");
  define(app, s);
  if (const auto status = cli::parse_on_rank(app, argc, argv, program, rank)) {
    MPI_Finalize();
    return *status;
  }
  std::string error = apply_cost_environment(s.model);
  if (error.empty()) error = apply_layout_environment(s.model, p);
  if (!error.empty()) {
    if (rank == 0) cli::report_error(program, error);
    MPI_Finalize();
    return cli::exit_usage;
  }
  if (rank == 0)
    std::printf("# collective p count variant blocks median_s model_s status [auto]; "
                "α=%g s β=%g s/byte; o=%g s g=%g s; %d nodes of %d (α=%g s β=%g s/byte inside)\n",
                s.model.alpha, s.model.beta, s.model.o, s.model.g, s.model.nodes, s.model.per_node,
                s.model.alpha_node, s.model.beta_node);
  for (const std::string& name : s.collectives) {
    const std::optional<C> c = parse_collective(name);
    if (!c) continue;
    for (int count : per_block(name) ? s.block_counts : s.counts)
      run_instance(*c, p, count, rank, s);
  }
  MPI_Finalize();
  return 0;
}
