#include "otf2_writer.hpp"

#include "otf2_check.hpp"
#include "otf2_definitions.hpp"
#include "otf2_events.hpp"

#include <memory>
#include <stdexcept>

namespace collscope::rec {
namespace {

OTF2_FlushType always_flush(void*, OTF2_FileType, OTF2_LocationRef, void*, bool) {
  return OTF2_FLUSH;
}

// No post-flush callback: the flushes happen after the run, so a BufferFlush record would
// describe the writer, not the program.
const OTF2_FlushCallbacks flush_callbacks{always_flush, nullptr};

struct ArchiveCloser {
  void operator()(OTF2_Archive* a) const { OTF2_Archive_Close(a); }
};
struct AttributeListDeleter {
  void operator()(OTF2_AttributeList* l) const { OTF2_AttributeList_Delete(l); }
};

void write_all(OTF2_Archive* archive, const std::vector<RankTrace>& ranks) {
  check(OTF2_Archive_SetFlushCallbacks(archive, &flush_callbacks, nullptr), "SetFlushCallbacks");
  check(OTF2_Archive_SetSerialCollectiveCallbacks(archive), "SetSerialCollectiveCallbacks");
  check(OTF2_Archive_SetCreator(archive, "collscope-trace"), "SetCreator");
  check(OTF2_Archive_SetDescription(archive, "MPI run recorded by collscope's PMPI tracer"),
        "SetDescription");
  if (!ranks.empty() && !ranks[0].host.empty())
    check(OTF2_Archive_SetMachineName(archive, ranks[0].host.c_str()), "SetMachineName");

  Definitions defs(static_cast<std::uint32_t>(ranks.size()));
  const std::unique_ptr<OTF2_AttributeList, AttributeListDeleter> attributes{
      OTF2_AttributeList_New()};
  if (!attributes) throw std::runtime_error("OTF2 AttributeList_New failed");
  check(OTF2_Archive_OpenEvtFiles(archive), "OpenEvtFiles");
  for (const RankTrace& rank : ranks) {
    OTF2_EvtWriter* writer = OTF2_Archive_GetEvtWriter(archive, rank.rank);
    if (writer == nullptr)
      throw std::runtime_error("OTF2 GetEvtWriter failed for rank " + std::to_string(rank.rank));
    defs.set_event_count(rank.rank, write_events(writer, rank, defs, attributes.get()));
    check(OTF2_Archive_CloseEvtWriter(archive, writer), "CloseEvtWriter");
  }
  check(OTF2_Archive_CloseEvtFiles(archive), "CloseEvtFiles");

  // Empty local definitions: ids are global already, but readers expect the files.
  check(OTF2_Archive_OpenDefFiles(archive), "OpenDefFiles");
  for (const RankTrace& rank : ranks) {
    OTF2_DefWriter* writer = OTF2_Archive_GetDefWriter(archive, rank.rank);
    if (writer == nullptr) throw std::runtime_error("OTF2 GetDefWriter failed");
    check(OTF2_Archive_CloseDefWriter(archive, writer), "CloseDefWriter");
  }
  check(OTF2_Archive_CloseDefFiles(archive), "CloseDefFiles");

  for (const RankTrace& rank : ranks) defs.add_comms(rank.comms);
  OTF2_GlobalDefWriter* global = OTF2_Archive_GetGlobalDefWriter(archive);
  if (global == nullptr) throw std::runtime_error("OTF2 GetGlobalDefWriter failed");
  defs.write(global, ranks.empty() ? std::string{} : ranks[0].host,
             ranks.empty() ? 0 : ranks[0].realtime_offset);
  check(OTF2_Archive_CloseGlobalDefWriter(archive, global), "CloseGlobalDefWriter");
}

} // namespace

std::string write_archive(const std::string& path, const std::vector<RankTrace>& ranks) {
  std::unique_ptr<OTF2_Archive, ArchiveCloser> archive{OTF2_Archive_Open(
      path.c_str(), "traces", OTF2_FILEMODE_WRITE, OTF2_CHUNK_SIZE_EVENTS_DEFAULT,
      OTF2_CHUNK_SIZE_DEFINITIONS_DEFAULT, OTF2_SUBSTRATE_POSIX, OTF2_COMPRESSION_NONE)};
  if (!archive) return "cannot create an OTF2 archive in " + path;
  try {
    write_all(archive.get(), ranks);
    check(OTF2_Archive_Close(archive.release()), "Archive_Close");
  } catch (const std::exception& e) {
    return e.what();
  }
  return {};
}

} // namespace collscope::rec
