// Who holds which part of which block during one collective run (the data view): the
// blocks are the collective's buffer cut by origin rank, a message's block provenance
// (Message::blocks) says which origins and elements it carries, and a rank holds what it held
// initially plus what every delivered message brought it. Pure model, no painting.
//
// Initial holdings: gather, gatherv, allgather(v), alltoall(v): every rank its own block;
// scatter(v): the root all blocks; bcast: the root its (one) block; the reductions (reduce,
// allreduce, reduce_scatter(_block), scan, exscan): every rank its own input; anything else:
// nothing. For a reduction a message's provenance names the inputs its partial sum covers, so what
// a rank "holds" of origin o is o's input folded into its partial sum: partialSum() gives the
// lecture's B₂..B₅ of a row.
// A block's extent in elements is the largest element_begin + element_count any message
// carries of it, else the metadata's count (counts for the v variants); an annotation with
// element_count 0 carries whole blocks (the irregular algorithms, tracer/README.md).
#pragma once

#include "collscope/model/trace.hpp"
#include "document/collectiveinstance.h"
#include "document/playback.h"

#include <cstdint>
#include <functional>
#include <vector>

namespace collscope::app {

/// Elements [begin, end) of one origin's block.
struct ElementRange {
  std::uint64_t begin = 0;
  std::uint64_t end = 0;
  friend bool operator==(const ElementRange&, const ElementRange&) = default;
};

/// What one rank holds of one origin's block, and what is on its way there.
struct Holding {
  std::vector<ElementRange> ranges;   ///< disjoint, ascending
  std::vector<ElementRange> incoming; ///< carried by messages in flight to the rank
  bool touched = false; ///< held from the start or reached by a message (zero-size blocks too)
  int lastMessage = -1; ///< the delivered message that added to it last, −1 if none
  int incomingMessage = -1;
  std::uint64_t elements() const;
  /// Whether elements [begin, end) are all held.
  bool covers(std::uint64_t begin, std::uint64_t end) const;
};

class Holdings {
public:
  Holdings() = default;
  explicit Holdings(int p);

  int size() const { return m_size; }
  const Holding& at(int rank, int origin) const;
  Holding& at(int rank, int origin);
  /// Whether `rank` holds all of `origin`'s block of `extent` elements (a zero-size block once
  /// it is touched).
  bool holds(int rank, int origin, std::uint64_t extent) const;
  std::uint64_t bytesReceived(int rank) const { return m_bytes[static_cast<std::size_t>(rank)]; }
  std::uint64_t bytesIncoming(int rank) const { return m_incoming[static_cast<std::size_t>(rank)]; }

private:
  friend class BlockOwnership;
  int m_size = 0;
  std::vector<Holding> m_holdings; ///< rank-major, empty without block annotations
  std::vector<std::uint64_t> m_bytes;
  std::vector<std::uint64_t> m_incoming;
};

/// Whether `collective` combines inputs with an operation (its blocks are partial sums).
bool isReduction(const QString& collective);

/// Which inputs one rank's partial sum covers: cyclic runs of origins, each wholly held or,
/// for algorithms that reduce a vector in pieces (the ring), held in part.
struct OriginRun {
  int first = 0;
  int count = 0;
  bool whole = true;
  friend bool operator==(const OriginRun&, const OriginRun&) = default;
};

class BlockOwnership {
public:
  BlockOwnership() = default;
  static BlockOwnership build(const CollectiveInstance& instance, const model::Trace& trace);

  int size() const { return m_size; }
  bool hasBlocks() const { return m_hasBlocks; }
  /// The origins that get a slot: every origin held initially or carried, ascending.
  const std::vector<int>& slotOrigins() const { return m_slots; }
  /// Elements of `origin`'s block; 0 for a block without data. Blocks whose size nothing in the
  /// trace tells count as one element (held or not).
  std::uint64_t extent(int origin) const { return m_extent[static_cast<std::size_t>(origin)]; }
  /// 0 = b₀ < b₁ < … < extent: the element ranges messages carried of `origin`'s block (more
  /// than two entries when the block travels in pieces, as in the pipelined broadcast).
  const std::vector<std::uint64_t>& boundaries(int origin) const {
    return m_boundaries[static_cast<std::size_t>(origin)];
  }
  /// The most bytes any rank receives over the run (the data view's bar scale).
  std::uint64_t maxBytesReceived() const { return m_maxBytes; }

  Holdings initial() const;
  /// Holdings once every message of round columns ≤ `column` is delivered (−1: the start).
  Holdings afterRound(int column) const;
  /// Holdings at the playback cursor; messages in flight fill `incoming`.
  Holdings at(const Playback& playback) const;
  /// Origins whose whole block `rank` holds in `holdings`, ascending.
  std::vector<int> originsHeld(const Holdings& holdings, int rank) const;
  /// The origins `rank` holds all or part of, as maximal runs i, i + 1, … (mod p) of origins
  /// held alike (whole or in part); a run wraps past p − 1 only where the holdings do, so the
  /// circulant allreduce's S1 = B(i − n) … B(i) is one run. Starts at the lowest origin that
  /// begins a run.
  std::vector<OriginRun> partialSum(const Holdings& holdings, int rank) const;
  /// partialSum as the lecture writes it: "B₂..B₅", "B₅..B₁" (wrapping), "B₀..B₂, B₄",
  /// "B₃ + parts of B₀..B₂"; "nothing" when empty.
  static QString partialSumText(const std::vector<OriginRun>& runs, int p);

private:
  struct Carried {
    int message = -1;
    int receiver = -1; ///< comm rank
    int round = 0;
    std::uint64_t bytes = 0;
    bool annotated = false;
    model::Blocks blocks;
  };
  Holdings compute(const std::function<Playback::MessageState(const Carried&)>& state) const;
  void add(Holding& holding, const Carried& carried, std::uint64_t extent, bool delivered) const;

  int m_size = 0;
  bool m_hasBlocks = false;
  std::vector<int> m_slots;
  std::vector<std::uint64_t> m_extent;
  std::vector<std::vector<std::uint64_t>> m_boundaries;
  std::vector<std::vector<int>> m_initial; ///< per rank, origins held whole at the start
  std::vector<Carried> m_carried;          ///< the instance's messages, in round order
  std::uint64_t m_maxBytes = 0;
};

} // namespace collscope::app
