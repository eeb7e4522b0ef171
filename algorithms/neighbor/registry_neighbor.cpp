// Registry entries of the neighbourhood collectives. Their rounds and costs depend on the
// neighbourhood, not on p: s neighbours per rank on a torus of d dimensions, m the bytes of one
// block (sendcount elements). One-ported α-β: a rank's messages leave one after the other.
// tests/unit/test_neighbor_formulas.cpp evaluates every text against its function, and
// tests/unit/test_stencil_schedule.cpp holds the combining schedule's messages and blocks to
// them.
#include "collscope/algorithms/neighbor.hpp"
#include "collscope/schedule/stencil.hpp"
#include "common/registry_parts.hpp"

#include <array>

namespace collscope::detail {

namespace {

using C = Collective;
using schedule::FormulaValues;
using schedule::NeighborFormula;
using schedule::NeighborKind;

int one_round(int s, int) {
  return s > 0 ? 1 : 0;
}
int d_rounds(int s, int d) {
  return s > 0 ? d : 0;
}

constexpr NeighborFormula direct{"1", one_round, "s(α + βm)", [](const FormulaValues& v) {
                                   return schedule::neighbor_direct_cost(
                                       static_cast<int>(v.neighbors), v.m, v.alpha, v.beta);
                                 }};
constexpr NeighborFormula combining_allgather{
    "d", d_rounds, "2dα + sβm", [](const FormulaValues& v) {
      return schedule::neighbor_combining_cost(
          NeighborKind::allgather, static_cast<int>(v.neighbors), static_cast<int>(v.dimensions),
          v.m, v.alpha, v.beta);
    }};
constexpr NeighborFormula combining_alltoall{
    "d", d_rounds, "2dα + 2(s − d)βm", [](const FormulaValues& v) {
      return schedule::neighbor_combining_cost(
          NeighborKind::alltoall, static_cast<int>(v.neighbors), static_cast<int>(v.dimensions),
          v.m, v.alpha, v.beta);
    }};

constexpr std::string_view interface_source =
    "seeds/001 “MPI sparse collective interfaces”, “MPI_Neighbor_allgather(v)”";
constexpr std::string_view combining_source =
    "seeds/001 “Algorithms for neighborhood (sparse) collectives” (derived: algorithms/README.md)";

const std::array entries{
    Algorithm{.collective = C::neighbor_allgather,
              .name = "direct",
              .description = "every neighbour at once: s receives and s sends posted, one Waitall",
              .source = interface_source,
              .neighbor_formula = direct,
              .neighbor = neighbor_allgather_direct},
    Algorithm{.collective = C::neighbor_allgather,
              .name = "combining",
              .description = "dimension-wise: round k to r ± eₖ; corners forwarded by edge "
                             "neighbours",
              .source = combining_source,
              .neighbor_formula = combining_allgather,
              .neighbor = neighbor_allgather_combining},
    Algorithm{.collective = C::neighbor_allgather,
              .name = "native",
              .description = "Open MPI's MPI_Neighbor_allgather",
              .source = "Open MPI",
              .native = true,
              .neighbor = MPI_Neighbor_allgather},
    Algorithm{.collective = C::neighbor_alltoall,
              .name = "direct",
              .description = "every neighbour at once: s receives and s sends posted, one Waitall",
              .source =
                  "seeds/001 “MPI sparse collective interfaces”, “MPI_Neighbor_alltoall(v,w)”",
              .neighbor_formula = direct,
              .neighbor = neighbor_alltoall_direct},
    Algorithm{.collective = C::neighbor_alltoall,
              .name = "combining",
              .description = "dimension-wise: round k to r ± eₖ; corner blocks forwarded by edge "
                             "neighbours",
              .source = combining_source,
              .neighbor_formula = combining_alltoall,
              .neighbor = neighbor_alltoall_combining},
    Algorithm{.collective = C::neighbor_alltoall,
              .name = "native",
              .description = "Open MPI's MPI_Neighbor_alltoall",
              .source = "Open MPI",
              .native = true,
              .neighbor = MPI_Neighbor_alltoall},
};

} // namespace

RegistryPart neighbor_registry() {
  return {entries};
}

} // namespace collscope::detail
