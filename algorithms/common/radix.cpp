#include "collscope/algorithms/radix.hpp"

namespace collscope {

namespace {
int current = default_radix;
} // namespace

bool set_radix(int k) {
  if (k < 2) return false;
  current = k;
  return true;
}

int radix() {
  return current;
}

} // namespace collscope
