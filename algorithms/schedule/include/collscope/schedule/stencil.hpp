// Stencil neighbourhoods on a periodic torus and the dimension-wise message-combining schedule
// of the neighbourhood collectives (MPI_Neighbor_allgather, MPI_Neighbor_alltoall). Pure: the
// algorithms (algorithms/neighbor/neighbor_*.cpp) and the tests use the same functions.
//
// A neighbourhood is two lists of offsets on the torus, as MPI orders them:
//   send[j]: the out-neighbour of rank r for send block j is r + send[j];
//   recv[i]: receive block i of rank r comes from r + recv[i].
// A block sent along send[j] lands in the receiver's block i with recv[i] = −send[j].
//
//   Cartesian (MPI_Cart_create): send = recv = (−e₀, +e₀, −e₁, +e₁, …): "−1 dist, +1 dist in
//   dimension order" (seeds/001, "MPI_Neighbor_allgather(v)"), so block j lands in block j ^ 1.
//   Stencil graphs (MPI_Dist_graph_create_adjacent, stencil_neighborhood): recv = v in the
//   Cartesian order, send = −v, so block j lands in block j. With that order MPI's matching of
//   duplicate edges (a torus dimension of size 1 or 2: the k-th message from r to q fills the
//   k-th receive block of q from r) is the same as matching by offset.
//
// Combining (dimension-wise, corners through edge neighbours): round k moves every block one
// step along dimension k, in two messages, to r + eₖ and to r − eₖ; a block whose offset v has
// vₖ = 0 waits. The 9-point stencil's diagonals thus ride in the messages to the edge
// neighbours: d = 2 rounds, 4 messages instead of 8.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace collscope::schedule {

using Offset = std::vector<int>; ///< one entry per dimension, each −1, 0 or +1

struct Neighborhood {
  std::vector<int> dims; ///< torus extents, dimension 0 first (MPI_Cart's order)
  std::vector<Offset> send;
  std::vector<Offset> recv;
};

/// Rank of the coordinates (row-major, last dimension fastest, as MPI_Cart_rank), wrapped.
int torus_rank(const std::vector<int>& dims, std::vector<int> coords);
std::vector<int> torus_coords(const std::vector<int>& dims, int rank);
/// The rank at `rank` + `offset` on the torus.
int torus_shift(const std::vector<int>& dims, int rank, const Offset& offset);

/// MPI_Cart_create's neighbourhood on a periodic torus: 2·dims.size() neighbours.
Neighborhood cartesian_neighborhood(const std::vector<int>& dims);
/// The 2-D 5-point (von Neumann: ±e₀, ±e₁) or 9-point (Moore: also the 4 diagonals) stencil as
/// a graph neighbourhood. Sources (recv) in the Cartesian order, the 9-point's diagonals after
/// them: (−,−), (−,+), (+,−), (+,+); destination j is the opposite of source j (send = −recv),
/// so the 5-point graph receives exactly as the Cartesian communicator. Empty for any other
/// `points` or dims.
Neighborhood stencil_neighborhood(int points, const std::vector<int>& dims);
/// Per rank: the ranks of the lists, as MPI_Cart_shift / MPI_Dist_graph_neighbors give them.
std::vector<int> send_ranks(const Neighborhood& n, int rank);
std::vector<int> recv_ranks(const Neighborhood& n, int rank);
/// The receive block a block sent along send[j] lands in (−1 if none: not a neighbourhood).
int landing_block(const Neighborhood& n, int j);

enum class NeighborKind { allgather, alltoall };

/// One block in a combining message. Where the sender takes it: its own input (`own`: the send
/// buffer for allgather, send block `own` for alltoall) or item `item` of the message it
/// received in round `round` from direction `from_plus` ? r − eₖ : r + eₖ. Where the receiver
/// puts it: receive block `lands` (−1: it travels on).
struct CombinedItem {
  int own = -1;
  int round = -1;
  bool from_plus = false;
  int item = -1;
  int lands = -1;
  Offset travelled; ///< the offset it has covered once received (diagnostics, tests)
};

/// The message a rank sends in round k to r + eₖ (`plus`) or r − eₖ; the same list, same
/// order, arrives from r − eₖ (`plus`) or r + eₖ.
struct CombinedMessage {
  bool plus = true;
  std::vector<CombinedItem> items;
};

struct CombinedRound {
  int dim = 0;
  std::vector<CombinedMessage> messages; ///< + first; none when no block moves that way
};

struct CombiningSchedule {
  std::vector<CombinedRound> rounds; ///< only the dimensions along which something moves
  /// Receive blocks filled by the rank's own input without a message (a zero offset).
  std::vector<std::pair<int, int>> local; ///< (own, lands)
  int messages() const;                   ///< per rank
  int blocks_sent() const;                ///< per rank, in blocks of the collective's count
};

/// The combining schedule, the same on every rank (a torus looks the same from every rank).
/// Empty rounds when an offset has an entry outside −1 … 1 or a block has nowhere to land.
CombiningSchedule combining_schedule(const Neighborhood& n, NeighborKind kind);

/// The α-β texts and values of the registry: s neighbours, d dimensions, m bytes per block.
double neighbor_direct_cost(int s, double m, double alpha, double beta);
double neighbor_combining_cost(NeighborKind kind, int s, int d, double m, double alpha,
                               double beta);

/// "4x3": dims as collscope-run prints and parses them.
std::string dims_text(const std::vector<int>& dims);

} // namespace collscope::schedule
