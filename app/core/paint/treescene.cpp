#include "paint/treescene.h"

#include "document/criticalchain.h"
#include "document/twotreecolours.h"
#include "format/units.h"
#include "paint/viewcolors.h"

#include <QFontMetricsF>
#include <QPainterPath>
#include <algorithm>
#include <cmath>
#include <deque>
#include <map>
#include <set>
#include <unordered_map>
#include <unordered_set>

namespace collscope::app {

namespace {

constexpr double nodeWidthPoints = 96.0;
constexpr double nodeHeightPoints = 54.0;
const QColor pendingEdge(200, 200, 200);
const QColor fillColour = palette::skyBlue; // what a node holds
const QColor criticalColour = palette::purple;
const QColor selectionColour = palette::yellow;

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
  m_panels.assign(1, TreePanel{});
  m_relay = -1;
  m_panels.front().tree = CommunicationTree::build(m_instance);
  // Irregular trees first exchange block sizes (no tree); their data phase is the tree. A
  // two-tree's messages form two trees, one per phase ("upper tree", "lower tree"): both are
  // drawn. Otherwise the first phase that is a tree.
  if (!tree().isTree()) {
    QStringList phases = m_instance.phases();
    const QStringList two{QStringLiteral("upper tree"), QStringLiteral("lower tree")};
    if (phases.removeAll(QStringLiteral("data")) > 0) phases.prepend(QStringLiteral("data"));
    std::vector<CommunicationTree> trees;
    if (phases.contains(two[0]) && phases.contains(two[1])) {
      for (const QString& phase : two) trees.push_back(CommunicationTree::build(m_instance, phase));
      if (!trees[0].isTree() || !trees[1].isTree() || trees[0].root() != trees[1].root())
        trees.clear();
    }
    if (trees.empty())
      for (const QString& phase : phases) {
        CommunicationTree candidate = CommunicationTree::build(m_instance, phase);
        if (!candidate.isTree()) continue;
        trees.push_back(std::move(candidate));
        break;
      }
    if (!trees.empty()) {
      m_panels.assign(trees.size(), TreePanel{});
      for (std::size_t i = 0; i < trees.size(); ++i) m_panels[i].tree = std::move(trees[i]);
    }
  }
  // Blocks by the elements they cover: block b is the b-th distinct first element.
  m_blockOf.clear();
  std::map<std::uint64_t, int> blockAt;
  for (const InstanceMessage& m : m_instance.messages())
    if (const auto& blocks = document.trace().messages[static_cast<std::size_t>(m.message)].blocks)
      blockAt.emplace(blocks->element_begin, 0);
  int next = 0;
  for (auto& [begin, block] : blockAt) block = next++;
  for (const InstanceMessage& m : m_instance.messages())
    if (const auto& blocks = document.trace().messages[static_cast<std::size_t>(m.message)].blocks)
      m_blockOf[m.message] = blockAt[blocks->element_begin];
  m_pipelined = false;
  for (const TreePanel& panel : m_panels)
    for (const TreeEdge& edge : panel.tree.edges())
      m_pipelined = m_pipelined || (edge.messages.size() > 1 && blockAt.size() > 1);

  const int p = m_instance.size();
  const auto& receives = document.analyses().waiting.receives;
  m_nodeWait.assign(static_cast<std::size_t>(p), 0.0);
  for (const InstanceMessage& m : m_instance.messages())
    if (static_cast<std::size_t>(m.message) < receives.size())
      m_nodeWait[static_cast<std::size_t>(m.receiver)] +=
          receives[static_cast<std::size_t>(m.message)].wait;
  m_maxWait = 0.0;
  for (double w : m_nodeWait) m_maxWait = std::max(m_maxWait, w);

