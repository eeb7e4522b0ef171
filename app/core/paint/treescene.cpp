#include "paint/treescene.h"

#include "document/criticalchain.h"
#include "document/units.h"
#include "paint/viewcolors.h"

#include <QFontMetricsF>
#include <QPainterPath>
#include <algorithm>
#include <cmath>
#include <deque>
#include <unordered_map>
#include <unordered_set>

namespace collscope::app {

namespace {

constexpr double nodeWidthPoints = 96.0;
constexpr double nodeHeightPoints = 54.0;
const QColor pendingEdge(200, 200, 200);
const QColor fillColour(86, 180, 233); // what a node holds: Okabe–Ito sky blue
const QColor criticalColour(120, 40, 140);
const QColor selectionColour(240, 228, 66);

QFont sized(QFont font, double pixels, bool bold) {
  font.setPixelSize(std::max(8, static_cast<int>(std::lround(pixels))));
  font.setBold(bold);
  return font;
}

double distanceToSegment(const QPointF& p, const QLineF& line) {
  const QPointF d = line.p2() - line.p1();
  const double length2 = d.x() * d.x() + d.y() * d.y();
  double t = 0.0;
  if (length2 > 0.0) t = std::clamp(QPointF::dotProduct(p - line.p1(), d) / length2, 0.0, 1.0);
  const QPointF q = line.p1() + t * d;
  return std::hypot(p.x() - q.x(), p.y() - q.y());
}

void drawArrowHead(QPainter& painter, const QLineF& line, double size, const QColor& colour) {
  if (line.length() < 1.0) return;
  const QPointF tip = line.p2();
  const QPointF unit = (line.p2() - line.p1()) / line.length();
  const QPointF normal(-unit.y(), unit.x());
  QPainterPath head;
  head.moveTo(tip);
  head.lineTo(tip - unit * size + normal * size * 0.45);
  head.lineTo(tip - unit * size - normal * size * 0.45);
  head.closeSubpath();
  painter.fillPath(head, colour);
}

} // namespace

void TreeScene::update(const TraceDocument& document, const Playback& playback) {
  const int index = CollectiveInstance::indexAt(document, playback);
  if (&document == m_document && index == m_index) return;
  m_document = &document;
  m_index = index;
  m_instance = CollectiveInstance::build(document, index);
  m_tree = CommunicationTree::build(m_instance);
  // Irregular trees first exchange block sizes (no tree); their data phase is the tree.
  if (!m_tree.isTree() && m_instance.phases().contains(QStringLiteral("data"))) {
    CommunicationTree data = CommunicationTree::build(m_instance, QStringLiteral("data"));
    if (data.isTree()) m_tree = std::move(data);
  }
  const int p = m_instance.size();

  std::unordered_map<int, int> edgeOf;
  for (std::size_t e = 0; e < m_tree.edges().size(); ++e)
    for (int m : m_tree.edges()[e].messages) edgeOf[m] = static_cast<int>(e);
  const auto& receives = document.analyses().waiting.receives;
  m_nodeWait.assign(static_cast<std::size_t>(p), 0.0);
  m_edgeWait.assign(m_tree.edges().size(), 0.0);
  for (const InstanceMessage& m : m_instance.messages()) {
    const double wait = static_cast<std::size_t>(m.message) < receives.size()
                            ? receives[static_cast<std::size_t>(m.message)].wait
                            : 0.0;
    m_nodeWait[static_cast<std::size_t>(m.receiver)] += wait;
    if (const auto it = edgeOf.find(m.message); it != edgeOf.end())
      m_edgeWait[static_cast<std::size_t>(it->second)] += wait;
  }
  m_maxWait = 0.0;
  for (double w : m_nodeWait) m_maxWait = std::max(m_maxWait, w);
  m_edgeCritical.assign(m_tree.edges().size(), false);
  std::vector<int> runMessages;
  for (const InstanceMessage& m : m_instance.messages())
    if (m_tree.phase().isEmpty() || m.phase == m_tree.phase()) runMessages.push_back(m.message);
  for (int m : criticalChain(document.trace(), runMessages))
    if (const auto it = edgeOf.find(m); it != edgeOf.end())
      m_edgeCritical[static_cast<std::size_t>(it->second)] = true;

  m_incoming.assign(static_cast<std::size_t>(p), {});
  for (const InstanceMessage& m : m_instance.messages())
    if (m_tree.phase().isEmpty() || m.phase == m_tree.phase())
      m_incoming[static_cast<std::size_t>(m.receiver)].push_back(m);

  m_layout = TreeLayout{};
  if (!m_tree.isTree()) return;
  // Graphviz sees the ranks that take part, children in the order of their rounds.
  TreeLayoutInput input;
  input.nodeWidth = nodeWidthPoints;
  input.nodeHeight = nodeHeightPoints;
  input.nodes = p;
  std::deque<int> queue{m_tree.root()};
  while (!queue.empty()) {
    const int parent = queue.front();
    queue.pop_front();
    for (int child : m_tree.nodes()[static_cast<std::size_t>(parent)].children) {
      input.edges.emplace_back(parent, child);
      queue.push_back(child);
    }
  }
  // Ranks without messages would sit beside the root; lay out only the tree's ranks.
  std::vector<int> compact(static_cast<std::size_t>(p), -1);
  std::vector<int> ranks;
  for (int r = 0; r < p; ++r)
    if (m_tree.participates(r)) {
      compact[static_cast<std::size_t>(r)] = static_cast<int>(ranks.size());
      ranks.push_back(r);
    }
  input.nodes = static_cast<int>(ranks.size());
  for (auto& [parent, child] : input.edges) {
    parent = compact[static_cast<std::size_t>(parent)];
    child = compact[static_cast<std::size_t>(child)];
  }
  const TreeLayout packed = layoutTree(input);
  m_layout.error = packed.error;
  m_layout.bounds = packed.bounds;
  if (!packed.error.isEmpty()) return;
  m_layout.centers.assign(static_cast<std::size_t>(p), QPointF(std::nan(""), std::nan("")));
  for (std::size_t i = 0; i < ranks.size(); ++i)
    m_layout.centers[static_cast<std::size_t>(ranks[i])] = packed.centers[i];
}

double TreeScene::fill(int rank, const Playback& playback) const {
  const TreeNode& node = m_tree.nodes()[static_cast<std::size_t>(rank)];
  const double own = static_cast<double>(std::max<std::int64_t>(0, node.ownBytes));
  double arrived = 0.0;
  bool all = true;
  for (const InstanceMessage& m : m_incoming[static_cast<std::size_t>(rank)]) {
    if (playback.messageState(m.message) == Playback::MessageState::delivered)
      arrived += static_cast<double>(m.bytes);
    else
      all = false;
  }
  const double total = own + static_cast<double>(node.incomingBytes);
  if (total <= 0.0) return all ? 1.0 : 0.0;
  return std::clamp((own + arrived) / total, 0.0, 1.0);
}

void TreeScene::paint(QPainter& painter, const QRectF& area, const ViewStyle& style,
                      const Playback& playback, Colouring colouring, int selectedRank,
                      int selectedMessage) {
  const int p = m_instance.size();
  m_nodeRects.assign(static_cast<std::size_t>(p), QRectF());
  m_edgeLines.assign(m_tree.edges().size(), QLineF());
  m_offer = QRectF();
  if (!m_tree.isTree() || !m_layout.error.isEmpty() || m_layout.bounds.isEmpty()) {
    paintNotATree(painter, area, style);
    return;
  }
  // Non-participating ranks are listed under the tree.
  QStringList idle;
  for (int r = 0; r < p; ++r)
    if (!m_tree.participates(r)) idle << QString::number(r);
  QRectF treeArea = area;
  if (!idle.isEmpty()) {
    painter.setFont(style.tickFont);
    const double h = QFontMetricsF(style.tickFont).height() * 1.4;
    treeArea.setBottom(area.bottom() - h);
    painter.setPen(style.text);
    painter.drawText(QRectF(area.left(), area.bottom() - h, area.width(), h),
                     Qt::AlignCenter | Qt::TextWordWrap,
                     QStringLiteral("no messages to or from rank%1 %2 (nothing to move)")
                         .arg(idle.size() > 1 ? QStringLiteral("s") : QString(),
                              idle.join(QStringLiteral(", "))));
  }
  const QRectF bounds = m_layout.bounds.adjusted(-8, -8, 8, 8);
  double scale = std::min(treeArea.width() / bounds.width(), treeArea.height() / bounds.height());
  scale = std::min(scale, 3.0 * style.scale); // boxes stay boxes, not posters
  // A wide tree (many leaves) may use the height the width leaves over: levels spread apart.
  const double scaleY =
      std::clamp(treeArea.height() / bounds.height(), scale, std::max(scale, 3.0 * style.scale));
  const QPointF offset(treeArea.center().x() - bounds.center().x() * scale,
                       treeArea.center().y() - bounds.center().y() * scaleY);
  const QSizeF box(nodeWidthPoints * scale, nodeHeightPoints * scale);
  for (int r = 0; r < p; ++r) {
    const QPointF c = m_layout.centers[static_cast<std::size_t>(r)];
    if (std::isnan(c.x())) continue;
    const QPointF centre = offset + QPointF(c.x() * scale, c.y() * scaleY);
    m_nodeRects[static_cast<std::size_t>(r)] = QRectF(
        centre.x() - box.width() / 2, centre.y() - box.height() / 2, box.width(), box.height());
  }
  m_fontPixels = std::clamp(box.height() * 0.26, 7.0, 30.0 * style.scale);
  for (std::size_t e = 0; e < m_tree.edges().size(); ++e) {
    const TreeEdge& edge = m_tree.edges()[e];
    const QRectF& a = m_nodeRects[static_cast<std::size_t>(edge.parent)];
    const QRectF& b = m_nodeRects[static_cast<std::size_t>(edge.child)];
    const QPointF top(a.center().x(), a.bottom());
    const QPointF bottom(b.center().x(), b.top());
    m_edgeLines[e] = edge.upward ? QLineF(bottom, top) : QLineF(top, bottom); // as data flows
  }
  painter.setRenderHint(QPainter::Antialiasing, true);
  for (std::size_t e = 0; e < m_tree.edges().size(); ++e)
    paintEdge(painter, static_cast<int>(e), style, playback, colouring, selectedMessage);
  for (int r = 0; r < p; ++r)
    if (!m_nodeRects[static_cast<std::size_t>(r)].isEmpty())
      paintNode(painter, r, style, playback, colouring, selectedRank);
}

void TreeScene::paintNotATree(QPainter& painter, const QRectF& area, const ViewStyle& style) {
  painter.setPen(style.text);
  painter.setFont(style.labelFont);
  const QFontMetricsF metrics(style.labelFont);
  QString text;
  if (!m_layout.error.isEmpty())
    text = m_layout.error;
  else if (m_instance.messages().empty())
    text = QStringLiteral("This run has no messages to draw.");
  else
    text = QStringLiteral("Not a tree: %1").arg(m_tree.reason());
  const QRectF textBox(area.left() + area.width() * 0.1, area.top() + area.height() * 0.25,
                       area.width() * 0.8, metrics.height() * 4);
  painter.drawText(textBox, Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap, text);
  if (!m_tree.isTree() && !m_instance.messages().empty()) {
    const QString offer = QStringLiteral("Show the circulant view  →");
    const double w = metrics.horizontalAdvance(offer) + 3 * style.padding;
    const double h = metrics.height() * 1.8;
    m_offer = QRectF(area.center().x() - w / 2, textBox.bottom() + style.padding, w, h);
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.setBrush(QColor(0, 114, 178));
    painter.setPen(Qt::NoPen);
    painter.drawRoundedRect(m_offer, h / 4, h / 4);
    painter.setPen(Qt::white);
    painter.drawText(m_offer, Qt::AlignCenter, offer);
    painter.setBrush(Qt::NoBrush);
  }
}

void TreeScene::paintEdge(QPainter& painter, int e, const ViewStyle& style,
                          const Playback& playback, Colouring colouring,
                          int selectedMessage) const {
  const TreeEdge& edge = m_tree.edges()[static_cast<std::size_t>(e)];
  const QLineF& line = m_edgeLines[static_cast<std::size_t>(e)];
  const double width = std::max(1.5, 4.0 * style.scale);
  const double head = std::max(6.0, 16.0 * style.scale);
  bool delivered = true;
  double progress = 1.0;
  bool started = false;
  for (int m : edge.messages) {
    const auto state = playback.messageState(m);
    if (state != Playback::MessageState::delivered) delivered = false;
    if (state != Playback::MessageState::pending) started = true;
    progress = std::min(progress, playback.progress(m));
  }
  const bool selected =
      std::find(edge.messages.begin(), edge.messages.end(), selectedMessage) != edge.messages.end();
  const QColor colour =
      colouring == Colouring::arrival
          ? roundColor(edge.round, m_instance.roundCount())
          : (m_edgeCritical[static_cast<std::size_t>(e)] ? criticalColour : QColor(90, 90, 90));
  if (selected) {
    painter.setPen(QPen(selectionColour, width * 3.5, Qt::SolidLine, Qt::RoundCap));
    painter.drawLine(line);
  }
  if (colouring == Colouring::delays && m_edgeCritical[static_cast<std::size_t>(e)]) {
    painter.setPen(
        QPen(QColor(criticalColour.red(), criticalColour.green(), criticalColour.blue(), 70),
             width * 3.0, Qt::SolidLine, Qt::RoundCap));
    painter.drawLine(line);
  }
  // The path still to travel: grey, dashed until the message starts.
  painter.setPen(QPen(pendingEdge, width * 0.6, started ? Qt::SolidLine : Qt::DashLine));
  if (!delivered || colouring == Colouring::delays) painter.drawLine(line);
  if (started || colouring == Colouring::delays) {
    const double share = colouring == Colouring::delays ? 1.0 : progress;
    const QLineF travelled(line.p1(), line.pointAt(std::clamp(share, 0.0, 1.0)));
    painter.setPen(QPen(colour, width, Qt::SolidLine, Qt::FlatCap));
    painter.drawLine(travelled);
    drawArrowHead(painter, travelled, head, colour);
  }
  // Label: round and bytes (arrival) or the wait for this subtree (delays).
  QString label;
  if (colouring == Colouring::arrival)
    label =
        QStringLiteral("r%1 · %2").arg(m_instance.roundLabel(edge.round), formatBytes(edge.bytes));
  else if (m_edgeWait[static_cast<std::size_t>(e)] > 0.0)
    label = QStringLiteral("δ %1").arg(formatDuration(m_edgeWait[static_cast<std::size_t>(e)]));
  if (label.isEmpty() || m_fontPixels < 9.0) return;
  const QFont font = sized(style.tickFont, m_fontPixels * 0.85, false);
  const QFontMetricsF metrics(font);
  // Just above the child's box: siblings' boxes never overlap, so neither do their labels.
  const QPointF childEnd = edge.upward ? line.p1() : line.p2();
  const QPointF parentEnd = edge.upward ? line.p2() : line.p1();
  const QLineF up(childEnd, parentEnd);
  QRectF box(0, 0, metrics.horizontalAdvance(label) + 6, metrics.height());
  const double rise = std::max(1.0, std::abs(up.dy()));
  box.moveCenter(up.pointAt(std::min(0.5, metrics.height() * 0.95 / rise)));
  painter.setPen(Qt::NoPen);
  painter.setBrush(QColor(255, 255, 255, 225));
  painter.drawRoundedRect(box, 3, 3);
  painter.setBrush(Qt::NoBrush);
  painter.setFont(font);
  painter.setPen(started || colouring == Colouring::delays ? style.text : QColor(150, 150, 150));
  painter.drawText(box, Qt::AlignCenter, label);
}

void TreeScene::paintNode(QPainter& painter, int rank, const ViewStyle& style,
                          const Playback& playback, Colouring colouring, int selectedRank) const {
  const QRectF rect = m_nodeRects[static_cast<std::size_t>(rank)];
  const TreeNode& node = m_tree.nodes()[static_cast<std::size_t>(rank)];
  const double radius = rect.height() * 0.12;
  const bool selected = m_instance.worldRank(rank) == selectedRank;
  if (selected) {
    painter.setPen(QPen(selectionColour, std::max(3.0, 8.0 * style.scale)));
    painter.drawRoundedRect(rect.adjusted(-3, -3, 3, 3), radius, radius);
  }
  QColor background = Qt::white;
  if (colouring == Colouring::delays)
    background =
        delayColor(m_maxWait > 0.0 ? m_nodeWait[static_cast<std::size_t>(rank)] / m_maxWait : 0.0);
  painter.setPen(Qt::NoPen);
  painter.setBrush(background);
  painter.drawRoundedRect(rect, radius, radius);
  if (colouring == Colouring::arrival) {
    // Fills from the bottom as its data arrives.
    const double share = fill(rank, playback);
    QPainterPath clip;
    clip.addRoundedRect(rect, radius, radius);
    painter.save();
    painter.setClipPath(clip);
    painter.fillRect(QRectF(rect.left(), rect.bottom() - rect.height() * share, rect.width(),
                            rect.height() * share),
                     QColor(fillColour.red(), fillColour.green(), fillColour.blue(), 150));
    painter.restore();
  }
  const bool isRoot = rank == m_tree.root();
  painter.setBrush(Qt::NoBrush);
  painter.setPen(QPen(style.text, isRoot ? std::max(2.0, 4.0 * style.scale)
                                         : std::max(1.0, 2.0 * style.scale)));
  painter.drawRoundedRect(rect, radius, radius);

  // Text: the rank, then what fits of its data or its wait.
  QStringList lines;
  if (colouring == Colouring::arrival) {
    const QString c = m_instance.collective();
    const bool blockwise =
        c.startsWith(QLatin1String("gather")) || c.startsWith(QLatin1String("scatter"));
    if (node.ownBytes >= 0)
      lines << QStringLiteral("own %1").arg(formatBytes(static_cast<std::uint64_t>(node.ownBytes)));
    if (blockwise && node.parent >= 0)
      lines << QStringLiteral("subtree %1").arg(formatBytes(node.subtreeBytes));
    else if (blockwise && isRoot && node.incomingBytes > 0)
      lines << QStringLiteral("gets %1").arg(formatBytes(node.incomingBytes));
  } else {
    const double wait = m_nodeWait[static_cast<std::size_t>(rank)];
    lines << (wait > 0.0 ? QStringLiteral("waited %1").arg(formatDuration(wait))
                         : QStringLiteral("no wait"));
  }
  const QColor ink = colouring == Colouring::delays ? textOn(background) : style.text;
  painter.setPen(ink);
  const double big = m_fontPixels * 1.35;
  const double small = m_fontPixels * 0.8;
  const bool details = small >= 8.5 && !lines.isEmpty();
  const QFont rankFont =
      sized(style.labelFont, details ? big : std::min(big * 1.3, rect.height() * 0.6), true);
  if (!details) {
    painter.setFont(rankFont);
    painter.drawText(rect, Qt::AlignCenter, QString::number(rank));
    return;
  }
  const double rankHeight = QFontMetricsF(rankFont).height();
  const QFont detailFont = sized(style.tickFont, small, false);
  const double lineHeight = QFontMetricsF(detailFont).height();
  const double total = rankHeight + lineHeight * static_cast<double>(lines.size());
  double y = rect.center().y() - total / 2;
  painter.setFont(rankFont);
  painter.drawText(QRectF(rect.left(), y, rect.width(), rankHeight), Qt::AlignCenter,
                   isRoot ? QStringLiteral("%1 (root)").arg(rank) : QString::number(rank));
  y += rankHeight;
  painter.setFont(detailFont);
  for (const QString& line : lines) {
    painter.drawText(QRectF(rect.left(), y, rect.width(), lineHeight), Qt::AlignCenter, line);
    y += lineHeight;
  }
}

int TreeScene::rankAt(const QPointF& point) const {
  for (std::size_t r = 0; r < m_nodeRects.size(); ++r)
    if (m_nodeRects[r].contains(point)) return m_instance.worldRank(static_cast<int>(r));
  return -1;
}

int TreeScene::messageAt(const QPointF& point) const {
  for (std::size_t e = 0; e < m_edgeLines.size(); ++e)
    if (!m_edgeLines[e].isNull() && distanceToSegment(point, m_edgeLines[e]) < 6.0 &&
        !m_tree.edges()[e].messages.empty())
      return m_tree.edges()[e].messages.front();
  return -1;
}

bool TreeScene::offerAt(const QPointF& point) const {
  return m_offer.contains(point);
}

} // namespace collscope::app
