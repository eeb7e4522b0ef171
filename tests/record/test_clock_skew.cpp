// The clock skew test hook and the offset interpolation the archive writer relies on.
#include "collscope/archive/clock_skew.hpp"

#include <catch2/catch.hpp>

using namespace collscope::rec;

TEST_CASE("COLLSCOPE_TRACE_CLOCK_SKEW gives each named rank its offset and drift") {
  std::string error;
  const char* text = "1:-0.005:100,3:0.002:-50";
  const ClockSkew one = parse_clock_skew(text, 1, error);
  CHECK(error.empty());
  CHECK(one.offset_ns == -5000000);
  CHECK(one.drift_ppm == 100.0);
  const ClockSkew three = parse_clock_skew(text, 3, error);
  CHECK(three.offset_ns == 2000000);
  CHECK(three.drift_ppm == -50.0);
  CHECK_FALSE(parse_clock_skew(text, 0, error).any());
  CHECK_FALSE(parse_clock_skew(nullptr, 1, error).any());
  CHECK(error.empty());
}

TEST_CASE("a malformed skew is one line of error and no skew") {
  for (const char* text : {"1:0.005", "x:0:0", "1:0.005:10ppm", "-1:0:0", "1::3"}) {
    std::string error;
    CHECK_FALSE(parse_clock_skew(text, 1, error).any());
    CHECK(error.find("RANK:OFFSET_S:DRIFT_PPM") != std::string::npos);
    CHECK(error.find('\n') == std::string::npos);
  }
}

TEST_CASE("a skewed clock: offset at MPI_Init, then drift in ppm of the time since") {
  ClockSkew s;
  s.offset_ns = -5000000;
  s.drift_ppm = 100.0;
  s.init_ns = 1000000000;
  CHECK(skewed(s, 1000000000) == 995000000);
  CHECK(skewed(s, 2000000000) == 2000000000 - 5000000 + 100000); // 1 s later: +100 µs
  CHECK(skewed(ClockSkew{}, 123) == 123);
  ClockSkew behind;
  behind.offset_ns = -5000000;
  CHECK(skewed(behind, 1000) == 0); // never before the clock's epoch (no wrap-around)
}

TEST_CASE("offsets are interpolated as OTF2 readers do, and a lone one is held") {
  const std::vector<OffsetSample> two = {{1000, 100, 5}, {2000, 200, 5}};
  CHECK(corrected_ns(two, 1000) == 1100);
  CHECK(corrected_ns(two, 1500) == 1650);
  CHECK(corrected_ns(two, 3000) == 3300); // the last interval's line past its end
  CHECK(corrected_ns(two, 500) == 550);   // the first one's before its start
  CHECK(corrected_ns({{1000, 100, 5}}, 1500) == 1500);
  const std::vector<OffsetSample> held = offset_definitions({{1000, 100, 5}});
  REQUIRE(held.size() == 2);
  CHECK(held[1].time_ns > held[0].time_ns);
  CHECK(corrected_ns(held, 5000) == 5100);
  const std::vector<OffsetSample> same_time = offset_definitions({{1000, 1, 1}, {1000, 2, 1}});
  CHECK(same_time.size() == 2); // duplicates dropped, then held
}
