// One run of a collective as the tree, circulant, data and delay views show it: the messages
// of one algorithm instance (or of the whole trace when it has no annotations), in the ranks of
// its communicator, each with its round, and what the metadata says about the blocks.
#pragma once

#include "document/playback.h"
#include "document/receivedbuffer.h"
#include "document/tracedocument.h"

#include <QString>
#include <QStringList>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace collscope::app {

struct InstanceMessage {
  int message = -1; ///< index into Trace::messages
  int sender = -1;  ///< rank in the instance's communicator
  int receiver = -1;
  int round = 0; ///< column 0 … roundCount − 1 within the instance (roundLabel names it)
  std::uint64_t bytes = 0;
  QString phase; ///< the `phase NAME` region around the send ("data"), or empty
};

class CollectiveInstance {
public:
  /// Instance `index` of Trace::algorithms, or for −1 the messages in no instance (the whole
  /// trace when it has no algorithm regions).
  static CollectiveInstance build(const TraceDocument& document, int index);
  /// The instance the cursor is in (TraceClock::groupAt, the rule every view shares), −1 for
  /// a trace without instances.
  static int indexAt(const TraceDocument& document, const Playback& playback);

  int index() const { return m_index; }
  int instanceCount() const { return m_instanceCount; }
  QString collective() const { return m_collective; } ///< "gather", or "" if unknown
  QString algorithm() const { return m_algorithm; }
  /// "gather/binomial  p = 7  root 0", plus "(run 2 of 3)" when the trace has several; on a
  /// call's own document "call 4 · point-to-point  p = 7" (the call instead of "all messages").
  QString title() const;
  int size() const { return static_cast<int>(m_members.size()); }
  int root() const { return m_root; } ///< rank in the communicator, −1 if none or unknown
  int worldRank(int commRank) const { return m_members[static_cast<std::size_t>(commRank)]; }
  int commRank(int worldRank) const; ///< −1 if not a member
  const std::vector<InstanceMessage>& messages() const { return m_messages; }

  int roundCount() const { return static_cast<int>(m_roundLabels.size()); }
  /// How users name round column c: its round number, from 0 (collectiverounds.h).
  QString roundLabel(int column) const;
  bool annotatedRounds() const { return m_annotated; }
  /// Rounds complete at the cursor (TraceClock::completedRounds' definition).
  int currentRound(const Playback& playback) const;
  /// Where the cursor stands, for the views' title lines (TraceClock::progressText).
  QString progressText(const Playback& playback) const;

  /// Bytes of each rank's own block from the metadata (count or counts × type_size); −1 where
  /// the trace does not say.
  std::int64_t ownBytes(int commRank) const;
  /// True if the sends carry block provenance (Message::blocks).
  bool hasBlocks() const { return m_hasBlocks; }
  /// Names of the phases the sends were annotated with, in order of first use.
  const QStringList& phases() const { return m_phases; }
  std::string meta(const std::string& key) const;
  /// A graded case's receive buffers after the call, per comm rank, as the harness read them
  /// (its regions' `received` and `expected` metadata); none for any other run.
  const ReceivedBuffers& received() const { return m_received; }

private:
  int m_index = -1;
  int m_group = -1; ///< TraceAnalyses::collective group
  int m_instanceCount = 0;
  QString m_collective;
  QString m_algorithm;
  QString m_call; ///< "call 4 · point-to-point" on a call's own document
  int m_root = -1;
  std::vector<int> m_members;
  std::vector<int> m_commRankOf; ///< world rank → comm rank or −1
  std::vector<InstanceMessage> m_messages;
  std::vector<QString> m_roundLabels;
  bool m_annotated = false;
  bool m_hasBlocks = false;
  QStringList m_phases;
  std::vector<std::int64_t> m_ownBytes;
  std::map<std::string, std::string> m_meta;
  ReceivedBuffers m_received;
};

} // namespace collscope::app
