// The process counts of a fixture's traced runs, as its check reads them from the environment.
// CMake hands them over comma-separated (collscope_env_list in tests/CMakeLists.txt): a ';'
// would split ctest's ENVIRONMENT property and leave the check with the first count only.
#pragma once

#include <catch2/catch.hpp>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

namespace collscope::testing {

/// The counts in variable `name` ("1,2,3"); fails the test when it is missing, empty or not a
/// list of whole numbers.
inline std::vector<int> sizes_from_env(const char* name) {
  const char* list = std::getenv(name);
  INFO(name);
  REQUIRE(list != nullptr);
  std::vector<int> out;
  std::stringstream in(list);
  for (std::string item; std::getline(in, item, ',');) {
    std::size_t used = 0;
    int p = 0;
    try {
      p = std::stoi(item, &used);
    } catch (const std::exception&) {
      FAIL(name << " holds '" << item << "', not a process count");
    }
    INFO(name << " holds '" << item << "'");
    REQUIRE(used == item.size());
    REQUIRE(p >= 1);
    out.push_back(p);
  }
  REQUIRE(!out.empty());
  return out;
}

} // namespace collscope::testing
