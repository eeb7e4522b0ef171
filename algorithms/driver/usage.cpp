// collscope-run's command line, defined once with CLI11: the parse, the --help text (what a
// student needs to run collscope-run and read its output), the man page, the completion.
#include "collscope/cli/command.hpp"
#include "command_line.hpp"

#include <functional>
#include <string>

namespace collscope::run {

namespace {

std::string& name() {
  static std::string text = "collscope-run";
  return text;
}

constexpr const char* description =
    R"(Runs one collective with one algorithm, checks every rank's buffers byte for byte against
Open MPI's own collective on identical input, and times it (each repetition's time is that
of the slowest rank).)";

constexpr const char* footer =
    R"(--op noncommutative combines affine maps x -> a*x + b by composition, which is associative
but not commutative: an int holds a in its high and b in its low 16 bits (arithmetic mod
2^16), a float holds a*2^12 + b (mod 2^12), a double a*2^26 + b (mod 2^26): integers that
each type holds exactly. With the vector datatype, and for sum and max on it, the ops are
user-defined MPI_Ops on the element's two ints (MPI's predefined ops take predefined
datatypes only).
MPI_Exscan leaves rank 0's receive buffer undefined: it is not compared there.
Before every call, memory the collective must not write (receive buffers, the gaps of
vector) is filled with -999.

Exit status: 0 verified; 1 verification failed or an MPI error; 2 bad command line.)";

struct Valued {
  const char* name;
  std::optional<std::string> Raw::*member;
  const char* type;
  const char* help;
};

