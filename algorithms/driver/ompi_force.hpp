// `collscope-run COLL --algorithm ompi:NAME [--segment BYTES] [--fanout K] [--max-requests N]`:
// Open MPI's own algorithm, chosen by its name, with the parameters knobs.hpp says it takes. coll
// tuned takes a forced algorithm only with coll_tuned_use_dynamic_rules, a read-only MCA parameter
// (MPI_T cannot write it), read when MPI_Init opens the component, and takes
// coll_tuned_<coll>_algorithm* when a communicator is created. So the driver sets OMPI_MCA_* in its
// own environment before MPI_Init (force_before_init), then after MPI_Init checks that the running
// library is Open MPI 4.x and reads coll_tuned_<coll>_algorithm back through MPI_T
// (running_problem). The reference run that verifies it gets a communicator created with the forced
// algorithm switched off through an MPI_T write (reference_comm), so the forced algorithm is
// checked against Open MPI's fixed decision, not against itself.
#pragma once

#include "collscope/algorithms/registry.hpp"
#include "collscope/ompi/tuned.hpp"

#include <mpi.h>
#include <optional>
#include <string>
#include <string_view>

namespace collscope::run {

inline constexpr std::string_view ompi_prefix = "ompi:";

struct OmpiForce {
  ompi::Coll coll = ompi::Coll::bcast;
  int number = 0;
  std::optional<int> segment = std::nullopt; ///< --segment BYTES
  std::optional<int> fanout = std::nullopt;  ///< --fanout K: the chain fanout, or knomial's radix
  std::optional<int> max_requests = std::nullopt; ///< --max-requests N
};

/// What the command line names, before anything is checked.
struct OmpiRequest {
  std::string collective, algorithm;
  std::optional<std::string> segment = std::nullopt, fanout = std::nullopt,
                             max_requests = std::nullopt;
};

/// The collscope collective's coll tuned counterpart (gatherv, scatterv, scan and exscan have
/// none).
std::optional<ompi::Coll> ompi_coll(Collective collective);

/// Sets the OMPI_MCA_coll_tuned_* variables that force the request; does nothing for a
/// request that does not resolve (the parse after MPI_Init names the problem).
void force_before_init(const OmpiRequest& request);

/// Resolves `ompi:NAME` for `collective` with its --segment, --fanout and --max-requests: the
/// algorithm (a registry-like entry that calls the native collective), or the one-line error.
/// Pure: tests/profiles/test_ompi_names.cpp feeds it every entry of ompi_list().
struct OmpiResolved {
  const Algorithm* algorithm = nullptr;
  OmpiForce force{};
  std::string error;
};
OmpiResolved resolve_ompi(Collective collective, std::string_view name,
                          std::optional<std::string_view> segment,
                          std::optional<std::string_view> fanout,
                          std::optional<std::string_view> max_requests = std::nullopt);

/// After MPI_Init: "" when the running library runs the forced algorithm, else why not.
std::string running_problem(const OmpiForce& force);

/// A duplicate of comm whose coll tuned module runs the fixed decision (comm itself if MPI_T
/// cannot switch the forcing off); free it with MPI_Comm_free when it is not comm.
MPI_Comm reference_comm(MPI_Comm comm, const OmpiForce& force);

/// "coll_tuned_bcast_algorithm 6 (binomial), …": the header line of a forced run.
std::string describe_force(const OmpiForce& force);

/// `collscope-run --list ompi`: Open MPI's names and numbers per collective, then every
/// algorithm's parameters (knob_list()).
std::string ompi_list();
void print_ompi_list();

} // namespace collscope::run
