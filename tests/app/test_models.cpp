// The item models behind the tables, checked by QAbstractItemModelTester and by content.
#include "algorithm_traces.hpp"
#include "app_fixtures.h"
#include "format/units.h"
#include "models/messagetablemodel.h"
#include "models/rankstatsmodel.h"
#include "models/statisticsmodel.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <catch2/catch.hpp>
#include <cmath>
#include <fstream>
#include <limits>
#include <vector>

using namespace collscope;
using namespace collscope::app;

namespace {

// QAbstractItemModelTester in Warning mode reports through qWarning: collect them.
std::vector<QString>* collected = nullptr;
void collect(QtMsgType type, const QMessageLogContext&, const QString& message) {
  if (collected != nullptr && type != QtDebugMsg && type != QtInfoMsg)
    collected->push_back(message);
}

class ModelChecker {
public:
  explicit ModelChecker(QAbstractItemModel* model) {
    collected = &m_warnings;
    m_previous = qInstallMessageHandler(collect);
    m_tester = std::make_unique<QAbstractItemModelTester>(
        model, QAbstractItemModelTester::FailureReportingMode::Warning);
  }
  ~ModelChecker() {
    qInstallMessageHandler(m_previous);
    collected = nullptr;
  }
  const std::vector<QString>& warnings() const { return m_warnings; }

private:
  std::vector<QString> m_warnings;
  QtMessageHandler m_previous;
  std::unique_ptr<QAbstractItemModelTester> m_tester;
};

} // namespace

TEST_CASE("message table: one row per message, sortable raw values, readable text") {
  const auto doc = apptest::load(test::binomial_gather(8, 1000));
  MessageTableModel model(doc.get());
  ModelChecker checker(&model);
  REQUIRE(model.rowCount() == 7);
  CHECK(model.columnCount() == MessageTableModel::ColumnCount);
  const int m = apptest::findMessage(*doc, 4, 0);
  CHECK(model.index(m, MessageTableModel::Sender).data().toInt() == 4);
  CHECK(model.index(m, MessageTableModel::Receiver).data().toInt() == 0);
  CHECK(model.index(m, MessageTableModel::Bytes).data().toString() == QStringLiteral("4.00 kB"));
  CHECK(model.index(m, MessageTableModel::Bytes).data(Qt::UserRole).toULongLong() == 4000);
  CHECK(model.index(m, MessageTableModel::SendTime).data(Qt::UserRole).toDouble() ==
        Approx(test::at(2, 2)));
  // 4 → 0 is the third round: round 2 inferred and annotated alike.
  CHECK(model.index(m, MessageTableModel::InferredRound).data().toString() == QStringLiteral("2"));
  CHECK(model.index(m, MessageTableModel::AnnotatedRound).data().toString() == QStringLiteral("2"));
  CHECK(model.index(m, 0).data(MessageTableModel::MessageRole).toInt() == m);
  CHECK(model.headerData(MessageTableModel::Sender, Qt::Horizontal).toString() ==
        QStringLiteral("From"));
  CHECK(checker.warnings().empty());
}

TEST_CASE("rank statistics: bytes, waiting, completion per rank, the replay column follows α-β") {
  const auto doc = apptest::load(test::binomial_gather(8, 1000));
  RankStatsModel ranks(doc.get());
  StatisticsModel statistics(doc.get());
  ModelChecker checker(&ranks);
  QObject::connect(&statistics, &StatisticsModel::alphaBetaChanged, &ranks,
                   &RankStatsModel::replayChanged);
  REQUIRE(ranks.rowCount() == 8);
  CHECK(ranks.index(0, RankStatsModel::BytesReceived).data(Qt::UserRole).toULongLong() == 7000);
  CHECK(ranks.index(4, RankStatsModel::BytesSent).data(Qt::UserRole).toULongLong() == 4000);
  CHECK(ranks.index(0, RankStatsModel::MessagesReceived).data(Qt::UserRole).toULongLong() == 3);
  CHECK(ranks.index(0, RankStatsModel::Waiting).data(Qt::UserRole).toDouble() ==
        Approx(doc->analyses().waiting.per_rank[0]));
  const double before =
      ranks.index(0, RankStatsModel::ReplayCompletion).data(Qt::UserRole).toDouble();
  QSignalSpy changed(&ranks, &QAbstractItemModel::dataChanged);
  REQUIRE(statistics.setAlphaBeta({1e-5, 1e-9}));
  CHECK(changed.count() == 1);
  const double after =
      ranks.index(0, RankStatsModel::ReplayCompletion).data(Qt::UserRole).toDouble();
  CHECK(after > before);
  CHECK(after == Approx(3 * 1e-5 + 7.0 / 8.0 * 1e-9 * 8000));
  CHECK(checker.warnings().empty());
}

