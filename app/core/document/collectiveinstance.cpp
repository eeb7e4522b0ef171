#include "document/collectiveinstance.h"

#include "document/units.h"

#include <algorithm>
#include <numeric>
#include <set>
#include <sstream>

namespace collscope::app {

namespace {

QString phaseOfMessage(const model::Trace& trace, const model::Message& message) {
  if (message.send_op < 0) return {};
  const model::Rank& rank = trace.ranks[static_cast<std::size_t>(message.sender)];
  int region = rank.operations[static_cast<std::size_t>(message.send_op)].region;
  while (region >= 0) {
    const model::Region& r = rank.regions[static_cast<std::size_t>(region)];
    if (r.kind == model::RegionKind::phase) {
      QString name = QString::fromStdString(r.name);
      if (name.startsWith(QLatin1String("phase "))) name = name.mid(6);
      return name;
    }
    region = r.parent;
  }
  return {};
}

int instanceOfMessage(const model::Trace& trace, const model::Message& message) {
  if (message.send_op < 0) return model::no_index;
  const model::Rank& rank = trace.ranks[static_cast<std::size_t>(message.sender)];
  const int region = rank.operations[static_cast<std::size_t>(message.send_op)].region;
  if (region < 0) return model::no_index;
  return rank.regions[static_cast<std::size_t>(region)].instance;
}

long long parseInteger(const std::string& text, long long fallback) {
  try {
    std::size_t used = 0;
    const long long value = std::stoll(text, &used);
    return used == text.size() ? value : fallback;
  } catch (const std::exception&) {
    return fallback;
  }
}

} // namespace

CollectiveInstance CollectiveInstance::build(const TraceDocument& document, int index) {
  const model::Trace& trace = document.trace();
  const TraceAnalyses& analyses = document.analyses();
  CollectiveInstance result;
  result.m_instanceCount = static_cast<int>(trace.algorithms.size());
  if (index < 0 || index >= result.m_instanceCount) index = -1;
  result.m_index = index;
  if (index >= 0) {
    const model::AlgorithmInstance& instance = trace.algorithms[static_cast<std::size_t>(index)];
    result.m_collective = QString::fromStdString(instance.collective);
    result.m_algorithm = QString::fromStdString(instance.algorithm);
    result.m_meta = instance.meta;
  }

  std::vector<int> selected;
  for (int m = 0; m < document.messageCount(); ++m)
    if (index < 0 || instanceOfMessage(trace, trace.messages[static_cast<std::size_t>(m)]) == index)
      selected.push_back(m);

  // The communicator: the one the messages used, in world ranks.
  result.m_members.resize(trace.ranks.size());
  std::iota(result.m_members.begin(), result.m_members.end(), 0);
  if (!selected.empty()) {
    const auto comm = trace.comms.find(trace.messages[static_cast<std::size_t>(selected[0])].comm);
    if (comm != trace.comms.end() && !comm->second.members.empty())
      result.m_members = comm->second.members;
  }
  result.m_commRankOf.assign(trace.ranks.size(), -1);
  for (std::size_t r = 0; r < result.m_members.size(); ++r) {
    const int world = result.m_members[r];
    if (world >= 0 && world < static_cast<int>(trace.ranks.size()))
      result.m_commRankOf[static_cast<std::size_t>(world)] = static_cast<int>(r);
  }
  result.m_root = static_cast<int>(parseInteger(result.meta("root"), -1));
  if (result.m_root >= result.size()) result.m_root = -1;

  // Rounds: as annotated when the instance's sends are in `round k` regions, else inferred.
  const auto annotated = [&](int m) {
    return analyses.annotated.message_round.empty()
               ? -1
               : analyses.annotated.message_round[static_cast<std::size_t>(m)];
  };
  result.m_annotated =
      std::any_of(selected.begin(), selected.end(), [&](int m) { return annotated(m) >= 0; });
  std::vector<int> value(selected.size());
  std::set<int> distinct;
  for (std::size_t i = 0; i < selected.size(); ++i) {
    const int m = selected[i];
    value[i] = result.m_annotated ? std::max(0, annotated(m))
                                  : analyses.inferred.message_round[static_cast<std::size_t>(m)];
    distinct.insert(value[i]);
  }
  const std::vector<int> columns(distinct.begin(), distinct.end());
  for (std::size_t c = 0; c < columns.size(); ++c)
    result.m_roundLabels.push_back(
        QString::number(result.m_annotated ? columns[c] : static_cast<int>(c) + 1));

  for (std::size_t i = 0; i < selected.size(); ++i) {
    const model::Message& message = trace.messages[static_cast<std::size_t>(selected[i])];
    InstanceMessage entry;
    entry.message = selected[i];
    entry.sender = result.commRank(message.sender);
    entry.receiver = result.commRank(message.receiver);
    entry.bytes = message.bytes;
    entry.phase = phaseOfMessage(trace, message);
    if (!entry.phase.isEmpty() && !result.m_phases.contains(entry.phase))
      result.m_phases << entry.phase;
    if (entry.sender < 0 || entry.receiver < 0) continue;
    entry.round = static_cast<int>(std::lower_bound(columns.begin(), columns.end(), value[i]) -
                                   columns.begin());
    result.m_hasBlocks = result.m_hasBlocks || message.blocks.has_value();
    result.m_messages.push_back(entry);
  }
  std::stable_sort(
      result.m_messages.begin(), result.m_messages.end(),
      [](const InstanceMessage& a, const InstanceMessage& b) { return a.round < b.round; });

  // Own blocks from the metadata: counts (irregular) or count, times type_size.
  result.m_ownBytes.assign(result.m_members.size(), -1);
  const long long typeSize = parseInteger(result.meta("type_size"), -1);
  if (typeSize > 0) {
    const std::string counts = result.meta("counts");
    if (!counts.empty()) {
      std::stringstream stream(counts);
      std::string item;
      for (std::size_t r = 0; r < result.m_ownBytes.size() && std::getline(stream, item, ','); ++r)
        result.m_ownBytes[r] = parseInteger(item, -1) < 0 ? -1 : parseInteger(item, -1) * typeSize;
    } else {
      const long long count = parseInteger(result.meta("count"), -1);
      const QString c = result.m_collective;
      if (count >= 0) {
        if (c == QLatin1String("bcast")) {
          if (result.m_root >= 0)
            result.m_ownBytes[static_cast<std::size_t>(result.m_root)] = count * typeSize;
        } else if (c != QLatin1String("reduce")) {
          std::fill(result.m_ownBytes.begin(), result.m_ownBytes.end(), count * typeSize);
        }
      }
    }
  }
  return result;
}

int CollectiveInstance::indexAt(const TraceDocument& document, const Playback& playback) {
  const auto& instances = document.trace().algorithms;
  if (instances.empty()) return -1;
  const TraceClock* clock = playback.clock();
  double seconds = document.trace().duration;
  if (clock != nullptr)
    seconds = clock->isRounds() ? clock->timeAt(playback.cursor()) : playback.cursor();
  int found = 0;
  for (std::size_t i = 0; i < instances.size(); ++i)
    if (instances[i].begin <= seconds) found = static_cast<int>(i);
  return found;
}

QString CollectiveInstance::title() const {
  QString text = m_collective.isEmpty() ? QStringLiteral("all messages")
                                        : m_collective + QLatin1Char('/') + m_algorithm;
  text += QStringLiteral("  p = %1").arg(size());
  if (m_root >= 0) text += QStringLiteral("  root %1").arg(m_root);
  if (m_instanceCount > 1 && m_index >= 0)
    text += QStringLiteral("  (run %1 of %2)").arg(m_index + 1).arg(m_instanceCount);
  return text;
}

int CollectiveInstance::commRank(int worldRank) const {
  if (worldRank < 0 || worldRank >= static_cast<int>(m_commRankOf.size())) return -1;
  return m_commRankOf[static_cast<std::size_t>(worldRank)];
}

QString CollectiveInstance::roundLabel(int column) const {
  if (column < 0 || column >= roundCount()) return QString();
  return m_roundLabels[static_cast<std::size_t>(column)];
}

int CollectiveInstance::currentRound(const Playback& playback) const {
  int current = roundCount();
  for (const InstanceMessage& m : m_messages)
    if (playback.messageState(m.message) != Playback::MessageState::delivered)
      current = std::min(current, m.round);
  return current;
}

QString CollectiveInstance::progressText(const Playback& playback) const {
  const int rounds = roundCount();
  int latest = -1;
  bool all = true;
  for (const InstanceMessage& m : m_messages) {
    const Playback::MessageState state = playback.messageState(m.message);
    all = all && state == Playback::MessageState::delivered;
    if (state != Playback::MessageState::pending) latest = std::max(latest, m.round);
  }
  QString text;
  if (all) {
    text = rounds == 1 ? QStringLiteral("1 round") : QStringLiteral("all %1 rounds").arg(rounds);
  } else {
    const int complete = currentRound(playback);
    text = QStringLiteral("%1 of %2 rounds complete").arg(complete).arg(rounds);
    if (latest >= complete)
      text = QStringLiteral("round %1 in flight · ").arg(roundLabel(latest)) + text;
  }
  if (playback.clock() != nullptr && !playback.clock()->isRounds())
    text = QStringLiteral("t = %1 · ").arg(formatDuration(playback.cursor())) + text;
  return text;
}

std::int64_t CollectiveInstance::ownBytes(int commRank) const {
  if (commRank < 0 || commRank >= size()) return -1;
  return m_ownBytes[static_cast<std::size_t>(commRank)];
}

std::string CollectiveInstance::meta(const std::string& key) const {
  const auto it = m_meta.find(key);
  return it == m_meta.end() ? std::string() : it->second;
}

} // namespace collscope::app
