// EventBuffer holds a bounded number of events and spills them, in order, to its file, where
// EventFile reads them back; StringTable gives dense, stable ids.
#include "event_buffer.hpp"
#include "rank_input.hpp"

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

TEST_CASE("EventBuffer spills a bounded buffer in order", "[record]") {
  const std::string path =
      (std::filesystem::temp_directory_path() / ("collscope-events-" + std::to_string(getpid())))
          .string();
  const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_TRUNC, 0644);
  REQUIRE(fd >= 0);
  EventBuffer buffer;
  REQUIRE(buffer.open(fd, 100 * sizeof(Event))); // rounded up to a window of 512 events
  REQUIRE(buffer.capacity() == 511);             // and one slot for put_last()
  const std::size_t n = 10 * 512 + 17;           // the file grows, the window does not
  std::size_t spills = 0;
  for (std::size_t i = 0; i < n; ++i) {
    Event e{};
    e.time = i + 1; // stamps are never 0: an all-zero record ends the file
    if (!buffer.push(e)) {
      REQUIRE(buffer.buffered() == buffer.capacity());
      Event slot{};
      slot.time = i + 1; // the slot kept for put_last() takes the same stamp, in order
      buffer.put_last(slot);
      REQUIRE(buffer.spill());
      ++spills;
      REQUIRE(buffer.push(e));
    }
  }
  CHECK(spills == 10);
  CHECK(buffer.size() == n + 10); // with the ten clock slots
  CHECK(buffer.buffered() == n - 10 * 511);
  Event last{};
  last.time = n + 99;
  buffer.put_last(last);
  REQUIRE(buffer.close());
  CHECK(std::filesystem::file_size(path) == (n + 10 + 1) * sizeof(Event));

  // A torn last record (a rank killed in the middle of a write) is dropped.
  {
    std::FILE* f = std::fopen(path.c_str(), "ab");
    std::fputs("torn", f);
    std::fclose(f);
  }
  EventFile file(path);
  Event e{};
  std::size_t read = 0;
  std::uint64_t previous = 0;
  while (file.next(e)) {
    REQUIRE(e.time >= previous);
    previous = e.time;
    ++read;
  }
  CHECK(read == n + 10 + 1);
  CHECK(previous == n + 99);
  std::remove(path.c_str());
}

TEST_CASE("A rank killed mid-window leaves its events, then zeros", "[record]") {
  const std::string path =
      (std::filesystem::temp_directory_path() / ("collscope-killed-" + std::to_string(getpid())))
          .string();
  const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_TRUNC, 0644);
  REQUIRE(fd >= 0);
  {
    EventBuffer buffer;
    REQUIRE(buffer.open(::dup(fd), 512 * sizeof(Event)));
    for (std::uint64_t t = 1; t <= 3; ++t) {
      Event e{};
      e.time = t;
      REQUIRE(buffer.push(e));
    }
    // No close(): as after SIGKILL, the window stays as the mapping left it in the file.
    CHECK(std::filesystem::file_size(path) == 512 * sizeof(Event));
    REQUIRE(::ftruncate(fd, 512 * sizeof(Event)) == 0); // the destructor's cut is undone
  }
  REQUIRE(::ftruncate(fd, 512 * sizeof(Event)) == 0);
  ::close(fd);
  EventFile file(path);
  Event e{};
  std::uint64_t read = 0;
  while (file.next(e)) REQUIRE(e.time == ++read);
  CHECK(read == 3);
  std::remove(path.c_str());
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
