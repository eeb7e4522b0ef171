// collscope-smpi-import DIR PAJE [--selector NAME] [--hosts H]: after a traced SimGrid SMPI
// run whose archive was deferred (COLLSCOPE_TRACE_DEFER=1, scripts/simulate does both), writes
// the archive DIR from the ranks' spill files in DIR.partial with the messages SMPI sent
// inside its native collectives, read from SimGrid's Paje trace PAJE, and each call's
// algorithm under SMPI's selector NAME. H: the platform's hosts; smpirun puts rank r on
// host r mod H. Prints one line of what it placed; exit 0 ok, 1 no archive, 2 bad usage.
#include "collscope/archive/archive_dir.hpp"
#include "collscope/archive/archive_write.hpp"
#include "internal_messages.hpp"
#include "paje_links.hpp"

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>

namespace {

int usage(const char* why) {
  std::fprintf(stderr,
               "collscope-smpi-import: error: %s\n"
               "usage: collscope-smpi-import DIR PAJE [--selector NAME] [--hosts H]\n",
               why);
  return 2;
}

int fail(const std::string& partial, const std::string& why) {
  collscope::rec::write_incomplete(partial, why, true);
  std::fprintf(stderr, "collscope-smpi-import: error: no trace written: %s (see %s/INCOMPLETE)\n",
               why.c_str(), partial.c_str());
  return 1;
}

} // namespace

int main(int argc, char** argv) {
  using namespace collscope::rec;
  std::string dir, paje, selector;
  unsigned long hosts = 0;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if ((arg == "--selector" || arg == "--hosts") && i + 1 >= argc)
      return usage((arg + " needs a value").c_str());
    if (arg == "--selector") {
      selector = argv[++i];
    } else if (arg == "--hosts") {
      char* end = nullptr;
      hosts = std::strtoul(argv[++i], &end, 10);
      if (end == nullptr || *end != '\0' || hosts == 0) return usage("--hosts: a count ≥ 1");
    } else if (dir.empty()) {
      dir = arg;
    } else if (paje.empty()) {
      paje = arg;
    } else {
      return usage(("unexpected argument '" + arg + "'").c_str());
    }
  }
  if (paje.empty()) return usage("DIR and PAJE are needed");
  while (dir.size() > 1 && dir.back() == '/') dir.pop_back();
  const std::string partial = dir + ".partial";
  if (!has_spill_files(partial))
    return usage((partial + " holds no deferred trace (run with COLLSCOPE_TRACE_DEFER=1)").c_str());

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
