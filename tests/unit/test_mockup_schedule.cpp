// The guideline mock-ups' arithmetic (schedule/mockup.hpp, seeds/004 Table 1): the padding makes
// any count a multiple of p with fewer than p elements; the chunked split of GL7/GL16 covers the
// vector exactly once, in rank order, in whole chunks of C but for one last piece.
#include "collscope/schedule/mockup.hpp"

#include <catch2/catch.hpp>
#include <climits>

using namespace collscope::schedule;

TEST_CASE("mock-ups: padding is the fewest elements to a multiple of p", "[mockup]") {
  for (int p = 1; p <= 64; ++p)
    for (std::int64_t count = 0; count <= 300; ++count) {
      const int c = padding(count, p);
      CAPTURE(p, count, c);
      REQUIRE(c >= 0);
      REQUIRE(c < p);
      REQUIRE((count + c) % p == 0);
    }
  CHECK(padding(5, 3) == 1); // Table 1's example shape: n = 5, p = 3 → one dummy element
  CHECK(padding(6, 3) == 0);
}

TEST_CASE("mock-ups: the chunked split covers the vector once, in order, in chunks", "[mockup]") {
  for (int p = 1; p <= 64; ++p)
    for (int chunk : {1, 2, 4, 7})
      for (int count = 0; count <= 400; count += (count < 100 ? 1 : 37)) {
        const Split s = chunked_split(count, p, chunk);
        CAPTURE(p, chunk, count);
        REQUIRE(s.counts.size() == static_cast<std::size_t>(p));
        int at = 0, short_pieces = 0, largest = 0, smallest = INT_MAX;
        for (int i = 0; i < p; ++i) {
          REQUIRE(s.displs[std::size_t(i)] == at); // contiguous, rank order
          const int n = s.counts[std::size_t(i)];
          REQUIRE(n >= 0);
          if (n % chunk != 0) ++short_pieces;
          largest = std::max(largest, n);
          smallest = std::min(smallest, n);
          at += n;
        }
        REQUIRE(at == count);
        REQUIRE(short_pieces <= 1); // only the last, shorter chunk
        // Balanced to within one chunk and the short piece (Table 1: (⌊n/(Cp)⌋ + 1)·C at most).
        REQUIRE(largest <= (count / (chunk * p) + 1) * chunk);
        REQUIRE(largest - smallest <= chunk + chunk);
      }
  const Split nine = chunked_split(9, 2);
  CHECK(nine.counts == std::vector<int>{5, 4}); // the GL7 header's example
  CHECK(nine.displs == std::vector<int>{0, 5});
}

TEST_CASE("mock-ups: an int count holds up to INT_MAX", "[mockup]") {
  CHECK_FALSE(exceeds_int(INT_MAX));
  CHECK(exceeds_int(std::int64_t(INT_MAX) + 1));
  CHECK_FALSE(exceeds_int(0));
}
