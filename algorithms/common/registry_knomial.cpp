// Registry entries of the k-nomial trees (seeds/001, "k-ported vs. k-lane communication
// capabilities", "Easy generalization: k-ported", "Final remark: binomial and k-nomial trees").
// They take --radix k, the k of every formula (the functions' blocks argument). `cost` is the
// one-ported α-β figure (the k−1 messages of a level take turns), `ported` the figure with k−1
// ports per rank (they overlap); schedule/knomial.hpp says which are exact.
#include "collscope/algorithms/alltoall.hpp"
#include "collscope/algorithms/bcast.hpp"
#include "collscope/algorithms/gather.hpp"
#include "collscope/algorithms/reduce.hpp"
#include "collscope/algorithms/scatter.hpp"
#include "collscope/schedule/bruck_radix.hpp"
#include "collscope/schedule/knomial.hpp"
#include "common/registry_formulas.hpp"
#include "common/registry_parts.hpp"

#include <array>

namespace collscope::detail {

namespace {

using namespace formulas;
using C = Collective;

constexpr RoundsFormula knomial_rounds{"⌈log_k p⌉",
                                       [](int p, int k) { return s::knomial_levels(p, k); }};
constexpr CostFormula knomial_bcast{"≤ (k−1)⌈log_k p⌉(α + βm)", s::knomial_bcast_cost};
constexpr CostFormula knomial_ported_bcast{"⌈log_k p⌉(α + βm)", s::knomial_ported_bcast_cost};
constexpr CostFormula knomial_gather{"≤ (k−1)⌈log_k p⌉α + (p−1)/p·βm", s::knomial_gather_cost};
constexpr CostFormula knomial_ported_gather{"≤ ⌈log_k p⌉α + min((k^⌈log_k p⌉ − 1)/(k−1), p−1)·βm/p",
                                            s::knomial_ported_gather_cost};

// Bruck in radix k: every digit position but the top one takes k−1 rounds.
constexpr RoundsFormula bruck_radix_rounds{
    "(k−1)(⌈log_k p⌉ − 1) + ⌈p/k^(⌈log_k p⌉ − 1)⌉ − 1",
    [](int p, int k) { return s::bruck_radix_rounds(p, k); }};
constexpr CostFormula bruck_radix{"≤ ((k−1)(⌈log_k p⌉ − 1) + ⌈p/k^(⌈log_k p⌉ − 1)⌉ − 1)(α + βm/2)",
                                  s::bruck_radix_bound};

const std::array entries{
    Algorithm{.collective = C::gather,
              .name = "knomial",
              .description = "k-nomial tree, k-ported: the k−1 receives of a level at once",
              .source = "seeds/001 “Final remark: binomial and k-nomial trees”, “k-ported”",
              .rounds = knomial_rounds,
              .cost = knomial_gather,
              .parameter = Parameter::radix,
              .rooted = gather_knomial,
              .ported = knomial_ported_gather},
    Algorithm{.collective = C::scatter,
              .name = "knomial",
              .description = "k-nomial tree, k-ported: the k−1 sends of a level at once",
              .source = "seeds/001 “Final remark: binomial and k-nomial trees”, “k-ported”",
              .rounds = knomial_rounds,
              .cost = knomial_gather,
              .parameter = Parameter::radix,
              .rooted = scatter_knomial,
              .ported = knomial_ported_gather},
    Algorithm{.collective = C::bcast,
              .name = "knomial",
              .description = "k-nomial tree, k-ported: the k−1 sends of a level at once",
              .source = "seeds/001 “Easy generalization: k-ported”, “binomial and k-nomial trees”",
              .rounds = knomial_rounds,
              .cost = knomial_bcast,
              .parameter = Parameter::radix,
              .bcast = bcast_knomial,
              .ported = knomial_ported_bcast},
    Algorithm{.collective = C::reduce,
              .name = "knomial",
              .description = "k-nomial tree, k-ported: the k−1 receives of a level at once "
                             "(commutative ops only)",
              .source = "seeds/001 “Final remark: binomial and k-nomial trees”, “k-ported”",
              .rounds = knomial_rounds,
              .cost = knomial_bcast,
              .commutative_only = true,
              .parameter = Parameter::radix,
              .reduce = reduce_knomial,
              .ported = knomial_ported_bcast},
    Algorithm{.collective = C::alltoall,
              .name = "bruck-radix",
              .description = "Bruck's index algorithm in radix k (--radix): fewer rounds for "
                             "small blocks, more bytes",
              .source = "seeds/001 “The power of the circulant graph” (Bruck et al. 1997)",
              .rounds = bruck_radix_rounds,
              .cost = bruck_radix,
              .parameter = Parameter::radix,
              .alltoall = alltoall_bruck_radix},
};

} // namespace

std::span<const Algorithm> knomial_algorithms() {
  return entries;
}

} // namespace collscope::detail
