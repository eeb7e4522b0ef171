// A view of a trace: anything that paints the shared document at the shared playback cursor
// onto a QPainter. The space-time diagram is the first; the tree, circulant, data and
// delay views implement this too and register in ViewRegistry, which gives them a tab in the
// window, `collscope --export --view NAME` and PNG/SVG export for free.
#pragma once

#include "document/playback.h"
#include "document/selection.h"
#include "document/tracedocument.h"
#include "paint/viewstyle.h"

#include <QPainter>
#include <QPointF>
#include <QRect>
#include <QString>

namespace collscope::app {

/// What every view is built on: the document and the selection shared by all views.
struct ViewContext {
  const TraceDocument* document = nullptr;
  const Selection* selection = nullptr; ///< null when exporting headless
};

class TraceView {
public:
  explicit TraceView(const ViewContext& context) : m_context(context) {}
  virtual ~TraceView();
  TraceView(const TraceView&) = delete;
  TraceView& operator=(const TraceView&) = delete;

  /// The name `--view` takes ("timeline").
  virtual QString name() const = 0;
  /// What a tab or a file dialog calls it ("Space-time diagram").
  virtual QString title() const = 0;
  /// Paints into `target` at the cursor of `playback`, whose clock gives the x axis mode.
  virtual void render(QPainter& painter, const QRect& target, const Playback& playback) = 0;

  /// Hit tests against the last render: a world rank or a message index, −1 for nothing.
  /// Clicking selects what they return in every view.
  virtual int rankAt(const QPointF& point) const;
  virtual int messageAt(const QPointF& point) const;
  /// Another view this one offers at `point` (the tree view offers the circulant view for an
  /// allgather), by registry name; empty for none.
  virtual QString linkAt(const QPointF& point) const;

  /// No text smaller than this in the painter's coordinates (0: the view's own floors). The
  /// slides set it so that a zoomed view's labels come out at 20 px on the slide.
  void setMinimumTextPixels(double pixels) { m_minimumTextPixels = pixels; }
  double minimumTextPixels() const { return m_minimumTextPixels; }
  /// The style a render into `size` uses: ViewStyle::forSize with this view's text floor.
  ViewStyle styleFor(QSize size) const { return ViewStyle::forSize(size, m_minimumTextPixels); }

  const TraceDocument& document() const { return *m_context.document; }
  int selectedMessage() const { return m_context.selection ? m_context.selection->message() : -1; }
  int selectedRank() const { return m_context.selection ? m_context.selection->rank() : -1; }

private:
  ViewContext m_context;
  double m_minimumTextPixels = 0.0;
};

} // namespace collscope::app
