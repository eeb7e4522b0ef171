#include "irregular/irregular_construction.hpp"

#include "common/buffers.hpp"

#include <algorithm>
#include <collscope/annotate.hpp>

namespace collscope::detail {

namespace {

using schedule::CubeInfo;

/// The constant-size message: a cube record and the sender's dependency step.
struct Record {
  std::int64_t gather_root, bytes, root_block, step;
};

Record record_of(const CubeInfo& cube, int step) {
  return {cube.gather_root, cube.bytes, cube.root_block, step};
}

CubeInfo cube_of(const Record& r) {
  return {r.gather_root, r.bytes, r.root_block};
}

/// One rank's roles while the construction runs.
struct State {
  int rank, p, root;
  schedule::IrregularOptions options;
  bool fixed = true;  ///< fixed root of its current cube
  bool gather = true; ///< gather root of its current cube
  CubeInfo fixed_cube{};
  CubeInfo gather_cube{};
  IrregularView* view;

  /// The gather root's side of a merge: the loser stops, the winner adds a child.
  void settle(const CubeInfo& other, bool mine_is_lower, int level) {
    const CubeInfo& lower = mine_is_lower ? gather_cube : other;
    const CubeInfo& upper = mine_is_lower ? other : gather_cube;
    const schedule::Merge m = schedule::merge_cubes(lower, upper, level, root, p, options);
    if (m.merged.gather_root == rank) {
      if (!m.direct)
        view->node.children.push_back({static_cast<int>(other.gather_root), level,
                                       schedule::sibling_cube(rank, level, p), other.bytes, false});
      gather_cube = m.merged;
      return;
    }
    view->node.parent = m.direct ? root : static_cast<int>(other.gather_root);
    view->node.level = level;
    view->node.bytes = gather_cube.bytes;
    view->node.direct = m.direct;
    gather = false;
  }
};

int exchange(State& s, int level, MPI_Comm comm) {
  const schedule::RankRange sibling = schedule::sibling_cube(s.rank, level, s.p);
  const int partner = sibling.end - 1;
  Record mine = record_of(s.fixed_cube, s.view->steps + 1), theirs{};
  {
    const trace::Round round(2 * level);
    COLLSCOPE_TRY(MPI_Sendrecv(&mine, 4, MPI_INT64_T, partner, tree_tag, &theirs, 4, MPI_INT64_T,
                               partner, tree_tag, comm, MPI_STATUS_IGNORE));
  }
  s.view->steps = static_cast<int>(std::max(mine.step, theirs.step));
  const bool lower = sibling.begin > s.rank;
  const CubeInfo other = cube_of(theirs);
  const int gather_root = static_cast<int>(s.fixed_cube.gather_root);
  if (gather_root != s.rank) { // tell this cube's gather root what the other cube is
    const trace::Round round(2 * level + 1);
    const Record forward = record_of(other, ++s.view->steps);
    COLLSCOPE_TRY(MPI_Send(&forward, 4, MPI_INT64_T, gather_root, tree_tag, comm));
  } else {
    s.settle(other, lower, level);
  }
  const CubeInfo& l = lower ? s.fixed_cube : other;
  const CubeInfo& u = lower ? other : s.fixed_cube;
  s.fixed_cube = schedule::merge_cubes(l, u, level, s.root, s.p, s.options).merged;
  s.fixed = !lower; // the upper cube's fixed root is the merged cube's
  return MPI_SUCCESS;
}

int hear_from_fixed_root(State& s, int level, MPI_Comm comm) {
  Record other{};
  {
    const trace::Round round(2 * level + 1);
    COLLSCOPE_TRY(MPI_Recv(&other, 4, MPI_INT64_T, schedule::fixed_root(s.rank, level, s.p),
                           tree_tag, comm, MPI_STATUS_IGNORE));
  }
  s.view->steps = static_cast<int>(std::max<std::int64_t>(s.view->steps + 1, other.step));
  s.settle(cube_of(other), schedule::sibling_cube(s.rank, level, s.p).begin > s.rank, level);
  return MPI_SUCCESS;
}

} // namespace

int build_irregular_tree(std::int64_t bytes, int root, const schedule::IrregularOptions& options,
                         MPI_Comm comm, IrregularView& view) {
  const auto [rank, p] = shape(comm);
  const trace::Region phase("phase tree construction");
  view = {};
  const CubeInfo alone{rank, bytes, bytes};
  State s{rank, p, root, options, true, true, alone, alone, &view};
  for (int level = 0; level < schedule::irregular_levels(p) && (s.fixed || s.gather); ++level) {
    if (schedule::sibling_cube(rank, level, p).size() == 0) continue; // nothing to merge
    if (s.fixed)
      COLLSCOPE_TRY(exchange(s, level, comm));
    else
      COLLSCOPE_TRY(hear_from_fixed_root(s, level, comm));
  }
  if (s.gather) view.node.bytes = s.gather_cube.bytes; // the root: what it ends up holding
  return MPI_SUCCESS;
}

} // namespace collscope::detail
