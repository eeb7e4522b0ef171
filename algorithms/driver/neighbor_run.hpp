// collscope-run's neighbourhood collectives (MPI_Neighbor_allgather, MPI_Neighbor_alltoall):
// the stencil options, the topology communicator the run uses, and the header lines.
#pragma once

#include "options.hpp"
#include "report.hpp"

#include <mpi.h>
#include <optional>
#include <string>
#include <string_view>

namespace collscope::run {

/// --stencil 5|9, --dims AxB (default MPI_Dims_create's), --topology cartesian|graph (the
/// 9-point stencil is a graph). Fills `o`; an error message or "".
std::string check_neighbor_options(std::optional<std::string_view> stencil,
                                   std::optional<std::string_view> dims,
                                   std::optional<std::string_view> topology, Options& o, int p);

/// s: the neighbours of every rank (4 or 8).
int neighbor_count(const Options& o);

/// The periodic torus of the options over `comm` (collective): MPI_Cart_create or the
/// stencil's distributed graph (stencil_graph_create). `comm` itself for other collectives.
MPI_Comm run_communicator(const Options& o, MPI_Comm comm);

/// topology, stencil, dims, neighbors, expected_rounds and model_cost_s; the prediction.
std::optional<double> print_neighbor_header(const Options& o, const RunFacts& f, double m);

} // namespace collscope::run
