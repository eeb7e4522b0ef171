// Registry entries of alltoall: direct, one-factor, hypercube and Bruck, then the later
// families, Bruck in radix k (--radix k) and the posted-request alltoalls (Open MPI's basic
// linear, MPICH's scatter-dest). m is the data one rank sends (p blocks).
#include "collscope/algorithms/alltoall.hpp"
#include "collscope/algorithms/tuning.hpp"
#include "collscope/schedule/alltoall.hpp"
#include "collscope/schedule/bruck_radix.hpp"
#include "common/registry_formulas.hpp"
#include "common/registry_parts.hpp"

#include <algorithm>
#include <array>

namespace collscope::detail {

namespace {

using namespace formulas;
using C = Collective;

constexpr CostFormula one_factor{"(2⌈p/2⌉ − 1)(α + βm/p)",
                                 [](int p, double m, double a, double b, int) {
                                   return s::one_factor_rounds(p) * (a + b * m / p);
                                 }};
constexpr CostFormula combining{"≤ ⌈log₂p⌉(α + βm/2)", cost_of<s::bruck_alltoall_bound>};
constexpr CostFormula hypercube{"⌈log₂p⌉(α + βm/2)", cost_of<s::bruck_alltoall_bound>};

// Bruck in radix k: every digit position but the top one takes k−1 rounds.
constexpr RoundsFormula bruck_radix_rounds{
    "(k−1)(⌈log_k p⌉ − 1) + ⌈p/k^(⌈log_k p⌉ − 1)⌉ − 1",
    [](int p, int k) { return s::bruck_radix_rounds(p, k); }};
constexpr CostFormula bruck_radix{"≤ ((k−1)(⌈log_k p⌉ − 1) + ⌈p/k^(⌈log_k p⌉ − 1)⌉ − 1)(α + βm/2)",
                                  s::bruck_radix_bound};

// The k-ported figures (`ported`, seeds/001 "k-ported"): every request of a batch is posted at
// once, so with p − 1 ports a batch's p − 1 (or B) messages of m/p bytes overlap entirely.
constexpr CostFormula linear_ported{
    "min(p − 1, 1)(α + βm/p)",
    [](int p, double m, double a, double b, int) { return p > 1 ? a + b * m / p : 0.0; }};
constexpr CostFormula scatter_dest_ported{
    "⌈(p − 1)/M⌉(α + βm/p)", [](int p, double m, double a, double b, int blocks) {
      const int batch = std::max(blocks, 1);
      return static_cast<double>((p - 1 + batch - 1) / batch) * (a + b * m / p);
    }};

const std::array first{
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
              .power_of_two_only = true,
              .combines_blocks = true,
              .exchange = s::hypercube_alltoall_rounds},
    Algorithm{.collective = C::alltoall,
              .name = "bruck",
              .description = "Bruck's index algorithm: rotate, slots with bit k to rank+2^k, "
                             "rotate back",
              .source = "seeds/001 “The power of the circulant graph” (Bruck et al. 1997)",
              .rounds = log_rounds,
              .cost = combining,
              .alltoall = alltoall_bruck,
              .combines_blocks = true,
              .exchange = s::bruck_alltoall_rounds},
    Algorithm{.collective = C::alltoall,
              .name = "native",
              .description = "Open MPI's MPI_Alltoall",
              .source = "Open MPI",
              .native = true,
              .alltoall = MPI_Alltoall},
};

const std::array later{
    Algorithm{.collective = C::alltoall,
              .name = "bruck-radix",
              .description = "Bruck's index algorithm in radix k (--radix): fewer rounds for "
                             "small blocks, more bytes",
              .source = "seeds/001 “The power of the circulant graph” (Bruck et al. 1997)",
              .rounds = bruck_radix_rounds,
              .cost = bruck_radix,
              .parameter = Parameter::radix,
              .alltoall = alltoall_bruck_radix,
              .combines_blocks = true,
              .exchange = s::bruck_radix_exchange},
    Algorithm{.collective = C::alltoall,
              .name = "linear",
              .description = "every Irecv and Isend posted at once, one Waitall (Open MPI's "
                             "basic linear)",
              .source = "seeds/001 “Direct alltoall, fully-connected network”; Open MPI",
              .rounds = linear_rounds,
              .cost = ring,
              .alltoall = alltoall_linear,
              .ported = linear_ported},
    Algorithm{.collective = C::alltoall,
              .name = "scatter-dest",
              .description = "the linear requests at most --blocks B (default 32) rounds at a "
                             "time (MPICH)",
              .source = "seeds/001 “Direct alltoall, fully-connected network”; MPICH",
              .rounds = linear_rounds,
              .cost = ring,
              .parameter = Parameter::blocks,
              .blocks_for = alltoall_throttle_for,
              .alltoall = alltoall_scatter_dest,
              .ported = scatter_dest_ported},
};

} // namespace

RegistryPart alltoall_registry() {
  return {first, later};
}

} // namespace collscope::detail
