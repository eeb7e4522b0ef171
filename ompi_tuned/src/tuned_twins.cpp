// Open MPI's recursive doubling and Rabenseifner fold the ranks beyond the largest power of two
// in as collscope's butterfly and rabenseifner do; its pairwise alltoall is the direct
// exchange's p − 1 shifted rounds; its knomial bcast is collscope's k-nomial tree at the same
// radix (Open MPI's coll_tuned_bcast_algorithm_knomial_radix, collscope's --radix); its
// scatter_allgather_ring bcast is collscope's scatter-ring (traced at p = 5 and 8, roots 0 and
// 3, 1000 and 1001 ints: the same messages; below p elements Open MPI runs basic_linear
// instead). Its scatter_allgather bcast is no twin of scatter-allgather: the same messages only
// at p a power of two from root 0. Each pair is unique per collective in both directions.
#include "collscope/ompi/twins.hpp"

namespace collscope::ompi {

namespace {

constexpr struct {
  Coll coll;
  std::string_view ompi, collscope;
} twins[] = {{Coll::bcast, "basic_linear", "linear"},
             {Coll::bcast, "binomial", "binomial"},
             {Coll::bcast, "knomial", "knomial"},
             {Coll::bcast, "scatter_allgather_ring", "scatter-ring"},
             {Coll::gather, "basic_linear", "linear"},
             {Coll::gather, "binomial", "binomial"},
             {Coll::scatter, "basic_linear", "linear"},
             {Coll::scatter, "binomial", "binomial"},
             {Coll::reduce, "binomial", "binomial"},
             {Coll::allgather, "ring", "ring"},
             {Coll::allgatherv, "ring", "ring"},
             {Coll::allreduce, "ring", "ring"},
             {Coll::allreduce, "recursive_doubling", "butterfly"},
             {Coll::allreduce, "rabenseifner", "rabenseifner"},
             {Coll::reduce_scatter, "ring", "ring"},
             {Coll::reduce_scatter_block, "recursive_halving", "halving"},
             {Coll::reduce_scatter, "recursive_halving", "halving"},
             {Coll::alltoall, "pairwise", "direct"},
             {Coll::alltoall, "modified_bruck", "bruck"},
             {Coll::alltoallv, "pairwise", "direct"}};

} // namespace

std::string_view lecture_twin(Coll coll, std::string_view ompi_name) {
  for (const auto& twin : twins)
    if (twin.coll == coll && twin.ompi == ompi_name) return twin.collscope;
  return {};
}

std::optional<int> ompi_twin(Coll coll, std::string_view collscope_name) {
  for (const auto& twin : twins)
    if (twin.coll == coll && twin.collscope == collscope_name) return number_of(coll, twin.ompi);
  return std::nullopt;
}

} // namespace collscope::ompi