// In the order --help lists them.
const Valued valued[] = {
    {"--algorithm", &Raw::algorithm, "NAME[,NAME...]",
     R"(an algorithm of that collective (see --list); default native (Open MPI's).
auto: the algorithm (and block count) with the smallest α-β prediction for this
p, count, datatype and op by the registry's cost formulas (--alpha, --beta);
prints its choice and the runner-up (#@auto=); hierarchical ones only with
--nodes or --ranks-per-node; equal-block collectives only.
ompi:NAME: Open MPI's own algorithm of that name (--list ompi), forced through
coll_tuned_use_dynamic_rules and coll_tuned_<coll>_algorithm before MPI_Init.
A,B,...: several of them one after the other in one job (one start-up of MPI),
one report each with the same options, one trace with --trace; every command
line is checked first, and the job stops at the first that fails)"},
    {"--runs", &Raw::runs, "FILE",
     R"(several runs in one job: each line of FILE holds a run's COLLECTIVE and
options (# starts a comment); the options on the command line are added to
every run (--trace: one trace of them all). Not with ompi:NAME)"},
    {"--segment", &Raw::segment, "BYTES",
     "with ompi:NAME: its segment size (coll_tuned_<coll>_algorithm_segmentsize)"},
    {"--fanout", &Raw::fanout, "K",
     "with ompi:chain its chain fanout, with ompi:knomial its radix"},
    {"--max-requests", &Raw::max_requests, "N",
     R"(with ompi:NAME of reduce 2-6, alltoall linear_sync, scatter linear_nb: its
coll_tuned_<coll>_algorithm_max_requests (0: no limit; --list ompi))"},
    {"--root", &Raw::root, "R",
     R"(root rank in [0, P) (not for allgather, allgatherv, allreduce, the
reduce_scatters, scan, exscan, alltoall and alltoallv); default 0)"},
    {"--count", &Raw::count, "N",
     R"(elements per rank's block (gather, scatter, allgather) or of the whole
vector (bcast, reduce, allreduce, scan, exscan); reduce_scatter_block:
elements each rank receives; reduce_scatter: rank i receives
count·((i+1) mod 3); alltoall: elements of each of the p blocks a rank
sends; alltoallv: rank i sends count·((i+j+1) mod 3) elements to rank j;
default 1 (gatherv, scatterv, allgatherv: see --problem))"},
    {"--stencil", &Raw::stencil, "5|9",
     R"(neighbor_allgather, neighbor_alltoall: the 5- or 9-point stencil on a
periodic 2-D torus; default 5. count: elements of each block)"},
    {"--dims", &Raw::dims, "AxB", "the torus, A·B = P; default MPI_Dims_create(P, 2)"},
    {"--topology", &Raw::topology, "T",
     R"(cartesian (MPI_Cart_create) | graph (MPI_Dist_graph_create_adjacent);
default cartesian for 5 points; 9 points are a graph)"},
    {"--datatype", &Raw::datatype, "T",
     R"(int | float | double | vector; default int. vector is
MPI_Type_vector(2, 1, 2, MPI_INT): two ints around a one-int gap that
must stay untouched. float and double hold small integers, so sums
are exact in any order and compared bit for bit)"},
    {"--op", &Raw::op, "OP",
     R"(reduce, allreduce, reduce_scatter(_block), scan, exscan: sum | max |
noncommutative; default sum)"},
    {"--blocks", &Raw::blocks, "M",
     R"(bcast pipeline, binary-pipeline, fibonacci-pipeline, two-tree, jia and
reduce two-tree, scan and exscan pipeline, allreduce doubly-pipelined:
use M blocks instead of the pipelining lemma's; alltoall scatter-dest:
at most M rounds of requests in flight (default 32, MPICH's))"},
    {"--radix", &Raw::radix, "K",
     R"(bcast, reduce, gather, scatter knomial: the tree's radix k ≥ 2 (a rank
posts the k−1 messages of a level at once); default 4)"},
    {"--piece", &Raw::piece, "B",
     R"(allgatherv ring-pipelined only: cut the blocks into pieces of B elements
instead of the pipelining lemma's size)"},
    {"--problem", &Raw::problem, "TYPE",
     R"(gatherv, scatterv, allgatherv: block sizes of the paper's problem types
(seeds/000 §5): same | random | bucket | spikes | increasing |
decreasing | alternating | two-blocks; default same. farthest: the worst
case of fixed trees, all data (b elements) on the rank farthest from the
root in the binomial tree (allgatherv: from rank 0; one rank has data))"},
    {"--block", &Raw::block, "B",
     R"(gatherv, scatterv, allgatherv: the problem's average block size b
(--count means the same for them); default 1)"},
    {"--displs", &Raw::displs, "D",
     R"(gatherv, scatterv: where the root keeps the blocks (allgatherv: every
rank): packed (rank order, no gaps) | gaps (one free element after each
block) | reversed (reverse rank order); default packed)"},
    {"--threshold", &Raw::threshold, "BYTES",
     R"(gatherv/scatterv traff-degrade: subtrees of at least BYTES go straight
to/from the root; default 32768)"},
    {"--network", &Raw::network, "FILE",
     R"(gatherv/scatterv model-*: the network the root predicts link times with
(format in algorithms/schedule/include/collscope/schedule/network_model.hpp:
"default ALPHA BETA", "nodes SIZE ALPHA BETA", "group A-B ...", "pair I J
...", "link I J ..."); or "calibrate": measure every pair by ping-pong)"},
    {"--nodes", &Raw::nodes, "N0,N1,..",
     R"(the node layout the hierarchical and full-lane algorithms use on this
machine: node i holds the next Ni ranks (must sum to P); recorded in the
trace for every algorithm (nodes, placement))"},
    {"--ranks-per-node", &Raw::ranks_per_node, "N",
     "N ranks per node (the last node holds the rest)"},
    {"--placement", &Raw::placement, "PL",
     R"(with --ranks-per-node: consecutive (rank r on node r/N) | round-robin
(rank r on node r mod ceil(P/N)); default consecutive. Without any of
these: COLLSCOPE_NODES / COLLSCOPE_RANKS_PER_NODE / COLLSCOPE_PLACEMENT,
else the real nodes (MPI_Comm_split_type, MPI_COMM_TYPE_SHARED))"},
    {"--repetitions", &Raw::repetitions, "K", "timed runs; default 10"},
    {"--warmup", &Raw::warmup, "W", "untimed runs before them; default 2"},
    {"--seed", &Raw::seed, "S", "seed of the input data; default 1"},
    {"--trace", &Raw::trace, "DIR",
     R"(write an OTF2 trace of the timed repetitions to DIR, making its parent
folders (open it with collscope view, collscope calls, Vampir or otf2-print);
same as COLLSCOPE_TRACE=DIR; a run refused on its arguments leaves none)"},
    {"--alpha", &Raw::alpha, "S", "α of the printed α-β prediction (s per message); default 1e-06"},
    {"--beta", &Raw::beta, "S", "β of the printed α-β prediction (s per byte); default 2e-10"},
    {"--platform", &Raw::platform, "NAME",
     R"(the simulated platform (scripts/simulate sets COLLSCOPE_PLATFORM): named
in the report, with the prediction and its ratio beside every time)"},
};

struct Flag {
  const char* name;
  bool Raw::*member;
  const char* help;
};

const Flag flags[] = {
    {"--in-place", &Raw::in_place,
     R"(MPI_IN_PLACE at the root (gather, scatter, reduce, gatherv, scatterv) or
on every rank (allgather, allgatherv, allreduce, reduce_scatter(_block),
scan, exscan, alltoall, alltoallv))"},
    {"--trace-warmup", &Raw::trace_warmup, "record the warm-ups too"},
    {"--no-verify", &Raw::no_verify,
     R"(skip the reference run and the byte-for-byte check (half the memory;
for large simulated runs))"},
    {"--list", &Raw::list,
     R"(the algorithms with their rounds, α-β cost, source, in 100 columns;
--list ompi: Open MPI 4.1's algorithm names and numbers)"},
    {"--wide", &Raw::wide, "with --list: one line per algorithm"},
    {"--json", &Raw::json, "with --list: every registry field as JSON"},
};

} // namespace

const std::string& program() {
  return name();
}

void set_program(const char* argv0) {
  name() = cli::command_name(argv0, "collscope-run");
}

std::string scan(std::span<char* const> args, Raw& raw) {
  CLI::App app(description, program());
  cli::synopsis(app,
                {"mpirun -np P {} COLLECTIVE [--algorithm NAME] [options]",
                 "--list [COLLECTIVE] [--wide | --json]", "--list ompi"},
                20);
  app.footer(footer);
  app.add_option_function<std::string>(
         "COLLECTIVE", [&raw](const std::string& v) { raw.positional = v; },
         R"(gather | scatter | bcast | reduce | allgather | gatherv | scatterv |
allgatherv | allreduce | reduce_scatter_block | reduce_scatter | scan |
exscan | alltoall | alltoallv | neighbor_allgather | neighbor_alltoall |
barrier | ibcast | iallreduce | ibarrier
(barrier, ibarrier: no --count, --datatype or --root; verified by making
each rank late once and checking no rank left before it entered))")
      ->type_name("");
  for (const Valued& v : valued)
    app.add_option_function<std::string>(
           v.name, [&raw, member = v.member](const std::string& text) { raw.*member = text; },
           v.help)
        ->type_name(v.type);
  for (const Flag& f : flags) app.add_flag(f.name, raw.*f.member, f.help);
  cli::conventions(app, "run");
  std::vector<std::string> words(args.begin(), args.end());
  std::reverse(words.begin(), words.end()); // CLI11 takes them last first
  try {
    app.parse(words);
  } catch (const CLI::CallForHelp&) {
    raw.help = true;
    raw.help_text = app.help();
  } catch (const CLI::CallForVersion&) {
    raw.version = true;
  } catch (const CLI::ParseError& e) {
    return e.what();
  }
  return "";
}

} // namespace collscope::run
