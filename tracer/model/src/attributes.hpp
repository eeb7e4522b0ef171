// The collscope attributes an event may carry (tracer/README.md): block provenance on sends,
// `collscope::meta::<key>` on the Enter of algorithm regions. Attributes of other producers
// are ignored.
#pragma once

#include "collscope/model/trace.hpp"
#include "definitions.hpp"

#include <map>
#include <optional>
#include <string>

namespace collscope::model::detail {

struct EventAttributes {
  std::optional<Blocks> blocks; ///< set if any of the four block attributes is present
  std::map<std::string, std::string> meta;
  std::string reduction; ///< `collscope::op` of a native collective ("MPI_SUM"), or empty
  OmpiAlgorithm ompi;    ///< `collscope::ompi_algorithm*` of a native collective
  std::string library_algorithm; ///< `collscope::library_algorithm` of a native collective
};

EventAttributes read_attributes(const Definitions& defs, OTF2_AttributeList* list);

} // namespace collscope::model::detail
