// Verification against the reference run and agreement on failures: every rank learns the
// same verdict, rank 0 learns the details from the lowest failing rank.
#pragma once

#include "buffers.hpp"

#include <mpi.h>
#include <optional>
#include <string>

namespace collscope::run {

struct Mismatch {
  int rank = -1;            ///< -1: none
  int in_send = 0;          ///< the send buffer changed, which it must not
  int past_end = 0;         ///< in the guard zone behind the buffer
  std::int64_t element = 0; ///< index in units of int (int, vector), float or double
  char expected[32] = {};
  char got[32] = {};
};

/// The first byte where this rank's buffers differ from the reference's.
Mismatch compare(const Buffers& got, const Buffers& expected, const Options& options, int rank);

/// Every rank: the lowest failing rank's mismatch (complete on rank 0 only), or nullopt.
std::optional<Mismatch> lowest_mismatch(const Mismatch& mine, MPI_Comm comm);

/// "rank R, element E: expected X, got Y" with what a reader needs to interpret it.
std::string describe(const Mismatch& mismatch);

struct CallError {
  int rank;
  int code;
};

/// Every rank: the lowest rank whose call returned `code` ≠ MPI_SUCCESS, or nullopt.
std::optional<CallError> lowest_error(int code, MPI_Comm comm);

/// MPI_Error_string's text.
std::string error_text(int code);

} // namespace collscope::run
