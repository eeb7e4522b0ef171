#include "verify.hpp"

#include <algorithm>
#include <climits>
#include <cstdio>
#include <cstring>

namespace collscope::run {

namespace {

void format_unit(char (&out)[32], const std::byte* at, const Layout& layout) {
  if (layout.floating && layout.unit_bytes == static_cast<int>(sizeof(double))) {
    double d = 0;
    std::memcpy(&d, at, sizeof d);
    std::snprintf(out, sizeof out, "%.17g", d);
  } else if (layout.floating) {
    float f = 0;
    std::memcpy(&f, at, sizeof f);
    std::snprintf(out, sizeof out, "%.9g", static_cast<double>(f));
  } else {
    int i = 0;
    std::memcpy(&i, at, sizeof i);
    std::snprintf(out, sizeof out, "%d", i);
  }
}

/// Fills `m` and returns true at the first differing unit.
bool first_difference(const std::vector<std::byte>& got, const std::vector<std::byte>& expected,
                      std::int64_t logical_bytes, const Layout& layout, Mismatch& m) {
  const auto [g, e] = std::mismatch(got.begin(), got.end(), expected.begin());
  if (g == got.end()) return false;
  const std::int64_t unit = (g - got.begin()) / layout.unit_bytes;
  const std::size_t offset = static_cast<std::size_t>(unit * layout.unit_bytes);
  m.element = unit;
  m.past_end = unit * layout.unit_bytes >= logical_bytes;
  format_unit(m.expected, expected.data() + offset, layout);
  format_unit(m.got, got.data() + offset, layout);
  return true;
}

} // namespace

Mismatch compare(const Buffers& got, const Buffers& expected, const Options& o, int rank) {
  const Layout layout = layout_of(o.datatype);
  Mismatch m;
  // MPI leaves rank 0's receive buffer of MPI_Exscan undefined: nothing to compare there.
  const bool undefined = o.algorithm->collective == Collective::exscan && rank == 0;
  if (!undefined && first_difference(got.recv, expected.recv, got.recv_bytes, layout, m)) {
    m.rank = rank;
  } else if (first_difference(got.send, expected.send, got.send_bytes, layout, m)) {
    m.rank = rank;
    m.in_send = 1;
  }
  return m;
}

std::optional<Mismatch> lowest_mismatch(const Mismatch& mine, MPI_Comm comm) {
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  const int candidate = mine.rank >= 0 ? rank : INT_MAX;
  int lowest = INT_MAX;
  PMPI_Allreduce(&candidate, &lowest, 1, MPI_INT, MPI_MIN, comm);
  if (lowest == INT_MAX) return std::nullopt;
  Mismatch result = mine;
  constexpr int tag = 7199;
  if (lowest != 0 && rank == lowest)
    PMPI_Send(&mine, static_cast<int>(sizeof mine), MPI_BYTE, 0, tag, comm);
  if (lowest != 0 && rank == 0)
    PMPI_Recv(&result, static_cast<int>(sizeof result), MPI_BYTE, lowest, tag, comm,
              MPI_STATUS_IGNORE);
  result.rank = lowest;
  return result;
}

std::string describe(const Mismatch& m) {
  std::string text = "rank " + std::to_string(m.rank) + ", element " + std::to_string(m.element);
  if (m.in_send) text += " of the send buffer";
  text += ": expected " + std::string(m.expected) + ", got " + m.got;
  if (m.past_end)
    text += " (past the end of the buffer)";
  else if (m.in_send)
    text += " (the send buffer must not change)";
  else if (std::string(m.expected) == std::to_string(sentinel))
    text += " (" + std::to_string(sentinel) + " marks memory the collective must not write)";
  return text;
}

std::optional<CallError> lowest_error(int code, MPI_Comm comm) {
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  const int candidate = code != MPI_SUCCESS ? rank : INT_MAX;
  int lowest = INT_MAX;
  PMPI_Allreduce(&candidate, &lowest, 1, MPI_INT, MPI_MIN, comm);
  if (lowest == INT_MAX) return std::nullopt;
  PMPI_Bcast(&code, 1, MPI_INT, lowest, comm);
  return CallError{lowest, code};
}

std::string error_text(int code) {
  char text[MPI_MAX_ERROR_STRING] = {};
  int length = 0;
  if (MPI_Error_string(code, text, &length) != MPI_SUCCESS)
    return "MPI error code " + std::to_string(code);
  return std::string(text, static_cast<std::size_t>(length));
}

} // namespace collscope::run
