#include "annotate.hpp"

#include <string>

namespace collscope::detail {

AlgorithmRegion::AlgorithmRegion(const char* collective, const char* name, int root, int count,
                                 MPI_Datatype datatype, MPI_Comm comm) {
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
}

} // namespace collscope::detail
