// Commands that run as MPI ranks (collscope-calibrate, the benchmarks under mpirun): every rank
// parses the same argv and so reaches the same outcome, and rank 0 alone prints the help, the
// version or the error, so that `mpirun -np 4 … --help` prints it once. Include this header
// before anything else that includes CLI11: under SimGrid SMPI, smpicxx force-includes
// smpi_helpers.h, whose function-like macro exit(x) would break CLI11's App::exit(e, out, err).
#pragma once

#pragma push_macro("exit")
#undef exit
#include "collscope/cli/command.hpp"
#include "collscope/cli/numbers.hpp"
#pragma pop_macro("exit")

namespace collscope::cli {

/// parse() on rank 0; on the other ranks the same outcome, silently.
inline std::optional<int> parse_on_rank(CLI::App& app, int argc, const char* const* argv,
                                        std::string_view name, int rank) {
  if (rank == 0) return parse(app, argc, argv, name);
  std::vector<std::string> args;
  for (int i = argc - 1; i >= 1; --i) args.emplace_back(argv[i]); // CLI11 takes them last first
  try {
    app.parse(args);
  } catch (const CLI::Success&) { // --help, --version
    return exit_ok;
  } catch (const CLI::ParseError&) {
    return exit_usage;
  } catch (const UsageError&) {
    return exit_usage;
  }
  return std::nullopt;
}

} // namespace collscope::cli
