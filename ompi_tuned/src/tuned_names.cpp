// Open MPI 4.1's names and numbers of coll tuned's algorithms: the mca_base_var_enum_value_t
// arrays of ompi/mca/coll/tuned/coll_tuned_<coll>_decision.c at tag v4.1.4 (number 0,
// "ignore", means "not forced" and is not an algorithm), and which MCA parameters each one
// takes (the same files' *_intra_do_this: what reaches ompi_coll_base_<coll>_intra_<name>).
#include "collscope/ompi/tuned.hpp"

#include <algorithm>

namespace collscope::ompi {

namespace {

constexpr Named allgather[] = {{1, "linear"}, {2, "bruck"},    {3, "recursive_doubling"},
                               {4, "ring"},   {5, "neighbor"}, {6, "two_proc"}};
constexpr Named allgatherv[] = {
    {1, "default"}, {2, "bruck"}, {3, "ring"}, {4, "neighbor"}, {5, "two_proc"}};
constexpr Named allreduce[] = {{1, "basic_linear"},       {2, "nonoverlapping"},
                               {3, "recursive_doubling"}, {4, "ring"},
                               {5, "segmented_ring"},     {6, "rabenseifner"}};
constexpr Named alltoall[] = {
    {1, "linear"}, {2, "pairwise"}, {3, "modified_bruck"}, {4, "linear_sync"}, {5, "two_proc"}};
constexpr Named alltoallv[] = {{1, "basic_linear"}, {2, "pairwise"}};
constexpr Named barrier[] = {{1, "linear"}, {2, "double_ring"}, {3, "recursive_doubling"},
                             {4, "bruck"},  {5, "two_proc"},    {6, "tree"}};
constexpr Named bcast[] = {
    {1, "basic_linear"},          {2, "chain"},    {3, "pipeline"}, {4, "split_binary_tree"},
    {5, "binary_tree"},           {6, "binomial"}, {7, "knomial"},  {8, "scatter_allgather"},
    {9, "scatter_allgather_ring"}};
constexpr Named gather[] = {{1, "basic_linear"}, {2, "binomial"}, {3, "linear_sync"}};
constexpr Named reduce[] = {{1, "linear"},      {2, "chain"},    {3, "pipeline"},
                            {4, "binary"},      {5, "binomial"}, {6, "in-order_binary"},
                            {7, "rabenseifner"}};
constexpr Named reduce_scatter[] = {
    {1, "non-overlapping"}, {2, "recursive_halving"}, {3, "ring"}, {4, "butterfly"}};
constexpr Named reduce_scatter_block[] = {
    {1, "basic_linear"}, {2, "recursive_doubling"}, {3, "recursive_halving"}, {4, "butterfly"}};
constexpr Named scatter[] = {{1, "basic_linear"}, {2, "binomial"}, {3, "linear_nb"}};

constexpr std::string_view coll_names[] = {"allgather",
                                           "allgatherv",
                                           "allreduce",
                                           "alltoall",
                                           "alltoallv",
                                           "barrier",
                                           "bcast",
                                           "gather",
                                           "reduce",
                                           "reduce_scatter",
                                           "reduce_scatter_block",
                                           "scatter"};

} // namespace

std::string_view to_string(Coll coll) {
  const auto i = static_cast<std::size_t>(coll) - 1;
  return i < std::size(coll_names) ? coll_names[i] : "?";
}

std::optional<Coll> parse_coll(std::string_view name) {
  for (std::size_t i = 0; i < std::size(coll_names); ++i)
    if (coll_names[i] == name) return static_cast<Coll>(i + 1);
  return std::nullopt;
}

std::span<const Named> algorithms(Coll coll) {
  switch (coll) {
  case Coll::allgather:
    return allgather;
  case Coll::allgatherv:
    return allgatherv;
  case Coll::allreduce:
    return allreduce;
  case Coll::alltoall:
    return alltoall;
  case Coll::alltoallv:
    return alltoallv;
  case Coll::barrier:
    return barrier;
  case Coll::bcast:
    return bcast;
  case Coll::gather:
    return gather;
  case Coll::reduce:
    return reduce;
  case Coll::reduce_scatter:
    return reduce_scatter;
  case Coll::reduce_scatter_block:
    return reduce_scatter_block;
  case Coll::scatter:
    return scatter;
  }
  return {};
}

std::optional<int> number_of(Coll coll, std::string_view name) {
  for (const Named& a : algorithms(coll))
    if (a.name == name) return a.number;
  return std::nullopt;
}

std::string_view name_of(Coll coll, int number) {
  for (const Named& a : algorithms(coll))
    if (a.number == number) return a.name;
  return {};
}

Param params_of(Coll coll, int number) {
  switch (coll) {
  case Coll::bcast: // 1 takes nothing; 2 chain: segsize and the chain fanout; 7: the radix
    return number == 2   ? Param::segment_and_chain_fanout
           : number == 7 ? Param::segment_and_radix
           : number >= 3 ? Param::segment
                         : Param::none;
  case Coll::reduce: // 2 chain as bcast's; 3–6 segmented trees; 1 and 7 take nothing
    return number == 2                  ? Param::segment_and_chain_fanout
           : number >= 3 && number <= 6 ? Param::segment
                                        : Param::none;
  case Coll::allreduce:
    return number == 5 ? Param::segment : Param::none; // segmented_ring
  case Coll::gather:
    return number == 3 ? Param::segment : Param::none; // linear_sync
  default:
    return Param::none;
  }
}

} // namespace collscope::ompi
