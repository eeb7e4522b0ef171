// Trace annotations shared by every algorithm: the algorithm region with its metadata. Rounds
// and block provenance are annotated in place with collscope/trace.hpp. All of it costs one
// test per call when the tracer is absent or off.
#pragma once

#include <collscope/trace.hpp>
#include <mpi.h>
#include <optional>

namespace collscope::detail {

/// The region "algorithm <collective>/<name>" for one call, carrying collective, algorithm,
/// root (−1: none), p, count and datatype as metadata.
class AlgorithmRegion {
public:
  AlgorithmRegion(const char* collective, const char* name, int root, int count,
                  MPI_Datatype datatype, MPI_Comm comm);

private:
  std::optional<trace::Region> region_;
};

} // namespace collscope::detail
