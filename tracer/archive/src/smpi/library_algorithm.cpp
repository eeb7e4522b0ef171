#include "library_algorithm.hpp"

#include <otf2/OTF2_Events.h>

namespace collscope::rec::smpi {
namespace {

constexpr std::uint8_t user_defined_op = 15; // reduction_ops.hpp

/// SMPI 3.32, allreduce__mpich: MPICH "uses SMP algorithms for all commutative ops", and every
/// communicator a program holds is a non-SMP one, so a commutative reduction goes to
/// allreduce__mvapich2_two_level: allreduce__mpich within each host's ranks (an SMP
/// communicator: rdb, or rab_rdb above 2048 bytes when count ≥ the power of two), then
/// allreduce__rdb among one leader per host (MV2_Allreducection's default is rdb, since the
/// mpich selector never sets it), then a broadcast within each host. Built-in MPI_Ops are
/// commutative; a user-defined one may not be, and its commutativity is not recorded.
std::string mpich_allreduce(const NativeCall& c) {
  if (c.reduction == user_defined_op || c.reduction == 0) return {};
  if (c.hosts == 0) return "mpich: mvapich2_two_level"; // hosts unknown
  if (c.hosts == 1) return "mpich: mvapich2_two_level (within one host)";
  if (c.hosts == c.comm_size)
    return "mpich: mvapich2_two_level (rdb between " + std::to_string(c.hosts) +
           " hosts, one rank each)";
  return "mpich: mvapich2_two_level (mpich within hosts, rdb between " + std::to_string(c.hosts) +
         " hosts)";
}

} // namespace

std::string library_algorithm(std::string_view selector, const NativeCall& call) {
  if (call.comm_size < 2) return {};
  if (selector == "mpich" && call.collective == OTF2_COLLECTIVE_OP_ALLREDUCE)
    return mpich_allreduce(call);
  return {};
}

} // namespace collscope::rec::smpi
