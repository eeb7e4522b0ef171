// A rank's receive buffer as the grader's harness read it back after the call: the block map
// it stores as the case region's metadata `received` (and `expected`, MPI's buffer, where the
// two differ; exercises/harness/block_map.hpp writes both). The trace's messages tell what was
// sent; this tells what landed where, so the data view of a graded case can show a buffer that
// the messages would have filled correctly but the code did not. Pure parsing, no painting.
//
// The text: blocks separated by ", "; a block is "R" (rank R's block, in order), "·" (nothing
// written), "[]" (a block of 0 elements) or its runs in brackets ("[1:0–4 ·×5]": rank 1's
// elements 0 to 4, then 5 unwritten elements; "?" values of no rank); a gatherv block may be
// followed by " +RUN" (written behind it); ", …" ends a cut text and " + behind the end: RUNS"
// follows a buffer whose guard element was written.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace collscope::app {

struct ReceivedRun {
  enum class What { data, unwritten, foreign };
  What what = What::unwritten;
  int origin = -1;         ///< the rank whose data it is (data only)
  std::int64_t first = 0;  ///< its first element of that rank's data (data only)
  std::int64_t length = 1; ///< elements
  friend bool operator==(const ReceivedRun&, const ReceivedRun&) = default;
};

struct ReceivedBlock {
  std::string text;                ///< as written ("2", "·", "[1:0–4 ·×5]", "[]")
  bool whole = false;              ///< "R": the block holds rank `origin`'s data, in order
  int origin = -1;                 ///< for a whole block
  bool empty = false;              ///< "[]": a block of 0 elements
  std::vector<ReceivedRun> runs;   ///< what a bracketed block or "·" holds, in order
  std::vector<ReceivedRun> behind; ///< gatherv: what was written behind the block
  /// Each origin's share of the block, for painting: (origin or −1 unwritten / −2 foreign,
  /// fraction of the block's elements), in order; one entry for "R" and "·".
  std::vector<std::pair<int, double>> shares() const;
};

struct ReceivedBuffer {
  std::vector<ReceivedBlock> blocks;
  bool cut = false;                   ///< the text ended in "…": more blocks were not written
  std::vector<ReceivedRun> behindEnd; ///< written behind the buffer's end
  /// nullopt for a text that is not a block map (an empty text too).
  static std::optional<ReceivedBuffer> parse(std::string_view text);
};

/// Per comm rank, the receive buffer after a graded call and MPI's where it differs.
struct ReceivedBuffers {
  std::vector<std::optional<ReceivedBuffer>> received; ///< nullopt: no buffer recorded
  std::vector<std::optional<ReceivedBuffer>> expected; ///< nullopt: as received (or unknown)
  bool any() const;
  /// Whether block `block` of `rank`'s buffer differs from MPI's (false where MPI's is unknown).
  bool wrong(int rank, int block) const;
  /// Blocks of `rank`'s buffer that differ from MPI's, counting missing and extra blocks and
  /// writes behind the buffer.
  int wrongBlocks(int rank) const;
  /// Most blocks any rank's buffer has (the grid's columns).
  int columns() const;
};

} // namespace collscope::app
