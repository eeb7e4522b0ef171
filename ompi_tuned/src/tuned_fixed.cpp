// Open MPI 4.1's fixed decision (ompi/mca/coll/tuned/coll_tuned_decision_fixed.c at tag
// v4.1.4), as tables instead of nested ifs. Each collective's function there is a cascade
// "communicator_size < P → (total_dsize < B → algorithm)…"; a Row is one communicator-size
// branch (processes below p_below), its Steps the message-size branches in order (bytes below
// `below` → algorithm). `any` stands for the final else. Open MPI's "communicator_size == 2"
// is written "below 3", which is the same for the p ≥ 2 coll tuned serves.
#include "collscope/ompi/tuned.hpp"

#include <limits>
#include <vector>

namespace collscope::ompi {

namespace {

constexpr std::uint64_t any = std::numeric_limits<std::uint64_t>::max();

struct Step {
  std::uint64_t below;
  int algorithm;
};
struct Row {
  std::uint64_t p_below;
  std::vector<Step> steps;
};

// clang-format off
// allreduce, noncommutative op
const std::vector<Row> allreduce_noncommutative = {
    {4, {{131072, 3}, {any, 1}}},
    {8, {{any, 3}}},
    {16, {{1048576, 3}, {any, 2}}},
    {128, {{any, 3}}},
    {256, {{131072, 2}, {524288, 3}, {any, 2}}},
    {512, {{4096, 2}, {524288, 3}, {any, 2}}},
    {any, {{2048, 2}, {any, 3}}},
};
// allreduce, commutative op
const std::vector<Row> allreduce_commutative = {
    {4, {{8, 4}, {4096, 3}, {8192, 4}, {16384, 3}, {65536, 4}, {262144, 5}, {any, 6}}},
    {8, {{16, 4}, {8192, 3}, {any, 6}}},
    {16, {{8192, 3}, {any, 6}}},
    {32, {{64, 5}, {4096, 3}, {any, 6}}},
    {64, {{128, 5}, {any, 6}}},
    {128, {{262144, 3}, {any, 6}}},
    {256, {{131072, 2}, {262144, 3}, {any, 6}}},
    {512, {{4096, 2}, {any, 6}}},
    {2048, {{2048, 2}, {16384, 3}, {any, 6}}},
    {4096, {{2048, 2}, {4096, 5}, {16384, 3}, {any, 6}}},
    {any, {{2048, 2}, {16384, 5}, {32768, 3}, {any, 6}}},
};
// alltoall
const std::vector<Row> alltoall = {
    {3, {{2, 2}, {4, 5}, {16, 2}, {64, 5}, {256, 2}, {4096, 5}, {32768, 2}, {262144, 4},
         {1048576, 5}, {any, 2}}},
    {8, {{8192, 4}, {16384, 1}, {65536, 4}, {524288, 1}, {1048576, 2}, {any, 1}}},
    {16, {{262144, 4}, {any, 1}}},
    {32, {{4, 4}, {512, 3}, {8192, 4}, {32768, 1}, {262144, 4}, {524288, 1}, {any, 4}}},
    {64, {{512, 3}, {524288, 1}, {any, 4}}},
    {128, {{1024, 3}, {2048, 1}, {4096, 4}, {262144, 1}, {any, 2}}},
    {256, {{1024, 3}, {2048, 4}, {262144, 1}, {any, 2}}},
    {512, {{1024, 3}, {8192, 4}, {32768, 1}, {any, 2}}},
    {1024, {{512, 3}, {8192, 4}, {16384, 1}, {131072, 4}, {262144, 1}, {any, 2}}},
    {2048, {{512, 3}, {1024, 4}, {2048, 1}, {16384, 4}, {262144, 1}, {any, 4}}},
    {4096, {{1024, 3}, {4096, 4}, {8192, 1}, {131072, 4}, {any, 1}}},
    {any, {{2048, 3}, {8192, 4}, {16384, 1}, {32768, 4}, {65536, 1}, {any, 4}}},
};
// alltoallv
const std::vector<Row> alltoallv = {
    {4, {{any, 2}}},
    {64, {{any, 1}}},
    {128, {{any, 2}}},
    {256, {{any, 1}}},
    {1024, {{any, 2}}},
    {any, {{any, 1}}},
};
// barrier
const std::vector<Row> barrier = {
    {4, {{any, 3}}},
    {8, {{any, 1}}},
    {64, {{any, 3}}},
    {256, {{any, 4}}},
    {512, {{any, 6}}},
    {1024, {{any, 4}}},
    {4096, {{any, 6}}},
    {any, {{any, 4}}},
};
// bcast
const std::vector<Row> bcast = {
    {4, {{32, 3}, {256, 5}, {512, 3}, {1024, 7}, {32768, 1}, {131072, 5}, {262144, 2},
         {524288, 1}, {1048576, 6}, {any, 5}}},
    {8, {{64, 5}, {128, 6}, {2048, 5}, {8192, 6}, {1048576, 1}, {any, 2}}},
    {16, {{8, 7}, {64, 5}, {4096, 7}, {16384, 5}, {32768, 6}, {any, 1}}},
    {32, {{4096, 7}, {1048576, 6}, {any, 8}}},
    {64, {{2048, 6}, {any, 7}}},
    {128, {{any, 7}}},
    {256, {{2, 6}, {16384, 5}, {32768, 1}, {65536, 5}, {any, 7}}},
    {1024, {{16384, 7}, {32768, 4}, {any, 7}}},
    {2048, {{524288, 7}, {any, 8}}},
    {4096, {{262144, 7}, {any, 8}}},
    {any, {{8192, 7}, {16384, 5}, {262144, 7}, {any, 8}}},
};
// reduce, noncommutative op
const std::vector<Row> reduce_noncommutative = {
    {4, {{8, 6}, {any, 1}}},
    {8, {{any, 1}}},
    {16, {{1024, 6}, {8192, 1}, {16384, 6}, {262144, 1}, {any, 6}}},
    {128, {{any, 6}}},
    {256, {{512, 6}, {1024, 1}, {any, 6}}},
    {any, {{any, 6}}},
};
// reduce, commutative op
const std::vector<Row> reduce_commutative = {
    {4, {{8, 7}, {16, 4}, {32, 3}, {262144, 1}, {524288, 3}, {1048576, 2}, {any, 3}}},
    {8, {{4096, 4}, {65536, 2}, {262144, 5}, {524288, 1}, {1048576, 5}, {any, 1}}},
    {16, {{8192, 4}, {any, 5}}},
    {32, {{4096, 4}, {any, 5}}},
    {256, {{any, 5}}},
    {512, {{8192, 5}, {16384, 6}, {any, 5}}},
    {2048, {{any, 5}}},
    {4096, {{512, 5}, {1024, 6}, {8192, 5}, {16384, 6}, {any, 5}}},
    {any, {{16, 5}, {32, 6}, {1024, 5}, {2048, 6}, {8192, 5}, {16384, 6}, {any, 5}}},
};
// reduce_scatter, noncommutative op
const std::vector<Row> reduce_scatter_noncommutative = {
    {any, {{any, 1}}},
};
// reduce_scatter, commutative op
const std::vector<Row> reduce_scatter_commutative = {
    {4, {{65536, 3}, {131072, 4}, {any, 3}}},
    {8, {{8, 1}, {262144, 2}, {any, 3}}},
    {32, {{262144, 2}, {any, 3}}},
    {64, {{64, 1}, {2048, 2}, {524288, 4}, {any, 3}}},
    {128, {{256, 1}, {512, 2}, {2048, 4}, {4096, 2}, {any, 4}}},
    {256, {{256, 1}, {512, 2}, {any, 4}}},
    {512, {{256, 1}, {1024, 2}, {any, 4}}},
    {1024, {{512, 1}, {2048, 2}, {8192, 4}, {16384, 2}, {any, 4}}},
    {2048, {{512, 1}, {4096, 2}, {16384, 4}, {32768, 2}, {any, 4}}},
    {4096, {{512, 1}, {4096, 2}, {any, 4}}},
    {any, {{1024, 1}, {8192, 2}, {any, 4}}},
};
// reduce_scatter_block, noncommutative op
const std::vector<Row> reduce_scatter_block_noncommutative = {
    {any, {{any, 1}}},
};
// reduce_scatter_block, commutative op
const std::vector<Row> reduce_scatter_block_commutative = {
    {4, {{4, 2}, {8, 4}, {16, 3}, {128, 4}, {256, 3}, {4096, 4}, {8192, 3}, {131072, 4}, {any, 1}}},
    {8, {{8, 3}, {32, 2}, {256, 4}, {8192, 3}, {16384, 4}, {1048576, 3}, {any, 1}}},
    {16, {{4, 1}, {32, 3}, {128, 4}, {524288, 3}, {4194304, 1}, {any, 4}}},
    {32, {{32, 1}, {524288, 3}, {2097152, 1}, {4194304, 3}, {any, 4}}},
    {any, {{4, 3}, {16, 1}, {65536, 4}, {262144, 1}, {any, 4}}},
};
// allgather
const std::vector<Row> allgather = {
    {3, {{any, 6}}},
    {32, {{any, 3}}},
    {64, {{1024, 3}, {65536, 5}, {any, 4}}},
    {128, {{512, 3}, {65536, 5}, {any, 4}}},
    {256, {{512, 3}, {131072, 5}, {524288, 4}, {1048576, 5}, {any, 4}}},
    {512, {{32, 3}, {128, 2}, {1024, 3}, {131072, 5}, {524288, 4}, {1048576, 5}, {any, 4}}},
    {1024, {{64, 3}, {256, 2}, {2048, 3}, {any, 5}}},
    {2048, {{4, 3}, {8, 2}, {16, 3}, {32, 2}, {256, 3}, {512, 2}, {4096, 3}, {any, 5}}},
    {4096, {{32, 2}, {128, 3}, {512, 2}, {4096, 3}, {any, 5}}},
    {any, {{2, 3}, {8, 2}, {16, 3}, {512, 2}, {4096, 3}, {any, 5}}},
};
// allgatherv
const std::vector<Row> allgatherv = {
    {3, {{2048, 3}, {4096, 5}, {8192, 3}, {any, 5}}},
    {8, {{256, 1}, {4096, 4}, {8192, 3}, {16384, 4}, {262144, 2}, {any, 4}}},
    {16, {{1024, 1}, {any, 2}}},
    {32, {{128, 1}, {262144, 2}, {any, 3}}},
    {64, {{256, 1}, {8192, 2}, {any, 3}}},
    {128, {{256, 1}, {4096, 2}, {any, 3}}},
    {256, {{1024, 2}, {65536, 4}, {any, 3}}},
    {512, {{1024, 2}, {any, 3}}},
    {1024, {{512, 2}, {1024, 1}, {4096, 2}, {1048576, 4}, {any, 3}}},
    {any, {{4096, 2}, {any, 4}}},
};
// gather
const std::vector<Row> gather = {
    {4, {{2, 3}, {4, 1}, {32768, 2}, {65536, 1}, {131072, 2}, {any, 3}}},
    {8, {{1024, 2}, {8192, 1}, {32768, 2}, {262144, 1}, {any, 3}}},
    {256, {{any, 2}}},
    {512, {{2048, 2}, {8192, 1}, {any, 2}}},
    {any, {{any, 2}}},
};
// scatter
const std::vector<Row> scatter = {
    {4, {{2, 3}, {131072, 1}, {262144, 3}, {any, 1}}},
    {8, {{2048, 2}, {4096, 1}, {8192, 2}, {32768, 1}, {1048576, 3}, {any, 1}}},
    {16, {{16384, 2}, {1048576, 3}, {any, 1}}},
    {32, {{16384, 2}, {32768, 1}, {any, 3}}},
    {64, {{512, 2}, {8192, 3}, {16384, 2}, {any, 3}}},
    {any, {{512, 2}, {any, 3}}},
};
// clang-format on

int look_up(const std::vector<Row>& rows, int p, std::uint64_t bytes) {
  for (const Row& row : rows) {
    if (static_cast<std::uint64_t>(p) >= row.p_below) continue;
    for (const Step& step : row.steps)
      if (bytes < step.below || step.below == any) return step.algorithm;
  }
  return 0; // unreachable: every table ends in `any`
}

} // namespace

int fixed_decision(Coll coll, int p, std::uint64_t bytes, bool commutative) {
  switch (coll) {
  case Coll::allgather:
    return look_up(allgather, p, bytes);
  case Coll::allgatherv:
    return look_up(allgatherv, p, bytes);
  case Coll::allreduce:
    return look_up(commutative ? allreduce_commutative : allreduce_noncommutative, p, bytes);
  case Coll::alltoall:
    return look_up(alltoall, p, bytes);
  case Coll::alltoallv:
    return look_up(alltoallv, p, bytes);
  case Coll::barrier:
    return look_up(barrier, p, bytes);
  case Coll::bcast:
    return look_up(bcast, p, bytes);
  case Coll::gather:
    return look_up(gather, p, bytes);
  case Coll::reduce:
    return look_up(commutative ? reduce_commutative : reduce_noncommutative, p, bytes);
  case Coll::reduce_scatter:
    return look_up(commutative ? reduce_scatter_commutative : reduce_scatter_noncommutative, p,
                   bytes);
  case Coll::reduce_scatter_block:
    return look_up(commutative ? reduce_scatter_block_commutative
                               : reduce_scatter_block_noncommutative,
                   p, bytes);
  case Coll::scatter:
    return look_up(scatter, p, bytes);
  }
  return 0;
}

} // namespace collscope::ompi
