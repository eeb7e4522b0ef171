// CollectiveInstance and CommunicationTree on the model tests' exact traces.
#include "algorithm_traces.hpp"
#include "app_fixtures.h"
#include "document/collectiveinstance.h"
#include "document/communicationtree.h"

#include <catch2/catch.hpp>

using namespace collscope;
using namespace collscope::app;

TEST_CASE("collective instance: the messages of one run, with rounds and blocks") {
  const auto doc = apptest::load(test::binomial_gather(7, 400));
  const CollectiveInstance instance = CollectiveInstance::build(*doc, 0);
  CHECK(instance.collective() == QStringLiteral("gather"));
  CHECK(instance.size() == 7);
  CHECK(instance.messages().size() == 6);
  CHECK(instance.roundCount() == 3);
  CHECK(instance.annotatedRounds());
  CHECK(instance.roundLabel(0) == QStringLiteral("0"));
  CHECK(instance.hasBlocks());
  // Sorted by round: round 0 has 1→0, 3→2, 5→4.
  int round0 = 0;
  for (const InstanceMessage& m : instance.messages()) round0 += m.round == 0 ? 1 : 0;
  CHECK(round0 == 3);
}

TEST_CASE("collective instance: without annotations the whole trace, inferred rounds") {
  const auto doc = apptest::load(test::binomial_gather(5, 8, false));
  Playback playback;
  playback.setClock(&doc->clock(AxisMode::time));
  CHECK(CollectiveInstance::indexAt(*doc, playback) == -1);
  const CollectiveInstance instance = CollectiveInstance::build(*doc, -1);
  CHECK(instance.collective().isEmpty());
  CHECK_FALSE(instance.annotatedRounds());
  CHECK(instance.roundCount() == 3);
  CHECK(instance.roundLabel(0) == QStringLiteral("0")); // inferred rounds count from 0 too
  // The tree still comes out: the single sink is the root.
  const CommunicationTree tree = CommunicationTree::build(instance);
  REQUIRE(tree.isTree());
  CHECK(tree.root() == 0);
  CHECK(tree.upward());
  CHECK(tree.depth() == 2);
  CHECK(tree.nodes()[4].parent == 0);
  CHECK(tree.nodes()[4].ownBytes == 8);
}

TEST_CASE("communication tree: rings and exchanges are no trees, and say why") {
  SECTION("ring") {
    const auto doc = apptest::load(test::ring_allgather(5, 8));
    const CommunicationTree tree = CommunicationTree::build(CollectiveInstance::build(*doc, -1));
    CHECK_FALSE(tree.isTree());
    CHECK_FALSE(tree.reason().isEmpty());
  }
  SECTION("dissemination") {
    const auto doc = apptest::load(test::dissemination_allgather(4, 8));
    const CommunicationTree tree = CommunicationTree::build(CollectiveInstance::build(*doc, -1));
    CHECK_FALSE(tree.isTree());
    CHECK(tree.reason().contains(QStringLiteral("send to each other")));
  }
  SECTION("pipeline: a chain is a tree of depth p − 1") {
    const auto doc = apptest::load(test::pipeline_bcast(5, 3, 100));
    const CommunicationTree tree = CommunicationTree::build(CollectiveInstance::build(*doc, -1));
    REQUIRE(tree.isTree());
    CHECK(tree.root() == 0);
    CHECK(tree.depth() == 4);
    CHECK_FALSE(tree.upward());
    CHECK(tree.edges()[0].messages.size() == 3);
  }
}

TEST_CASE("collective instance: a graded case has the grader's p and rounds") {
  // p + 1 ranks with an idle one, and the root's copy to itself: the title, the run and the
  // round axis say p = 4 and 3 rounds, as collscope-grade and collscope-trace stats do.
  const auto doc = apptest::load(test::graded_linear_gather(4, 4));
  CHECK(doc->rankCount() == 5);
  CHECK(doc->processCount() == 4);
  INFO(doc->title().toStdString());
  CHECK(doc->title().contains(QStringLiteral("p = 4")));
  const CollectiveInstance instance = CollectiveInstance::build(*doc, 0);
  CHECK(instance.size() == 4);
  CHECK(instance.roundCount() == 3);
  CHECK(instance.messages().size() == 3); // the copy is not drawn as a message of a round
  CHECK(instance.progressText(Playback()) == QStringLiteral("all 3 rounds"));
  CHECK(doc->analyses().inferred.rounds == 3);
}
