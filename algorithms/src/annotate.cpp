#include "annotate.hpp"

#include "node_comms.hpp"

#include <string>

namespace collscope::detail {

namespace {

/// Algorithm regions open on this thread: algorithms built from others nest them.
thread_local int open_regions = 0;

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
  trace::meta("collective", collective);
  trace::meta("algorithm", name);
  if (root >= 0) trace::meta("root", root);
  trace::meta("p", p);
  trace::meta("count", count);
  trace::meta("datatype", length > 0 ? type_name : "derived");
  trace::meta("type_size", size);
  if (outermost_)
    if (const auto described = environment_layout(p)) layout(*described);
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
