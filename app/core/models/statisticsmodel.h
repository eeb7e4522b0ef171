// The statistics panel: what the trace model says about the trace (ranks, messages, bytes,
// rounds, critical path, waiting, α-β replay), the algorithm's metadata from the trace, and
// its registry entry when known. α and β are editable: the replay follows them at once —
// the lecture's "what if this ran on another network". They are edited as text in the unit
// and precision the table shows ("2.00 µs", "0.20 ns/byte"); committing that text unchanged
// keeps the exact value, so opening the editor and pressing Enter never changes anything.
// The node rows: the layout (the trace's or the command line's), bytes into and out of nodes,
// α and β inside a node and the lanes per node (editable the same way), and the two-level and
// k-lane replays, which follow every edit (α and β above are the between-node α', β').
#pragma once

#include "document/playback.h"
#include "document/tracedocument.h"
#include "run/algorithmcatalog.h"

#include <QAbstractTableModel>
#include <optional>
#include <vector>

namespace collscope::app {

class StatisticsModel : public QAbstractTableModel {
  Q_OBJECT
public:
  enum Column { Quantity, Value, ColumnCount };

  explicit StatisticsModel(TraceDocument* document, QObject* parent = nullptr);

  /// Adds the registry's rounds, cost and source of the trace's algorithm, if it has one.
  void setCatalog(const std::optional<AlgorithmCatalog>& catalog);
  /// Sets α and β (seconds, seconds per byte), recomputes the replay, notifies.
  /// Rejects (false) negative, NaN and infinite values.
  bool setAlphaBeta(model::AlphaBeta parameters);
  model::AlphaBeta alphaBeta() const { return m_document->alphaBeta(); }
  /// Sets α and β inside a node and the lanes per node; the two replays follow, notifies
  /// (alphaBetaChanged). Rejects (false) negative, NaN, infinite values and lanes < 1.
  bool setNodeParameters(TraceDocument::NodeParameters parameters);

  /// Shows "At the cursor": the round progress every view shows (Playback::progressText).
  void setPlayback(const Playback* playback);

  int rowOf(const QString& quantity) const;

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation,
                      int role = Qt::DisplayRole) const override;
  Qt::ItemFlags flags(const QModelIndex& index) const override;
  bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;

signals:
  void alphaBetaChanged();
  /// setData refused the text; `message` says why in one line.
  void inputRejected(const QString& message);

private:
  enum class Live {
    none,
    alpha,
    beta,
    replay,
    cursor,
    alphaNode,
    betaNode,
    lanes,
    twoLevel,
    kLane
  };
  static bool editable(Live live);
  void addNodeRows();
  void addScopeRows();
  struct Row {
    QString quantity;
    QString value;
    Live live = Live::none;
    QString tip;
  };
  void rebuild();
  void liveRowsChanged();
  QString liveText(Live live) const;
  QString editText(Live live) const;

  TraceDocument* m_document;
  std::optional<AlgorithmCatalog> m_catalog;
  const Playback* m_playback = nullptr;
  std::vector<Row> m_rows;
  QString m_whole; ///< " (whole trace)" on the figures of a program of several calls
};

} // namespace collscope::app
