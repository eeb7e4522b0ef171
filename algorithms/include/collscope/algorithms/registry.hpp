// Every algorithm collscope has, with what a lecturer, a grader or the driver needs to know
// about it: what it is, where it comes from, how many rounds it takes and what it costs.
#pragma once

#include <mpi.h>
#include <optional>
#include <span>
#include <string_view>

namespace collscope {

enum class Collective { gather, scatter, bcast, reduce, allgather, gatherv, scatterv, allgatherv };

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

struct Algorithm {
  Collective collective;
  std::string_view name;        ///< what users type after --algorithm; "native" is MPI's own
  std::string_view description; ///< one line
  std::string_view source;      ///< seed file and section
  std::string_view rounds_formula;
  std::string_view cost_formula;
  /// Expected rounds for p processes and M pipeline blocks (M is ignored where meaningless);
  /// nullptr for native collectives, whose schedule is Open MPI's choice.
  int (*rounds)(int p, int blocks) = nullptr;
  /// α-β cost for p processes, m bytes in total, and M pipeline blocks; nullptr for native.
  double (*cost)(int p, double m, double alpha, double beta, int blocks) = nullptr;
  bool commutative_only = false; ///< wrong for non-commutative MPI_Op
  bool uses_blocks = false;      ///< takes a pipeline block count
  RootedFn rooted = nullptr;     ///< set for gather and scatter
  BcastFn bcast = nullptr;
  ReduceFn reduce = nullptr;
  AllgatherFn allgather = nullptr;
  GathervFn gatherv = nullptr;
  ScattervFn scatterv = nullptr;
  AllgathervFn allgatherv = nullptr;
  bool uses_piece = false; ///< takes a piece size in elements (allgatherv ring-pipelined)

  bool is_native() const { return name == "native"; }
  bool has_root() const {
    return collective != Collective::allgather && collective != Collective::allgatherv;
  }
  /// gatherv, scatterv and allgatherv: block sizes differ per rank (only the root knows them
  /// all in gatherv and scatterv; every rank in allgatherv).
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
