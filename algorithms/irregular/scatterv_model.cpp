// Model-based irregular scatter for heterogeneous networks (seeds/002): gatherv_model's trees
// used top-down. After the tree distribution, every rank receives its subtree's blocks from
// its parent (its own block first, then each child's in receive order), sends each child its
// part in the reverse of the gather's receive order, and keeps its own block; the root sends
// each child's blocks straight from their displacements through an indexed datatype.
//
// Rounds: ⌈log₂p⌉ (distribution) + at most ⌈log₂p⌉ sends per node (round k: the k-th child
// in gather order).  Cost: the distribution, then schedule::scatter_time on the network.
#include "collscope/algorithms/scatterv.hpp"
#include "common/annotate.hpp"
#include "common/buffers.hpp"
#include "common/contract.hpp"
#include "irregular/irregular_layout.hpp"
#include "irregular/model_call.hpp"

namespace collscope {

namespace {

using namespace detail;

template <ModelTree tree>
int scatterv(const void* sendbuf, const int* sendcounts, const int* displs, MPI_Datatype sendtype,
             void* recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm) {
  return on_model_tree(
      "scatterv", tree, root, sendcounts, sendtype, recvcount, recvtype, comm,
      [&](const ModelPlan& plan) -> int {
        for (std::size_t k = plan.children.size(); k-- > 0;) {
          if (plan.children[k].second == 0) continue;
          const trace::Round round(static_cast<int>(k));
          const RootBlocks from(sendbuf, sendcounts, displs, sendtype, plan.carried[k]);
          COLLSCOPE_TRY(from.status());
          trace::blocks(plan.children[k].first, 1, 0, 0);
          COLLSCOPE_TRY(MPI_Send(from.address(), from.count(), from.type(), plan.children[k].first,
                                 scatterv_tag, comm));
        }
        return keep_own_block(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype,
                              root);
      },
      [&](const ModelPlan& plan, int) -> int {
        const std::int64_t own = bytes_of(recvcount, recvtype);
        const auto receive = [&](void* into, int count, MPI_Datatype type) {
          const trace::Round round(plan.position);
          return MPI_Recv(into, count, type, plan.parent, scatterv_tag, comm, MPI_STATUS_IGNORE);
        };
        if (own == plan.bytes) return receive(recvbuf, recvcount, recvtype);
        const MPI_Datatype unit = unit_type(recvtype);
        std::vector<char> held(static_cast<std::size_t>(plan.bytes));
        COLLSCOPE_TRY(receive(held.data(), units_of(plan.bytes, unit), unit));
        std::vector<std::int64_t> offsets;
        std::int64_t offset = own;
        for (const auto& [child, bytes] : plan.children) {
          offsets.push_back(offset);
          offset += bytes;
        }
        for (std::size_t k = plan.children.size(); k-- > 0;) {
          const auto [child, bytes] = plan.children[k];
          if (bytes == 0) continue;
          const trace::Round round(static_cast<int>(k));
          trace::blocks(child, 1, 0, 0);
          COLLSCOPE_TRY(MPI_Send(held.data() + offsets[k], units_of(bytes, unit), unit, child,
                                 scatterv_tag, comm));
        }
        return copy_block(held.data(), units_of(own, unit), unit, recvbuf, recvcount, recvtype);
      });
}

} // namespace

COLLSCOPE_ENTRY(scatterv, scatterv_model_binomial_min, scatterv<ModelTree::binomial_minimum>)

COLLSCOPE_ENTRY(scatterv, scatterv_model_binomial_max, scatterv<ModelTree::binomial_maximum>)

COLLSCOPE_ENTRY(scatterv, scatterv_model_traff, scatterv<ModelTree::traff>)

} // namespace collscope