  for (TreePanel& panel : m_panels) buildPanel(panel, document);
  if (m_panels.size() == 2) {
    const TwoTreeColours colours = twoTreeColours(m_instance, tree(), m_panels[1].tree);
    m_relay = colours.relay;
    const QColor tones[2] = {palette::bluishGreen, palette::reddishPurple};
    for (int side = 0; side < 2; ++side) {
      TreePanel& panel = m_panels[static_cast<std::size_t>(side)];
      panel.edgeColour = colours.colours[side];
      panel.tone = tones[side];
      std::set<int> carried;
      for (const TreeEdge& edge : panel.tree.edges())
        for (int m : edge.messages) carried.insert(blockOf(m));
      carried.erase(-1);
      QStringList names;
      for (int b : carried) {
        if (names.size() == 4) {
          names << QStringLiteral("…");
          break;
        }
        names << QString::number(b);
      }
      panel.heading = panel.tree.phase();
      if (!names.isEmpty())
        panel.heading += QStringLiteral(" · block%1 %2")
                             .arg(carried.size() > 1 ? QStringLiteral("s") : QString(),
                                  names.join(QStringLiteral(", ")));
    }
  }
}

void TreeScene::buildPanel(TreePanel& panel, const TraceDocument& document) {
  const CommunicationTree& tree = panel.tree;
  const int p = m_instance.size();
  std::unordered_map<int, int> edgeOf;
  for (std::size_t e = 0; e < tree.edges().size(); ++e)
    for (int m : tree.edges()[e].messages) edgeOf[m] = static_cast<int>(e);
  const auto& receives = document.analyses().waiting.receives;
  panel.edgeWait.assign(tree.edges().size(), 0.0);
  panel.edgeColour.assign(tree.edges().size(), -1);
  for (const InstanceMessage& m : m_instance.messages())
    if (const auto it = edgeOf.find(m.message);
        it != edgeOf.end() && static_cast<std::size_t>(m.message) < receives.size())
      panel.edgeWait[static_cast<std::size_t>(it->second)] +=
          receives[static_cast<std::size_t>(m.message)].wait;
  panel.edgeCritical.assign(tree.edges().size(), false);
  std::vector<int> runMessages;
  for (const InstanceMessage& m : m_instance.messages())
    if (tree.phase().isEmpty() || m.phase == tree.phase()) runMessages.push_back(m.message);
  for (int m : criticalChain(document.trace(), runMessages))
    if (const auto it = edgeOf.find(m); it != edgeOf.end())
      panel.edgeCritical[static_cast<std::size_t>(it->second)] = true;

  panel.incoming.assign(static_cast<std::size_t>(p), {});
  for (const InstanceMessage& m : m_instance.messages())
    if (tree.phase().isEmpty() || m.phase == tree.phase())
      panel.incoming[static_cast<std::size_t>(m.receiver)].push_back(m);

  panel.layout = TreeLayout{};
  if (!tree.isTree()) return;
  // Graphviz sees the ranks that take part, children in the order of their rounds.
  TreeLayoutInput input;
  input.nodeWidth = nodeWidthPoints;
  input.nodeHeight = nodeHeightPoints;
  std::deque<int> queue{tree.root()};
  while (!queue.empty()) {
    const int parent = queue.front();
    queue.pop_front();
    for (int child : tree.nodes()[static_cast<std::size_t>(parent)].children) {
      input.edges.emplace_back(parent, child);
      queue.push_back(child);
    }
  }
  // Ranks without messages would sit beside the root; lay out only the tree's ranks.
  std::vector<int> compact(static_cast<std::size_t>(p), -1);
  std::vector<int> ranks;
  for (int r = 0; r < p; ++r)
    if (tree.participates(r)) {
      compact[static_cast<std::size_t>(r)] = static_cast<int>(ranks.size());
      ranks.push_back(r);
    }
  input.nodes = static_cast<int>(ranks.size());
  for (auto& [parent, child] : input.edges) {
    parent = compact[static_cast<std::size_t>(parent)];
    child = compact[static_cast<std::size_t>(child)];
  }
  const TreeLayout packed = layoutTree(input);
  panel.layout.error = packed.error;
  panel.layout.bounds = packed.bounds;
  if (!packed.error.isEmpty()) return;
  panel.layout.centers.assign(static_cast<std::size_t>(p), QPointF(std::nan(""), std::nan("")));
  for (std::size_t i = 0; i < ranks.size(); ++i)
    panel.layout.centers[static_cast<std::size_t>(ranks[i])] = packed.centers[i];
}

double TreeScene::fill(int rank, const Playback& playback, int panelIndex) const {
  const TreePanel& panel = m_panels[static_cast<std::size_t>(panelIndex)];
  const TreeNode& node = panel.tree.nodes()[static_cast<std::size_t>(rank)];
  const double own = static_cast<double>(std::max<std::int64_t>(0, node.ownBytes));
  double arrived = 0.0;
  bool all = true;
  for (const InstanceMessage& m : panel.incoming[static_cast<std::size_t>(rank)]) {
    if (playback.messageState(m.message) == Playback::MessageState::delivered)
      arrived += static_cast<double>(m.bytes);
    else
      all = false;
  }
  const double total = own + static_cast<double>(node.incomingBytes);
  if (total <= 0.0) return all ? 1.0 : 0.0;
  return std::clamp((own + arrived) / total, 0.0, 1.0);
}

int TreeScene::blockOf(int message) const {
  const auto it = m_blockOf.find(message);
  return it == m_blockOf.end() ? -1 : it->second;
}

QString TreeScene::edgeLabel(int panelIndex, int e, const Playback& playback) const {
  const TreeEdge& edge =
      m_panels[static_cast<std::size_t>(panelIndex)].tree.edges()[static_cast<std::size_t>(e)];
  if (!m_pipelined || edge.messages.size() <= 1)
    return QStringLiteral("r%1 · %2")
        .arg(m_instance.roundLabel(edge.round), formatBytes(edge.bytes));
  // The block on the wire, else the last one that arrived; before and after: how many.
  int current = -1;
  int delivered = 0;
  for (int m : edge.messages) {
    const auto state = playback.messageState(m);
    if (state == Playback::MessageState::delivered) {
      ++delivered;
      current = m;
    } else if (state != Playback::MessageState::pending) {
      current = m;
      break;
    }
  }
  const auto blocks = static_cast<int>(edge.messages.size());
  if (current < 0) return QStringLiteral("%1 blocks").arg(blocks);
  if (delivered == blocks)
    return QStringLiteral("%1 blocks · %2").arg(blocks).arg(formatBytes(edge.bytes));
  QString round;
  for (const InstanceMessage& m :
       m_panels[static_cast<std::size_t>(panelIndex)]
           .incoming[static_cast<std::size_t>(edge.upward ? edge.parent : edge.child)])
    if (m.message == current) round = m_instance.roundLabel(m.round);
  const int block = blockOf(current);
  return QStringLiteral("b%1 in r%2 · %3/%4")
      .arg(block >= 0 ? QString::number(block) : QStringLiteral("?"), round)
      .arg(delivered)
      .arg(blocks);
}

void TreeScene::paint(QPainter& painter, const QRectF& area, const ViewStyle& style,
                      const Playback& playback, Colouring colouring, int selectedRank,
                      int selectedMessage) {
  const int p = m_instance.size();
  for (TreePanel& panel : m_panels) {
    panel.nodeRects.assign(static_cast<std::size_t>(p), QRectF());
    panel.edgeLines.assign(panel.tree.edges().size(), QLineF());
  }
  m_offer = QRectF();
  const TreePanel& first = m_panels.front();
  if (!first.tree.isTree() || !first.layout.error.isEmpty() || first.layout.bounds.isEmpty()) {
    paintNotATree(painter, area, style);
    return;
  }
  // Non-participating ranks are listed under the tree.
  QStringList idle;
  for (int r = 0; r < p; ++r) {
    bool anywhere = false;
    for (const TreePanel& panel : m_panels) anywhere = anywhere || panel.tree.participates(r);
    if (!anywhere) idle << QString::number(r);
  }
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
  // Several trees share the width, one beside the other, each under its heading.
  const auto count = static_cast<double>(m_panels.size());
  const double gap = count > 1 ? 2 * style.padding : 0.0;
  const double width = (treeArea.width() - gap * (count - 1)) / count;
  for (std::size_t i = 0; i < m_panels.size(); ++i) {
    QRectF slot(treeArea.left() + static_cast<double>(i) * (width + gap), treeArea.top(), width,
                treeArea.height());
    TreePanel& panel = m_panels[i];
    if (!panel.heading.isEmpty()) {
      const QFont font = sized(
          style.labelFont, style.textPixels(QFontMetricsF(style.labelFont).height() * 0.8), true);
      const double h = QFontMetricsF(font).height() * 1.3;
      painter.setFont(font);
      painter.setPen(panel.tone);
      painter.drawText(QRectF(slot.left(), slot.top(), slot.width(), h), Qt::AlignCenter,
                       QFontMetricsF(font).elidedText(panel.heading, Qt::ElideRight, slot.width()));
      painter.setPen(QPen(palette::withAlpha(panel.tone, 90), std::max(1.0, 2.0 * style.scale)));
      painter.drawLine(QPointF(slot.left(), slot.top() + h), QPointF(slot.right(), slot.top() + h));
      slot.setTop(slot.top() + h + style.padding);
    }
    paintPanel(painter, panel, slot, style, playback, colouring, selectedRank, selectedMessage);
  }
}

void TreeScene::paintPanel(QPainter& painter, TreePanel& panel, const QRectF& treeArea,
                           const ViewStyle& style, const Playback& playback, Colouring colouring,
                           int selectedRank, int selectedMessage) {
  const int p = m_instance.size();
  if (!panel.layout.error.isEmpty() || panel.layout.bounds.isEmpty()) return;
  const QRectF bounds = panel.layout.bounds.adjusted(-8, -8, 8, 8);
  double scale = std::min(treeArea.width() / bounds.width(), treeArea.height() / bounds.height());
  scale = std::min(scale, 3.0 * style.scale); // boxes stay boxes, not posters
  // A wide tree (many leaves) may use the height the width leaves over: levels spread apart.
  const double scaleY =
      std::clamp(treeArea.height() / bounds.height(), scale, std::max(scale, 3.0 * style.scale));
  const QPointF offset(treeArea.center().x() - bounds.center().x() * scale,
                       treeArea.center().y() - bounds.center().y() * scaleY);
  const QSizeF box(nodeWidthPoints * scale, nodeHeightPoints * scale);
  for (int r = 0; r < p; ++r) {
    const QPointF c = panel.layout.centers[static_cast<std::size_t>(r)];
    if (std::isnan(c.x())) continue;
    const QPointF centre = offset + QPointF(c.x() * scale, c.y() * scaleY);
    panel.nodeRects[static_cast<std::size_t>(r)] = QRectF(
        centre.x() - box.width() / 2, centre.y() - box.height() / 2, box.width(), box.height());
  }
  m_fontPixels = std::clamp(box.height() * 0.26, 7.0, 30.0 * style.scale);
  for (std::size_t e = 0; e < panel.tree.edges().size(); ++e) {
    const TreeEdge& edge = panel.tree.edges()[e];
    const QRectF& a = panel.nodeRects[static_cast<std::size_t>(edge.parent)];
    const QRectF& b = panel.nodeRects[static_cast<std::size_t>(edge.child)];
    const QPointF top(a.center().x(), a.bottom());
    const QPointF bottom(b.center().x(), b.top());
    panel.edgeLines[e] = edge.upward ? QLineF(bottom, top) : QLineF(top, bottom); // as data flows
  }
  panel.labelRects.assign(panel.tree.edges().size(), QRectF());
  painter.setRenderHint(QPainter::Antialiasing, true);
  const int index = static_cast<int>(&panel - m_panels.data());
  for (std::size_t e = 0; e < panel.tree.edges().size(); ++e)
    paintEdge(painter, panel, static_cast<int>(e), style, playback, colouring, selectedMessage);
  for (int r = 0; r < p; ++r)
    if (!panel.nodeRects[static_cast<std::size_t>(r)].isEmpty())
      paintNode(painter, panel, index, r, style, playback, colouring, selectedRank);
}

void TreeScene::paintNotATree(QPainter& painter, const QRectF& area, const ViewStyle& style) {
  painter.setPen(style.text);
  painter.setFont(style.labelFont);
  const QFontMetricsF metrics(style.labelFont);
  QString text;
  if (!layout().error.isEmpty())
    text = layout().error;
  else if (m_instance.messages().empty())
    text = QStringLiteral("This run has no messages to draw.");
  else
    text = QStringLiteral("Not a tree: %1").arg(tree().reason());
  const QRectF textBox(area.left() + area.width() * 0.1, area.top() + area.height() * 0.25,
                       area.width() * 0.8, metrics.height() * 4);
  painter.drawText(textBox, Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap, text);
  if (!tree().isTree() && !m_instance.messages().empty()) {
    const QString offer = QStringLiteral("Show the circulant view  →");
    const double w = metrics.horizontalAdvance(offer) + 3 * style.padding;
    const double h = metrics.height() * 1.8;
    m_offer = QRectF(area.center().x() - w / 2, textBox.bottom() + style.padding, w, h);
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.setBrush(palette::blue);
    painter.setPen(Qt::NoPen);
    painter.drawRoundedRect(m_offer, h / 4, h / 4);
    painter.setPen(Qt::white);
    painter.drawText(m_offer, Qt::AlignCenter, offer);
    painter.setBrush(Qt::NoBrush);
  }
}

namespace {

bool crosses(const QLineF& line, const QRectF& rect) {
  if (line.isNull()) return false;
  if (rect.contains(line.p1()) || rect.contains(line.p2())) return true;
  const QLineF sides[] = {{rect.topLeft(), rect.topRight()},
                          {rect.topRight(), rect.bottomRight()},
                          {rect.bottomRight(), rect.bottomLeft()},
                          {rect.bottomLeft(), rect.topLeft()}};
  for (const QLineF& side : sides)
    if (line.intersects(side, nullptr) == QLineF::BoundedIntersection) return true;
  return false;
}

} // namespace

bool TreeScene::labelIsClear(const TreePanel& panel, int e, const QRectF& box) {
  for (const QRectF& node : panel.nodeRects)
    if (!node.isEmpty() && node.intersects(box)) return false;
  for (std::size_t other = 0; other < panel.edgeLines.size(); ++other)
    if (static_cast<int>(other) != e && crosses(panel.edgeLines[other], box)) return false;
  for (const QRectF& placed : panel.labelRects)
    if (!placed.isEmpty() && placed.intersects(box)) return false;
  return true;
}

void TreeScene::paintEdge(QPainter& painter, TreePanel& panel, int e, const ViewStyle& style,
                          const Playback& playback, Colouring colouring,
                          int selectedMessage) const {
  const TreeEdge& edge = panel.tree.edges()[static_cast<std::size_t>(e)];
  const QLineF& line = panel.edgeLines[static_cast<std::size_t>(e)];
  const double width = std::max(1.5, 4.0 * style.scale);
  const double head = std::max(6.0, 16.0 * style.scale);
  // A pipelined edge fills block by block: the share of its messages delivered, plus the
  // part of the one on the wire.
  bool delivered = true;
  bool started = false;
  double done = 0.0;
  int current = -1;
  for (int m : edge.messages) {
    const auto state = playback.messageState(m);
    if (state != Playback::MessageState::delivered) delivered = false;
    if (state != Playback::MessageState::pending) {
      started = true;
      current = m;
    }
    done += std::clamp(playback.progress(m), 0.0, 1.0);
  }
  const double progress =
      edge.messages.empty() ? 1.0 : done / static_cast<double>(edge.messages.size());
  const bool selected =
      std::find(edge.messages.begin(), edge.messages.end(), selectedMessage) != edge.messages.end();
  const int edgeColour = panel.edgeColour[static_cast<std::size_t>(e)];
  QColor colour = palette::secondaryInk;
  if (colouring == Colouring::delays) {
    if (panel.edgeCritical[static_cast<std::size_t>(e)]) colour = criticalColour;
  } else if (m_panels.size() > 1) {
    if (edgeColour >= 0) colour = edgeColour == 0 ? palette::vermillion : palette::blue;
  } else {
    int round = edge.round;
    if (m_pipelined && current >= 0)
      for (const InstanceMessage& m :
           panel.incoming[static_cast<std::size_t>(edge.upward ? edge.parent : edge.child)])
        if (m.message == current) round = m.round;
    colour = roundColor(round, m_instance.roundCount());
  }
  if (selected) {
    painter.setPen(QPen(selectionColour, width * 3.5, Qt::SolidLine, Qt::RoundCap));
    painter.drawLine(line);
  }
  if (colouring == Colouring::delays && panel.edgeCritical[static_cast<std::size_t>(e)]) {
    painter.setPen(
        QPen(palette::withAlpha(criticalColour, 70), width * 3.0, Qt::SolidLine, Qt::RoundCap));
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
    label = edgeLabel(static_cast<int>(&panel - m_panels.data()), e, playback);
  else if (panel.edgeWait[static_cast<std::size_t>(e)] > 0.0)
    label = QStringLiteral("δ %1").arg(formatDuration(panel.edgeWait[static_cast<std::size_t>(e)]));
  const double wanted = m_fontPixels * 0.85;
  if (label.isEmpty() || (wanted < 7.65 && !style.raised(wanted))) return;
  const QFont font = sized(style.tickFont, style.textPixels(wanted), false);
  const QFontMetricsF metrics(font);
  // Just above the child's box: siblings' boxes never overlap, so neither do their labels if
  // they are no wider than the box. A long label drops its tail (" · 2/3", then " in r4").
  const double room = panel.nodeRects[static_cast<std::size_t>(edge.child)].width();
  for (const QString& cut : {QStringLiteral(" · "), QStringLiteral(" in ")})
    if (metrics.horizontalAdvance(label) + 6 > room && label.contains(cut))
      label.truncate(label.lastIndexOf(cut));
  const QRectF& child = panel.nodeRects[static_cast<std::size_t>(edge.child)];
  QRectF box(0, 0, metrics.horizontalAdvance(label) + 6, metrics.height());
  box.moveCenter(QPointF(child.center().x(), child.top() - metrics.height() * 0.75));
  // Raised to a slide's floor, a label may outgrow its room: then it is left out rather than
  // drawn over a box or its neighbour.
  if (style.raised(wanted) && box.width() > room + 8) return;
  // Above the child, unless another edge runs through the label there (a wide fan at the
  // root: the edges to the far children cross the labels of the near ones); then on its own
  // edge, nearer the child, where no other edge, box or label is.
  if (!labelIsClear(panel, e, box)) {
    const QPointF childEnd = edge.upward ? line.p1() : line.p2();
    const QPointF parentEnd = edge.upward ? line.p2() : line.p1();
    bool placed = false;
    for (const double t : {0.7, 0.55, 0.85, 0.4}) {
      QRectF along = box;
      along.moveCenter(parentEnd + (childEnd - parentEnd) * t);
      if (labelIsClear(panel, e, along)) {
        box = along;
        placed = true;
        break;
      }
    }
    if (!placed && style.raised(wanted)) return;
  }
  panel.labelRects[static_cast<std::size_t>(e)] = box;
  painter.setPen(Qt::NoPen);
  painter.setBrush(QColor(255, 255, 255, 225));
  painter.drawRoundedRect(box, 3, 3);
  painter.setBrush(Qt::NoBrush);
  painter.setFont(font);
  painter.setPen(started || colouring == Colouring::delays ? style.text : QColor(150, 150, 150));
  painter.drawText(box, Qt::AlignCenter, label);
}

void TreeScene::paintNode(QPainter& painter, const TreePanel& panel, int panelIndex, int rank,
                          const ViewStyle& style, const Playback& playback, Colouring colouring,
                          int selectedRank) const {
  const QRectF rect = panel.nodeRects[static_cast<std::size_t>(rank)];
  const TreeNode& node = panel.tree.nodes()[static_cast<std::size_t>(rank)];
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
    const double share = fill(rank, playback, panelIndex);
    QPainterPath clip;
    clip.addRoundedRect(rect, radius, radius);
    painter.save();
    painter.setClipPath(clip);
    painter.fillRect(QRectF(rect.left(), rect.bottom() - rect.height() * share, rect.width(),
                            rect.height() * share),
                     QColor(fillColour.red(), fillColour.green(), fillColour.blue(), 150));
    painter.restore();
  }
  const bool isRoot = rank == panel.tree.root();
  painter.setBrush(Qt::NoBrush);
  painter.setPen(
      QPen(panel.tone.isValid() ? panel.tone : style.text,
           isRoot ? std::max(2.0, 4.0 * style.scale) : std::max(1.0, 2.0 * style.scale)));
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
  const double big = style.textPixels(m_fontPixels * 1.35);
  const double small = style.textPixels(m_fontPixels * 0.8);
  const QFont detailFont = sized(style.tickFont, small, false);
  const QFontMetricsF detailMetrics(detailFont);
  const double lineHeight = detailMetrics.height();
  const double rankHeight = QFontMetricsF(sized(style.labelFont, big, true)).height();
  // Details in small type, if they fit the box: at a slide's floor they may not, and then the
  // box shows its rank alone.
  bool details = m_fontPixels * 0.8 >= 8.5 && !lines.isEmpty();
  if (details && style.raised(m_fontPixels * 0.8)) {
    // "waited 1.09 µs" that does not fit says its duration alone.
    const double wait = m_nodeWait[static_cast<std::size_t>(rank)];
    if (colouring == Colouring::delays && wait > 0.0 &&
        detailMetrics.horizontalAdvance(lines.front()) > rect.width() - 4)
      lines.front() = formatDuration(wait);
    details = rankHeight + lineHeight * static_cast<double>(lines.size()) <= rect.height();
    for (const QString& line : lines)
      details = details && detailMetrics.horizontalAdvance(line) <= rect.width() - 4;
  }
  QFont rankFont =
      sized(style.labelFont,
            details ? big : style.textPixels(std::min(big * 1.3, rect.height() * 0.6)), true);
  // The root's "(root)" must fit its box whether or not details follow (a reduction's nodes
  // have none): it shrinks, never below the style's text floor, else the box says its rank.
  QString label = rankLabel(rank, panelIndex);
  const double room = rect.width() - 4;
  if (const double width = QFontMetricsF(rankFont).horizontalAdvance(label); width > room) {
    const QFont shrunk =
        sized(rankFont, style.textPixels(rankFont.pixelSize() * room / width), true);
    if (QFontMetricsF(shrunk).horizontalAdvance(label) <= room)
      rankFont = shrunk;
    else
      label = QString::number(rank);
  }
  if (!details) {
    painter.setFont(rankFont);
    painter.drawText(rect, Qt::AlignCenter, label);
    return;
  }
  const double total = rankHeight + lineHeight * static_cast<double>(lines.size());
  double y = rect.center().y() - total / 2;
  painter.setFont(rankFont);
  painter.drawText(QRectF(rect.left(), y, rect.width(), rankHeight), Qt::AlignCenter, label);
  y += rankHeight;
  painter.setFont(detailFont);
  for (const QString& line : lines) {
    painter.drawText(QRectF(rect.left(), y, rect.width(), lineHeight), Qt::AlignCenter, line);
    y += lineHeight;
  }
}

QString TreeScene::rankLabel(int rank, int panel) const {
  const bool isRoot = panel >= 0 && panel < static_cast<int>(m_panels.size()) &&
                      rank == m_panels[static_cast<std::size_t>(panel)].tree.root();
  return isRoot ? QStringLiteral("%1 (root)").arg(rank) : QString::number(rank);
}

int TreeScene::rankAt(const QPointF& point) const {
  for (const TreePanel& panel : m_panels)
    for (std::size_t r = 0; r < panel.nodeRects.size(); ++r)
      if (panel.nodeRects[r].contains(point)) return m_instance.worldRank(static_cast<int>(r));
  return -1;
}

int TreeScene::messageAt(const QPointF& point) const {
  for (const TreePanel& panel : m_panels)
    for (std::size_t e = 0; e < panel.edgeLines.size(); ++e)
      if (!panel.edgeLines[e].isNull() && distanceToSegment(point, panel.edgeLines[e]) < 6.0 &&
          !panel.tree.edges()[e].messages.empty())
        return panel.tree.edges()[e].messages.front();
  return -1;
}

bool TreeScene::offerAt(const QPointF& point) const {
  return m_offer.contains(point);
}

} // namespace collscope::app
