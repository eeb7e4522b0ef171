// Trace annotations shared by every algorithm: the algorithm region with its metadata. Rounds
// and block provenance are annotated in place with collscope/annotate.hpp. All of it costs one
// test per call when the tracer is absent or off.
#pragma once

#include "collscope/schedule/node_layout.hpp"

#include <collscope/annotate.hpp>
#include <mpi.h>
#include <optional>

namespace collscope::detail {

/// The region "algorithm <collective>/<name>" for one call, carrying collective, algorithm,
/// root (−1: none), p, count and datatype as metadata. The outermost region also carries the
/// node layout (`nodes`, `placement`) when the environment describes one (nodes.hpp), so a
/// flat algorithm can be compared with the hierarchical ones in the same node view.
class AlgorithmRegion {
public:
  AlgorithmRegion(const char* collective, const char* name, int root, int count,
                  MPI_Datatype datatype, MPI_Comm comm);
  /// The hierarchical algorithms' region, with their node layout (layout()).
  AlgorithmRegion(const char* collective, const char* name, int root, int count,
                  MPI_Datatype datatype, MPI_Comm comm, const schedule::NodeLayout& nodes);
  ~AlgorithmRegion();
  AlgorithmRegion(const AlgorithmRegion&) = delete;
  AlgorithmRegion& operator=(const AlgorithmRegion&) = delete;

private:
  /// The hierarchical algorithms' layout (the real nodes' too), unless already recorded.
  void layout(const schedule::NodeLayout& layout);

  std::optional<trace::Region> region_;
  bool outermost_ = false;
  bool layout_recorded_ = false;
};

} // namespace collscope::detail
