// The gather-delay view: waits per node and per child edge from the trace's receive waits,
// the critical path's edges, and the same numbers in the bar chart.
#include "app_fixtures.h"
#include "export/viewexporter.h"
#include "views/delaysview.h"

#include <catch2/catch.hpp>
#include <numeric>

using namespace collscope;
using namespace collscope::app;

TEST_CASE("delays view: a binomial gather with all data on the farthest rank") {
  const auto doc = apptest::recorded("gatherv_binomial_farthest_p16");
  Playback playback;
  playback.setClock(&doc->clock(AxisMode::time));
  DelaysView view(ViewContext{doc.get(), nullptr});
  const QImage image = ViewExporter::renderImage(view, playback, QSize(1920, 1080));
  const TreeScene& scene = view.scene();
  REQUIRE(scene.tree().isTree());
  CHECK(scene.tree().depth() == 4);
  // The large block travels 15 → 14 → 12 → 8 → 0: those edges carry it all.
  const auto& nodes = scene.tree().nodes();
  for (int r : {15, 14, 12, 8}) {
    INFO("rank " << r);
    CHECK(nodes[static_cast<std::size_t>(r)].subtreeBytes == 100000 * 4);
  }
  CHECK(nodes[1].subtreeBytes == 0);
  // Node waits are the sums of the edge waits of their children, and equal the trace's
  // receive waits of this run.
  const auto& waits = doc->analyses().waiting.receives;
  double fromTrace = 0.0;
  for (const auto& w : waits) fromTrace += w.wait;
  const double nodes_total = std::accumulate(scene.nodeWait().begin(), scene.nodeWait().end(), 0.0);
  const double edges_total = std::accumulate(scene.edgeWait().begin(), scene.edgeWait().end(), 0.0);
  CHECK(nodes_total == Approx(fromTrace));
  CHECK(edges_total == Approx(fromTrace));
  CHECK(scene.maxWait() ==
        Approx(*std::max_element(scene.nodeWait().begin(), scene.nodeWait().end())));
  // The run's critical chain ends at the root's last receive: the edge 8 → 0, which waited
  // for the big block from 15 → 14 → 12 → 8.
  const auto& critical = scene.edgeCritical();
  REQUIRE(critical.size() == scene.tree().edges().size());
  for (int r : {15, 14, 12, 8}) {
    INFO("edge of rank " << r);
    CHECK(critical[static_cast<std::size_t>(nodes[static_cast<std::size_t>(r)].edge)]);
  }
  // The bar chart's rows are ranks: clicking one selects the rank.
  int found = 0;
  for (int y = 0; y < 1080; y += 4)
    if (view.rankAt(QPointF(1800, y)) == 15) ++found;
  CHECK(found > 0);
  CHECK(image.size() == QSize(1920, 1080));
}
