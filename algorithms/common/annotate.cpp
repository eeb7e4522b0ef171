#include "common/annotate.hpp"

#include "common/node_comms.hpp"

#include <string>

namespace collscope::detail {

namespace {

/// Algorithm regions open on this thread: algorithms built from others nest them.
thread_local int open_regions = 0;

/// FNV-1a over the metadata values that are not in the region's name.
unsigned long long signature(int root, int p, int count, int type_size, const char* type_name) {
  unsigned long long h = 0xcbf29ce484222325ull;
  const auto mix = [&h](unsigned char byte) { h = (h ^ byte) * 0x100000001b3ull; };
  for (const int v : {root, p, count, type_size})
    for (int shift = 0; shift < 32; shift += 8) mix(static_cast<unsigned char>(v >> shift));
  for (const char* c = type_name; *c != '\0'; ++c) mix(static_cast<unsigned char>(*c));
  return h;
}

} // namespace

AlgorithmRegion::AlgorithmRegion(const char* collective, const char* name, int root, int count,
                                 MPI_Datatype datatype, MPI_Comm comm)
    : outermost_(open_regions == 0) {
  ++open_regions;
  if (!trace::active()) return;
  region_.emplace(std::initializer_list<std::string_view>{"algorithm ", collective, "/", name});
  int p = 0, size = 0, length = 0;
  MPI_Comm_size(comm, &p);
  MPI_Type_size(datatype, &size);
  char type_name[MPI_MAX_OBJECT_NAME] = {};
  MPI_Type_get_name(datatype, type_name, &length);
  // Collective and algorithm are part of the region's name; the other pairs are signed, so
  // a call with the same ones as the last skips formatting and sending them (collscope/annotate.h).
  const int pairs = root >= 0 ? 7 : 6;
  if (!trace::meta_repeat(signature(root, p, count, size, type_name), pairs)) {
    trace::meta("collective", collective);
    trace::meta("algorithm", name);
    if (root >= 0) trace::meta("root", root);
    trace::meta("p", p);
    trace::meta("count", count);
    trace::meta("datatype", length > 0 ? type_name : "derived");
    trace::meta("type_size", size);
  }
  trace::region_comm(static_cast<int>(MPI_Comm_c2f(comm)));
  if (outermost_)
    if (const auto described = environment_layout(p)) layout(*described);
}

AlgorithmRegion::AlgorithmRegion(const char* collective, const char* name, int root, int count,
                                 MPI_Datatype datatype, MPI_Comm comm,
                                 const schedule::NodeLayout& nodes)
    : AlgorithmRegion(collective, name, root, count, datatype, comm) {
  layout(nodes);
}

AlgorithmRegion::~AlgorithmRegion() {
  --open_regions;
}

void AlgorithmRegion::layout(const schedule::NodeLayout& layout) {
  if (!region_ || !outermost_ || layout_recorded_) return;
  record_layout(layout);
  layout_recorded_ = true;
}

} // namespace collscope::detail
