// Reading (and, for collscope-run's reference communicator, writing) Open MPI's MCA
// parameters at run time through the MPI tool information interface (MPI_T control
// variables), which Open MPI 4.1 exposes for every registered MCA parameter under its full
// name (coll_tuned_bcast_algorithm). A component that is not loaded (excluded with
// `--mca coll ^tuned`) registers none, so its variables are not found. Needs MPI (any MPI: on
// another library the names are simply not there); call between MPI_Init and MPI_Finalize.
#pragma once

#include "collscope/ompi/tuned.hpp"

#include <optional>
#include <string>

namespace collscope::ompi {

/// The first line of MPI_Get_library_version ("Open MPI v4.1.4, package: …").
std::string library_version();
/// True for "Open MPI v4.1.x" — the version whose decision tuned.hpp reproduces.
bool is_open_mpi_41(std::string_view version);
/// True for any "Open MPI v4." (its coll tuned algorithm numbers are those of 4.1).
bool is_open_mpi_4(std::string_view version);

/// An integer or boolean control variable, or nullopt when there is none of that name.
std::optional<long long> read_int(const std::string& name);
/// A string control variable ("" when unset), or nullopt.
std::optional<std::string> read_string(const std::string& name);
/// Writes an integer control variable; false when it is missing or not writable.
bool write_int(const std::string& name, int value);

/// Everything tuned.hpp's choose() needs, read from the running library: from Open MPI 4.1's
/// MCA variable registry where it can be reached (between MPI_Init and MPI_Finalize; fast),
/// otherwise through MPI_T (which in 4.1 first registers every component: 0.3 s a process).
Settings read_settings();
/// The same through MPI_T control variables only.
Settings read_settings_through_mpi_t();
/// The same from the registry only; nullopt where it cannot be reached (another library or
/// version, outside MPI_Init … MPI_Finalize, libopen-pal's functions not visible).
std::optional<Settings> read_settings_from_registry();

} // namespace collscope::ompi
