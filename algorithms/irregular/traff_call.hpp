// The call around both Träff algorithms (gatherv_traff, scatterv_traff): the same opening, the
// tree of irregular_construction.hpp, then each one's data phase.
#pragma once

#include "common/annotate.hpp"
#include "common/buffers.hpp"
#include "irregular/irregular_construction.hpp"
#include "irregular/irregular_layout.hpp"

namespace collscope::detail {

/// The shape of both Träff algorithms: the call's region, the tree built for this rank's own
/// bytes (the root's own block, or the block it sends or receives), then the data phase:
/// `at_root(view)` on the root, `below_root(view, rank)` elsewhere. `counts` and `root_type`
/// are the root's side (gatherv's recvcounts, scatterv's sendcounts), `count` and `type` the
/// other ranks'.
template <class AtRoot, class BelowRoot>
int on_irregular_tree(const char* collective, const char* name, int root, const int* counts,
                      MPI_Datatype root_type, int count, MPI_Datatype type, MPI_Comm comm,
                      const schedule::IrregularOptions& options, AtRoot&& at_root,
                      BelowRoot&& below_root) {
  const auto [rank, p] = shape(comm);
  const bool is_root = rank == root;
  const IrregularRegion region(collective, name, root, counts, root_type, count, type, comm);
  if (options.threshold > 0) trace::meta("threshold", options.threshold);
  const std::int64_t own = is_root ? bytes_of(counts[root], root_type) : bytes_of(count, type);
  IrregularView view;
  COLLSCOPE_TRY(build_irregular_tree(own, root, options, comm, view));
  const trace::Region phase("phase data");
  return is_root ? at_root(view) : below_root(view, rank);
}

} // namespace collscope::detail
