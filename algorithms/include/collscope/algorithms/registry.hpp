// Every algorithm collscope has, with what a lecturer, a grader or the driver needs to know
// about it: what it is, where it comes from, how many rounds it takes and what it costs.
#pragma once

#include "collscope/schedule/exchange_replay.hpp"
#include "collscope/schedule/formula.hpp"
#include "collscope/schedule/irregular_cost.hpp"

#include <mpi.h>
#include <optional>
#include <span>
#include <string_view>

namespace collscope {

enum class Collective {
  gather,
  scatter,
  bcast,
  reduce,
  allgather,
  gatherv,
  scatterv,
  allgatherv,
  allreduce,
  reduce_scatter_block,
  reduce_scatter,
  scan,
  exscan,
  alltoall,
  alltoallv,
  neighbor_allgather,
  neighbor_alltoall,
  barrier,
  ibcast,
  iallreduce,
  ibarrier
};

std::string_view to_string(Collective collective);
std::optional<Collective> parse_collective(std::string_view name);

using RootedFn = int (*)(const void*, int, MPI_Datatype, void*, int, MPI_Datatype, int,
                         MPI_Comm); ///< MPI_Gather and MPI_Scatter
using BcastFn = int (*)(void*, int, MPI_Datatype, int, MPI_Comm);
using ReduceFn = int (*)(const void*, void*, int, MPI_Datatype, MPI_Op, int, MPI_Comm);
using AllgatherFn = int (*)(const void*, int, MPI_Datatype, void*, int, MPI_Datatype, MPI_Comm);
using GathervFn = int (*)(const void*, int, MPI_Datatype, void*, const int*, const int*,
                          MPI_Datatype, int, MPI_Comm); ///< MPI_Gatherv
using ScattervFn = int (*)(const void*, const int*, const int*, MPI_Datatype, void*, int,
                           MPI_Datatype, int, MPI_Comm); ///< MPI_Scatterv
using AllgathervFn = int (*)(const void*, int, MPI_Datatype, void*, const int*, const int*,
                             MPI_Datatype, MPI_Comm); ///< MPI_Allgatherv
using AllreduceFn = int (*)(const void*, void*, int, MPI_Datatype, MPI_Op,
                            MPI_Comm); ///< MPI_Allreduce, MPI_Reduce_scatter_block
using ReduceScatterFn = int (*)(const void*, void*, const int*, MPI_Datatype, MPI_Op,
                                MPI_Comm); ///< MPI_Reduce_scatter
using ScanFn = AllreduceFn;                ///< MPI_Scan and MPI_Exscan
using AlltoallFn = AllgatherFn;            ///< MPI_Alltoall
using AlltoallvFn = int (*)(const void*, const int*, const int*, MPI_Datatype, void*, const int*,
                            const int*, MPI_Datatype, MPI_Comm); ///< MPI_Alltoallv
using NeighborFn = AllgatherFn;      ///< MPI_Neighbor_allgather, MPI_Neighbor_alltoall
using BarrierFn = int (*)(MPI_Comm); ///< MPI_Barrier
using IbcastFn = int (*)(void*, int, MPI_Datatype, int, MPI_Comm, MPI_Request*); ///< MPI_Ibcast
using IallreduceFn = int (*)(const void*, void*, int, MPI_Datatype, MPI_Op, MPI_Comm,
                             MPI_Request*);         ///< MPI_Iallreduce
using IbarrierFn = int (*)(MPI_Comm, MPI_Request*); ///< MPI_Ibarrier

/// The blocking collective a nonblocking one completes as (ibcast → bcast); itself otherwise.
Collective blocking_twin(Collective collective);

/// The one tuning knob an algorithm takes on top of MPI's arguments.
enum class Parameter {
  none,
  blocks,    ///< --blocks: pipeline block count (bcast pipeline); alltoall: requests in flight
  piece,     ///< --piece: piece size in elements (allgatherv ring-pipelined)
  threshold, ///< --threshold: bytes above which a subtree goes straight to the root
  radix      ///< --radix: k of a k-nomial tree (radix.hpp); the formulas' k
};

struct Algorithm {
  Collective collective;
  std::string_view name;        ///< what users type after --algorithm; "native" is MPI's own
  std::string_view description; ///< one line
  std::string_view source;      ///< seed file and section
  /// Expected rounds and α-β cost (m = bytes in total, M = pipeline blocks), text and function
  /// together; empty for native collectives, whose schedule is Open MPI's choice. With
  /// Parameter::radix the functions' `blocks` argument is the radix k instead.
  schedule::RoundsFormula rounds = {};
  schedule::CostFormula cost = {};
  /// allgatherv: a cost bound in terms of the block sizes (the largest block mₘₐₓ, the largest
  /// piece b), printed instead of `cost`, whose m alone bounds nothing when blocks differ.
  schedule::BlockCostFormula block_cost = {};
  /// Hierarchical and full-lane algorithms: rounds and cost in the two-level model (N nodes of
  /// n ranks; α, β inside a node, α', β' between nodes) instead of `rounds` and `cost`.
  schedule::TwoLevelFormula two_level = {};
  bool native = false;           ///< Open MPI's own collective, the oracle
  bool commutative_only = false; ///< refuses a non-commutative MPI_Op
  Parameter parameter = Parameter::none;
  /// With Parameter::blocks: the M this algorithm uses for (p, count, datatype), its own
  /// pipelining lemma or --blocks; nullptr: the linear pipeline's (pipeline_blocks_for).
  int (*blocks_for)(int p, int count, MPI_Datatype datatype) = nullptr;
  /// gatherv/scatterv: the schedule whose α-β time collscope-run prints for actual block sizes.
  std::optional<schedule::IrregularAlgorithm> irregular_model = std::nullopt;
  RootedFn rooted = nullptr; ///< set for gather and scatter
  BcastFn bcast = nullptr;
  ReduceFn reduce = nullptr;
  AllgatherFn allgather = nullptr;
  GathervFn gatherv = nullptr;
  ScattervFn scatterv = nullptr;
  AllgathervFn allgatherv = nullptr;
  AllreduceFn allreduce = nullptr;
  AllreduceFn reduce_scatter_block = nullptr;
  ReduceScatterFn reduce_scatter = nullptr;
  ScanFn scan = nullptr; ///< set for scan and exscan
  AlltoallFn alltoall = nullptr;
  AlltoallvFn alltoallv = nullptr;
  /// Runs only on a power-of-two number of processes (alltoall hypercube); refused otherwise.
  bool power_of_two_only = false;
  /// Floating-point reductions: ranks combine the inputs in different orders, so their results
  /// may differ in the last bits (MPI asks for one result on every rank). libcollscope-tune
  /// picks such an algorithm for float data only when asked explicitly.
  bool float_rank_dependent = false;
  /// The k-ported model (seeds/001, "k-ported vs. k-lane"): the cost when every rank has k−1
  /// send and k−1 receive ports, k the radix (the blocks argument), so the messages of a level
  /// a rank posts together overlap; set for algorithms that post several messages at once.
  /// `cost` stays the one-ported α-β figure, in which they take turns.
  schedule::CostFormula ported = {};
  /// Trees whose messages carry the whole vector (bcast, reduce) and that send, in every round,
  /// from at most one rank of a node to other nodes when ranks fill the nodes in order (any
  /// root, nodes of any size): their bytes between nodes never share a node's link.
  /// tests/unit/test_node_crossings.cpp derives it from the schedules, both ways.
  bool one_sender_per_node = false;
  /// Doublings and halvings of blocks (allgather, reduce_scatter_block) that take their partners
  /// by growing distance (1, 2, 4, …): with ranks filling nodes of n in order their first log₂n
  /// rounds stay inside a node. An allgather's first rounds move few blocks, a reduce-scatter's
  /// many; auto charges a node's link with the rounds it does not keep.
  /// tests/unit/test_node_crossings.cpp derives it from the schedules' bytes, both ways.
  bool nearest_first = false;
  /// Alltoalls that combine blocks (hypercube, Bruck, Bruck in radix k): a rank sends fewer than
  /// p − 1 messages, each a share of m whatever p, so a round inside a node moves as much as one
  /// between nodes; the others send each block alone (p − 1 messages of m/p).
  /// tests/unit/test_node_crossings.cpp derives it from the schedules' message counts.
  bool combines_blocks = false;
  /// Schedules of one send and one receive a rank a round (the hypercube, Bruck, Bruck in
  /// radix k): the rounds of a call on p ranks, m bytes a rank sends in all, at parameter
  /// `value` (the radix). With LogGP's o and a node layout, auto replays the schedule on the
  /// platform (schedule/exchange_replay.hpp) instead of charging `cost`: its formula charges
  /// every round as if all ranks were in it at once.
  schedule::ExchangeRounds (*exchange)(int p, double m, int value) = nullptr;
  /// Neighbourhood collectives: rounds and cost for s neighbours in d dimensions, instead of
  /// `rounds` and `cost`; the function, set for both.
  schedule::NeighborFormula neighbor_formula = {};
  NeighborFn neighbor = nullptr;
  BarrierFn barrier = nullptr;
  IbcastFn ibcast = nullptr;
  IallreduceFn iallreduce = nullptr;
  IbarrierFn ibarrier = nullptr;
  /// A mock-up of performance guideline GL<guideline> (seeds/004, Table 1): the collective
  /// built from other collectives of the MPI library; 0 for every other algorithm. Its name
  /// starts with "gl<guideline>-"; its rounds and cost are the library's (no formula).
  int guideline = 0;
  /// Mock-ups: the library's collectives it calls, e.g. "MPI_Gather + MPI_Bcast".
  std::string_view mock_up_of = {};

