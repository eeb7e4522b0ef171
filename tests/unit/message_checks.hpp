// Checks shared by the schedule tests: a schedule is flattened into messages with rounds, and
// the 1-ported model says no rank takes part in two messages of the same round.
#pragma once

#include <map>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace collscope::test {

struct Message {
  int round;
  int from;
  int to;
};

/// Empty when every rank is in at most one message per round; otherwise names the first clash,
/// so `REQUIRE(one_ported_violation(m) == "")` prints it on failure.
inline std::string one_ported_violation(const std::vector<Message>& messages) {
  std::set<std::pair<int, int>> busy; // (round, rank)
  for (const Message& m : messages) {
    for (int rank : {m.from, m.to}) {
      if (!busy.insert({m.round, rank}).second) {
        std::ostringstream out;
        out << "rank " << rank << " is in two messages of round " << m.round << " (one is "
            << m.from << "->" << m.to << ")";
        return out.str();
      }
    }
  }
  return "";
}

/// Messages grouped by round, rounds in increasing order.
inline std::map<int, std::vector<Message>> by_round(const std::vector<Message>& messages) {
  std::map<int, std::vector<Message>> rounds;
  for (const Message& m : messages) rounds[m.round].push_back(m);
  return rounds;
}

/// The set of rounds that carry at least one message.
inline std::set<int> rounds_used(const std::vector<Message>& messages) {
  std::set<int> rounds;
  for (const Message& m : messages) rounds.insert(m.round);
  return rounds;
}

/// {0, 1, …, n − 1}
inline std::set<int> first_rounds(int n) {
  std::set<int> rounds;
  for (int r = 0; r < n; ++r) rounds.insert(r);
  return rounds;
}

} // namespace collscope::test
