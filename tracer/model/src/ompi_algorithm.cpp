// How the model words the algorithm Open MPI ran for a native collective (trace.hpp).
#include "collscope/model/trace.hpp"

namespace collscope::model {

std::string OmpiAlgorithm::describe() const {
  if (name.empty()) return "";
  constexpr std::string_view unknown_prefix = "unknown: ";
  if (name == "unknown")
    return "unknown (" +
           (source.starts_with(unknown_prefix) ? source.substr(unknown_prefix.size()) : source) +
           ")";
  std::string params;
  if (fanout) params = "fanout " + std::to_string(*fanout) + "; ";
  if (segment && *segment != 0) params += "segments of " + std::to_string(*segment) + " bytes; ";
  return name + " (" + params + source + ")";
}

} // namespace collscope::model
