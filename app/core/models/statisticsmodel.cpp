#include "models/statisticsmodel.h"

#include "format/units.h"

#include <QStringList>
#include <algorithm>
#include <cmath>

namespace collscope::app {

StatisticsModel::StatisticsModel(TraceDocument* document, QObject* parent)
    : QAbstractTableModel(parent), m_document(document) {
  rebuild();
}

void StatisticsModel::setCatalog(const std::optional<AlgorithmCatalog>& catalog) {
  beginResetModel();
  m_catalog = catalog;
  rebuild();
  endResetModel();
}

void StatisticsModel::rebuild() {
  m_rows.clear();
  if (m_document == nullptr) return;
  const model::Trace& trace = m_document->trace();
  const TraceAnalyses& a = m_document->analyses();
  const auto add = [this](const QString& q, const QString& v, Live live = Live::none,
                          const QString& tip = {}) {
    m_rows.push_back({q, v, live, tip});
  };
  add(QStringLiteral("Trace"), m_document->path());
  if (!trace.incomplete.empty()) // a run that died: what it recorded, and why it stops
    add(QStringLiteral("Incomplete"), QString::fromStdString(trace.incomplete));
  addScopeRows();
  // Each algorithm once, however many runs of it the trace holds.
  std::vector<std::string> shown;
  for (const model::AlgorithmInstance& instance : trace.algorithms) {
    if (std::find(shown.begin(), shown.end(), instance.name) != shown.end()) continue;
    shown.push_back(instance.name);
    const auto runs = std::count_if(
        trace.algorithms.begin(), trace.algorithms.end(),
        [&instance](const model::AlgorithmInstance& other) { return other.name == instance.name; });
    add(QStringLiteral("Algorithm"),
        QString::fromStdString(instance.name) +
            (runs > 1 ? QStringLiteral(" (%1 runs; the first's metadata)").arg(runs) : QString()));
    for (const auto& [key, value] : instance.meta)
      if (key != "collective" && key != "algorithm")
        add(QStringLiteral("   %1").arg(QString::fromStdString(key)),
            QString::fromStdString(value));
    if (m_catalog) {
      if (const AlgorithmEntry* e = m_catalog->find(QString::fromStdString(instance.collective),
                                                    QString::fromStdString(instance.algorithm))) {
        add(QStringLiteral("   description"), e->description);
        add(QStringLiteral("   expected rounds"), e->rounds);
        add(QStringLiteral("   cost (α-β)"), e->cost);
        add(QStringLiteral("   source"), e->source);
      }
    }
    if (shown.size() >= 3) break;
  }
  const int p = m_document->processCount();
  add(QStringLiteral("Ranks"),
      QString::number(m_document->rankCount()) +
          (p != m_document->rankCount()
               ? QStringLiteral(" (p = %1 take part in the algorithm)").arg(p)
               : QString()),
      Live::none, QStringLiteral("p counts the ranks that enter the algorithm's region"));
  const std::size_t unmatched = trace.unmatched_sends.size() + trace.unmatched_receives.size();
  // A message a rank sends to itself (a local copy) is no message between ranks: shown apart.
  const auto self = static_cast<std::size_t>(
      std::count_if(trace.messages.begin(), trace.messages.end(),
                    [](const model::Message& m) { return m.sender == m.receiver; }));
  add(QStringLiteral("Messages") + m_whole,
      formatCount(trace.messages.size() - self) +
          (self ? QStringLiteral(" (+%1 to itself)").arg(self) : QString()) +
          (unmatched ? QStringLiteral(" (+%1 unmatched)").arg(unmatched) : QString()));
  add(QStringLiteral("Bytes") + m_whole, formatBytes(a.volume.total));
  add(QStringLiteral("Bytes through one port, max"), formatBytes(a.volume.max_per_rank), Live::none,
      QStringLiteral("max over ranks of max(sent, received)"));
  // Counts; the rounds themselves are numbered from 0 everywhere.
  const auto numbered = [](int rounds) {
    return rounds > 1 ? QStringLiteral(" (0 … %1)").arg(rounds - 1) : QString();
  };
  add(QStringLiteral("Rounds, inferred") + m_whole,
      QString::number(a.inferred.rounds) + numbered(a.inferred.rounds) +
          (a.inferred.consistent ? QString() : QStringLiteral(" (inconsistent trace)")));
  add(QStringLiteral("Rounds, annotated") + m_whole,
      a.annotated.rounds > 0 ? QString::number(a.annotated.rounds) + numbered(a.annotated.rounds)
                             : QStringLiteral("none"));
  add(QStringLiteral("At the cursor"), {}, Live::cursor,
      QStringLiteral("Round k is complete once every message of rounds 0 … k is delivered"));
  add(QStringLiteral("Run duration") + m_whole, formatDuration(trace.duration));
  add(QStringLiteral("Critical path") + m_whole, formatDuration(a.criticalPath.length));
  add(QStringLiteral("Blocked in receives, total") + m_whole, formatDuration(a.waiting.total));
  add(QStringLiteral("α (per message)"), {}, Live::alpha,
      QStringLiteral("Type a time: 1e-6, 2 us, 0.5 ms"));
  add(QStringLiteral("β (per byte)"), {}, Live::beta,
      QStringLiteral("Type a time per byte: 2e-10, 0.2 ns"));
  add(QStringLiteral("α-β replay time"), {}, Live::replay,
      QStringLiteral("1-ported, bidirectional replay of this trace's messages"));
  addNodeRows();
}

void StatisticsModel::addScopeRows() {
  // Figures of a program of several calls are the whole trace's: say so on each of them.
  m_whole.clear();
  if (const model::Call* call = m_document->call()) {
    m_rows.push_back({QStringLiteral("Call"), callTitle(*call), Live::none,
                      QStringLiteral("Every figure below is this call's alone, rounds from 0")});
    if (call->ompi.recorded())
      m_rows.push_back({QStringLiteral("   Open MPI's algorithm"),
                        QString::fromStdString(call->ompi.describe()), Live::none,
                        QStringLiteral("forced (coll_tuned_<coll>_algorithm), Open MPI 4.1's "
                                       "fixed decision, or why it cannot be known")});
    if (call->crossing > 0)
      m_rows.push_back({QStringLiteral("   messages crossing its border"),
                        QString::number(call->crossing), Live::none,
                        QStringLiteral("one end inside the call, the other outside: left out")});
    return;
  }
  const int calls = m_document->calls().size();
  if (calls <= 1) return;
  m_whole = QStringLiteral(" (whole trace)");
  m_rows.push_back(
      {QStringLiteral("Scope"),
       QStringLiteral("the whole trace: %1 calls (pick one in the Calls list)").arg(calls),
       Live::none, QStringLiteral("Select a call to see its own figures")});
}

void StatisticsModel::addNodeRows() {
  const model::NodeLayout& layout = m_document->nodeLayout();
  const model::NodeVolume& volume = m_document->nodeVolume();
  const auto add = [this](const QString& q, const QString& v, Live live = Live::none,
                          const QString& tip = {}) {
    m_rows.push_back({q, v, live, tip});
  };
  int smallest = m_document->rankCount(), largest = 0;
  for (int n = 0; n < layout.nodes; ++n) {
    smallest = std::min(smallest, layout.size(n));
    largest = std::max(largest, layout.size(n));
  }
  const QString sizes = smallest == largest ? QString::number(largest)
                                            : QStringLiteral("%1 to %2").arg(smallest).arg(largest);
  QString source;
  switch (layout.source) {
  case model::NodeLayout::Source::trace:
    source = QStringLiteral("%1, from the trace").arg(QString::fromStdString(layout.placement));
    break;
  case model::NodeLayout::Source::user:
    source = QStringLiteral("%1, as given").arg(QString::fromStdString(layout.placement));
    break;
  case model::NodeLayout::Source::none:
    source = QStringLiteral("no layout in the trace: one node");
    break;
  }
  add(QStringLiteral("Nodes"),
      QStringLiteral("%1 of %2 ranks (%3)").arg(layout.nodes).arg(sizes, source), Live::none,
      QStringLiteral("collscope --ranks-per-node N [--placement round-robin] or --nodes 3,3,2 "
                     "looks at any trace with a node layout"));
  const auto perNode = [](const std::vector<std::uint64_t>& bytes) {
    QStringList parts;
    for (std::size_t n = 0; n < bytes.size() && n < 16; ++n)
      parts << QStringLiteral("node %1: %2").arg(n).arg(formatBytes(bytes[n]));
    if (bytes.size() > 16) parts << QStringLiteral("…");
    return parts.join(QStringLiteral(", "));
  };
  add(QStringLiteral("Bytes between nodes"), formatBytes(volume.between));
  add(QStringLiteral("Bytes into one node, max"), formatBytes(volume.max_into), Live::none,
      QStringLiteral("Avoid sending the same data into a node twice. ") + perNode(volume.into));
  add(QStringLiteral("Bytes out of one node, max"), formatBytes(volume.max_out_of), Live::none,
      perNode(volume.out_of));
  add(QStringLiteral("α inside a node"), {}, Live::alphaNode,
      QStringLiteral("Type a time: 0.25 us (α and β above apply between nodes)"));
  add(QStringLiteral("β inside a node"), {}, Live::betaNode,
      QStringLiteral("Type a time per byte: 0.1 ns"));
  add(QStringLiteral("Lanes per node (k)"), {}, Live::lanes,
      QStringLiteral("k-lane model: k ranks of a node send off-node at once at full bandwidth, "
                     "more wait"));
  add(QStringLiteral("Two-level replay time"), {}, Live::twoLevel,
      QStringLiteral("α, β inside a node; α', β' (above) between nodes; no lane limit"));
  add(QStringLiteral("k-lane replay time"), {}, Live::kLane,
      QStringLiteral("The two-level replay with k lanes per node"));
}

bool StatisticsModel::editable(Live live) {
  return live == Live::alpha || live == Live::beta || live == Live::alphaNode ||
         live == Live::betaNode || live == Live::lanes;
}

QString StatisticsModel::liveText(Live live) const {
  const model::AlphaBeta ab = m_document->alphaBeta();
  switch (live) {
  case Live::alpha:
    return formatDuration(ab.alpha);
  case Live::beta:
    return ab.beta > 0
               ? QStringLiteral("%1  (%2/s)")
                     .arg(editText(live),
                          formatBytes(static_cast<std::uint64_t>(std::llround(1.0 / ab.beta))))
               : editText(live);
  case Live::replay:
    return formatDuration(m_document->replay().total) +
           (m_document->replay().complete ? QString() : QStringLiteral(" (incomplete)"));
  case Live::cursor:
    return m_playback != nullptr ? m_playback->progressText() : QString();
  case Live::alphaNode:
  case Live::lanes:
    return editText(live);
  case Live::betaNode: {
    const double beta = m_document->nodeParameters().node.beta;
    return beta > 0 ? QStringLiteral("%1  (%2/s)")
                          .arg(editText(live),
                               formatBytes(static_cast<std::uint64_t>(std::llround(1.0 / beta))))
                    : editText(live);
  }
  case Live::twoLevel:
    return formatDuration(m_document->twoLevelReplay().total);
  case Live::kLane:
    return formatDuration(m_document->kLaneReplay().total);
  case Live::none:
    break;
  }
  return {};
}

QString StatisticsModel::editText(Live live) const {
  const model::AlphaBeta ab = m_document->alphaBeta();
  if (live == Live::alpha) return formatDuration(ab.alpha);
  if (live == Live::beta) return formatDuration(ab.beta) + QStringLiteral("/byte");
  const TraceDocument::NodeParameters node = m_document->nodeParameters();
  if (live == Live::alphaNode) return formatDuration(node.node.alpha);
  if (live == Live::betaNode) return formatDuration(node.node.beta) + QStringLiteral("/byte");
  if (live == Live::lanes) return QString::number(node.lanes);
  return {};
}

void StatisticsModel::setPlayback(const Playback* playback) {
  if (m_playback != nullptr) disconnect(m_playback, nullptr, this, nullptr);
  m_playback = playback;
  const auto changed = [this] {
    const int row = rowOf(QStringLiteral("At the cursor"));
    if (row < 0) return;
    emit dataChanged(index(row, Value), index(row, Value));
  };
  if (m_playback != nullptr) {
    connect(m_playback, &Playback::cursorChanged, this, changed);
    connect(m_playback, &Playback::clockChanged, this, changed);
  }
  changed();
}

int StatisticsModel::rowOf(const QString& quantity) const {
  for (std::size_t i = 0; i < m_rows.size(); ++i)
    if (m_rows[i].quantity == quantity) return static_cast<int>(i);
  return -1;
}

int StatisticsModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int StatisticsModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

QVariant StatisticsModel::data(const QModelIndex& index, int role) const {
  if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
    return {};
  const Row& row = m_rows[static_cast<std::size_t>(index.row())];
  if (role == Qt::ToolTipRole) return row.tip.isEmpty() ? QVariant() : row.tip;
  if (index.column() == Quantity) return role == Qt::DisplayRole ? row.quantity : QVariant();
  if (role == Qt::EditRole && editable(row.live)) return editText(row.live);
  if (role == Qt::DisplayRole) return row.live == Live::none ? row.value : liveText(row.live);
  return {};
}

QVariant StatisticsModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (role != Qt::DisplayRole || orientation != Qt::Horizontal) return {};
  return section == Quantity ? QStringLiteral("Quantity") : QStringLiteral("Value");
}

