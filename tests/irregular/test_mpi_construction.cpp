// The distributed construction (Lemma 3) against the tree computed from all block sizes: at
// every communicator size up to the world's, every root (and Lemma 1's free root), every
// problem type, both estimates and graceful degradation, every rank learns exactly its node
// of the reference tree, in at most 2⌈log₂p⌉ dependent rounds.
#include "collscope/schedule/bits.hpp"
#include "irregular_construction.hpp"
#include "mpi_support.hpp"
#include "problem_cases.hpp"

#include <catch2/catch.hpp>
#include <sstream>

using namespace collscope;
using namespace collscope::schedule;
using collscope::testing::all_ranks;

namespace {

/// Empty when this rank's view is its node of `reference`; otherwise what differs.
std::string compare(const detail::IrregularView& view, const IrregularTree& reference, int rank) {
  const IrregularNode& want = reference.nodes[rank];
  const IrregularNode& got = view.node;
  std::ostringstream out;
  if (got.parent != want.parent) out << "parent " << got.parent << " != " << want.parent << "; ";
  if (got.level != want.level) out << "level " << got.level << " != " << want.level << "; ";
  if (got.direct != want.direct) out << "direct differs; ";
  if (rank != reference.root && got.bytes != want.bytes)
    out << "bytes " << got.bytes << " != " << want.bytes << "; ";
  std::vector<IrregularChild> tree_children; // the root's direct children come from its counts
  for (const IrregularChild& c : want.children)
    if (!c.direct) tree_children.push_back(c);
  if (got.children.size() != tree_children.size()) {
    out << got.children.size() << " children, want " << tree_children.size();
  } else {
    for (std::size_t i = 0; i < tree_children.size(); ++i) {
      const IrregularChild &g = got.children[i], &w = tree_children[i];
      if (g.rank != w.rank || g.level != w.level || g.bytes != w.bytes ||
          g.cube.begin != w.cube.begin || g.cube.end != w.cube.end)
        out << "child " << i << " is " << g.rank << "@" << g.level << " want " << w.rank << "@"
            << w.level << "; ";
    }
  }
  return out.str();
}

/// Checks every case on `comm`; returns the first failure on this rank (or "").
std::string check_all(MPI_Comm comm, int& max_steps) {
  int rank = 0, p = 0;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &p);
  std::string failure;
  for (const collscope::test::BlockCase& c : collscope::test::block_cases(p, {1, 100}, 2))
    for (const IrregularOptions options : {IrregularOptions{}, IrregularOptions{Estimate::total, 0},
                                           IrregularOptions{Estimate::gather_time, 150}})
      for (int root = -1; root < p; ++root) {
        if (options.threshold > 0 && root < 0) continue;
        detail::IrregularView view;
        if (detail::build_irregular_tree(c.blocks[rank], root, options, comm, view) != MPI_SUCCESS)
          return "MPI error";
        max_steps = std::max(max_steps, view.steps);
        const IrregularTree reference = irregular_gather_tree(c.blocks, root, options);
        const std::string diff = compare(view, reference, rank);
        if (!diff.empty() && failure.empty()) {
          std::ostringstream out;
          out << c.name << ", root " << root << ", threshold " << options.threshold << ", rank "
              << rank << ": " << diff;
          failure = out.str();
        }
      }
  return failure;
}

} // namespace

namespace {

/// Sub-communicators of the first q ranks for q in [first, world size].
void check_sizes(int first) {
  int rank = 0, world = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &world);
  for (int q = first; q <= world; ++q) {
    MPI_Comm comm = MPI_COMM_NULL;
    MPI_Comm_split(MPI_COMM_WORLD, rank < q ? 0 : MPI_UNDEFINED, rank, &comm);
    std::string failure;
    int steps = 0, max_steps = 0;
    if (comm != MPI_COMM_NULL) {
      failure = check_all(comm, steps);
      MPI_Comm_free(&comm);
    }
    MPI_Allreduce(&steps, &max_steps, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    INFO("size " << q << ", rank " << rank << ": " << failure);
    CHECK(all_ranks(failure.empty(), MPI_COMM_WORLD));
    INFO("dependency depth of the construction: " << max_steps);
    CHECK(max_steps <= 2 * ceil_log2(q));
    if (q > 1) CHECK(max_steps >= ceil_log2(q)); // the exchanges alone chain ⌈log₂q⌉ deep
  }
}

} // namespace

TEST_CASE("distributed construction = reference tree, at every size, in ≤ 2⌈log₂p⌉ rounds",
          "[construction]") {
  check_sizes(1);
}

TEST_CASE("distributed construction = reference tree at the world's size only",
          "[construction-world]") {
  int world = 0;
  MPI_Comm_size(MPI_COMM_WORLD, &world);
  check_sizes(world);
}