TEST_CASE("statistics: the model's figures, editable α and β that recompute the replay") {
  const auto doc = apptest::load(test::binomial_gather(8, 1000));
  StatisticsModel model(doc.get());
  ModelChecker checker(&model);
  const auto value = [&](const char* quantity) {
    const int row = model.rowOf(QString::fromUtf8(quantity));
    REQUIRE(row >= 0);
    return model.index(row, StatisticsModel::Value);
  };
  CHECK(value("Ranks").data().toString() == QStringLiteral("8"));
  CHECK(value("Messages").data().toString() == QStringLiteral("7"));
  CHECK(value("Rounds, inferred").data().toString() == QStringLiteral("3 (0 … 2)"));
  CHECK(value("Rounds, annotated").data().toString() == QStringLiteral("3 (0 … 2)"));
  CHECK(value("Algorithm").data().toString() == QStringLiteral("gather/binomial"));
  CHECK(value("   root").data().toString() == QStringLiteral("0"));
  CHECK_FALSE(value("Ranks").flags() & Qt::ItemIsEditable);

  const QModelIndex alpha = value("α (per message)");
  const QModelIndex beta = value("β (per byte)");
  CHECK(alpha.flags() & Qt::ItemIsEditable);
  QSignalSpy abChanged(&model, &StatisticsModel::alphaBetaChanged);
  REQUIRE(model.setData(alpha, QStringLiteral("2 us")));
  REQUIRE(model.setData(beta, 1e-9));
  CHECK(abChanged.count() == 2);
  CHECK(doc->alphaBeta().alpha == Approx(2e-6));
  CHECK(alpha.data(Qt::EditRole).toString() == QStringLiteral("2.00 µs"));
  CHECK(alpha.data().toString() == QStringLiteral("2.00 µs"));
  CHECK(beta.data(Qt::EditRole).toString() == QStringLiteral("1.00 ns/byte"));
  // Binomial gather of m bytes on p = 8: 3α + 7/8 βm (tracer/model/README.md).
  CHECK(doc->replay().total == Approx(3 * 2e-6 + 7.0 / 8.0 * 1e-9 * 8000));
  CHECK(value("α-β replay time").data().toString() == QStringLiteral("13.0 µs"));
  QSignalSpy rejected(&model, &StatisticsModel::inputRejected);
  CHECK_FALSE(model.setData(alpha, QStringLiteral("fast")));
  CHECK_FALSE(model.setData(alpha, -1.0));
  CHECK_FALSE(model.setData(beta, QStringLiteral("nan")));
  CHECK_FALSE(model.setData(beta, QStringLiteral("inf ns/byte")));
  CHECK_FALSE(model.setData(alpha, QStringLiteral("-3 us")));
  CHECK_FALSE(model.setData(beta, std::numeric_limits<double>::infinity()));
  CHECK_FALSE(model.setAlphaBeta({std::nan(""), 1e-9}));
  REQUIRE(rejected.count() == 6);
  CHECK(rejected.at(0).at(0).toString().contains(QStringLiteral("'fast' is not a time")));
  CHECK(rejected.at(2).at(0).toString() == QStringLiteral("β must be finite, not nan"));
  CHECK(rejected.at(4).at(0).toString() == QStringLiteral("α cannot be negative (-3 us)"));
  CHECK(doc->alphaBeta().alpha == Approx(2e-6));
  CHECK(doc->alphaBeta().beta == Approx(1e-9));
  CHECK(checker.warnings().empty());
}

