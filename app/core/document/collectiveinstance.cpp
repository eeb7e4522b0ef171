#include "document/collectiveinstance.h"

#include <algorithm>
#include <numeric>
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
      QString name = QString::fromUtf8(r.name.data(), static_cast<qsizetype>(r.name.size()));
      if (name.startsWith(QLatin1String("phase "))) name = name.mid(6);
      return name;
    }
    region = r.parent;
  }
  return {};
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

/// Each rank's `received` and `expected` metadata of the instance's region, by comm rank.
ReceivedBuffers receivedBuffers(const model::Trace& trace, int index,
                                const std::vector<int>& commRankOf, std::size_t size) {
  ReceivedBuffers buffers;
  const model::AlgorithmInstance& instance = trace.algorithms[static_cast<std::size_t>(index)];
  const auto read = [](const model::Meta& meta, std::string_view key) {
    const auto it = meta.find(key);
    return it == meta.end() ? std::optional<ReceivedBuffer>() : ReceivedBuffer::parse(it->second);
  };
  for (const model::OpRef& ref : instance.regions) {
    const int rank = ref.rank >= 0 && ref.rank < static_cast<int>(commRankOf.size())
                         ? commRankOf[static_cast<std::size_t>(ref.rank)]
                         : -1;
    if (rank < 0 || static_cast<std::size_t>(rank) >= size) continue;
    const auto r = static_cast<std::size_t>(rank);
    if (buffers.received.size() <= r) {
      buffers.received.resize(r + 1);
      buffers.expected.resize(r + 1);
    }
    const model::Meta& meta = trace.ranks[static_cast<std::size_t>(ref.rank)]
                                  .regions[static_cast<std::size_t>(ref.op)]
                                  .meta;
    buffers.received[r] = read(meta, "received");
    // No `expected`: the harness found the buffer as MPI's.
    buffers.expected[r] = meta.contains("expected") ? read(meta, "expected") : buffers.received[r];
  }
  if (!buffers.any()) return {};
  buffers.received.resize(size);
  buffers.expected.resize(size);
  return buffers;
}

} // namespace

CollectiveInstance CollectiveInstance::build(const TraceDocument& document, int index) {
  const model::Trace& trace = document.trace();
  const TraceAnalyses& analyses = document.analyses();
  CollectiveInstance result;
  result.m_instanceCount = static_cast<int>(trace.algorithms.size());
  if (index < 0 || index >= result.m_instanceCount) index = -1;
  result.m_index = index;
  if (const model::Call* call = document.call())
    result.m_call =
        QStringLiteral("call %1 · %2").arg(call->index).arg(QString::fromStdString(call->name));
  if (index >= 0) {
    const model::AlgorithmInstance& instance = trace.algorithms[static_cast<std::size_t>(index)];
    result.m_collective = QString::fromStdString(instance.collective);
    result.m_algorithm = QString::fromStdString(instance.algorithm);
    result.m_meta = instance.meta;
  }

  const CollectiveRounds& rounds = analyses.collective;
  result.m_group = rounds.groupOf(index);
  const RoundGroup& group = rounds.groups[static_cast<std::size_t>(result.m_group)];
  const std::vector<int>& selected = group.messages;

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
  if (index >= 0)
    result.m_received = receivedBuffers(trace, index, result.m_commRankOf, result.m_members.size());
  if (result.m_root >= result.size()) result.m_root = -1;

  // Rounds: as every view numbers them (collectiverounds.h).
  result.m_annotated = group.annotated;
  for (const int label : group.labels) result.m_roundLabels.push_back(QString::number(label));

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
    entry.round = rounds.column[static_cast<std::size_t>(selected[i])];
    if (entry.round < 0) continue;
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
  if (document.trace().algorithms.empty()) return -1;
  const TraceClock& clock =
      playback.clock() != nullptr ? *playback.clock() : document.clock(AxisMode::time);
  const int group = clock.groupAt(playback.clock() != nullptr ? playback.cursor() : clock.end());
  if (group < 0) return 0;
  const int instance =
      document.analyses().collective.groups[static_cast<std::size_t>(group)].instance;
  return instance < 0 ? 0 : instance;
}

QString CollectiveInstance::title() const {
  QString text = m_collective.isEmpty() ? QStringLiteral("all messages")
                                        : m_collective + QLatin1Char('/') + m_algorithm;
  if (!m_call.isEmpty())
    text = m_collective.isEmpty() || m_call.endsWith(text) ? m_call
                                                           : m_call + QStringLiteral(" · ") + text;
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
  const TraceClock* clock = playback.clock();
  return clock == nullptr ? roundCount()
                          : clock->roundTimes(m_group).complete_at(playback.cursor());
}

QString CollectiveInstance::progressText(const Playback& playback) const {
  const TraceClock* clock = playback.clock();
  if (clock == nullptr)
    return roundCount() == 1 ? QStringLiteral("1 round")
                             : QStringLiteral("all %1 rounds").arg(roundCount());
  return clock->progressText(m_group, playback.cursor());
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
