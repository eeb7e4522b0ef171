// One collective call's way through the tune library: the configured choice for its size (or
// auto's, auto_call.hpp), the checks that send what the algorithm does not take to the library
// (the same verdict on every rank, so no rank waits for another that went elsewhere), then the
// algorithm or the library.
#pragma once

#include "state.hpp"

#include <cstdint>
#include <dlfcn.h>
#include <mpi.h>

namespace collscope::tune {

/// What the checks need to know of a call; every field the same on every rank.
struct Call {
  Collective collective;
  std::int64_t bytes = 0; ///< the size the ranges of COLLSCOPE_TUNE are in
  MPI_Comm comm = MPI_COMM_NULL;
  int root = -1;                             ///< -1: rootless
  MPI_Datatype datatype = MPI_DATATYPE_NULL; ///< reductions: the reduced type
  MPI_Op op = MPI_OP_NULL;                   ///< reductions
  /// The type `bytes` is counted in, when not `datatype` (auto's element size).
  MPI_Datatype element = MPI_DATATYPE_NULL;
  int checked = MPI_SUCCESS; ///< the algorithm's argument check (collscope/algorithms/checks.hpp)
                             ///< on this rank
};

struct AutoPick;

/// Where a call goes.
struct Way {
  const Choice* choice = nullptr;    ///< the collscope algorithm; nullptr: the library's collective
  const AutoPick* by_auto = nullptr; ///< set when auto chose it
  int p = 0;                         ///< the communicator's size
};

/// The configured collscope algorithm for the call's size (or auto's), or none: the library's
/// own collective (no rule, a native rule, or a collective called by a collscope algorithm).
Way match(const Call& call);

/// Why the way's choice cannot serve the call (counted as a fallback), or nullptr (counted as
/// a run).
const char* refuse(const Call& call, const Way& way);

/// Whether the result depends on the order the inputs are combined in: floating-point data
/// under a sum, a product or a user's op. Derived datatypes may hold floats: counted as such.
bool order_sensitive(MPI_Datatype type, MPI_Op op);

/// Sets an algorithm's knobs (pipeline blocks, pieces, threshold) for one call.
class Knobs {
public:
  explicit Knobs(const Choice& choice);
  ~Knobs();
  Knobs(const Knobs&) = delete;
  Knobs& operator=(const Knobs&) = delete;

private:
  bool pipeline_ = false, irregular_ = false, radix_ = false;
  int old_blocks_ = 0, old_piece_ = 0, old_radix_ = 0;
  std::int64_t old_threshold_ = 0;
};

/// The MPI function after this library in the lookup order (the tracer's wrapper, when
/// collscope-trace record runs the program, else the library's), so the library's
/// collectives are still traced as native calls.
template <class F> F next(const char* name, F pmpi) {
  void* found = dlsym(RTLD_NEXT, name);
  return found != nullptr ? reinterpret_cast<F>(found) : pmpi;
}

/// `run(algorithm)` or `native()`; `check()` (the algorithm's argument check) runs only when
/// an algorithm is configured for the call.
template <class Check, class Run, class Native>
int route(Call call, Check&& check, Run&& run, Native&& native) {
  const Way way = match(call);
  if (way.choice == nullptr) return native();
  call.checked = check();
  if (refuse(call, way) != nullptr) return native();
  const Inside inside;
  const Knobs knobs(*way.choice);
  return run(*way.choice->algorithm);
}

std::int64_t bytes_of(int count, MPI_Datatype type);

} // namespace collscope::tune
