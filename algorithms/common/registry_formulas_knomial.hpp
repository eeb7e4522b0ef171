// The k-nomial trees' round counts and costs (seeds/001, "k-ported vs. k-lane communication
// capabilities", "Easy generalization: k-ported", "Final remark: binomial and k-nomial trees"),
// shared by bcast, reduce, gather and scatter knomial. They take --radix k, the k of every
// formula (the functions' blocks argument). `cost` is the one-ported α-β figure (the k−1
// messages of a level take turns), `ported` the figure with k−1 ports per rank (they overlap);
// schedule/knomial.hpp says which are exact.
#pragma once

#include "collscope/schedule/knomial.hpp"
#include "common/registry_formulas.hpp"

namespace collscope::detail::formulas {

inline constexpr RoundsFormula knomial_rounds{"⌈log_k p⌉",
                                              [](int p, int k) { return s::knomial_levels(p, k); }};
inline constexpr CostFormula knomial_bcast{"≤ (k−1)⌈log_k p⌉(α + βm)", s::knomial_bcast_cost};
inline constexpr CostFormula knomial_ported_bcast{"⌈log_k p⌉(α + βm)",
                                                  s::knomial_ported_bcast_cost};
inline constexpr CostFormula knomial_gather{"≤ (k−1)⌈log_k p⌉α + (p−1)/p·βm",
                                            s::knomial_gather_cost};
inline constexpr CostFormula knomial_ported_gather{
    "≤ ⌈log_k p⌉α + min((k^⌈log_k p⌉ − 1)/(k−1), p−1)·βm/p", s::knomial_ported_gather_cost};

} // namespace collscope::detail::formulas