  bool is_native() const { return native; }
  bool mock_up() const { return guideline != 0; }
  /// Uses the node layout (nodes.hpp): hierarchical and full-lane algorithms.
  bool hierarchical() const { return two_level.rounds != nullptr; }
  /// Full-lane: regular layouts only (every node the same number of ranks).
  bool full_lane() const { return hierarchical() && name.starts_with("full-lane"); }
  bool uses_blocks() const { return parameter == Parameter::blocks; }
  /// --blocks M cuts the message into M pieces. An alltoall's M (scatter-dest) is how many
  /// requests it keeps in flight instead: its messages stay whole.
  bool pipelined() const { return uses_blocks() && collective != Collective::alltoall; }
  bool uses_piece() const { return parameter == Parameter::piece; }
  bool uses_threshold() const { return parameter == Parameter::threshold; }
  bool uses_radix() const { return parameter == Parameter::radix; }
  /// The model-based trees: they take a network model (--network).
  bool uses_network() const {
    using I = schedule::IrregularAlgorithm;
    return irregular_model == I::model_binomial_min || irregular_model == I::model_binomial_max ||
           irregular_model == I::model_traff;
  }
  bool has_root() const {
    const Collective twin = blocking_twin(collective);
    return twin != Collective::barrier && twin != Collective::allreduce &&
           collective != Collective::allgather && collective != Collective::allgatherv &&
           collective != Collective::allreduce && !reduce_scatters() && !prefix() && !alltoalls() &&
           !neighborhood();
  }
  /// MPI_Neighbor_allgather and MPI_Neighbor_alltoall: on the communicator's topology.
  bool neighborhood() const {
    return collective == Collective::neighbor_allgather ||
           collective == Collective::neighbor_alltoall;
  }
  /// gatherv, scatterv and allgatherv: block sizes differ per rank (only the root knows them
  /// all in gatherv and scatterv; every rank in allgatherv).
  /// reduce, allreduce, scan and exscan: combine vectors with an MPI_Op.
  bool reduces() const {
    return collective == Collective::reduce || blocking_twin(collective) == Collective::allreduce ||
           reduce_scatters() || prefix();
  }
  /// reduce_scatter_block and reduce_scatter: rootless, every rank gets a part of the sum.
  bool reduce_scatters() const {
    return collective == Collective::reduce_scatter_block ||
           collective == Collective::reduce_scatter;
  }
  /// alltoall and alltoallv: every rank has a block for every rank (a p × p transpose).
  bool alltoalls() const {
    return collective == Collective::alltoall || collective == Collective::alltoallv;
  }
  /// scan and exscan: prefix sums in rank order.
  bool prefix() const { return collective == Collective::scan || collective == Collective::exscan; }
  /// ibcast, iallreduce, ibarrier: start an MPI_Request that MPI_Test/MPI_Wait complete.
  bool nonblocking() const { return blocking_twin(collective) != collective; }
  bool irregular() const {
    return collective == Collective::gatherv || collective == Collective::scatterv ||
           collective == Collective::allgatherv;
  }
};

/// All algorithms, grouped by collective, native last in each group.
std::span<const Algorithm> algorithms();
/// nullptr when the collective has no algorithm of that name.
const Algorithm* find_algorithm(Collective collective, std::string_view name);

} // namespace collscope
