// The circulant view: ranks on one big circle with every round's messages as chords
// i → i + d (mod p), coloured by round, arrowheads at the receiver, following the playback
// cursor (delivered drawn, in flight drawn as far as they got, the latest round bold, earlier
// rounds faded); beside it one small circle per round with its skips, so the whole pattern
// is visible at once (the lecture's dissemination and ring pictures).
#pragma once

#include "document/circulantmodel.h"
#include "document/collectiveinstance.h"
#include "paint/roundstroke.h"
#include "views/traceview.h"

#include <QPolygonF>
#include <QRectF>
#include <optional>
#include <vector>

namespace collscope::app {

struct ViewStyle;

class CirculantView : public TraceView {
public:
  using TraceView::TraceView;
  QString name() const override { return QStringLiteral("circulant"); }
  QString title() const override { return QStringLiteral("Circulant pattern"); }
  void render(QPainter& painter, const QRect& target, const Playback& playback) override;

  /// World rank of the marker or label under `point` in the last render, or −1.
  int rankAt(const QPointF& point) const override;
  /// The message whose chord passes under `point` in the last render, or −1.
  int messageAt(const QPointF& point) const override;

  /// The instance and model of the last render (rebuilt only when the cursor's instance
  /// changes); null before the first render.
  const CollectiveInstance* instance() const { return m_instance ? &*m_instance : nullptr; }
  const CirculantModel& model() const { return m_model; }
  /// The chord of `message` on the big circle in the last render (empty if not drawn).
  QPolygonF bigChord(int message) const;
  /// The chord of `message` in its round's small circle in the last render (empty if none).
  QPolygonF smallChord(int message) const;
  /// Centre of comm rank `rank`'s marker on the big circle in the last render.
  QPointF nodeCenter(int rank) const;

private:
  struct HitChord {
    int message = -1;
    bool big = false;
    QPolygonF path;
    double reach = 0; ///< distance within which a click hits it
  };
  struct HitNode {
    int rank = -1; ///< comm rank
    QPointF center;
    double radius = 0;
    QRectF label;
  };
  void refresh(const Playback& playback);
  void paintHeader(QPainter& painter, const QRectF& area, const ViewStyle& style,
                   const Playback& playback) const;
  void paintBigCircle(QPainter& painter, const QRectF& area, const ViewStyle& style,
                      const Playback& playback);
  void paintSmallMultiples(QPainter& painter, const QRectF& area, const ViewStyle& style,
                           const Playback& playback);
  void paintChord(QPainter& painter, const Chord& chord, const QPolygonF& path, double width,
                  double head, StrokeEmphasis emphasis, double progress, bool big);
  /// How a chord is drawn at the cursor (paint/roundstroke.h): faded (an earlier round), bold
  /// (the latest round), plain (everything delivered), or ghosted (pending, small circles only).
  StrokeEmphasis emphasisOf(const Chord& chord, const Playback& playback) const;
  /// "round 2: d = 4", the caption of a round's small circle.
  QString captionOf(int round) const;

  int m_index = -2; ///< instance of the cache; −2: nothing built yet
  std::optional<CollectiveInstance> m_instance;
  CirculantModel m_model;
  int m_activeRound = -1; ///< the round drawn bold at the last render, −1 for none
  bool m_allDelivered = true;
  QString m_note; ///< what level of detail left out, for the subtitle
  std::vector<HitChord> m_chords;
  std::vector<HitNode> m_nodes;
};

} // namespace collscope::app
