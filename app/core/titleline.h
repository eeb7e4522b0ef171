// The first line of the circulant and data views: the run's title on the left, where the
// cursor stands on the right. On a narrow output the title keeps at least 55 % of the line and
// both are elided, so that neither runs into the other.
#pragma once

#include "spacetimestyle.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QRectF>
#include <QString>
#include <algorithm>

namespace collscope::app {

inline void paintTitleLine(QPainter& painter, const QRectF& line, const SpaceTimeStyle& style,
                           const QString& title, const QString& state) {
  const QFontMetricsF titleMetrics(style.titleFont);
  const QFontMetricsF stateMetrics(style.labelFont);
  const double gap = 2 * style.padding;
  const double wanted = stateMetrics.horizontalAdvance(state) + gap;
  const double titleSpace = std::min(titleMetrics.horizontalAdvance(title) + 2,
                                     std::max(line.width() * 0.55, line.width() - wanted));
  painter.setPen(style.text);
  painter.setFont(style.titleFont);
  painter.drawText(QRectF(line.left(), line.top(), titleSpace, line.height()),
                   Qt::AlignVCenter | Qt::AlignLeft,
                   titleMetrics.elidedText(title, Qt::ElideRight, titleSpace));
  painter.setFont(style.labelFont);
  const double stateSpace = line.width() - titleSpace - gap;
  if (stateSpace > 0)
    painter.drawText(QRectF(line.right() - stateSpace, line.top(), stateSpace, line.height()),
                     Qt::AlignVCenter | Qt::AlignRight,
                     stateMetrics.elidedText(state, Qt::ElideLeft, stateSpace));
}

} // namespace collscope::app
