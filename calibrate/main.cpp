// collscope-calibrate: measures α, β and LogGP's L, o, g, G on the machine it runs on and
// writes them where collscope-trace stats, the replay and collscope-run --algorithm auto read
// them (common/include/collscope/network_file.hpp). Run under mpirun with at least 2 ranks:
//   mpirun -np 2 collscope-calibrate [-o FILE] [--svg FILE] [--slide-svg FILE] [--max-bytes N]
//                                    [--repetitions R]
#include "collscope/network_file.hpp"
#include "report.hpp"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

namespace {

constexpr const char* usage =
    "usage: mpirun -np P collscope-calibrate [-o FILE] [--svg FILE] [--slide-svg FILE]\n"
    "                                        [--max-bytes N] [--repetitions R] [--quiet]\n"
    "Ping-pong and ping-ping between ranks 0 and 1 and a P-ring, messages of 0, 1, 2, 4 ... N\n"
    "bytes (default 4194304), the median of R repetitions (default 15) each; fits\n"
    "t(m) = alpha + beta*m with standard errors and R^2, estimates LogGP's L, o, g, G.\n"
    "-o FILE    the network file (default $XDG_CONFIG_HOME/collscope/network.json or\n"
    "           ~/.config/collscope/network.json), read by collscope-trace stats and\n"
    "           collscope-run --algorithm auto; COLLSCOPE_NETWORK=FILE points them elsewhere\n"
    "--svg FILE the fit drawn (default: FILE with .svg for .json)\n"
    "--slide-svg FILE  also the fit for a 16:9 slide: fit and residuals side by side,\n"
    "           1250x384 with 22 px text, 2500x768 pixels (slides/11-measuring-and-models.md)\n";

struct Options {
  std::string out, svg, slide_svg;
  long max_bytes = 4L << 20;
  int repetitions = 15;
  bool quiet = false;
};

/// Parses the command line; an error message, or "" (help: "help").
std::string parse(int argc, char** argv, Options& o) {
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    const auto value = [&]() -> const char* { return i + 1 < argc ? argv[++i] : nullptr; };
    if (arg == "-h" || arg == "--help") return "help";
    if (arg == "--quiet") {
      o.quiet = true;
      continue;
    }
    const char* v = value();
    if (!v) return std::string(arg) + " needs a value";
    char* end = nullptr;
    if (arg == "-o")
      o.out = v;
    else if (arg == "--svg")
      o.svg = v;
    else if (arg == "--slide-svg")
      o.slide_svg = v;
    else if (arg == "--max-bytes") {
      o.max_bytes = std::strtol(v, &end, 10);
      if (*end || o.max_bytes < 4 || o.max_bytes > (1L << 30))
        return "--max-bytes " + std::string(v) + ": expected a number of bytes, 4 ... 1073741824";
    } else if (arg == "--repetitions") {
      o.repetitions = static_cast<int>(std::strtol(v, &end, 10));
      if (*end || o.repetitions < 1 || o.repetitions > 100000)
        return "--repetitions " + std::string(v) + ": expected a count, 1 ... 100000";
    } else
      return "unknown option '" + std::string(arg) + "' (see --help)";
  }
  if (o.out.empty()) o.out = collscope::default_network_path();
  if (o.out.empty()) return "no -o FILE, and neither XDG_CONFIG_HOME nor HOME is set";
  if (o.svg.empty()) o.svg = std::filesystem::path(o.out).replace_extension(".svg").string();
  return "";
}

bool write(const std::string& path, const std::string& text) {
  const std::filesystem::path parent = std::filesystem::path(path).parent_path();
  std::error_code ignored;
  if (!parent.empty()) std::filesystem::create_directories(parent, ignored);
  std::ofstream out(path);
  out << text;
  return static_cast<bool>(out.flush());
}

} // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, p = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &p);
  Options o;
  std::string error = parse(argc, argv, o);
  if (error.empty() && p < 2) error = "needs at least 2 ranks (mpirun -np 2 ...)";
  if (!error.empty()) {
    if (rank == 0 && error == "help") std::fputs(usage, stdout);
    if (rank == 0 && error != "help")
      std::fprintf(stderr, "collscope-calibrate: %s\n", error.c_str());
    MPI_Finalize();
    return error == "help" ? 0 : 2;
  }
  collscope::calibrate::Sweep sweep;
  sweep.repetitions = o.repetitions;
  sweep.sizes.push_back(0);
  for (long m = 1; m <= o.max_bytes; m *= 2) sweep.sizes.push_back(static_cast<int>(m));
  const auto measured = collscope::calibrate::measure(sweep, MPI_COMM_WORLD);
  // Rank 1's host: whether the ping-pong crossed the network (two nodes) or not.
  char name[MPI_MAX_PROCESSOR_NAME] = {}, peer[MPI_MAX_PROCESSOR_NAME] = {};
  int length = 0;
  MPI_Get_processor_name(name, &length);
  if (rank == 1) MPI_Send(name, MPI_MAX_PROCESSOR_NAME, MPI_CHAR, 0, 0, MPI_COMM_WORLD);
  if (rank == 0 && p > 1)
    MPI_Recv(peer, MPI_MAX_PROCESSOR_NAME, MPI_CHAR, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  int status = 0;
  if (rank == 0) {
    auto result = collscope::calibrate::conclude(measured, p, o.repetitions);
    char version[MPI_MAX_LIBRARY_VERSION_STRING] = {};
    MPI_Get_library_version(version, &length);
    result.host = name;
    if (p > 1 && std::string(peer) != name) result.peer_host = peer;
    result.library = std::string(version).substr(0, std::string(version).find_first_of("\n,"));
    if (!o.quiet) std::fputs(collscope::calibrate::to_text(result).c_str(), stdout);
    if (!result.ping_pong.fit.valid || !(result.ping_pong.fit.alpha_s > 0) ||
        !(result.ping_pong.fit.beta_s_per_byte > 0)) {
      // The readers refuse a non-positive α or β: say so now rather than write a useless file.
      std::fprintf(stderr, "collscope-calibrate: the fit gave no positive alpha and beta (too "
                           "noisy?); nothing written, try more --repetitions\n");
      status = 1;
    } else if (!write(o.out, collscope::calibrate::to_json(result)) ||
               !write(o.svg, collscope::calibrate::to_svg(result)) ||
               (!o.slide_svg.empty() &&
                !write(o.slide_svg, collscope::calibrate::to_slide_svg(result)))) {
      std::fprintf(stderr, "collscope-calibrate: cannot write '%s', '%s' or '%s'\n", o.out.c_str(),
                   o.svg.c_str(), o.slide_svg.c_str());
      status = 2;
    } else if (!o.quiet) {
      std::printf("wrote %s and %s%s%s\n", o.out.c_str(), o.svg.c_str(),
                  o.slide_svg.empty() ? "" : " and ", o.slide_svg.c_str());
    }
  }
  MPI_Bcast(&status, 1, MPI_INT, 0, MPI_COMM_WORLD);
  MPI_Finalize();
  return status;
}
