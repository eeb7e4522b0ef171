// COLLSCOPE_TUNE_REPORT=1: at MPI_Finalize every rank's counts go to world rank 0 (two
// PMPI gathers on MPI_COMM_WORLD, outside any tracer's wrappers), which prints its own lines,
// as before, and then one line per kind of call over all ranks (tally.hpp).
#include "auto_call.hpp"
#include "state.hpp"

#include <cstdio>

namespace collscope::tune {

void print_report() {
  const State& s = state();
  if (!s.report) return;
  const Tally mine = tally();
  const std::string text = serialize(mine);
  int size = 1;
  PMPI_Comm_size(MPI_COMM_WORLD, &size);
  const int length = static_cast<int>(text.size());
  std::vector<int> lengths(s.rank == 0 ? size : 0), offsets(s.rank == 0 ? size : 0);
  PMPI_Gather(&length, 1, MPI_INT, lengths.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
  std::string all;
  if (s.rank == 0) {
    int total = 0;
    for (int r = 0; r < size; ++r) offsets[r] = total, total += lengths[r];
    all.resize(static_cast<std::size_t>(total));
  }
  PMPI_Gatherv(text.data(), length, MPI_CHAR, all.data(), lengths.data(), offsets.data(), MPI_CHAR,
               0, MPI_COMM_WORLD);
  if (s.rank != 0) return;
  for (const std::string& line : own_lines(mine, 0))
    std::fprintf(stderr, "collscope-tune: %s\n", line.c_str());
  std::vector<Tally> by_rank;
  for (int r = 0; r < size; ++r) by_rank.push_back(deserialize(all.substr(offsets[r], lengths[r])));
  std::string header = "all " + std::to_string(size) + " ranks, each call counted once";
  if (s.config.uses_auto()) header += "; auto's " + network_text();
  std::fprintf(stderr, "collscope-tune: %s:\n", header.c_str());
  for (const std::string& line : all_ranks_lines(by_rank))
    std::fprintf(stderr, "collscope-tune: all ranks: %s\n", line.c_str());
}

} // namespace collscope::tune
