// collscope-calibrate: measures α, β and LogGP's L, o, g, G on the machine it runs on and
// writes them where collscope-trace stats, the replay and collscope-run --algorithm auto read
// them (common/include/collscope/network_file.hpp). Run under mpirun with at least 2 ranks:
//   mpirun -np 2 collscope-calibrate [-o FILE] [--svg FILE] [--slide-svg FILE] [--max-bytes N]
//                                    [--repetitions R]
#include "collscope/cli/ranks.hpp"
#include "collscope/network_file.hpp"
#include "report.hpp"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>

namespace {

namespace cli = collscope::cli;

constexpr const char* description =
    R"(Ping-pong and ping-ping between ranks 0 and 1 and a P-ring, messages of 0, 1, 2, 4 ... N
bytes, the median of R repetitions each; fits t(m) = alpha + beta*m with standard errors and
R^2, and estimates LogGP's L, o, g, G. Run under mpirun with at least 2 ranks.)";

constexpr const char* footer =
    "Exit status: 0 measured and written; 1 the fit gave no positive alpha and beta (too\n"
    "noisy: nothing written); 2 a usage error, fewer than 2 ranks, or a file that cannot be\n"
    "written.";

struct Options {
  std::string out, svg, slide_svg;
  long max_bytes = 4L << 20;
  int repetitions = 15;
  bool quiet = false;
};

void define(CLI::App& app, Options& o) {
  cli::synopsis(app, {"mpirun -np P {} [OPTIONS]"});
  app.description(description);
  app.footer(footer);
  app.add_option("-o", o.out,
                 "the network file (default $XDG_CONFIG_HOME/collscope/network.json\n"
                 "or ~/.config/collscope/network.json), read by collscope-trace\n"
                 "stats and collscope-run --algorithm auto; COLLSCOPE_NETWORK=FILE\n"
                 "points them elsewhere")
      ->type_name("FILE");
  app.add_option("--svg", o.svg, "the fit drawn (default: FILE with .svg for .json)")
      ->type_name("FILE");
  app.add_option("--slide-svg", o.slide_svg,
                 "also the fit for a 16:9 slide: fit and residuals side by side,\n"
                 "1250x384 with 22 px text, 2500x768 pixels\n"
                 "(slides/11-measuring-and-models.md)")
      ->type_name("FILE");
  app.add_option_function<std::string>(
         "--max-bytes",
         [&o](const std::string& v) {
           o.max_bytes = cli::whole_value<long>("--max-bytes", v, 4, 1L << 30);
         },
         "the largest message (default 4194304)")
      ->type_name("N");
  app.add_option_function<std::string>(
         "--repetitions",
         [&o](const std::string& v) {
           o.repetitions = cli::whole_value<int>("--repetitions", v, 1, 100000);
         },
         "the median of R repetitions per size (default 15)")
      ->type_name("R");
  app.add_flag("--quiet", o.quiet, "print nothing but errors");
  app.callback([&o] {
    if (o.out.empty()) o.out = collscope::default_network_path();
    if (o.out.empty())
      throw cli::UsageError("no -o FILE, and neither XDG_CONFIG_HOME nor HOME is set");
    if (o.svg.empty()) o.svg = std::filesystem::path(o.out).replace_extension(".svg").string();
  });
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
  const std::string program = cli::command_name(argv[0], "collscope-calibrate");
  CLI::App app{"", program};
  cli::conventions(app, "calibrate");
  Options o;
  define(app, o);
  std::optional<int> status = cli::parse_on_rank(app, argc, argv, program, rank);
  if (!status && p < 2) {
    if (rank == 0) cli::report_error(program, "needs at least 2 ranks (mpirun -np 2 ...)");
    status = cli::exit_usage;
  }
  if (status) {
    MPI_Finalize();
    return *status;
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
  int written = cli::exit_ok;
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
      cli::report_error(program, "the fit gave no positive alpha and beta (too noisy?); nothing "
                                 "written, try more --repetitions");
      written = cli::exit_check_failed;
    } else if (!write(o.out, collscope::calibrate::to_json(result)) ||
               !write(o.svg, collscope::calibrate::to_svg(result)) ||
               (!o.slide_svg.empty() &&
                !write(o.slide_svg, collscope::calibrate::to_slide_svg(result)))) {
      cli::report_error(program,
                        "cannot write '" + o.out + "', '" + o.svg + "' or '" + o.slide_svg + "'");
      written = cli::exit_usage;
    } else if (!o.quiet) {
      std::printf("wrote %s and %s%s%s\n", o.out.c_str(), o.svg.c_str(),
                  o.slide_svg.empty() ? "" : " and ", o.slide_svg.c_str());
    }
  }
  MPI_Bcast(&written, 1, MPI_INT, 0, MPI_COMM_WORLD);
  MPI_Finalize();
  return written;
}
