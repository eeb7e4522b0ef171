#include "session_archive.hpp"

#include "collscope/archive/archive_write.hpp"
#include "collscope/archive/otf2_check.hpp"
#include "collscope/archive/raw_format.hpp"

#include <algorithm>
#include <mpi.h>
#include <stdexcept>
#include <unistd.h>
#include <vector>

// OTF2's header-only MPI collectives, calling PMPI so the tracer does not trace itself.
#define OTF2_MPI_USE_PMPI
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wold-style-cast"
#pragma GCC diagnostic ignored "-Wuseless-cast"
#pragma GCC diagnostic ignored "-Wsign-conversion"
#pragma GCC diagnostic ignored "-Wconversion"
#pragma GCC diagnostic ignored "-Wshadow"
#pragma GCC diagnostic ignored "-Wcast-qual"
#include <otf2/OTF2_MPI_Collectives.h>
#pragma GCC diagnostic pop

namespace collscope::rec {
namespace {

/// Every rank's summary on every rank (they are small: names, ids, communicators). Gathered
/// at rank 0 and broadcast, not allgathered: under SimGrid SMPI the default MPI_Allgather(v)
/// posts 2(p − 1) requests per rank and completes them one MPI_Waitany at a time, O(p³) work in
/// all, which made MPI_Finalize of a traced run take 67 s at p = 256 and over 5 minutes at
/// p = 1024; a gather and a tree broadcast need O(p²) at the root and O(p log p) elsewhere.
std::vector<RankSummary> exchange(const RankSummary& mine, int size, std::string& error) {
  const std::string blob = serialise(mine);
  int n = static_cast<int>(blob.size());
  std::vector<int> counts(static_cast<std::size_t>(size));
  std::vector<int> displs(static_cast<std::size_t>(size));
  PMPI_Gather(&n, 1, MPI_INT, counts.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
  PMPI_Bcast(counts.data(), size, MPI_INT, 0, MPI_COMM_WORLD);
  long long total = 0;
  for (std::size_t i = 0; i < counts.size(); ++i) {
    displs[i] = static_cast<int>(total);
    total += counts[i];
  }
  std::string all(static_cast<std::size_t>(total), '\0');
  PMPI_Gatherv(blob.data(), n, MPI_CHAR, all.data(), counts.data(), displs.data(), MPI_CHAR, 0,
               MPI_COMM_WORLD);
  PMPI_Bcast(all.data(), static_cast<int>(total), MPI_CHAR, 0, MPI_COMM_WORLD);
  std::vector<RankSummary> summaries;
  try {
    for (std::size_t i = 0; i < counts.size(); ++i)
      summaries.push_back(deserialise(std::string_view(all).substr(
          static_cast<std::size_t>(displs[i]), static_cast<std::size_t>(counts[i]))));
  } catch (const std::exception& e) {
    error = e.what();
  }
  return summaries;
}

bool everyone_ok(bool ok) {
  int bad = ok ? 0 : 1;
  PMPI_Allreduce(MPI_IN_PLACE, &bad, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  return bad == 0;
}

} // namespace

ArchiveResult write_archive_in_parallel(const std::string& partial, int rank, int size) {
  ArchiveResult result;
  const auto me = static_cast<std::uint32_t>(rank);
  RankInput input;
  std::string error;
  try {
    input = read_rank(partial, me);
  } catch (const std::exception& e) {
    error = "rank " + std::to_string(rank) + ": " + e.what();
  }
  const std::vector<RankSummary> summaries = exchange(input.summary, size, error);
  if (!everyone_ok(error.empty())) {
    result.problem = error.empty() ? "another rank could not read its records" : error;
    return result;
  }
  for (const RankSummary& s : summaries)
    if (result.lost.empty() && !s.lost.empty()) result.lost = s.lost;

  Definitions defs(static_cast<std::uint32_t>(size));
  defs.unify(summaries);
  try {
    ArchivePtr archive = open_archive(partial);
    check(OTF2_MPI_Archive_SetCollectiveCallbacks(archive.get(), MPI_COMM_WORLD, MPI_COMM_NULL),
          "SetCollectiveCallbacks");
    check(OTF2_Archive_OpenEvtFiles(archive.get()), "OpenEvtFiles");
    const EventCounts counts = write_rank_events(archive.get(), input, defs);
    check(OTF2_Archive_CloseEvtFiles(archive.get()), "CloseEvtFiles");
    // Local definitions: ids are global already; the rank's clock offsets.
    check(OTF2_Archive_OpenDefFiles(archive.get()), "OpenDefFiles");
    write_local_definitions(archive.get(), input);
    check(OTF2_Archive_CloseDefFiles(archive.get()), "CloseDefFiles");

    const std::uint64_t mine[3] = {counts.written, counts.first, counts.last};
    std::vector<std::uint64_t> all(rank == 0 ? 3 * static_cast<std::size_t>(size) : 0);
    PMPI_Gather(mine, 3, MPI_UINT64_T, all.data(), 3, MPI_UINT64_T, 0, MPI_COMM_WORLD);
    if (rank == 0) {
      std::uint64_t first = UINT64_MAX, last = 0;
      for (std::size_t r = 0; r < static_cast<std::size_t>(size); ++r) {
        defs.set_event_count(static_cast<std::uint32_t>(r), all[3 * r]);
        first = std::min(first, all[3 * r + 1]);
        last = std::max(last, all[3 * r + 2]);
      }
      if (first <= last) defs.set_time_range(first, last);
      write_global_definitions(archive.get(), defs, summaries);
    }
    check(OTF2_Archive_Close(archive.release()), "Archive_Close");
  } catch (const std::exception& e) {
    error = e.what();
  }
  ::unlink(raw_events_path(partial, me).c_str());
  ::unlink(raw_ring_path(partial, me).c_str());
  ::unlink(raw_defs_path(partial, me).c_str());
  if (!everyone_ok(error.empty()))
    result.problem = error.empty() ? "another rank could not write its events" : error;
  return result;
}

} // namespace collscope::rec
