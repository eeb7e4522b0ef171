// The `args` of the Perfetto export's slices: what a reader of the timeline asks of a slice —
// for an MPI call, the messages it sent and received (peer, bytes, tag, communicator, rounds)
// and, for a native collective, its operation, communicator, root and bytes; for an annotated
// region, its metadata and round.
#pragma once

#include "collscope/model/annotated_rounds.hpp"
#include "collscope/model/inferred_rounds.hpp"
#include "collscope/model/trace.hpp"

#include <nlohmann/json.hpp>
#include <vector>

namespace collscope::trace_cli {

/// Per region of `rank` (Rank::regions), the args of its slice.
std::vector<nlohmann::ordered_json> slice_args(const model::Trace& trace, const model::Rank& rank,
                                               const model::InferredRounds& inferred,
                                               const model::AnnotatedRounds& annotated);

/// The communicator's name ("MPI_COMM_WORLD", …), or "comm N" when the trace names none.
std::string comm_name(const model::Trace& trace, std::uint32_t comm);

} // namespace collscope::trace_cli
