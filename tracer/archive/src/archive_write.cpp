#include "collscope/archive/archive_write.hpp"

#include "collscope/archive/otf2_check.hpp"
#include "collscope/archive/raw_format.hpp"
#include "threads_note.hpp"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <new>
#include <stdexcept>

namespace collscope::rec {
namespace {

namespace fs = std::filesystem;

OTF2_FlushType always_flush(void*, OTF2_FileType, OTF2_LocationRef, void*, bool) {
  return OTF2_FLUSH;
}

// No post-flush callback: flushes happen after the run (or on the way out of it), so a
// BufferFlush record would describe the writer, not the program.
const OTF2_FlushCallbacks flush_callbacks{always_flush, nullptr};

// OTF2's own pool would keep up to 128 MiB of records per writer before it flushes; this one
// holds `pool_chunks` chunks (1 MiB each), then refuses, and OTF2 flushes them to the file
// (pre-flush callback above) and frees them: the writer's memory does not grow with the run.
constexpr std::size_t pool_chunks = 4;

struct ChunkPool {
  std::vector<void*> chunks;
};

void* allocate_chunk(void*, OTF2_FileType, OTF2_LocationRef, void** per_buffer,
                     std::uint64_t chunk_size) {
  auto* pool = static_cast<ChunkPool*>(*per_buffer);
  if (pool == nullptr) {
    pool = new (std::nothrow) ChunkPool;
    if (pool == nullptr) return nullptr;
    *per_buffer = pool;
  }
  if (pool->chunks.size() >= pool_chunks) return nullptr;
  void* chunk = std::malloc(chunk_size);
  if (chunk == nullptr) return nullptr;
  try {
    pool->chunks.push_back(chunk);
  } catch (const std::bad_alloc&) {
    std::free(chunk);
    return nullptr;
  }
  return chunk;
}

void free_chunks(void*, OTF2_FileType, OTF2_LocationRef, void** per_buffer, bool final) {
  auto* pool = static_cast<ChunkPool*>(*per_buffer);
  if (pool == nullptr) return;
  for (void* chunk : pool->chunks) std::free(chunk);
  pool->chunks.clear();
  if (final) {
    delete pool;
    *per_buffer = nullptr;
  }
}

const OTF2_MemoryCallbacks memory_callbacks{allocate_chunk, free_chunks};

struct AttributeListDeleter {
  void operator()(OTF2_AttributeList* l) const { OTF2_AttributeList_Delete(l); }
};

} // namespace

ArchivePtr open_archive(const std::string& path) {
  ArchivePtr archive{OTF2_Archive_Open(
      path.c_str(), "traces", OTF2_FILEMODE_WRITE, OTF2_CHUNK_SIZE_EVENTS_DEFAULT,
      OTF2_CHUNK_SIZE_DEFINITIONS_DEFAULT, OTF2_SUBSTRATE_POSIX, OTF2_COMPRESSION_NONE)};
  if (!archive) throw std::runtime_error("cannot create an OTF2 archive in " + path);
  check(OTF2_Archive_SetFlushCallbacks(archive.get(), &flush_callbacks, nullptr),
        "SetFlushCallbacks");
  check(OTF2_Archive_SetMemoryCallbacks(archive.get(), &memory_callbacks, nullptr),
        "SetMemoryCallbacks");
  check(OTF2_Archive_SetCreator(archive.get(), "collscope-trace"), "SetCreator");
  check(OTF2_Archive_SetDescription(archive.get(), "MPI run recorded by collscope's PMPI tracer"),
        "SetDescription");
  return archive;
}

EventCounts write_rank_events(OTF2_Archive* archive, const RankInput& rank, Definitions& defs) {
  const std::unique_ptr<OTF2_AttributeList, AttributeListDeleter> attributes{
      OTF2_AttributeList_New()};
  if (!attributes) throw std::runtime_error("OTF2 AttributeList_New failed");
  OTF2_EvtWriter* writer = OTF2_Archive_GetEvtWriter(archive, rank.summary.rank);
  if (writer == nullptr)
    throw std::runtime_error("OTF2 GetEvtWriter failed for rank " +
                             std::to_string(rank.summary.rank));
  const EventCounts counts = write_events(writer, rank, defs, attributes.get());
  check(OTF2_Archive_CloseEvtWriter(archive, writer), "CloseEvtWriter");
  return counts;
}

void write_local_definitions(OTF2_Archive* archive, const RankInput& rank) {
  OTF2_DefWriter* writer = OTF2_Archive_GetDefWriter(archive, rank.summary.rank);
  if (writer == nullptr) throw std::runtime_error("OTF2 GetDefWriter failed");
  // time: the rank's own clock (the events' time base); offset: add it to reach rank 0's;
  // standard deviation: half the kept round trip, the bound on the offset's error (and the
  // least one-way latency the model's logical clock assumes).
  for (const OffsetSample& s : offset_definitions(rank.offsets))
    check(OTF2_DefWriter_WriteClockOffset(writer, s.time_ns, s.offset_ns,
                                          static_cast<double>(s.half_rtt_ns)),
          "WriteClockOffset");
  check(OTF2_Archive_CloseDefWriter(archive, writer), "CloseDefWriter");
}

void write_global_definitions(OTF2_Archive* archive, Definitions& defs,
                              const std::vector<RankSummary>& ranks) {
  const std::string host = ranks.empty() ? std::string{} : ranks[0].host;
  if (!host.empty()) check(OTF2_Archive_SetMachineName(archive, host.c_str()), "SetMachineName");
  std::uint64_t messages = 0;
  for (const RankSummary& r : ranks) messages += r.messages;
  check(
      OTF2_Archive_SetProperty(archive, messages_property, std::to_string(messages).c_str(), true),
      "SetProperty");
  std::string inside;
  for (const RankSummary& r : ranks)
    if (!r.inside.empty() && inside.find(r.inside) == std::string::npos)
      inside += (inside.empty() ? "" : " | rank " + std::to_string(r.rank) + ": ") + r.inside;
  if (!inside.empty())
    check(OTF2_Archive_SetProperty(archive, inside_property, inside.c_str(), true), "SetProperty");
  if (const std::string threads = threads_note(ranks); !threads.empty())
    check(OTF2_Archive_SetProperty(archive, threads_property, threads.c_str(), true),
          "SetProperty");
  OTF2_GlobalDefWriter* global = OTF2_Archive_GetGlobalDefWriter(archive);
  if (global == nullptr) throw std::runtime_error("OTF2 GetGlobalDefWriter failed");
  std::vector<std::string> hosts;
  for (const RankSummary& r : ranks) {
    if (hosts.size() <= r.rank) hosts.resize(r.rank + 1);
    hosts[r.rank] = r.host;
  }
  defs.write(global, hosts, ranks.empty() ? 0 : ranks[0].realtime_offset);
  check(OTF2_Archive_CloseGlobalDefWriter(archive, global), "CloseGlobalDefWriter");
}

bool has_spill_files(const std::string& partial) {
  std::error_code ec;
  return fs::is_directory(fs::path(partial) / raw_dir, ec);
}

Completion complete_archive(const std::string& partial,
                            const std::function<void(std::vector<RankInput>&)>& amend) {
  Completion c;
  try {
    // The world size is in every rank's header; ranks that left nothing are empty locations.
    std::vector<RankInput> inputs;
    std::uint32_t size = 0;
    for (std::uint32_t rank = 0; rank < std::max<std::uint32_t>(size, 1); ++rank) {
      inputs.push_back(read_rank(partial, rank));
      size = std::max(size, inputs.back().world_size);
    }
    if (size == 0) throw std::runtime_error("no rank left its records in " + partial);
    c.ranks = size;
    if (amend) amend(inputs);
    std::vector<RankSummary> summaries;
    for (RankInput& in : inputs) {
      if (in.summary.events != 0) ++c.with_events;
      c.messages += in.summary.messages;
      summaries.push_back(in.summary);
    }
    // A rank killed while it wrote its part of the archive may have left OTF2 files.
    std::error_code ec;
    fs::remove_all(fs::path(partial) / "traces", ec);
    fs::remove(fs::path(partial) / "traces.def", ec);
    fs::remove(fs::path(partial) / "traces.otf2", ec);

    Definitions defs(size);
    defs.unify(summaries);
    ArchivePtr archive = open_archive(partial);
    check(OTF2_Archive_SetSerialCollectiveCallbacks(archive.get()), "SetSerialCollectiveCallbacks");
    check(OTF2_Archive_OpenEvtFiles(archive.get()), "OpenEvtFiles");
    std::uint64_t first = UINT64_MAX, last = 0;
    for (const RankInput& in : inputs) {
      const EventCounts counts = write_rank_events(archive.get(), in, defs);
      defs.set_event_count(in.summary.rank, counts.written);
      first = std::min(first, counts.first);
      last = std::max(last, counts.last);
    }
    check(OTF2_Archive_CloseEvtFiles(archive.get()), "CloseEvtFiles");
    check(OTF2_Archive_OpenDefFiles(archive.get()), "OpenDefFiles");
    for (const RankInput& in : inputs) write_local_definitions(archive.get(), in);
    check(OTF2_Archive_CloseDefFiles(archive.get()), "CloseDefFiles");
    if (first <= last) defs.set_time_range(first, last);
    write_global_definitions(archive.get(), defs, summaries);
    check(OTF2_Archive_Close(archive.release()), "Archive_Close");
    fs::remove_all(fs::path(partial) / raw_dir, ec);
  } catch (const std::exception& e) {
    c.error = e.what();
  }
  return c;
}

} // namespace collscope::rec
