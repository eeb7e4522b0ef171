#include "document/circulantmodel.h"

#include "format/units.h"

#include <QLineF>
#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <map>
#include <numbers>
#include <set>

namespace collscope::app {

namespace {

constexpr int chordSamples = 32;

QPointF pointAtLength(const QPolygonF& path, double length) {
  for (qsizetype i = 1; i < path.size(); ++i) {
    const double segment = QLineF(path[i - 1], path[i]).length();
    if (length <= segment && segment > 0)
      return QLineF(path[i - 1], path[i]).pointAt(length / segment);
    length -= segment;
  }
  return path.isEmpty() ? QPointF() : path.back();
}

/// `path` without its first `head` and last `tail` pixels of length.
QPolygonF trimmed(const QPolygonF& path, double head, double tail) {
  const double total = pathLength(path);
  if (head + tail >= total) return {};
  QPolygonF result;
  result << pointAtLength(path, head);
  double walked = 0;
  for (qsizetype i = 1; i < path.size(); ++i) {
    walked += QLineF(path[i - 1], path[i]).length();
    if (walked > head && walked < total - tail) result << path[i];
  }
  result << pointAtLength(path, total - tail);
  return result;
}

} // namespace

CirculantModel CirculantModel::build(const CollectiveInstance& instance) {
  CirculantModel model;
  model.m_size = instance.size();
  model.m_rounds.resize(static_cast<std::size_t>(std::max(0, instance.roundCount())));
  std::vector<std::set<int>> skips(model.m_rounds.size());
  for (const InstanceMessage& m : instance.messages()) {
    if (m.round < 0 || m.round >= model.roundCount() || m.sender == m.receiver) continue;
    Chord chord{m.sender, m.receiver, skip(m.sender, m.receiver, model.m_size), m.message, m.round};
    const auto r = static_cast<std::size_t>(m.round);
    model.m_rounds[r].chords.push_back(chord);
    skips[r].insert(chord.skip);
    ++model.m_chordCount;
  }
  for (std::size_t r = 0; r < skips.size(); ++r)
    model.m_rounds[r].skips.assign(skips[r].begin(), skips[r].end());
  // Hypercube neighbours: vranks (from the root, when the run has one) differing in one bit.
  const int p = model.m_size;
  const int root = std::max(0, instance.root());
  bool mixed = false;
  bool cube = p >= 2 && (p & (p - 1)) == 0;
  for (CirculantRound& round : model.m_rounds) {
    std::set<int> dimensions;
    mixed = mixed || round.skips.size() > 1;
    for (const Chord& chord : round.chords) {
      const unsigned bit =
          static_cast<unsigned>(skip(root, chord.from, p) ^ skip(root, chord.to, p));
      if (!std::has_single_bit(bit))
        cube = false;
      else
        dimensions.insert(std::countr_zero(bit));
    }
    round.dimensions.assign(dimensions.begin(), dimensions.end());
  }
  model.m_hypercube = cube && mixed;
  std::map<std::pair<int, int>, std::vector<Chord*>> pairs;
  for (CirculantRound& round : model.m_rounds)
    for (Chord& chord : round.chords) pairs[{chord.from, chord.to}].push_back(&chord);
  for (auto& [pair, chords] : pairs)
    for (std::size_t i = 0; i < chords.size(); ++i) {
      chords[i]->lanes = static_cast<int>(chords.size());
      chords[i]->lane = static_cast<int>(i);
    }
  return model;
}

int CirculantModel::skip(int from, int to, int p) {
  if (p <= 0) return 0;
  return ((to - from) % p + p) % p;
}

QString CirculantModel::roundText(int column) const {
  const CirculantRound& r = round(column);
  if (!m_hypercube || r.dimensions.empty()) return skipsText(r.skips);
  QStringList dims;
  for (int k : r.dimensions) dims << QString::number(k);
  return QStringLiteral("dim ") + dims.join(QStringLiteral(", "));
}

QString CirculantModel::skipsText(const std::vector<int>& skips, int shown) {
  if (skips.empty()) return QStringLiteral("no messages");
  QStringList parts;
  for (std::size_t i = 0; i < skips.size() && static_cast<int>(i) < shown; ++i)
    parts << QString::number(skips[i]);
  if (static_cast<int>(skips.size()) > shown) parts << QStringLiteral("…");
  return QStringLiteral("d = ") + parts.join(QStringLiteral(", "));
}

QPointF circlePoint(QPointF center, double radius, int rank, int p) {
  const double angle = 2.0 * std::numbers::pi * rank / std::max(1, p) - std::numbers::pi / 2.0;
  return center + QPointF(radius * std::cos(angle), radius * std::sin(angle));
}

QPolygonF chordPath(QPointF center, double radius, int from, int to, int p, double inset,
                    double bend) {
  if (from == to || p <= 1) return {};
  const QPointF a = circlePoint(center, radius, from, p);
  const QPointF b = circlePoint(center, radius, to, p);
  const QPointF d = b - a;
  // Right of the direction of travel on screen (y grows downwards).
  const QPointF right(-d.y(), d.x());
  const QPointF control = (a + b) / 2.0 + right * bend;
  QPolygonF path;
  for (int i = 0; i <= chordSamples; ++i) {
    const double t = static_cast<double>(i) / chordSamples;
    path << a * (1 - t) * (1 - t) + control * 2 * t * (1 - t) + b * t * t;
  }
  return trimmed(path, inset, inset);
}

double pathLength(const QPolygonF& path) {
  double length = 0;
  for (qsizetype i = 1; i < path.size(); ++i) length += QLineF(path[i - 1], path[i]).length();
  return length;
}

QPolygonF pathPrefix(const QPolygonF& path, double fraction) {
  if (path.isEmpty() || fraction <= 0) return {};
  if (fraction >= 1) return path;
  return trimmed(path, 0, pathLength(path) * (1 - fraction));
}

QPointF pathMidpoint(const QPolygonF& path) {
  return pointAtLength(path, pathLength(path) / 2);
}

double distanceToPath(const QPolygonF& path, QPointF point) {
  double best = std::numeric_limits<double>::infinity();
  if (path.size() == 1) return QLineF(path[0], point).length();
  for (qsizetype i = 1; i < path.size(); ++i) {
    const QPointF a = path[i - 1];
    const QPointF ab = path[i] - a;
    const double squared = QPointF::dotProduct(ab, ab);
    const double t =
        squared > 0 ? std::clamp(QPointF::dotProduct(point - a, ab) / squared, 0.0, 1.0) : 0.0;
    best = std::min(best, QLineF(a + ab * t, point).length());
  }
  return best;
}

} // namespace collscope::app
