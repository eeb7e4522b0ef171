#include "synthetic_trace.hpp"

#include <numeric>
#include <otf2/otf2.h>
#include <stdexcept>
#include <string>
#include <vector>

namespace collscope::bench {

namespace {

OTF2_FlushType preFlush(void*, OTF2_FileType, OTF2_LocationRef, void*, bool) {
  return OTF2_FLUSH;
}
OTF2_TimeStamp postFlush(void*, OTF2_FileType, OTF2_LocationRef) {
  return 0;
}
OTF2_FlushCallbacks flushCallbacks = {preFlush, postFlush};

void ok(OTF2_ErrorCode code, const char* what) {
  if (code != OTF2_SUCCESS) throw std::runtime_error(std::string("synthetic trace: ") + what);
}

constexpr std::uint64_t offset = 1'000'000'000; // ns of time 0
constexpr std::uint64_t stepNs = 10'000;        // one round every 10 µs
constexpr int roundsPerCall = 8;
constexpr OTF2_RegionRef sendrecvRegion = 0, algorithmRegion = 1, firstRoundRegion = 2;
const char* const metaKeys[] = {"collective", "algorithm", "count", "datatype"};
const char* const metaValues[] = {"allgather", "dissemination", "256", "MPI_BYTE"};

// String ids: fixed ones first, then "rank N", then "round k", then "rank N thread 0".
enum : OTF2_StringRef { sEmpty, sMachine, sWorld, sSendrecv, sAlgorithm, sMetaKey0 };
constexpr OTF2_StringRef sMetaValue0 = sMetaKey0 + 4;
constexpr OTF2_StringRef sRank0 = sMetaValue0 + 4;

} // namespace

std::uint64_t writeSyntheticTrace(const std::filesystem::path& dir, const SyntheticShape& shape) {
  const int p = shape.ranks;
  const std::uint64_t steps =
      (shape.messages + static_cast<std::uint64_t>(p) - 1) / static_cast<std::uint64_t>(p);
  OTF2_Archive* archive =
      OTF2_Archive_Open(dir.c_str(), "traces", OTF2_FILEMODE_WRITE, 1024 * 1024, 4 * 1024 * 1024,
                        OTF2_SUBSTRATE_POSIX, OTF2_COMPRESSION_NONE);
  if (archive == nullptr) throw std::runtime_error("cannot create " + dir.string());
  ok(OTF2_Archive_SetFlushCallbacks(archive, &flushCallbacks, nullptr), "flush callbacks");
  ok(OTF2_Archive_SetSerialCollectiveCallbacks(archive), "collective callbacks");
  ok(OTF2_Archive_SetCreator(archive, "collscope app benchmark"), "creator");

  std::vector<std::uint64_t> counts(static_cast<std::size_t>(p), 0);
  ok(OTF2_Archive_OpenEvtFiles(archive), "event files");
  OTF2_AttributeList* meta = OTF2_AttributeList_New();
  for (int r = 0; r < p; ++r) {
    OTF2_EvtWriter* w = OTF2_Archive_GetEvtWriter(archive, static_cast<OTF2_LocationRef>(r));
    const std::uint64_t jitter = static_cast<std::uint64_t>(r) * 37 % 200; // ns, deterministic
    for (std::uint64_t s = 0; s < steps; ++s) {
      const std::uint64_t t = offset + s * stepNs + jitter;
      const int k = static_cast<int>(s % roundsPerCall);
      const int d = 1 << k;
      if (k == 0) {
        OTF2_AttributeList_RemoveAllAttributes(meta);
        for (OTF2_AttributeRef a = 0; a < 4; ++a)
          OTF2_AttributeList_AddStringRef(meta, a, sMetaValue0 + a);
        ok(OTF2_EvtWriter_Enter(w, meta, t, algorithmRegion), "enter algorithm");
      }
      const auto round =
          static_cast<OTF2_RegionRef>(firstRoundRegion + static_cast<OTF2_RegionRef>(k));
      ok(OTF2_EvtWriter_Enter(w, nullptr, t + 500, round), "enter round");
      ok(OTF2_EvtWriter_Enter(w, nullptr, t + 1000, sendrecvRegion), "enter");
      ok(OTF2_EvtWriter_MpiSend(w, nullptr, t + 1200, static_cast<std::uint32_t>((r + d) % p), 0,
                                static_cast<std::uint32_t>(k), shape.bytes),
         "send");
      ok(OTF2_EvtWriter_MpiRecv(w, nullptr, t + 5000,
                                static_cast<std::uint32_t>((r - d % p + p) % p), 0,
                                static_cast<std::uint32_t>(k), shape.bytes),
         "recv");
      ok(OTF2_EvtWriter_Leave(w, nullptr, t + 5200, sendrecvRegion), "leave");
      ok(OTF2_EvtWriter_Leave(w, nullptr, t + 9000, round), "leave round");
      if (k == roundsPerCall - 1 || s + 1 == steps)
        ok(OTF2_EvtWriter_Leave(w, nullptr, t + 9500, algorithmRegion), "leave algorithm");
    }
    ok(OTF2_EvtWriter_GetNumberOfEvents(w, &counts[static_cast<std::size_t>(r)]), "count");
    ok(OTF2_Archive_CloseEvtWriter(archive, w), "close events");
  }
  OTF2_AttributeList_Delete(meta);
  ok(OTF2_Archive_CloseEvtFiles(archive), "close event files");
  ok(OTF2_Archive_OpenDefFiles(archive), "def files");
  for (int r = 0; r < p; ++r)
    ok(OTF2_Archive_CloseDefWriter(
           archive, OTF2_Archive_GetDefWriter(archive, static_cast<OTF2_LocationRef>(r))),
       "local defs");
  ok(OTF2_Archive_CloseDefFiles(archive), "close def files");

  OTF2_GlobalDefWriter* g = OTF2_Archive_GetGlobalDefWriter(archive);
  const auto str = [&](OTF2_StringRef id, const std::string& s) {
    ok(OTF2_GlobalDefWriter_WriteString(g, id, s.c_str()), "string");
  };
  str(sEmpty, "");
  str(sMachine, "machine");
  str(sWorld, "MPI_COMM_WORLD");
  str(sSendrecv, "MPI_Sendrecv");
  str(sAlgorithm, "algorithm allgather/dissemination");
  for (OTF2_StringRef a = 0; a < 4; ++a) {
    str(sMetaKey0 + a, std::string("collscope::meta::") + metaKeys[a]);
    str(sMetaValue0 + a, metaValues[a]);
  }
  for (int r = 0; r < p; ++r)
    str(sRank0 + static_cast<OTF2_StringRef>(r), "rank " + std::to_string(r));
  const OTF2_StringRef sRound0 = sRank0 + static_cast<OTF2_StringRef>(p);
  for (int k = 0; k < roundsPerCall; ++k)
    str(sRound0 + static_cast<OTF2_StringRef>(k), "round " + std::to_string(k));
  // Distinct names for a rank's process and its thread: ViTE refuses containers of one name.
  const OTF2_StringRef sThread0 = sRound0 + static_cast<OTF2_StringRef>(roundsPerCall);
  for (int r = 0; r < p; ++r)
    str(sThread0 + static_cast<OTF2_StringRef>(r), "rank " + std::to_string(r) + " thread 0");

  ok(OTF2_GlobalDefWriter_WriteClockProperties(g, 1'000'000'000, offset, steps * stepNs + 1000,
                                               OTF2_UNDEFINED_TIMESTAMP),
     "clock");
  ok(OTF2_GlobalDefWriter_WriteSystemTreeNode(g, 0, sMachine, sMachine,
                                              OTF2_UNDEFINED_SYSTEM_TREE_NODE),
     "node");
  for (int r = 0; r < p; ++r) {
    const OTF2_StringRef name = sRank0 + static_cast<OTF2_StringRef>(r);
    ok(OTF2_GlobalDefWriter_WriteLocationGroup(g, static_cast<OTF2_LocationGroupRef>(r), name,
                                               OTF2_LOCATION_GROUP_TYPE_PROCESS, 0,
                                               OTF2_UNDEFINED_LOCATION_GROUP),
       "location group");
    ok(OTF2_GlobalDefWriter_WriteLocation(
           g, static_cast<OTF2_LocationRef>(r), sThread0 + static_cast<OTF2_StringRef>(r),
           OTF2_LOCATION_TYPE_CPU_THREAD, counts[static_cast<std::size_t>(r)],
           static_cast<OTF2_LocationGroupRef>(r)),
       "location");
  }
  ok(OTF2_GlobalDefWriter_WriteRegion(g, sendrecvRegion, sSendrecv, sSendrecv, sEmpty,
                                      OTF2_REGION_ROLE_POINT2POINT, OTF2_PARADIGM_MPI,
                                      OTF2_REGION_FLAG_NONE, sEmpty, 0, 0),
     "region");
  ok(OTF2_GlobalDefWriter_WriteRegion(g, algorithmRegion, sAlgorithm, sAlgorithm, sEmpty,
                                      OTF2_REGION_ROLE_CODE, OTF2_PARADIGM_USER,
                                      OTF2_REGION_FLAG_NONE, sEmpty, 0, 0),
     "region");
  for (int k = 0; k < roundsPerCall; ++k) {
    const OTF2_StringRef name = sRound0 + static_cast<OTF2_StringRef>(k);
    ok(OTF2_GlobalDefWriter_WriteRegion(g, firstRoundRegion + static_cast<OTF2_RegionRef>(k), name,
                                        name, sEmpty, OTF2_REGION_ROLE_LOOP, OTF2_PARADIGM_USER,
                                        OTF2_REGION_FLAG_NONE, sEmpty, 0, 0),
       "region");
  }
  for (OTF2_AttributeRef a = 0; a < 4; ++a)
    ok(OTF2_GlobalDefWriter_WriteAttribute(g, a, sMetaKey0 + a, sEmpty, OTF2_TYPE_STRING), "attr");
  std::vector<std::uint64_t> members(static_cast<std::size_t>(p));
  std::iota(members.begin(), members.end(), 0);
  ok(OTF2_GlobalDefWriter_WriteGroup(g, 0, sEmpty, OTF2_GROUP_TYPE_COMM_LOCATIONS,
                                     OTF2_PARADIGM_MPI, OTF2_GROUP_FLAG_NONE,
                                     static_cast<std::uint32_t>(p), members.data()),
     "locations group");
  ok(OTF2_GlobalDefWriter_WriteGroup(g, 1, sEmpty, OTF2_GROUP_TYPE_COMM_GROUP, OTF2_PARADIGM_MPI,
                                     OTF2_GROUP_FLAG_NONE, static_cast<std::uint32_t>(p),
                                     members.data()),
     "world group");
  ok(OTF2_GlobalDefWriter_WriteComm(g, 0, sWorld, 1, OTF2_UNDEFINED_COMM, OTF2_COMM_FLAG_NONE),
     "world");
  ok(OTF2_Archive_Close(archive), "close");
  return steps * static_cast<std::uint64_t>(p);
}

} // namespace collscope::bench
