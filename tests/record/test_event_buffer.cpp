// EventBuffer keeps every event in order across chunk boundaries; StringTable gives dense,
// stable ids.
#include "event_buffer.hpp"

#include <catch2/catch.hpp>
#include <cstdint>

using collscope::rec::Event;
using collscope::rec::EventBuffer;
using collscope::rec::StringTable;

TEST_CASE("EventBuffer keeps events in order across chunks", "[record]") {
  EventBuffer buffer;
  buffer.prepare();
  const std::size_t n = 2 * EventBuffer::chunk_events + 17;
  for (std::size_t i = 0; i < n; ++i) {
    Event e{};
    e.time = i;
    REQUIRE(buffer.push(e));
  }
  CHECK(buffer.size() == n);
  std::size_t expected = 0;
  std::size_t chunks = 0;
  buffer.for_each_chunk([&](const Event* events, std::size_t count) {
    ++chunks;
    for (std::size_t i = 0; i < count; ++i) REQUIRE(events[i].time == expected++);
  });
  CHECK(expected == n);
  CHECK(chunks == 3);
  CHECK_FALSE(buffer.overflowed());
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