Qt::ItemFlags StatisticsModel::flags(const QModelIndex& index) const {
  Qt::ItemFlags f = QAbstractTableModel::flags(index);
  if (index.isValid() && index.column() == Value) {
    const Live live = m_rows[static_cast<std::size_t>(index.row())].live;
    if (editable(live)) f |= Qt::ItemIsEditable;
  }
  return f;
}

bool StatisticsModel::setData(const QModelIndex& index, const QVariant& value, int role) {
  if (role != Qt::EditRole || !checkIndex(index, CheckIndexOption::IndexIsValid) ||
      index.column() != Value)
    return false;
  const Live live = m_rows[static_cast<std::size_t>(index.row())].live;
  if (!editable(live)) return false;
  if (live == Live::lanes) {
    bool ok = false;
    const int k = value.toString().trimmed().toInt(&ok);
    if (!ok || k < 1) {
      emit inputRejected(
          QStringLiteral("lanes per node: a whole number ≥ 1, not '%1'").arg(value.toString()));
      return false;
    }
    TraceDocument::NodeParameters node = m_document->nodeParameters();
    node.lanes = k;
    return setNodeParameters(node);
  }
  const bool inside = live == Live::alphaNode || live == Live::betaNode;
  const bool perByte = live == Live::beta || live == Live::betaNode;
  const QString name = QString(perByte ? QStringLiteral("β") : QStringLiteral("α")) +
                       (inside ? QStringLiteral(" inside a node") : QString());
  DurationInput input;
  if (value.typeId() == QMetaType::Double || value.typeId() == QMetaType::Int) {
    const double seconds = value.toDouble();
    if (!std::isfinite(seconds))
      input.error = QStringLiteral("%1 must be finite, not %2").arg(name).arg(seconds);
    else if (seconds < 0)
      input.error = QStringLiteral("%1 cannot be negative (%2)").arg(name).arg(seconds);
    else
      input.seconds = seconds;
  } else {
    // The text the editor opened with, committed unchanged: keep the exact value.
    if (value.toString().trimmed() == editText(live)) return true;
    input = readParameter(name, value.toString(), perByte);
  }
  if (!input.seconds) {
    emit inputRejected(input.error);
    return false;
  }
  const std::optional<double> seconds = input.seconds;
  if (inside) {
    TraceDocument::NodeParameters node = m_document->nodeParameters();
    (live == Live::alphaNode ? node.node.alpha : node.node.beta) = *seconds;
    return setNodeParameters(node);
  }
  model::AlphaBeta ab = m_document->alphaBeta();
  (live == Live::alpha ? ab.alpha : ab.beta) = *seconds;
  return setAlphaBeta(ab);
}

bool StatisticsModel::setAlphaBeta(model::AlphaBeta parameters) {
  const auto usable = [](double x) { return std::isfinite(x) && x >= 0; };
  if (!usable(parameters.alpha) || !usable(parameters.beta)) return false;
  m_document->setAlphaBeta(parameters);
  liveRowsChanged();
  return true;
}

bool StatisticsModel::setNodeParameters(TraceDocument::NodeParameters parameters) {
  const auto usable = [](double x) { return std::isfinite(x) && x >= 0; };
  if (!usable(parameters.node.alpha) || !usable(parameters.node.beta) || parameters.lanes < 1)
    return false;
  m_document->setNodeParameters(parameters);
  liveRowsChanged();
  return true;
}

void StatisticsModel::liveRowsChanged() {
  for (std::size_t i = 0; i < m_rows.size(); ++i)
    if (m_rows[i].live != Live::none && m_rows[i].live != Live::cursor) {
      const QModelIndex changed = index(static_cast<int>(i), Value);
      emit dataChanged(changed, changed);
    }
  emit alphaBetaChanged();
}

} // namespace collscope::app
