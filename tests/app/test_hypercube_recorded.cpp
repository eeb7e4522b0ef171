// The hypercube view on runs recorded by collscope-run (record_traces.sh): the butterfly
// allreduce (dimension k in round k), Jia's broadcast (dimension j mod d in round j, from root 0
// and, on ranks shifted to the root, from root 3) and the hypercube alltoall (dimension
// d − 1 − k in round k), every message on a cube edge; and a render of each.
#include "app_fixtures.h"
#include "document/hypercubemodel.h"
#include "export/viewexporter.h"
#include "views/hypercubeview.h"

#include <catch2/catch.hpp>

using namespace collscope;
using namespace collscope::app;

namespace {

/// Checks that every message of the recorded run `name` is a cube edge and that round j uses
/// exactly dimension `dimension(j)`; returns the model.
HypercubeModel checkRounds(const char* name, int rounds, int (*dimension)(int round)) {
  const auto doc = apptest::recorded(name);
  const CollectiveInstance instance = CollectiveInstance::build(*doc, 0);
  const HypercubeModel model = HypercubeModel::build(instance);
  INFO(name);
  REQUIRE(model.drawable());
  CHECK(model.dimension() == 3);
  CHECK(model.offEdgeCount() == 0);
  CHECK(model.messageCount() > 0);
  REQUIRE(model.roundCount() == rounds);
  for (int j = 0; j < rounds; ++j) {
    CAPTURE(j);
    CHECK(model.round(j).dimensions == std::vector<int>{dimension(j)});
    for (const CubeMessage& m : model.round(j).messages)
      CHECK((model.vertexOf(m.from) ^ model.vertexOf(m.to)) == 1 << dimension(j));
  }
  // And it draws: every delivered message has its path on the big cube.
  Playback playback;
  playback.setClock(&doc->clock(AxisMode::annotatedRounds));
  HypercubeView view(ViewContext{doc.get(), nullptr});
  ViewExporter::renderImage(view, playback, QSize(1366, 768));
  CHECK_FALSE(view.fellBack());
  for (const CubeRound& round : view.model().rounds())
    for (const CubeMessage& m : round.messages) CHECK_FALSE(view.bigPath(m.message).isEmpty());
  return model;
}

} // namespace

TEST_CASE("hypercube view, recorded: butterfly allreduce p = 8 uses dimension k in round k") {
  const HypercubeModel model = checkRounds("allreduce_butterfly_p8", 3, [](int k) { return k; });
  CHECK(model.messageCount() == 24); // every rank sends once a round
  CHECK_FALSE(model.shifted());
}

TEST_CASE("hypercube view, recorded: Jia's broadcast p = 8, 4 blocks: 6 rounds, dimension "
          "j mod 3, from root 0 and root 3") {
  checkRounds("bcast_jia_p8", 6, [](int j) { return j % 3; });
  const HypercubeModel rooted = checkRounds("bcast_jia_root3_p8", 6, [](int j) { return j % 3; });
  CHECK(rooted.shifted());
  CHECK(rooted.rankOf(0) == 3);
}

TEST_CASE("hypercube view, recorded: hypercube alltoall p = 8 flips bit d − 1 − k in round k") {
  const HypercubeModel model = checkRounds("alltoall_hypercube_p8", 3, [](int k) { return 2 - k; });
  CHECK(model.messageCount() == 24);
}
