// The hypercube view: the p = 2^d ranks at the vertices of a d-cube (d ≤ 5; a tesseract as two
// cubes side by side, d = 5 as two tesseracts), each vertex labelled with its rank and its
// binary name, every message drawn along the cube edge it uses in its round's colour, following
// the playback cursor as the circulant view does (the latest round bold, earlier rounds pale,
// messages in flight part-way); a message that is no cube edge is a dashed chord, counted in
// the subtitle. Beside it one small cube per round captioned with its dimensions, so that the
// butterfly's "round k: dim k" and Jia's "round j: dim j mod d" read at a glance. For p not a
// power of two (or p > 32) it draws the circulant pattern instead and says why.
#pragma once

#include "document/collectiveinstance.h"
#include "document/hypercubemodel.h"
#include "paint/roundstroke.h"
#include "views/traceview.h"

#include <QPolygonF>
#include <QRectF>
#include <memory>
#include <optional>
#include <vector>

namespace collscope::app {

class CirculantView;
struct ViewStyle;

class HypercubeView : public TraceView {
public:
  explicit HypercubeView(const ViewContext& context);
  ~HypercubeView() override;
  QString name() const override { return QStringLiteral("hypercube"); }
  QString title() const override { return QStringLiteral("Hypercube"); }
  void render(QPainter& painter, const QRect& target, const Playback& playback) override;

  /// World rank of the vertex or label under `point` in the last render, or −1.
  int rankAt(const QPointF& point) const override;
  /// The message drawn under `point` in the last render, or −1.
  int messageAt(const QPointF& point) const override;

  /// The instance and model of the last render; null before the first render.
  const CollectiveInstance* instance() const { return m_instance ? &*m_instance : nullptr; }
  const HypercubeModel& model() const { return m_model; }
  /// Whether the last render drew the circulant pattern instead (p not a power of two).
  bool fellBack() const { return m_fellBack; }
  /// The note said when falling back ("p = 7 is not a power of two: …"); empty otherwise.
  QString fallbackNote() const;
  /// How `message` was drawn on the big cube / in its round's small cube (empty if not).
  QPolygonF bigPath(int message) const;
  QPolygonF smallPath(int message) const;
  /// Centre of comm rank `rank`'s vertex on the big cube in the last render.
  QPointF vertexCenter(int rank) const;
  /// Where comm rank `rank`'s binary name was written (inside or beside its vertex; empty if
  /// it was left out for lack of room).
  QRectF binaryLabel(int rank) const;

private:
  struct HitPath {
    int message = -1;
    bool big = false;
    QPolygonF path;
    double reach = 0; ///< distance within which a click hits it
  };
  struct HitVertex {
    int rank = -1; ///< comm rank
    QPointF center;
    double radius = 0;
    QRectF binary;
  };

  void refresh(const Playback& playback);
  QString subtitle() const;
  void paintBigCube(QPainter& painter, const QRectF& area, const ViewStyle& style,
                    const Playback& playback);
  /// The vertices, with rank and binary name stacked inside when `stacked`, else the rank.
  void paintVertices(QPainter& painter, const CubeLayout& layout, double radius, bool stacked,
                     const ViewStyle& style);
  void paintSmallMultiples(QPainter& painter, const QRectF& area, const ViewStyle& style,
                           const Playback& playback);
  void paintMessage(QPainter& painter, const CubeMessage& message, const QPolygonF& path,
                    double width, double head, StrokeEmphasis emphasis, double progress, bool big);
  StrokeEmphasis emphasisOf(const CubeMessage& message, const Playback& playback) const;
  QString captionOf(int round) const;

  ViewContext m_context;
  std::unique_ptr<CirculantView> m_circulant; ///< the fallback for p not a power of two
  bool m_fellBack = false;
  int m_index = -2; ///< instance of the cache; −2: nothing built yet
  std::optional<CollectiveInstance> m_instance;
  HypercubeModel m_model;
  int m_activeRound = -1; ///< the round drawn bold at the last render, −1 for none
  bool m_allDelivered = true;
  std::vector<HitPath> m_paths;
  std::vector<HitVertex> m_vertices;
};

/// The skeleton of a d-cube: every edge as a thin line (the cube before any message).
void paintCubeSkeleton(QPainter& painter, const CubeLayout& layout, int d, const QColor& colour,
                       double width);

} // namespace collscope::app
