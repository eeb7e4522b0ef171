#include "collscope/schedule/mockup.hpp"

#include <climits>

namespace collscope::schedule {

int padding(std::int64_t count, int p) {
  if (p <= 1) return 0;
  const auto rest = static_cast<int>(count % p);
  return rest == 0 ? 0 : p - rest;
}

Split chunked_split(int count, int p, int chunk) {
  Split s{std::vector<int>(static_cast<std::size_t>(p)), std::vector<int>(static_cast<std::size_t>(p))};
  const int chunks = count / chunk;
  for (int i = 0, at = 0; i < p; ++i) {
    int n = chunk * (chunks / p);
    if (i < chunks % p)
      n += chunk;
    else if (i == chunks % p)
      n += count % chunk; // the last, shorter chunk
    s.counts[static_cast<std::size_t>(i)] = n;
    s.displs[static_cast<std::size_t>(i)] = at;
    at += n;
  }
  return s;
}

bool exceeds_int(std::int64_t amount) {
  return amount > INT_MAX;
}

} // namespace collscope::schedule
