// EventBuffer holds a bounded number of events and spills them, in order, to its file, where
// EventFile reads them back; StringTable gives dense, stable ids.
#include "event_buffer.hpp"
#include "rank_input.hpp"

#include <catch2/catch.hpp>
#include <cstdint>
#include <cstdio>
#include <fcntl.h>
#include <filesystem>
#include <unistd.h>

using collscope::rec::Event;
using collscope::rec::EventBuffer;
using collscope::rec::EventFile;
using collscope::rec::StringTable;

TEST_CASE("EventBuffer spills a bounded buffer in order", "[record]") {
  const std::string path =
      (std::filesystem::temp_directory_path() / ("collscope-events-" + std::to_string(getpid())))
          .string();
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_APPEND, 0644);
  REQUIRE(fd >= 0);
  EventBuffer buffer;
  REQUIRE(buffer.open(fd, 100 * sizeof(Event)));
  REQUIRE(buffer.capacity() == 100);
  const std::size_t n = 1000 + 17; // the file grows, the buffer does not
  std::size_t spills = 0;
  for (std::size_t i = 0; i < n; ++i) {
    Event e{};
    e.time = i;
    if (!buffer.push(e)) {
      REQUIRE(buffer.buffered() == buffer.capacity());
      REQUIRE(buffer.spill());
      ++spills;
      REQUIRE(buffer.push(e));
    }
  }
  CHECK(spills == 10);
  CHECK(buffer.size() == n);
  CHECK(buffer.buffered() == 17);
  REQUIRE(buffer.close());
  CHECK(std::filesystem::file_size(path) == n * sizeof(Event));

  // A torn last record (a rank killed in the middle of a write) is dropped.
  {
    std::FILE* f = std::fopen(path.c_str(), "ab");
    std::fputs("torn", f);
    std::fclose(f);
  }
  EventFile file(path);
  Event e{};
  std::size_t expected = 0;
  while (file.next(e)) REQUIRE(e.time == expected++);
  CHECK(expected == n);
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
