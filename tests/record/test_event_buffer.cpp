// EventBuffer holds a bounded number of events and spills them, in order, to its file, where
// EventFile reads them back; StringTable gives dense, stable ids.
#include "collscope/archive/rank_input.hpp"
#include "event_buffer.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdint>
#include <cstdio>
#include <fcntl.h>
#include <filesystem>
#include <map>
#include <string>
#include <unistd.h>
#include <vector>

using collscope::rec::Event;
using collscope::rec::EventBuffer;
using collscope::rec::EventFile;
using collscope::rec::StringTable;

namespace {

std::string scratch(const char* what) {
  return (std::filesystem::temp_directory_path() /
          ("collscope-" + std::string(what) + "-" + std::to_string(getpid())))
      .string();
}

Event stamped(std::uint64_t t) {
  Event e{};
  e.time = t; // stamps are never 0: an all-zero record ends the ring
  return e;
}

/// The stamps EventFile reads back from the events file `path` and the ring `ring`.
std::vector<std::uint64_t> read_back(const std::string& path, const std::string& ring) {
  EventFile file(path, ring);
  std::vector<std::uint64_t> stamps;
  for (Event e{}; file.next(e);) stamps.push_back(e.time);
  return stamps;
}

std::vector<std::uint64_t> count_from(std::uint64_t first, std::uint64_t n) {
  std::vector<std::uint64_t> v(n);
  for (std::uint64_t i = 0; i < n; ++i) v[i] = first + i;
  return v;
}

} // namespace

TEST_CASE("EventBuffer copies the laps of a bounded ring into its file, in order", "[record]") {
  const std::string path = scratch("events"), ring = path + ".ring";
  const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_TRUNC, 0644);
  REQUIRE(fd >= 0);
  EventBuffer buffer;
  REQUIRE(buffer.open(fd, ring, 100 * sizeof(Event))); // rounded up to a ring of 512 events
  CHECK(std::filesystem::file_size(ring) == 512 * sizeof(Event));
  REQUIRE(buffer.capacity() == 511);   // slot 0 numbers the lap, the last is kept for put_last()
  const std::size_t n = 10 * 510 + 17; // the file grows, the ring does not
  std::size_t spills = 0;
  for (std::size_t i = 0; i < n; ++i) {
    if (!buffer.push(stamped(i + 1))) {
      REQUIRE(buffer.buffered() == buffer.capacity());
      buffer.put_last(stamped(i + 1)); // the kept slot takes the same stamp, in order
      REQUIRE(buffer.spill());
      ++spills;
      REQUIRE(buffer.push(stamped(i + 1)));
    }
  }
  CHECK(spills == 10);
  CHECK(buffer.size() == 11 + n + 10); // with the eleven Lap slots and the ten clock slots
  CHECK(buffer.buffered() == 1 + 17);
  buffer.put_last(stamped(n + 99));
  REQUIRE(buffer.close());
  CHECK_FALSE(std::filesystem::exists(ring));
  CHECK(std::filesystem::file_size(path) == (10 * 512 + 1 + 17 + 1) * sizeof(Event));

  // A torn last record (a rank killed in the middle of a write) is dropped.
  {
    std::FILE* f = std::fopen(path.c_str(), "ab");
    std::fputs("torn", f);
    std::fclose(f);
  }
  const auto stamps = read_back(path, ring);
  CHECK(stamps.size() == n + 10 + 1);
  CHECK(std::is_sorted(stamps.begin(), stamps.end()));
  CHECK(stamps.back() == n + 99);
  std::remove(path.c_str());
}

TEST_CASE("A rank killed mid-lap leaves its events in the file and the ring", "[record]") {
  const std::string path = scratch("killed"), ring = path + ".ring";
  const std::string dead = path + ".dead", dead_ring = dead + ".ring";
  EventBuffer buffer;
  REQUIRE(buffer.open(::open(path.c_str(), O_RDWR | O_CREAT | O_TRUNC, 0644), ring,
                      512 * sizeof(Event)));
  std::uint64_t t = 0;
  while (buffer.push(stamped(t + 1))) ++t; // one whole lap: 510 events
  REQUIRE(t == 510);
  // Killed just before the full lap is copied: everything is in the ring.
  std::filesystem::copy_file(path, dead, std::filesystem::copy_options::overwrite_existing);
  std::filesystem::copy_file(ring, dead_ring, std::filesystem::copy_options::overwrite_existing);
  CHECK(read_back(dead, dead_ring) == count_from(1, 510));
  REQUIRE(buffer.spill());
  // Killed after the copy, before the ring was cleared: the lap is read once, from the file.
  std::filesystem::copy_file(path, dead, std::filesystem::copy_options::overwrite_existing);
  CHECK(read_back(dead, dead_ring) == count_from(1, 510));
  // Killed in the middle of the copy: the partial lap in the file is dropped for the ring's.
  std::filesystem::resize_file(dead, 300 * sizeof(Event));
  CHECK(read_back(dead, dead_ring) == count_from(1, 510));
  // Killed three events into the next lap.
  for (int i = 0; i < 3; ++i) REQUIRE(buffer.push(stamped(++t)));
  std::filesystem::copy_file(path, dead, std::filesystem::copy_options::overwrite_existing);
  std::filesystem::copy_file(ring, dead_ring, std::filesystem::copy_options::overwrite_existing);
  CHECK(read_back(dead, dead_ring) == count_from(1, 513));
  REQUIRE(buffer.close());
  CHECK(read_back(path, ring) == count_from(1, 513));
  for (const std::string& f : {path, dead, dead_ring}) std::remove(f.c_str());
}

TEST_CASE("EventBuffer without a file refuses events instead of failing", "[record]") {
  EventBuffer buffer;
  Event e{};
  CHECK_FALSE(buffer.push(e));
  CHECK(buffer.capacity() == 0);
}

TEST_CASE("StringTable interns with dense ids", "[record]") {
  StringTable strings;
  CHECK(strings.intern("algorithm gather/binomial") == 0);
  CHECK(strings.intern("root") == 1);
  CHECK(strings.intern("algorithm gather/binomial") == 0);
  CHECK(strings.find("root") == 1);
  CHECK(strings.find("absent") == StringTable::not_found);
  CHECK(strings.size() == 2);
  CHECK(strings.blob() == std::string{"algorithm gather/binomial\0root\0", 31});
}

TEST_CASE("StringTable answers repeated strings from its cache with the ids of the map",
          "[record]") {
  // Strings that share prefixes and straddle the hash's 8-byte words, asked in an order
  // that makes them evict each other from the cache's 256 slots.
  std::vector<std::string> words;
  for (int i = 0; i < 2000; ++i)
    words.push_back(std::string(static_cast<std::size_t>(i % 19), 'x') + std::to_string(i / 19));
  words.push_back("");
  words.push_back("x");
  words.push_back("xx");
  StringTable strings;
  std::map<std::string, std::uint32_t> expected;
  for (int pass = 0; pass < 3; ++pass)
    for (std::size_t i = 0; i < words.size(); ++i) {
      const std::string& w = words[(i * 7919 + static_cast<std::size_t>(pass)) % words.size()];
      const std::uint32_t id = strings.intern(w);
      const auto [it, fresh] = expected.emplace(w, id);
      CHECK(it->second == id);
      CHECK(strings.find(w) == id);
      CHECK(strings.equals(id, w.c_str()));
      CHECK_FALSE(strings.equals(id, (w + "y").c_str()));
    }
  CHECK(strings.size() == expected.size());
  CHECK(strings.find("xxxxxxxxxxxxxxxxxxxxxxxxx") == StringTable::not_found);
}