TEST_CASE("statistics: α and β are edited in the unit and precision shown, Enter changes nothing") {
  const auto doc = apptest::load(test::binomial_gather(8, 1000));
  StatisticsModel model(doc.get());
  ModelChecker checker(&model);
  const QModelIndex alpha = model.index(model.rowOf(QStringLiteral("α (per message)")), 1);
  const QModelIndex beta = model.index(model.rowOf(QStringLiteral("β (per byte)")), 1);
  // More digits than the table shows: committing the shown text must not round them away.
  REQUIRE(model.setAlphaBeta({1.23456e-6, 2.3456e-10}));
  QSignalSpy changed(&model, &StatisticsModel::alphaBetaChanged);
  CHECK(alpha.data(Qt::EditRole).toString() == QStringLiteral("1.23 µs"));
  CHECK(beta.data(Qt::EditRole).toString() == QStringLiteral("0.23 ns/byte"));
  CHECK(model.setData(alpha, alpha.data(Qt::EditRole)));
  CHECK(model.setData(beta, beta.data(Qt::EditRole)));
  CHECK(changed.count() == 0);
  CHECK(doc->alphaBeta().alpha == 1.23456e-6);
  CHECK(doc->alphaBeta().beta == 2.3456e-10);
  // A value typed in the shown unit is read in that unit, with or without "/byte".
  REQUIRE(model.setData(beta, QStringLiteral("0.5 ns/byte")));
  CHECK(doc->alphaBeta().beta == Approx(5e-10));
  REQUIRE(model.setData(beta, QStringLiteral("0.25 ns")));
  CHECK(doc->alphaBeta().beta == Approx(2.5e-10));
  REQUIRE(model.setData(alpha, QStringLiteral("3.5 µs")));
  CHECK(doc->alphaBeta().alpha == Approx(3.5e-6));
  CHECK(alpha.data().toString() == QStringLiteral("3.50 µs"));
  CHECK(beta.data().toString() == QStringLiteral("0.25 ns/byte  (4.00 GB/s)"));
  // Zero is a legitimate value (a latency-free network), only when typed.
  REQUIRE(model.setData(alpha, QStringLiteral("0")));
  CHECK(doc->alphaBeta().alpha == 0.0);
  CHECK(checker.warnings().empty());
}

TEST_CASE("statistics show the registry's entry when the catalog knows the algorithm") {
  const auto doc = apptest::load(test::binomial_gather(8, 1000));
  StatisticsModel model(doc.get());
  ModelChecker checker(&model);
  const auto catalog = AlgorithmCatalog::fromJson(
      R"([{"collective": "gather", "name": "binomial", "description": "binomial tree",
           "source": "seeds/001", "rounds": "⌈log₂p⌉", "cost": "⌈log₂p⌉α + (p−1)/p·βm",
           "native": false}])");
  REQUIRE(catalog);
  model.setCatalog(catalog);
  const int row = model.rowOf(QStringLiteral("   expected rounds"));
  REQUIRE(row >= 0);
  CHECK(model.index(row, 1).data().toString() == QStringLiteral("⌈log₂p⌉"));
  CHECK(checker.warnings().empty());
}

TEST_CASE("algorithm catalog: parses collscope-run --list --json, rejects garbage") {
  const auto catalog = AlgorithmCatalog::fromJson(
      R"([{"collective": "gather", "name": "linear"}, {"collective": "gather", "name": "binomial"},
          {"collective": "bcast", "name": "pipeline", "rounds": "p−1+M−1"}, {"bogus": 1}])");
  REQUIRE(catalog);
  CHECK(catalog->entries().size() == 3);
  CHECK(catalog->collectives() == QStringList{QStringLiteral("gather"), QStringLiteral("bcast")});
  CHECK(catalog->algorithms(QStringLiteral("gather")).size() == 2);
  REQUIRE(catalog->find(QStringLiteral("bcast"), QStringLiteral("pipeline")));
  CHECK(catalog->find(QStringLiteral("bcast"), QStringLiteral("pipeline"))->rounds ==
        QStringLiteral("p−1+M−1"));
  QString error;
  CHECK_FALSE(AlgorithmCatalog::fromJson("not json", &error));
  CHECK_FALSE(error.isEmpty());
  CHECK(AlgorithmCatalog::runnerIn(QStringLiteral("/nonexistent")).isEmpty());
}

