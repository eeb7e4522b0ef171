#include "collscope/schedule/scan.hpp"

#include "collscope/schedule/bits.hpp"

#include <algorithm>

namespace collscope::schedule {

ScanStep hillis_steele_step(int rank, int p, int k) {
  const int d = 1 << k;
  ScanStep s;
  if (rank + d < p) {
    s.to = rank + d;
    const int first = std::max(0, rank - d + 1);
    s.sent = {first, rank - first + 1};
  }
  if (rank - d >= 0) s.from = rank - d;
  return s;
}

int hillis_steele_rounds(int p) {
  return ceil_log2(p);
}

int updown_up_rounds(int p) {
  return p <= 1 ? 0 : floor_log2(p);
}

int updown_down_rounds(int p) {
  return p < 3 ? 0 : floor_log2(p / 3) + 1;
}

int updown_rounds(int p) {
  return updown_up_rounds(p) + updown_down_rounds(p);
}

ScanStep updown_step(int rank, int p, int round) {
  ScanStep s;
  const int up = updown_up_rounds(p);
  if (round < 0 || round >= updown_rounds(p)) return s;
  // Down rounds run from the largest distance to 1, so that a rank whose prefix completes in
  // one of them can pass it on in a later one.
  const int k = round < up ? round : updown_down_rounds(p) - 1 - (round - up);
  const int d = 1 << k, position = (rank + 1) % (2 * d);
  if (round < up) {
    if (position == d && rank + d < p) s.to = rank + d, s.sent = {rank - d + 1, d};
    if (position == 0) s.from = rank - d;
  } else {
    if (position == 0 && rank + d < p) s.to = rank + d, s.sent = {0, rank + 1};
    if (position == d && rank >= d) s.from = rank - d;
  }
  return s;
}

PipelineScanStep pipeline_scan_step(int rank, int p, int blocks, int round) {
  PipelineScanStep s;
  const int sent = round - rank, received = round - (rank - 1);
  if (rank + 1 < p && sent >= 0 && sent < blocks) {
    s.step.to = rank + 1;
    s.step.sent = {0, rank + 1};
    s.sent_block = sent;
  }
  if (rank > 0 && received >= 0 && received < blocks) {
    s.step.from = rank - 1;
    s.received_block = received;
  }
  return s;
}

double hillis_steele_cost(int p, double m, double alpha, double beta) {
  return hillis_steele_rounds(p) * (alpha + beta * m);
}

double updown_cost(int p, double m, double alpha, double beta) {
  return updown_rounds(p) * (alpha + beta * m);
}

} // namespace collscope::schedule
