#include "collscope/schedule/bruck_radix.hpp"

#include <cstdint>

namespace collscope::schedule {

std::vector<RadixStep> bruck_radix_steps(int p, int k) {
  std::vector<RadixStep> steps;
  for (std::int64_t power = 1, x = 0; power < p; power *= k, ++x)
    for (std::int64_t d = 1; d < k && d * power < p; ++d)
      steps.push_back({static_cast<int>(x), static_cast<int>(d), static_cast<int>(d * power)});
  return steps;
}

int bruck_radix_rounds(int p, int k) {
  return static_cast<int>(bruck_radix_steps(p, k).size());
}

std::vector<int> slots_with_digit(int p, int k, int position, int digit) {
  std::int64_t power = 1;
  for (int i = 0; i < position; ++i) power *= k;
  std::vector<int> slots;
  for (int j = 0; j < p; ++j)
    if ((j / power) % k == digit) slots.push_back(j);
  return slots;
}

double bruck_radix_time(int p, double m, double alpha, double beta, int k) {
  double time = 0;
  for (const RadixStep& s : bruck_radix_steps(p, k))
    time += alpha + beta * m / p * double(slots_with_digit(p, k, s.position, s.digit).size());
  return time;
}

double bruck_radix_bound(int p, double m, double alpha, double beta, int k) {
  return bruck_radix_rounds(p, k) * (alpha + beta * m / 2);
}

ExchangeRounds bruck_radix_exchange(int p, double m, int k) {
  const std::vector<RadixStep> steps = bruck_radix_steps(p, k);
  std::vector<double> bytes;
  for (const RadixStep& s : steps)
    bytes.push_back(m / p * double(slots_with_digit(p, k, s.position, s.digit).size()));
  return {static_cast<int>(steps.size()), [=](int rank, int round) {
            const int d = steps[static_cast<std::size_t>(round)].distance;
            return ExchangeStep{(rank + d) % p, ((rank - d) % p + p) % p,
                                bytes[static_cast<std::size_t>(round)]};
          }};
}

} // namespace collscope::schedule
