// The data phase of Träff's tree as one rank sees it, from what the construction told it (and,
// at the root, from the block sizes MPI gives the root anyway): whom it exchanges blocks with,
// in which round, how many bytes, whose blocks, and where they sit in its buffer.
//
// A non-root gather root g holds its cube's blocks in rank order in one buffer: the sibling
// cubes below g are received in front of what it holds, those above behind it, so the buffer
// is filled from its own block outwards and never reordered:
//
//   g = 5 of [4, 8):  level 0 receives [4] in front, level 1 receives [6, 8) behind
//   buffer:  [4][5][6 7]      own offset = m_4
#pragma once

#include "irregular/irregular_construction.hpp"

#include <cstdint>
#include <mpi.h>
#include <vector>

namespace collscope::detail {

struct TreeMessage {
  int peer;
  int level;              ///< round of the data phase
  std::int64_t bytes;     ///< 0: no message
  std::vector<int> ranks; ///< whose blocks, in message order
  std::int64_t offset;    ///< bytes before them in a non-root's buffer
};

/// The root's messages in gather receive order (scatter sends them in reverse): its tree
/// children and, with a threshold, the direct ones, which it finds by computing the tree
/// from its own `counts` (of `type`).
std::vector<TreeMessage> root_messages(const IrregularView& view, const int* counts,
                                       MPI_Datatype type, int root, MPI_Comm comm,
                                       const schedule::IrregularOptions& options);

/// A non-root's children in gather receive order, with their offsets; `own_offset` is where
/// its own block of `own_bytes` goes.
std::vector<TreeMessage> inner_messages(const IrregularView& view, int rank, std::int64_t own_bytes,
                                        std::int64_t& own_offset);

} // namespace collscope::detail
