#include "document/blockownership.h"

#include <QStringList>
#include <algorithm>
#include <set>

namespace collscope::app {

namespace {

bool startsWith(const QString& collective, const char* prefix) {
  return collective == QLatin1String(prefix) ||
         collective == QLatin1String(prefix) + QLatin1Char('v');
}

void insertMerged(std::vector<ElementRange>& ranges, ElementRange range) {
  if (range.end <= range.begin) return;
  ranges.push_back(range);
  std::sort(ranges.begin(), ranges.end(),
            [](const ElementRange& a, const ElementRange& b) { return a.begin < b.begin; });
  std::vector<ElementRange> merged;
  for (const ElementRange& r : ranges) {
    if (!merged.empty() && r.begin <= merged.back().end)
      merged.back().end = std::max(merged.back().end, r.end);
    else
      merged.push_back(r);
  }
  ranges = std::move(merged);
}

} // namespace

std::uint64_t Holding::elements() const {
  std::uint64_t n = 0;
  for (const ElementRange& r : ranges) n += r.end - r.begin;
  return n;
}

bool Holding::covers(std::uint64_t begin, std::uint64_t end) const {
  for (const ElementRange& r : ranges)
    if (r.begin <= begin && end <= r.end) return true;
  return begin >= end;
}

Holdings::Holdings(int p)
    : m_size(p), m_bytes(static_cast<std::size_t>(p), 0),
      m_incoming(static_cast<std::size_t>(p), 0) {}

const Holding& Holdings::at(int rank, int origin) const {
  static const Holding none;
  const std::size_t i = static_cast<std::size_t>(rank) * static_cast<std::size_t>(m_size) +
                        static_cast<std::size_t>(origin);
  if (rank < 0 || origin < 0 || rank >= m_size || origin >= m_size || i >= m_holdings.size())
    return none;
  return m_holdings[i];
}

Holding& Holdings::at(int rank, int origin) {
  return m_holdings[static_cast<std::size_t>(rank) * static_cast<std::size_t>(m_size) +
                    static_cast<std::size_t>(origin)];
}

bool Holdings::holds(int rank, int origin, std::uint64_t extent) const {
  const Holding& h = at(rank, origin);
  if (extent == 0) return h.touched;
  return h.ranges.size() == 1 && h.ranges[0].begin == 0 && h.ranges[0].end >= extent;
}

BlockOwnership BlockOwnership::build(const CollectiveInstance& instance,
                                     const model::Trace& trace) {
  BlockOwnership result;
  const int p = instance.size();
  const auto n = static_cast<std::size_t>(p);
  result.m_size = p;
  result.m_hasBlocks = instance.hasBlocks();

  const QString collective = instance.collective();
  const int root = instance.root();
  result.m_initial.assign(n, {});
  // alltoall(v): a rank's own block for itself is held from the start; the block origin o
  // sends to rank r is the one r receives, so rank r's row ends as column r of the p × p send
  // matrix (the transpose).
  if (startsWith(collective, "gather") || startsWith(collective, "allgather") ||
      startsWith(collective, "alltoall")) {
    for (int r = 0; r < p; ++r) result.m_initial[static_cast<std::size_t>(r)] = {r};
  } else if (startsWith(collective, "scatter") && root >= 0) {
    for (int o = 0; o < p; ++o) result.m_initial[static_cast<std::size_t>(root)].push_back(o);
  } else if (collective == QLatin1String("bcast") && root >= 0) {
    result.m_initial[static_cast<std::size_t>(root)] = {root};
  } else if (isReduction(collective)) {
    for (int r = 0; r < p; ++r) result.m_initial[static_cast<std::size_t>(r)] = {r};
  }

  std::vector<std::uint64_t> maxEnd(n, 0);
  std::set<int> slotSet;
  for (const std::vector<int>& held : result.m_initial) slotSet.insert(held.begin(), held.end());
  std::vector<std::uint64_t> received(n, 0);
  for (const InstanceMessage& m : instance.messages()) {
    const model::Message& message = trace.messages[static_cast<std::size_t>(m.message)];
    Carried carried{m.message,
                    m.receiver,
                    m.round,
                    message.bytes,
                    message.blocks.has_value(),
                    message.blocks.value_or(model::Blocks{})};
    received[static_cast<std::size_t>(m.receiver)] += message.bytes;
    if (carried.annotated && p > 0) {
      for (std::uint32_t i = 0; i < carried.blocks.origin_count && i < n; ++i) {
        const auto origin = static_cast<std::size_t>((carried.blocks.origin_first + i) % n);
        slotSet.insert(static_cast<int>(origin));
        if (carried.blocks.element_count > 0)
          maxEnd[origin] =
              std::max(maxEnd[origin], carried.blocks.element_begin + carried.blocks.element_count);
      }
    }
    result.m_carried.push_back(carried);
  }
  result.m_slots.assign(slotSet.begin(), slotSet.end());
  if (!received.empty()) result.m_maxBytes = *std::max_element(received.begin(), received.end());

  long long typeSize = 0;
  try {
    typeSize = std::stoll(instance.meta("type_size"));
  } catch (const std::exception&) {
    typeSize = 0;
  }
  result.m_extent.assign(n, 1);
  result.m_boundaries.assign(n, {});
  for (std::size_t o = 0; o < n; ++o) {
    const std::int64_t own = instance.ownBytes(static_cast<int>(o));
    if (maxEnd[o] > 0)
      result.m_extent[o] = maxEnd[o];
    else if (own >= 0 && typeSize > 0)
      result.m_extent[o] = static_cast<std::uint64_t>(own / typeSize);
  }
  for (std::size_t o = 0; o < n; ++o) {
    std::set<std::uint64_t> cuts{0, result.m_extent[o]};
    for (const Carried& c : result.m_carried) {
      if (!c.annotated || c.blocks.element_count == 0) continue;
      for (std::uint32_t i = 0; i < c.blocks.origin_count && i < n; ++i)
        if ((c.blocks.origin_first + i) % n == o) {
          cuts.insert(std::min(c.blocks.element_begin, result.m_extent[o]));
          cuts.insert(
              std::min(c.blocks.element_begin + c.blocks.element_count, result.m_extent[o]));
        }
    }
    result.m_boundaries[o].assign(cuts.begin(), cuts.end());
  }
  return result;
}

Holdings BlockOwnership::initial() const {
  return afterRound(-1);
}

Holdings BlockOwnership::afterRound(int column) const {
  return compute([column](const Carried& c) {
    return c.round <= column ? Playback::MessageState::delivered : Playback::MessageState::pending;
  });
}

Holdings BlockOwnership::at(const Playback& playback) const {
  return compute([&playback](const Carried& c) { return playback.messageState(c.message); });
}

std::vector<int> BlockOwnership::originsHeld(const Holdings& holdings, int rank) const {
  std::vector<int> origins;
  for (int o : m_slots)
    if (holdings.holds(rank, o, extent(o))) origins.push_back(o);
  return origins;
}

bool isReduction(const QString& collective) {
  return collective == QLatin1String("reduce") || collective == QLatin1String("allreduce") ||
         collective == QLatin1String("scan") || collective == QLatin1String("exscan") ||
         collective.startsWith(QLatin1String("reduce_scatter"));
}

std::vector<OriginRun> BlockOwnership::partialSum(const Holdings& holdings, int rank) const {
  const int p = m_size;
  // 0: not held, 1: in part, 2: whole.
  std::vector<int> state(static_cast<std::size_t>(p), 0);
  for (int o = 0; o < p; ++o) {
    const Holding& h = holdings.at(rank, o);
    state[static_cast<std::size_t>(o)] =
        holdings.holds(rank, o, extent(o)) ? 2 : (h.elements() > 0 ? 1 : 0);
  }
  const auto at = [&](int o) { return state[static_cast<std::size_t>(((o % p) + p) % p)]; };
  std::vector<OriginRun> runs;
  for (int o = 0; o < p; ++o) {
    if (at(o) == 0 || at(o) == at(o - 1)) continue; // not held, or inside a run begun before
    OriginRun run{o, 0, at(o) == 2};
    while (run.count < p && at(o + run.count) == at(o)) ++run.count;
    runs.push_back(run);
  }
  if (runs.empty() && p > 0 && at(0) != 0) runs.push_back({0, p, at(0) == 2}); // all alike
  return runs;
}

QString BlockOwnership::partialSumText(const std::vector<OriginRun>& runs, int p) {
  const auto subscript = [](int n) {
    QString digits = QString::number(n);
    for (QChar& c : digits) c = QChar(0x2080 + (c.unicode() - '0'));
    return QStringLiteral("B") + digits;
  };
  const auto text = [&](const OriginRun& r) {
    return r.count == 1 ? subscript(r.first)
                        : subscript(r.first) + QStringLiteral("..") +
                              subscript((r.first + r.count - 1) % std::max(p, 1));
  };
  QStringList whole, part;
  for (const OriginRun& r : runs) (r.whole ? whole : part) << text(r);
  if (whole.isEmpty() && part.isEmpty()) return QStringLiteral("nothing");
  QString result = whole.join(QStringLiteral(", "));
  if (!part.isEmpty())
    result += (result.isEmpty() ? QStringLiteral("parts of ") : QStringLiteral(" + parts of ")) +
              part.join(QStringLiteral(", "));
  return result;
}

Holdings
BlockOwnership::compute(const std::function<Playback::MessageState(const Carried&)>& state) const {
  Holdings holdings(m_size);
  if (m_hasBlocks) {
    holdings.m_holdings.resize(static_cast<std::size_t>(m_size) * static_cast<std::size_t>(m_size));
    for (int r = 0; r < m_size; ++r)
      for (int o : m_initial[static_cast<std::size_t>(r)]) {
        Holding& h = holdings.at(r, o);
        insertMerged(h.ranges, {0, extent(o)});
        h.touched = true;
      }
  }
  for (const Carried& c : m_carried) {
    const Playback::MessageState s = state(c);
    if (s == Playback::MessageState::pending) continue;
    const bool delivered = s == Playback::MessageState::delivered;
    (delivered ? holdings.m_bytes : holdings.m_incoming)[static_cast<std::size_t>(c.receiver)] +=
        c.bytes;
    if (!m_hasBlocks || !c.annotated) continue;
    const auto n = static_cast<std::uint32_t>(m_size);
    for (std::uint32_t i = 0; i < c.blocks.origin_count && i < n; ++i) {
      const int origin = static_cast<int>((c.blocks.origin_first + i) % n);
      add(holdings.at(c.receiver, origin), c, extent(origin), delivered);
    }
  }
  return holdings;
}

void BlockOwnership::add(Holding& holding, const Carried& carried, std::uint64_t extent,
                         bool delivered) const {
  ElementRange range{0, extent};
  if (carried.blocks.element_count > 0)
    range = {std::min(carried.blocks.element_begin, extent),
             std::min(carried.blocks.element_begin + carried.blocks.element_count, extent)};
  if (delivered) {
    insertMerged(holding.ranges, range);
    holding.touched = true;
    holding.lastMessage = carried.message;
  } else {
    holding.incoming.push_back(range);
    holding.incomingMessage = carried.message;
  }
}

} // namespace collscope::app
