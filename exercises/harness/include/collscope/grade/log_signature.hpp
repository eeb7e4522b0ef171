// The signature on every line of a graded run's log: SipHash-2-4 (Aumasson & Bernstein)
// keyed with the run's secret, over the line's number in the log and its text. The grader
// writes a fresh secret for every run into a file that rank 0's harness reads and deletes
// before MPI starts; a line the submission appends, or a line copied to another place,
// carries no valid signature, and a line removed leaves a gap in the numbers.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

namespace collscope::grade::signature {

struct Key {
  std::uint64_t k0 = 0, k1 = 0;
};

inline std::uint64_t rotl(std::uint64_t x, int b) {
  return (x << b) | (x >> (64 - b));
}

inline std::uint64_t siphash(const Key& key, std::string_view data) {
  std::uint64_t v0 = 0x736f6d6570736575ULL ^ key.k0, v1 = 0x646f72616e646f6dULL ^ key.k1,
                v2 = 0x6c7967656e657261ULL ^ key.k0, v3 = 0x7465646279746573ULL ^ key.k1;
  const auto round = [&] {
    v0 += v1, v1 = rotl(v1, 13), v1 ^= v0, v0 = rotl(v0, 32);
    v2 += v3, v3 = rotl(v3, 16), v3 ^= v2;
    v0 += v3, v3 = rotl(v3, 21), v3 ^= v0;
    v2 += v1, v1 = rotl(v1, 17), v1 ^= v2, v2 = rotl(v2, 32);
  };
  const std::size_t n = data.size();
  std::size_t i = 0;
  const auto byte = [&](std::size_t at) {
    return static_cast<std::uint64_t>(static_cast<unsigned char>(data[at]));
  };
  for (; i + 8 <= n; i += 8) {
    std::uint64_t m = 0;
    for (int b = 0; b < 8; ++b) m |= byte(i + static_cast<std::size_t>(b)) << (8 * b);
    v3 ^= m, round(), round(), v0 ^= m;
  }
  std::uint64_t last = static_cast<std::uint64_t>(n & 0xff) << 56;
  for (int b = 0; i + static_cast<std::size_t>(b) < n; ++b)
    last |= byte(i + static_cast<std::size_t>(b)) << (8 * b);
  v3 ^= last, round(), round(), v0 ^= last;
  v2 ^= 0xff;
  round(), round(), round(), round();
  return v0 ^ v1 ^ v2 ^ v3;
}

/// The signature of line number `seq` (from 0) with text `text`, as 16 hex digits.
inline std::string sign(const Key& key, long long seq, std::string_view text) {
  const std::string data = std::to_string(seq) + "\t" + std::string(text);
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(siphash(key, data)));
  return hex;
}

/// "0123…" (32 hex digits) ↔ Key; false on anything else.
inline bool parse_key(std::string_view text, Key& key) {
  if (text.size() < 32) return false;
  unsigned long long a = 0, b = 0;
  const std::string s(text.substr(0, 32));
  if (std::sscanf(s.c_str(), "%16llx%16llx", &a, &b) != 2) return false;
  key = {a, b};
  return true;
}

inline std::string key_text(const Key& key) {
  char text[33];
  std::snprintf(text, sizeof text, "%016llx%016llx", static_cast<unsigned long long>(key.k0),
                static_cast<unsigned long long>(key.k1));
  return text;
}

} // namespace collscope::grade::signature
