// collscope-smpi-import DIR PAJE [--selector NAME] [--hosts H]: after a traced SimGrid SMPI
// run whose archive was deferred (COLLSCOPE_TRACE_DEFER=1, scripts/simulate does both), writes
// the archive DIR from the ranks' spill files in DIR.partial with the messages SMPI sent
// inside its native collectives, read from SimGrid's Paje trace PAJE, and each call's
// algorithm under SMPI's selector NAME. H: the platform's hosts; smpirun puts rank r on
// host r mod H. Prints one line of what it placed; exit 0 ok, 1 no archive, 2 bad usage.
#include "collscope/archive/archive_dir.hpp"
#include "collscope/archive/archive_write.hpp"
#include "collscope/cli/command.hpp"
#include "collscope/cli/numbers.hpp"
#include "internal_messages.hpp"
#include "paje_links.hpp"

#include <cstdio>
#include <exception>
#include <string>

namespace {

namespace cli = collscope::cli;

std::string program = "collscope-smpi-import"; ///< as the command calls itself

int fail(const std::string& partial, const std::string& why) {
  collscope::rec::write_incomplete(partial, why, true);
  cli::report_error(program, "no trace written: " + why + " (see " + partial + "/INCOMPLETE)");
  return cli::exit_check_failed;
}

} // namespace

int main(int argc, char** argv) {
  using namespace collscope::rec;
  program = cli::command_name(argv[0], "collscope-smpi-import");
  CLI::App app{"After a traced SimGrid SMPI run whose archive was deferred "
               "(COLLSCOPE_TRACE_DEFER=1;\nscripts/simulate does both), writes the archive DIR "
               "from the ranks' spill files in\nDIR.partial with the messages SMPI sent inside "
               "its native collectives, read from SimGrid's\nPaje trace PAJE, and each call's "
               "algorithm under SMPI's selector. Prints one line of what\nit placed.",
               program};
  cli::conventions(app, "smpi-import");
  cli::synopsis(app, {"DIR PAJE [--selector NAME] [--hosts H]"});
  app.footer("Exit status: 0 written; 1 no archive (the reason in DIR.partial/INCOMPLETE); 2 a "
             "usage error,\nor a DIR.partial that holds no deferred trace.");
  std::string dir, paje, selector;
  unsigned long hosts = 0;
  app.add_option("DIR", dir, "the trace archive to write")->type_name("");
  app.add_option("PAJE", paje, "SimGrid's Paje trace of the run")->type_name("");
  app.add_option("--selector", selector, "SMPI's selector of the run")->type_name("NAME");
  app.add_option_function<std::string>(
         "--hosts",
         [&hosts](const std::string& v) {
           hosts = cli::whole_value<unsigned long>("--hosts", v, 1);
         },
         "the platform's hosts: smpirun puts rank r on host r mod H")
      ->type_name("H");
  // Checked here rather than by CLI11's required(), which would hide an unknown option.
  app.callback([&paje] {
    if (paje.empty()) throw cli::UsageError("DIR and PAJE are needed");
  });
  if (const auto status = cli::parse(app, argc, argv, program)) return *status;
  while (dir.size() > 1 && dir.back() == '/') dir.pop_back();
  const std::string partial = dir + ".partial";
  if (!has_spill_files(partial)) {
    cli::report_error(program,
                      partial + " holds no deferred trace (run with COLLSCOPE_TRACE_DEFER=1)");
    return cli::exit_usage;
  }

  smpi::PajeLinks links;
  try {
    links = smpi::read_paje_links(paje);
  } catch (const std::exception& e) {
    return fail(partial, e.what());
  }
  smpi::Placement placed;
  std::string lost, error;
  const Completion done = complete_archive(partial, [&](std::vector<RankInput>& ranks) {
    std::vector<std::uint32_t> host_of(hosts == 0 ? 0 : ranks.size()); // empty: unknown
    for (std::size_t r = 0; r < host_of.size(); ++r)
      host_of[r] = static_cast<std::uint32_t>(r % hosts);
    for (const RankInput& r : ranks)
      if (lost.empty() && !r.summary.lost.empty()) lost = r.summary.lost;
    placed = smpi::place_messages(ranks, links.messages, host_of, selector);
    // The recorder under SMPI had no PML to hook and said "not recorded"; this import is
    // what records them (COLLSCOPE::NATIVE_INSIDE, tracer/README.md "Inside the library").
    for (RankInput& r : ranks)
      r.summary.inside = "recorded (SimGrid SMPI, from SimGrid's trace of SMPI's internals)";
  });
  if (!done.error.empty()) return fail(partial, done.error);
  if (!lost.empty()) return fail(partial, "incomplete trace: " + lost);
  if (const std::string why = publish(partial, dir); !why.empty())
    return fail(partial, "the archive was written but " + why);
  std::printf("SMPI internals: %llu messages placed inside %llu native collective calls "
              "(%llu with the algorithm named); %llu other SMPI messages not inside a traced "
              "native collective, %llu unmatched\n",
              static_cast<unsigned long long>(placed.placed),
              static_cast<unsigned long long>(placed.calls),
              static_cast<unsigned long long>(placed.named),
              static_cast<unsigned long long>(placed.outside),
              static_cast<unsigned long long>(links.unmatched));
  return 0;
}
