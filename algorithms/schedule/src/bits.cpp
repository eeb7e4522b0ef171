#include "collscope/schedule/bits.hpp"

#include <bit>

namespace collscope::schedule {

int ceil_log2(int p) {
  if (p <= 1) return 0;
  return std::bit_width(static_cast<unsigned>(p - 1));
}

int floor_log2(int p) {
  return std::bit_width(static_cast<unsigned>(p)) - 1;
}

int lowest_set_bit(int v) {
  return std::countr_zero(static_cast<unsigned>(v));
}

int highest_set_bit(int v) {
  return std::bit_width(static_cast<unsigned>(v)) - 1;
}

} // namespace collscope::schedule
