// Registry entries of alltoall and alltoallv. m is the data one rank sends (p blocks) for
// alltoall; for alltoallv the bound uses m = all blocks of all ranks (collscope-run's
// m_bytes), which no round's largest message can exceed in sum.
#include "collscope/algorithms/alltoall.hpp"
#include "collscope/schedule/alltoall.hpp"
#include "common/registry_formulas.hpp"
#include "common/registry_parts.hpp"

#include <array>

namespace collscope::detail {

namespace {

using namespace formulas;
using C = Collective;

constexpr RoundsFormula one_factor_rounds{"2⌈p/2⌉ − 1",
                                          [](int p, int) { return s::one_factor_rounds(p); }};
constexpr CostFormula one_factor{"(2⌈p/2⌉ − 1)(α + βm/p)",
                                 [](int p, double m, double a, double b, int) {
                                   return s::one_factor_rounds(p) * (a + b * m / p);
                                 }};
constexpr CostFormula combining{
    "≤ ⌈log₂p⌉(α + βm/2)",
    [](int p, double m, double a, double b, int) { return s::bruck_alltoall_bound(p, m, a, b); }};
constexpr CostFormula hypercube{"⌈log₂p⌉(α + βm/2)", [](int p, double m, double a, double b, int) {
                                  return s::bruck_alltoall_bound(p, m, a, b);
                                }};
constexpr CostFormula direct_irregular{
    "≤ (p−1)α + βm",
    [](int p, double m, double a, double b, int) { return p <= 1 ? 0 : (p - 1) * a + b * m; }};
constexpr CostFormula one_factor_irregular{
    "≤ (2⌈p/2⌉ − 1)α + βm", [](int p, double m, double a, double b, int) {
      return p <= 1 ? 0 : s::one_factor_rounds(p) * a + b * m;
    }};

const std::array entries{
    Algorithm{.collective = C::alltoall,
              .name = "direct",
              .description = "round r: send to rank+r+1, receive from rank−r−1 (one Sendrecv)",
              .source = "seeds/001 “Direct alltoall, fully-connected network”",
              .rounds = linear_rounds,
              .cost = ring,
              .alltoall = alltoall_direct},
    Algorithm{.collective = C::alltoall,
              .name = "one-factor",
              .description = "pairwise exchanges along a 1-factorization; odd p: one idle rank "
                             "per round",
              .source = "seeds/001 “Telephone exchange algorithm (1-factoring)”",
              .rounds = one_factor_rounds,
              .cost = one_factor,
              .alltoall = alltoall_one_factor},
    Algorithm{.collective = C::alltoall,
              .name = "hypercube",
              .description = "message combining across bit d−1−k in round k (p a power of two)",
              .source = "seeds/001 “The power of the hypercube: Fewer communication rounds”",
              .rounds = log_rounds,
              .cost = hypercube,
              .alltoall = alltoall_hypercube,
              .power_of_two_only = true},
    Algorithm{.collective = C::alltoall,
              .name = "bruck",
              .description = "Bruck's index algorithm: rotate, slots with bit k to rank+2^k, "
                             "rotate back",
              .source = "seeds/001 “The power of the circulant graph” (Bruck et al. 1997)",
              .rounds = log_rounds,
              .cost = combining,
              .alltoall = alltoall_bruck},
    Algorithm{.collective = C::alltoall,
              .name = "native",
              .description = "Open MPI's MPI_Alltoall",
              .source = "Open MPI",
              .native = true,
              .alltoall = MPI_Alltoall},

    Algorithm{.collective = C::alltoallv,
              .name = "direct",
              .description = "the direct alltoall on blocks of any size; empty blocks not sent",
              .source = "seeds/001 “Direct alltoall, fully-connected network”",
              .rounds = linear_rounds,
              .cost = direct_irregular,
              .alltoallv = alltoallv_direct},
    Algorithm{.collective = C::alltoallv,
              .name = "one-factor",
              .description = "the one-factor alltoall on blocks of any size; empty blocks not sent",
              .source = "seeds/001 “Telephone exchange algorithm (1-factoring)”",
              .rounds = one_factor_rounds,
              .cost = one_factor_irregular,
              .alltoallv = alltoallv_one_factor},
    Algorithm{.collective = C::alltoallv,
              .name = "native",
              .description = "Open MPI's MPI_Alltoallv",
              .source = "Open MPI",
              .native = true,
              .alltoallv = MPI_Alltoallv},
};

} // namespace

std::span<const Algorithm> alltoall_algorithms() {
  return entries;
}

} // namespace collscope::detail