TEST_CASE("statistics: node layout, bytes per node, two-level and k-lane replays follow edits") {
  // Ring allgather on 8 ranks, round-robin on 2 nodes: every message crosses, 4 senders a node.
  const auto doc = apptest::load(test::ring_allgather(8, 100));
  doc->setNodeLayout(model::layout_ranks_per_node(8, 4, true));
  StatisticsModel model(doc.get());
  ModelChecker checker(&model);
  const auto value = [&](const char* quantity) {
    const int row = model.rowOf(QString::fromUtf8(quantity));
    REQUIRE(row >= 0);
    return model.index(row, StatisticsModel::Value);
  };
  CHECK(value("Nodes").data().toString() == QStringLiteral("2 of 4 ranks (round-robin, as given)"));
  CHECK(value("Bytes between nodes").data().toString() == formatBytes(8 * 7 * 100));
  CHECK(value("Bytes into one node, max").data().toString() == formatBytes(4 * 7 * 100));
  CHECK(value("Bytes into one node, max")
            .data(Qt::ToolTipRole)
            .toString()
            .contains(QStringLiteral("node 1: ")));

  const QModelIndex lanes = value("Lanes per node (k)");
  const QModelIndex alphaNode = value("α inside a node");
  CHECK(lanes.flags() & Qt::ItemIsEditable);
  CHECK(lanes.data().toString() == QString::number(default_lanes));
  const double unlimited = doc->twoLevelReplay().total;
  QSignalSpy changed(&model, &StatisticsModel::alphaBetaChanged);
  REQUIRE(model.setData(lanes, QStringLiteral("1")));
  CHECK(doc->nodeParameters().lanes == 1);
  // Four ranks of a node send off-node at once: one lane serializes them.
  const model::TwoLevel oneLane{doc->nodeParameters().node, doc->alphaBeta(), 1, 1};
  CHECK(doc->kLaneReplay().total ==
        Approx(model::replay_two_level(doc->trace(), doc->nodeLayout(), oneLane).total));
  CHECK(doc->kLaneReplay().total > unlimited);
  CHECK(value("k-lane replay time").data().toString() == formatDuration(doc->kLaneReplay().total));
  REQUIRE(model.setData(alphaNode, QStringLiteral("1 us")));
  CHECK(doc->nodeParameters().node.alpha == Approx(1e-6));
  CHECK(alphaNode.data(Qt::EditRole).toString() == QStringLiteral("1.00 µs"));
  CHECK(changed.count() == 2);
  // Every message crosses: the two-level replay does not depend on α inside a node.
  CHECK(doc->twoLevelReplay().total == Approx(unlimited));
  QSignalSpy rejected(&model, &StatisticsModel::inputRejected);
  CHECK_FALSE(model.setData(lanes, QStringLiteral("0")));
  CHECK_FALSE(model.setData(value("β inside a node"), QStringLiteral("-1 ns")));
  CHECK(rejected.count() == 2);
  CHECK(doc->nodeParameters().lanes == 1);
  CHECK(checker.warnings().empty());
}

TEST_CASE("a trace starts with the measured network's α and β (collscope-calibrate's file)") {
  test::TempDir dir;
  const std::string file = (dir / "network.json").string();
  {
    std::ofstream out(file);
    out << "{\"format\": \"collscope-network 1\", \"alpha_s\": 4.5e-07, "
           "\"beta_s_per_byte\": 6e-11}\n";
  }
  qputenv("COLLSCOPE_NETWORK", QByteArray::fromStdString(file));
  const auto measured = apptest::load(test::binomial_gather(8, 1000));
  qunsetenv("COLLSCOPE_NETWORK");
  CHECK(measured->alphaBeta().alpha == 4.5e-7);
  CHECK(measured->alphaBeta().beta == 6e-11);
  // The replay is computed with them: binomial gather of m = 8000 bytes, 3α + 7/8·βm.
  CHECK(measured->replay().total == Approx(3 * 4.5e-7 + 7.0 / 8.0 * 6e-11 * 8000));
  // An unreadable file leaves collscope's defaults (stats says why), never a failed load.
  qputenv("COLLSCOPE_NETWORK", QByteArray::fromStdString((dir / "missing.json").string()));
  const auto fallback = apptest::load(test::binomial_gather(8, 1000));
  qunsetenv("COLLSCOPE_NETWORK");
  CHECK(fallback->alphaBeta().alpha == TraceDocument::defaultAlphaBeta.alpha);
}
