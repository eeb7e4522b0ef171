// The symbol policy: what the compiled submission (its object file, before linking) may
// call and define. The trace sees only MPI calls made through the MPI_ names, the harness
// only what runs inside its process, the sandbox only what leaves it; calls that go around
// them are named here, from the object's symbols, and cost the checks they would fool.
//
//   pmpi            PMPI_* calls: invisible to the tracer and to the synchronous-send shim
//   one_sided       MPI_Win_*, MPI_Put/Get/Accumulate…: data moved without messages
//   communicators   MPI_Comm_split/dup/create…, topologies, spawning: collective calls
//   environment     setenv/unsetenv/putenv/clearenv, dlopen/dlsym: switching off the shim
//   process         system, popen, fork, exec*, kill, ptrace, signal handlers, raw syscalls,
//                   shared memory segments: acting outside the function
//   network         socket, connect, bind, getaddrinfo…
//   interposition   defining MPI_*/PMPI_* or the allocator (malloc, operator new…), or calling
//                   the harness's own functions: replacing what checks the submission
//   static_constructors  code that runs before main() or after it (global objects with
//                   constructors, __attribute__((constructor)), .init_array entries);
//                   the standard streams' own initializer (#include <iostream>) is allowed
//
// exercise.json may allow groups or single symbols: "policy": {"allow": ["MPI_Comm_dup"]}.
#pragma once

#include <string>
#include <vector>

namespace collscope::grade {

struct PolicyGroup {
  std::string id;
  std::string what; ///< why it is not allowed, for the report
  /// Checks whose verdict it would fool: check kinds ("no_collectives", "sync_send",
  /// "correct"), "trace" (bounds measured from the trace), "heap" (bounds on heap_*).
  std::vector<std::string> threatens;
};

const std::vector<PolicyGroup>& policy_groups();
const PolicyGroup* policy_group(const std::string& id);

struct PolicyFinding {
  std::string group;  ///< a PolicyGroup id
  std::string symbol; ///< as the source spells it where it can be demangled simply
};

/// Judges an object file from `nm -P` (POSIX format) and `objdump -r` (relocations) output.
/// `allow` holds group ids and symbol names the exercise permits.
std::vector<PolicyFinding> check_symbols(const std::string& nm_posix,
                                         const std::string& objdump_relocations,
                                         const std::vector<std::string>& allow);

/// Whether any finding threatens `what` (see PolicyGroup::threatens).
bool threatens(const std::vector<PolicyFinding>& findings, const std::string& what);

/// "PMPI_Send, PMPI_Recv (pmpi: …)" lines, one per group.
std::vector<std::string> policy_lines(const std::vector<PolicyFinding>& findings);

} // namespace collscope::grade
