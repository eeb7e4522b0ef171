// The data view: one row per rank, one slot per block of the collective's buffer,
// coloured by the rank the block came from, filling as the messages carrying it arrive at the
// playback cursor (BlockOwnership). A block that travels in pieces (the pipelined broadcast)
// fills piece by piece; blocks on their way are outlined; zero-size blocks are hatched "no
// data". A trace without block annotations gets bars of the bytes each rank received so far.
// For a reduction (allreduce, scan, …) a slot is an input and fills when the rank's partial
// sum includes it; each row ends with the sum as the lecture writes it ("B₂..B₅").
// A graded case (its trace holds the harness's `received` block maps) gets a second grid to the
// right: each rank's receive buffer after the call, block by block, as the grader read it back,
// outlined where it differs from MPI's (whose content a strip under the slot shows), so that a
// submission whose messages carry the right blocks to the wrong places shows it.
#pragma once

#include "document/blockownership.h"
#include "document/collectiveinstance.h"
#include "views/traceview.h"

#include <QRectF>
#include <optional>
#include <vector>

namespace collscope::app {

struct ViewStyle;

class DataView : public TraceView {
public:
  using TraceView::TraceView;
  QString name() const override { return QStringLiteral("data"); }
  QString title() const override { return QStringLiteral("Data by origin"); }
  void render(QPainter& painter, const QRect& target, const Playback& playback) override;

  /// World rank of the row (or its label) under `point` in the last render, or −1.
  int rankAt(const QPointF& point) const override;
  /// The message that last filled the slot under `point` (or is filling it), or −1.
  int messageAt(const QPointF& point) const override;

  /// The instance and its ownership model of the last render; null before the first.
  const CollectiveInstance* instance() const { return m_instance ? &*m_instance : nullptr; }
  const BlockOwnership& ownership() const { return m_ownership; }
  /// Holdings at the cursor of the last render.
  const Holdings& holdings() const { return m_holdings; }
  /// The slot of comm rank `rank` for block `origin` in the last render (empty if not drawn);
  /// in bytes mode the rank's bar area for any `origin`.
  QRectF slotRect(int rank, int origin) const;
  /// Whether the last render showed bytes only (no block annotations).
  bool showsBytesOnly() const { return m_bytesOnly; }
  /// Block `block` of comm rank `rank`'s receive buffer in the last render's grid of a graded
  /// case (empty when not drawn).
  QRectF receivedRect(int rank, int block) const;

private:
  void refresh(const Playback& playback);
  void paintHeader(QPainter& painter, const QRectF& area, const ViewStyle& style,
                   const Playback& playback) const;
  QRectF paintLegend(QPainter& painter, const QRectF& area, const ViewStyle& style) const;
  void layoutRows(const QRectF& area, const ViewStyle& style, double columnsWidth, int columns);
  void paintRowLabels(QPainter& painter, const ViewStyle& style) const;
  void paintSlots(QPainter& painter, const ViewStyle& style);
  void paintSlot(QPainter& painter, const ViewStyle& style, int rank, int origin,
                 const QRectF& box) const;
  void paintBytes(QPainter& painter, const ViewStyle& style) const;
  bool carriesSelected(int rank, int origin) const;
  /// The widest text the column after the slots must take ("000/000" or a partial sum).
  QString summaryTemplate() const;
  // The receive buffers' grid (dataviewreceived.cpp).
  bool showsReceived() const;
  void layoutWithReceived(const QRectF& area, const ViewStyle& style, int columns);
  void paintReceived(QPainter& painter, const ViewStyle& style) const;
  void paintReceivedSlot(QPainter& painter, const ViewStyle& style, int rank, int block,
                         const QRectF& box) const;
  QString receivedSummary(int rank) const;
  static QString receivedSummaryTemplate();
  bool m_reduction = false; ///< the instance's collective combines inputs

  int m_index = -2; ///< instance of the cache; −2: nothing built yet
  std::optional<CollectiveInstance> m_instance;
  BlockOwnership m_ownership;
  Holdings m_holdings;
  bool m_bytesOnly = false;

  // Layout of the last render, for hit tests.
  double m_top = 0;       ///< y of row 0
  double m_rowHeight = 0; ///< per rank
  double m_labelLeft = 0; ///< row labels span [m_labelLeft, m_gridLeft)
  double m_gridLeft = 0;
  double m_cellWidth = 0; ///< per slot (bytes mode: the bar's full width)
  int m_rows = 0;
  std::vector<int> m_columnOf;
  double m_receivedLeft = 0; ///< x of the receive buffers' grid
  int m_receivedColumns =
      0; ///< its columns; 0 when not drawn ///< origin → slot column, −1 for none
};

} // namespace collscope::app
