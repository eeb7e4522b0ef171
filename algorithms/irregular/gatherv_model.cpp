// Model-based irregular gather for heterogeneous networks (seeds/002, Dichev, Rychkov and
// Lastovetsky): the root predicts every link's time t(i, j, m) from the network model
// (irregular_tuning().network: a network description or a ping-pong calibration), builds the
// model-based binomial tree (minimum-first or maximum-first mapping) or the modified Träff
// tree, and scatters each rank its part (model_plan.cpp). Then every rank receives its
// children's messages in the planned order — round k is a node's k-th receive — and sends
// everything it holds, own block first, to its parent; the root places each message's
// blocks through an indexed datatype (they are not in rank order).
//
//   p = 8, root 0, ranks 4 and 5 behind slow links, equal blocks (model-traff):
//     distribution  rounds of scatter_binomial: 0→4, 0→2 4→6, 0→1 2→3 4→5 6→7
//     data          the slow ranks send only their own blocks, straight to 0
//
// Rounds: ⌈log₂p⌉ (distribution) + at most ⌈log₂p⌉ receives per node.
// Cost: ⌈log₂p⌉α + 8(p − 1)(4 + 2K)β for the distribution (K = ⌈log₂p⌉ + 1), then the tree's
// predicted time on the network (schedule::gather_time with network_cost).
#include "collscope/algorithms/gatherv.hpp"
#include "common/annotate.hpp"
#include "common/buffers.hpp"
#include "common/contract.hpp"
#include "irregular/irregular_layout.hpp"
#include "irregular/model_call.hpp"

namespace collscope {

namespace {

using namespace detail;

template <ModelTree tree>
int gatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
            const int* recvcounts, const int* displs, MPI_Datatype recvtype, int root,
            MPI_Comm comm) {
  return on_model_tree(
      "gatherv", tree, root, recvcounts, recvtype, sendcount, sendtype, comm,
      [&](const ModelPlan& plan) -> int {
        COLLSCOPE_TRY(place_own_block(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs,
                                      recvtype, root));
        for (std::size_t k = 0; k < plan.children.size(); ++k) {
          if (plan.children[k].second == 0) continue;
          const trace::Round round(static_cast<int>(k));
          const RootBlocks into(recvbuf, recvcounts, displs, recvtype, plan.carried[k]);
          COLLSCOPE_TRY(into.status());
          COLLSCOPE_TRY(MPI_Recv(into.address(), into.count(), into.type(), plan.children[k].first,
                                 gatherv_tag, comm, MPI_STATUS_IGNORE));
        }
        return MPI_SUCCESS;
      },
      [&](const ModelPlan& plan, int rank) -> int {
        const std::int64_t own = bytes_of(sendcount, sendtype);
        const auto send_up = [&](const void* data, int count, MPI_Datatype type) {
          const trace::Round round(plan.position); // the parent's position-th receive
          trace::blocks(rank, 1, 0, 0);
          return MPI_Send(data, count, type, plan.parent, gatherv_tag, comm);
        };
        if (own == plan.bytes) return send_up(sendbuf, sendcount, sendtype);
        const MPI_Datatype unit = unit_type(sendtype);
        std::vector<char> held(static_cast<std::size_t>(plan.bytes));
        COLLSCOPE_TRY(
            copy_block(sendbuf, sendcount, sendtype, held.data(), units_of(own, unit), unit));
        std::int64_t offset = own;
        for (std::size_t k = 0; k < plan.children.size(); ++k) {
          const auto [child, bytes] = plan.children[k];
          if (bytes == 0) continue;
          const trace::Round round(static_cast<int>(k));
          COLLSCOPE_TRY(MPI_Recv(held.data() + offset, units_of(bytes, unit), unit, child,
                                 gatherv_tag, comm, MPI_STATUS_IGNORE));
          offset += bytes;
        }
        return send_up(held.data(), units_of(plan.bytes, unit), unit);
      });
}

} // namespace

COLLSCOPE_ENTRY(gatherv, gatherv_model_binomial_min, gatherv<ModelTree::binomial_minimum>)

COLLSCOPE_ENTRY(gatherv, gatherv_model_binomial_max, gatherv<ModelTree::binomial_maximum>)

COLLSCOPE_ENTRY(gatherv, gatherv_model_traff, gatherv<ModelTree::traff>)

} // namespace collscope
