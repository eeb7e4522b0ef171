// How many repetitions are enough: the NREP procedure of seeds/004 §4.2 (Figure 3).
//  (1) At the smallest size, measure until the relative standard error (RSE) of the times so
//      far drops to a threshold (the paper: 1 %); over several mpiruns the longest time that
//      took is t₁.
//  (2) At every other size, a pilot batch of b₁ repetitions, a second of b₂ when its RSE is
//      above a second threshold; l = the minimum of the pilot's times.
//  (3) nrep = max(⌈t₁ / l⌉, K): every size is measured for about t₁, at least K times.
// Pure arithmetic on measured times; the runs themselves are measure.cpp's.
#pragma once

#include <span>

namespace collscope::guidelines {

struct NrepRule {
  double rse_first = 0.01;  ///< (1): the RSE the smallest size must reach (paper: 1 %)
  int first_cap = 200;      ///< (1): at most this many repetitions at the smallest size
  int min_first = 5;        ///< (1): an RSE of fewer times means nothing
  int b1 = 5, b2 = 5;       ///< (2): pilot batches
  double rse_pilot = 0.05;  ///< (2): the RSE above which the second batch runs
  int k = 5;                ///< (3): at least K repetitions
  int cap = 1000;           ///< (3): at most this many (a slow collective at a tiny t₁ …)
};

/// (1) on one mpirun's times at the smallest size: how many of the first repetitions it took
/// until the RSE reached the threshold (all of them when it never did), and their total time.
struct Settled {
  int repetitions = 0;
  double seconds = 0;
  bool reached = false; ///< the RSE reached the threshold within the times given
};
Settled settle(std::span<const double> times, const NrepRule& rule);

/// (3): the repetitions for a size whose pilot minimum is `least` seconds.
int nrep_for(double t1, double least, const NrepRule& rule);

} // namespace collscope::guidelines
