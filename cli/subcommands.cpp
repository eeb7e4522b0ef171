#include "subcommands.hpp"

#include <array>

namespace collscope::front {

namespace {

using Names = std::array<std::string_view, 1>;
// The trace CLI is installed as collscope-trace-cli: PREFIX/lib/libcollscope-trace.so is the
// tracer (the preload library), and one name for two things confused users.
constexpr std::array<std::string_view, 2> trace_installed{"collscope-trace-cli", "collscope-trace"};
constexpr Names trace_built{"collscope-trace"};
constexpr Names run{"collscope-run"}, view{"collscope-view"}, grade{"collscope-grade"},
    guidelines{"collscope-guidelines"}, profiles{"collscope-profiles"},
    calibrate{"collscope-calibrate"}, simulate{"simulate"};
constexpr std::array<std::string_view, 0> none{};

constexpr Subcommand table[] = {
    {"run", "run, verify, time and trace one collective algorithm (under mpirun)", run, run, ""},
    {"record", "record an unchanged MPI program's messages into an OTF2 trace", trace_installed,
     trace_built, "record"},
    {"calls", "list a trace's calls: collectives, regions, point-to-point phases", trace_installed,
     trace_built, "calls"},
    {"stats", "a trace's messages, bytes, rounds, critical path and α-β replay", trace_installed,
     trace_built, "stats"},
    {"check", "check a trace against bounds on rounds, bytes and messages (exit 1 if exceeded)",
     trace_installed, trace_built, "check"},
    {"export", "write a trace as Chrome/Perfetto trace-event JSON", trace_installed, trace_built,
     "export"},
    {"view", "open a trace in the window (also: collscope TRACE), or render it to PNG/SVG", view,
     view, ""},
    {"present", "present a slide deck, its runs and traces live", view, view, "present"},
    {"slides", "render a slide deck to PDF or PNG pages without a window", view, view, "slides"},
    {"grade", "grade students' collectives: correctness, rounds, bandwidth, memory, speed", grade,
     grade, ""},
    {"tune", "run an MPI program with its collectives on collscope's algorithms", none, none, "",
     true},
    {"guidelines", "check MPI's performance guidelines (GL1–GL22) on this machine or simulated",
     guidelines, guidelines, ""},
    {"profiles", "export tuning decisions for Open MPI and MPICH; show Open MPI rules files",
     profiles, profiles, ""},
    {"calibrate", "measure the network's α, β and LogGP parameters (under mpirun)", calibrate,
     calibrate, ""},
    {"simulate", "run one collective on a simulated cluster (SimGrid SMPI)", simulate, simulate,
     ""},
};

} // namespace

std::span<const Subcommand> subcommands() {
  return table;
}

const Subcommand* find_subcommand(std::string_view name) {
  for (const Subcommand& s : table)
    if (s.name == name) return &s;
  return nullptr;
}

} // namespace collscope::front
