#include "irregular/irregular_plan.hpp"

#include "common/buffers.hpp"
#include "irregular/irregular_layout.hpp"

#include <algorithm>

namespace collscope::detail {

std::vector<TreeMessage> root_messages(const IrregularView& view, const int* counts,
                                       MPI_Datatype type, int root, MPI_Comm comm,
                                       const schedule::IrregularOptions& options) {
  const auto [rank, p] = shape(comm);
  std::vector<TreeMessage> messages;
  if (options.threshold <= 0) {
    for (const schedule::IrregularChild& c : view.node.children)
      messages.push_back({c.rank, c.level, c.bytes, rank_list(c.cube.begin, c.cube.end), 0});
    return messages;
  }
  // Direct senders are nobody's tree children: the root knows every block size, so it
  // computes the tree the construction built elsewhere and reads off its own children.
  std::vector<std::int64_t> bytes(static_cast<std::size_t>(p));
  for (int k = 0; k < p; ++k) bytes[k] = bytes_of(counts[k], type);
  const schedule::IrregularTree tree = schedule::irregular_gather_tree(bytes, root, options);
  for (const schedule::IrregularChild& c : tree.nodes[root].children) {
    TreeMessage m{c.rank, c.level, c.bytes, {}, 0};
    for (const schedule::RankRange& r : schedule::carried_ranges(tree, c.rank))
      for (int k = r.begin; k < r.end; ++k) m.ranks.push_back(k);
    messages.push_back(std::move(m));
  }
  return messages;
}

std::vector<TreeMessage> inner_messages(const IrregularView& view, int rank, std::int64_t own_bytes,
                                        std::int64_t& own_offset) {
  std::vector<TreeMessage> messages;
  own_offset = 0;
  for (const schedule::IrregularChild& c : view.node.children)
    if (c.cube.begin < rank) own_offset += c.bytes;
  std::int64_t front = own_offset, back = own_offset + own_bytes;
  for (const schedule::IrregularChild& c : view.node.children) {
    std::int64_t offset = back;
    if (c.cube.begin < rank)
      offset = front -= c.bytes;
    else
      back += c.bytes;
    messages.push_back({c.rank, c.level, c.bytes, {}, offset});
  }
  return messages;
}

} // namespace collscope::detail
