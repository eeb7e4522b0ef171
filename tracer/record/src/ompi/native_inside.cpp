#include "native_inside.hpp"

#include "pml_hook.h"
#include "recorder.hpp"

#include <bitset>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace collscope::rec {
namespace {

struct Inside {
  bool usable = false;
  std::string library;              // "Open MPI 4.1.4, pml ob1", or why the hook cannot work
  std::vector<std::string> skipped; // what was not recorded, each once
  std::string note;
  std::uint32_t comm = 0; // the hooked collective's communicator id
  // Regions already said not recorded: a program calling MPI_Ibcast a million times builds
  // the sentence once.
  std::bitset<mpi_region_count> said;
};
Inside inside;

void compose() {
  std::string skipped;
  for (const std::string& s : inside.skipped) skipped += (skipped.empty() ? "" : "; ") + s;
  if (!inside.usable)
    inside.note = "not recorded: " + inside.library;
  else if (skipped.empty())
    inside.note = "recorded (" + inside.library + ")";
  else
    inside.note = "recorded (" + inside.library + "), except: " + skipped;
  note_inside(inside.note);
}

void skip(const std::string& what) {
  for (const std::string& s : inside.skipped)
    if (s == what) return;
  inside.skipped.push_back(what);
  compose();
  if (state.world_rank == 0)
    std::fprintf(stderr, "collscope-trace: the messages inside %s are not recorded\n",
                 what.c_str());
}

int coll_of(MpiRegion region) {
  switch (region) {
  case MpiRegion::Barrier: return COLLSCOPE_OMPI_BARRIER;
  case MpiRegion::Bcast: return COLLSCOPE_OMPI_BCAST;
  case MpiRegion::Gather: return COLLSCOPE_OMPI_GATHER;
  case MpiRegion::Gatherv: return COLLSCOPE_OMPI_GATHERV;
  case MpiRegion::Scatter: return COLLSCOPE_OMPI_SCATTER;
  case MpiRegion::Scatterv: return COLLSCOPE_OMPI_SCATTERV;
  case MpiRegion::Allgather: return COLLSCOPE_OMPI_ALLGATHER;
  case MpiRegion::Allgatherv: return COLLSCOPE_OMPI_ALLGATHERV;
  case MpiRegion::Alltoall: return COLLSCOPE_OMPI_ALLTOALL;
  case MpiRegion::Alltoallv: return COLLSCOPE_OMPI_ALLTOALLV;
  case MpiRegion::Alltoallw: return COLLSCOPE_OMPI_ALLTOALLW;
  case MpiRegion::Reduce: return COLLSCOPE_OMPI_REDUCE;
  case MpiRegion::Allreduce: return COLLSCOPE_OMPI_ALLREDUCE;
  case MpiRegion::Reduce_scatter: return COLLSCOPE_OMPI_REDUCE_SCATTER;
  case MpiRegion::Reduce_scatter_block: return COLLSCOPE_OMPI_REDUCE_SCATTER_BLOCK;
  case MpiRegion::Scan: return COLLSCOPE_OMPI_SCAN;
  case MpiRegion::Exscan: return COLLSCOPE_OMPI_EXSCAN;
  default: return -1;
  }
}

} // namespace

void native_inside_start() {
  inside = Inside{};
  char what[256] = {};
  const char* wanted = std::getenv("COLLSCOPE_TRACE_INSIDE");
  if (wanted != nullptr && std::strcmp(wanted, "off") == 0) {
    inside.library = "switched off (COLLSCOPE_TRACE_INSIDE=off)";
  } else {
    inside.usable = collscope_ompi_hook_check(what, sizeof what) == 1;
    inside.library = what;
  }
  if (inside.usable && state.multi) {
    // Completions fire in whichever thread progresses the library; the recorder has one.
    inside.usable = false;
    inside.library += ", under MPI_THREAD_MULTIPLE";
  }
  compose();
  if (!inside.usable && state.world_rank == 0)
    std::fprintf(stderr, "collscope-trace: the messages inside native collectives are %s\n",
                 inside.note.c_str());
}

bool native_inside_begin(const CommInfo& comm, MpiRegion region) {
  if (!inside.usable) return false;
  const int coll = coll_of(region);
  if (coll < 0) {
    native_inside_skip(region);
    return false;
  }
  const auto index = static_cast<std::size_t>(region);
  char component[32] = {};
  if (collscope_ompi_hook_begin(comm.handle, static_cast<collscope_ompi_coll>(coll), component,
                                sizeof component) == 1) {
    inside.comm = comm.id;
    return true;
  }
  if (inside.said[index]) return false;
  inside.said[index] = true;
  if (comm.inter)
    skip("collectives on intercommunicators");
  else
    skip(std::string(mpi_region_info(static_cast<std::uint32_t>(region)).name) + " run by coll " +
         component);
  return false;
}

void native_inside_end() {
  collscope_ompi_hook_end();
}

void native_inside_skip(MpiRegion region) {
  const auto index = static_cast<std::size_t>(region);
  if (!inside.usable || inside.said[index]) return;
  inside.said[index] = true;
  const std::string name = mpi_region_info(static_cast<std::uint32_t>(region)).name;
  if (name.rfind("MPI_Ineighbor", 0) == 0 || name.rfind("MPI_Neighbor", 0) == 0)
    skip("neighbourhood collectives");
  else
    skip("nonblocking collectives (libnbc runs their schedules later, in any MPI call)");
}

const std::string& native_inside_note() {
  return inside.note;
}

} // namespace collscope::rec

namespace rec = collscope::rec;

extern "C" {

std::uint64_t collscope_pml_now(void) {
  return rec::now();
}

void collscope_pml_blocking(int is_send, std::uint64_t time, int peer, int tag,
                            std::uint64_t bytes) {
  rec::push(rec::message(is_send != 0 ? rec::Kind::Send : rec::Kind::Recv, time, peer,
                         rec::inside.comm, tag, bytes));
}

std::uint64_t collscope_pml_post(int is_send, std::uint64_t time, int peer, int tag,
                                 std::uint64_t bytes) {
  const std::uint64_t id = rec::state.next_request++;
  if (is_send != 0)
    rec::push(rec::message(rec::Kind::Isend, time, peer, rec::inside.comm, tag, bytes, id));
  else
    rec::push(rec::request_event(rec::Kind::IrecvRequest, time, id));
  return id;
}

void collscope_pml_complete(int is_send, std::uint64_t id, int peer, int tag,
                            std::uint64_t bytes) {
  const std::uint64_t time = rec::now();
  if (is_send != 0)
    rec::push(rec::request_event(rec::Kind::IsendComplete, time, id));
  else
    rec::push(rec::message(rec::Kind::Irecv, time, peer, rec::inside.comm, tag, bytes, id));
}

} // extern "C"
