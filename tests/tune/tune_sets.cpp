// Prints the COLLSCOPE_TUNE values of the tune library's test, one per line: line k forces
// every collective to its k-th collscope algorithm (cycling through shorter lists), so
// max(algorithms per collective) runs give every algorithm of every collective its turn. Odd
// lines set the knobs (blocks, piece, threshold, radix); bcast and allreduce split the sizes
// between two algorithms at 1 KiB.
// `tune_sets --float-rank-dependent` prints instead "COLLECTIVE NAME" of each algorithm whose
// floating-point results may differ between ranks (what auto must not pick for doubles).
#include "collscope/algorithms/registry.hpp"

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

int main(int argc, char** argv) {
  using namespace collscope;
  if (argc > 1 && std::string(argv[1]) == "--float-rank-dependent") {
    for (const Algorithm& a : algorithms())
      if (a.float_rank_dependent)
        std::printf("%s %s\n", std::string(to_string(a.collective)).c_str(),
                    std::string(a.name).c_str());
    return 0;
  }
  std::vector<std::pair<Collective, std::vector<const Algorithm*>>> lists;
  for (const Algorithm& a : algorithms()) {
    if (a.is_native()) continue;
    // The tune library intercepts the 15 collectives gather … alltoallv (config.hpp).
    if (static_cast<int>(a.collective) > static_cast<int>(Collective::alltoallv)) continue;
    if (lists.empty() || lists.back().first != a.collective) lists.push_back({a.collective, {}});
    lists.back().second.push_back(&a);
  }
  std::size_t sets = 0;
  for (const auto& [c, list] : lists) sets = std::max(sets, list.size());
  for (std::size_t k = 0; k < sets; ++k) {
    std::string line;
    for (const auto& [c, list] : lists) {
      const auto choice = [&](std::size_t i) {
        const Algorithm& a = *list[i % list.size()];
        std::string text{a.name};
        if (k % 2 == 1 && a.uses_blocks()) text += ":blocks=3";
        if (k % 2 == 1 && a.uses_piece()) text += ":piece=2";
        if (k % 2 == 1 && a.uses_threshold()) text += ":threshold=64";
        if (k % 2 == 1 && a.uses_radix()) text += ":radix=3";
        return text;
      };
      line += std::string(line.empty() ? "" : ";") + std::string(to_string(c)) + "=";
      if (c == Collective::bcast || c == Collective::allreduce)
        line += choice(k) + "@0-1023," + choice(k + 1) + "@1024-";
      else
        line += choice(k);
    }
    std::printf("%s\n", line.c_str());
  }
  return 0;
}
