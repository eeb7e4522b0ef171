// What the trace says about each graded call: the harness wraps the call of case K in the
// region "algorithm <collective>/submission" tagged case=K on every rank that takes part, so
// a sub-trace of just those operations gives the call's inferred rounds, bytes and messages
// per rank, and the collectives it called. Messages a rank sends to itself (a typed local
// copy with MPI_Sendrecv) are left out: they cost no round (the trace model's rule, so the app
// and `collscope-trace stats` count the same rounds) and no network traffic. The case's p is
// the ranks that enter its region, as model::instance_size counts them.
#pragma once

#include "shape.hpp"

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace collscope::grade {

struct Metrics {
  int rounds = 0;
  std::uint64_t bytes_max_per_rank = 0, bytes_sent_max = 0, bytes_recv_max = 0;
  int msgs_recv_max = 0, msgs_sent_max = 0, messages = 0, self_messages = 0;
  std::uint64_t msg_bytes_max = 0; ///< the largest message: a pipeline's real block size
  /// The case's messages replayed in the 1-ported α-β model (model::replay_alpha_beta, the
  /// exercise's α and β): what the call takes on the lecture's machine, in seconds.
  double model_time = 0;
  int unmatched = 0;                    ///< sends or receives without a partner in the call
  std::vector<std::string> collectives; ///< forbidden MPI calls seen ("MPI_Gather ×3 on rank 0")
  /// The case's index in model::divide_calls of its trace: what `collscope-trace stats TRACE
  /// --call N` and `collscope TRACE --call N` take to show this case alone, rounds from 0.
  int call = -1;
  /// What the case's messages look like (diagnose.hpp): the hints' diagnoses.
  Shape shape;
};

/// Per case id. Throws collscope::model::TraceError if the archive cannot be loaded.
/// `alpha`, `beta`: the model of model_time (the exercise's).
std::map<int, Metrics> trace_metrics(const std::filesystem::path& trace, double alpha = 1e-6,
                                     double beta = 2e-10);

/// The call of case `id` in `trace` (Metrics::call), or -1 if the trace does not hold it or
/// cannot be loaded.
int case_call(const std::filesystem::path& trace, int id);

/// The MPI calls a submission may make: point-to-point, completion and probing.
bool allowed_mpi_call(const std::string& name);

} // namespace collscope::grade
