#include "collscope/schedule/cost.hpp"

#include "collscope/schedule/bits.hpp"
#include "collscope/schedule/pipeline.hpp"

namespace collscope::schedule {

int linear_rounds(int p) {
  return p - 1;
}
int logarithmic_rounds(int p) {
  return ceil_log2(p);
}

double linear_rooted_cost(int p, double m, double alpha, double beta) {
  return (p - 1) * alpha + (p - 1) * beta * m / p;
}

double linear_bcast_cost(int p, double m, double alpha, double beta) {
  return (p - 1) * (alpha + beta * m);
}

double tree_gather_cost(int p, double m, double alpha, double beta) {
  return ceil_log2(p) * alpha + (p - 1) * beta * m / p;
}

double tree_bcast_cost(int p, double m, double alpha, double beta) {
  return ceil_log2(p) * (alpha + beta * m);
}

double bcast_pipeline_cost(int p, double m, double alpha, double beta, int blocks) {
  if (blocks <= 0) return 0;
  return pipeline_rounds(p, blocks) * (alpha + beta * m / blocks);
}

double ring_allgather_cost(int p, double m, double alpha, double beta) {
  return (p - 1) * (alpha + beta * m / p);
}

double dissemination_allgather_cost(int p, double m, double alpha, double beta) {
  return ceil_log2(p) * alpha + (p - 1) * beta * m / p;
}

} // namespace collscope::schedule
