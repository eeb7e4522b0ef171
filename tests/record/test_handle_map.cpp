// HandleMap (pending requests, probed messages) against std::unordered_map under random
// puts and takes, including the collisions and wrap-arounds backward-shift deletion must get
// right.
#include "handle_map.hpp"

#include <catch2/catch.hpp>
#include <cstdint>
#include <random>
#include <unordered_map>

using collscope::rec::HandleMap;

TEST_CASE("HandleMap puts, replaces and takes", "[record]") {
  HandleMap<int> map;
  int out = 0;
  CHECK_FALSE(map.take(0x1000, out));
  map.put(0x1000, 1);
  map.put(0x1000, 2);
  CHECK(map.size() == 1);
  REQUIRE(map.take(0x1000, out));
  CHECK(out == 2);
  CHECK_FALSE(map.take(0x1000, out));
  map.put(0, 5); // not a handle
  CHECK(map.size() == 0);
}

TEST_CASE("HandleMap agrees with unordered_map under random use", "[record]") {
  for (const std::uint64_t spacing :
       {std::uint64_t{8}, std::uint64_t{64}, std::uint64_t{1} << 20}) {
    std::mt19937_64 random(spacing);
    HandleMap<std::uint64_t> map;
    std::unordered_map<std::uintptr_t, std::uint64_t> reference;
    for (int step = 0; step < 200000; ++step) {
      // Few distinct keys, so puts, replacements and takes of present keys all happen often.
      const std::uintptr_t key = (random() % 700 + 1) * spacing;
      if (random() % 3 != 0) {
        map.put(key, static_cast<std::uint64_t>(step));
        reference[key] = static_cast<std::uint64_t>(step);
      } else {
        std::uint64_t got = 0;
        const bool found = map.take(key, got);
        const auto it = reference.find(key);
        REQUIRE(found == (it != reference.end()));
        if (found) {
          REQUIRE(got == it->second);
          reference.erase(it);
        }
      }
      REQUIRE(map.size() == reference.size());
    }
    for (const auto& [key, value] : reference) {
      std::uint64_t got = 0;
      REQUIRE(map.take(key, got));
      REQUIRE(got == value);
    }
    CHECK(map.size() == 0);
  }
}

// Open MPI hands one completed request handle to every small MPI_Isend: each must be
// tracked, and taken back oldest first, also across growth and among other keys' entries.
TEST_CASE("HandleMap keeps every entry added under one key, oldest first", "[record]") {
  std::mt19937_64 random(7);
  for (const std::uintptr_t shared : {std::uintptr_t{0x7f51dcdbccc0}, std::uintptr_t{0x40}}) {
    HandleMap<int> map;
    std::unordered_multimap<std::uintptr_t, int> others;
    for (int i = 0; i < 500; ++i) {
      map.add(shared, i);
      if (random() % 2 == 0) {
        const auto key = static_cast<std::uintptr_t>(0x1000 + 8 * (random() % 300));
        map.put(key, i); // replaces, as for persistent requests
        others.erase(key);
        others.emplace(key, i);
      }
    }
    for (int i = 0; i < 500; ++i) {
      int out = -1;
      REQUIRE(map.take(shared, out));
      CHECK(out == i);
    }
    int out = -1;
    CHECK_FALSE(map.take(shared, out));
    CHECK(map.size() == others.size());
    for (const auto& [key, value] : others) {
      REQUIRE(map.take(key, out));
      CHECK(out == value);
    }
  }
}
