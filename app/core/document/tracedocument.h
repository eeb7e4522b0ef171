// One opened trace: the loaded model::Trace, its analyses (computed once, off the GUI thread),
// its positions on every x axis, the α-β replay for the α and β the user chose, and its node
// layout (the trace's, or one given) with the two-level and k-lane replays.
#pragma once

#include "collscope/cost_defaults.hpp"
#include "collscope/model/nodes.hpp"
#include "collscope/model/replay.hpp"
#include "collscope/model/volume.hpp"
#include "document/laneintervals.h"
#include "document/messagedensity.h"
#include "document/traceanalyses.h"
#include "document/tracecalls.h"
#include "document/traceclock.h"

#include <QString>
#include <array>
#include <memory>
#include <optional>

namespace collscope::app {

class TraceDocument {
public:
  /// The defaults of `collscope-trace stats`: 1 µs per message, 0.2 ns per byte (5 GB/s).
  static constexpr model::AlphaBeta defaultAlphaBeta{default_alpha_s, default_beta_s_per_byte};

  /// Loads and analyses; throws model::TraceError (one-line what()) or LoadCancelled.
  static std::unique_ptr<TraceDocument> load(const QString& path, const LoadControl& control = {});
  /// Analyses an already loaded trace (tests, benchmarks).
  explicit TraceDocument(model::Trace trace, const LoadControl& control = {});
  /// The same, sharing the trace (a call's own trace, with the whole trace's call summary).
  explicit TraceDocument(std::shared_ptr<const model::Trace> trace,
                         const LoadControl& control = {});

  /// One call's document: model::call_trace of `whole`'s call `index` (times and rounds from
  /// 0), analysed like any trace; its title names the call: the own trace the whole trace's
  /// call summary kept, where it did (a call is cut once). Throws LoadCancelled.
  static std::unique_ptr<TraceDocument> forCall(const TraceDocument& whole, int index,
                                                const LoadControl& control = {});

  const model::Trace& trace() const { return *m_trace; }
  /// The calls of the whole trace (empty on a call's own document).
  const TraceCalls& calls() const { return m_calls; }
  /// Summarises call `index` from its own document, if TraceCalls::of left it out.
  void summarise(int index, const TraceDocument& own);
  /// The call this document shows, or null for the whole trace.
  const model::Call* call() const { return m_call ? &*m_call : nullptr; }
  const TraceAnalyses& analyses() const { return m_analyses; }
  /// Ranks (lanes) of the trace, idle ones included.
  int rankCount() const { return static_cast<int>(m_trace->ranks.size()); }
  /// p as the title states it: the ranks taking part in the algorithm (model::process_count,
  /// the definition `collscope-trace stats` and the grader use too).
  int processCount() const;
  int messageCount() const { return static_cast<int>(m_trace->messages.size()); }
  QString path() const { return QString::fromStdString(m_trace->path); }
  /// "gather/binomial  p = 8  root 0  count 1000 MPI_INT", or the file name without metadata;
  /// a call's document: "call 3 · bcast/binomial · p = 7 root 0" (callTitle).
  QString title() const;

  /// The physical clock, its lanes and message density are built with the document (in the
  /// loader's thread); the round axes' on first use (a big trace opens faster). Call from one
  /// thread only.
  const TraceClock& clock(AxisMode mode) const;
  const LaneIntervals& lanes(AxisMode mode) const;
  /// Per rank, where messages leave and arrive on that axis (built with the lanes).
  const MessageDensity& density(AxisMode mode) const;

  /// α and β of the flat replay; between nodes (α', β') in the two-level and k-lane replays.
  model::AlphaBeta alphaBeta() const { return m_alphaBeta; }
  const model::Replay& replay() const { return m_replay; }
  void setAlphaBeta(model::AlphaBeta parameters);

  /// The model's defaults (collscope/cost_defaults.hpp): inside a node and the lanes per node.
  struct NodeParameters {
    model::AlphaBeta node{default_alpha_node_s, default_beta_node_s_per_byte};
    int lanes = default_lanes;
  };
  /// The trace's layout (model::layout_of: one node if it records none) or the one set.
  const model::NodeLayout& nodeLayout() const { return m_layout; }
  /// Replaces the layout (it must have a node per rank); the replays follow.
  void setNodeLayout(model::NodeLayout layout);
  /// Grows with every setNodeLayout, for caches of what depends on it.
  int nodeLayoutRevision() const { return m_layoutRevision; }
  const model::NodeVolume& nodeVolume() const { return m_nodeVolume; }
  NodeParameters nodeParameters() const { return m_nodeParameters; }
  void setNodeParameters(NodeParameters parameters);
  /// Two-level replay (α, β inside a node; alphaBeta() between nodes), no lane limit.
  const model::Replay& twoLevelReplay() const { return m_twoLevel; }
  /// The same with nodeParameters().lanes lanes per node (the k-lane model).
  const model::Replay& kLaneReplay() const { return m_kLane; }

private:
  std::shared_ptr<const model::Trace> m_trace;
  TraceAnalyses m_analyses;
  TraceCalls m_calls;
  std::optional<model::Call> m_call;
  mutable std::array<std::unique_ptr<TraceClock>, 3> m_clocks;
  mutable std::array<std::unique_ptr<LaneIntervals>, 3> m_lanes;
  mutable std::array<std::unique_ptr<MessageDensity>, 3> m_density;
  model::AlphaBeta m_alphaBeta = defaultAlphaBeta;
  model::Replay m_replay;
  model::NodeLayout m_layout;
  int m_layoutRevision = 0;
  model::NodeVolume m_nodeVolume;
  NodeParameters m_nodeParameters;
  model::Replay m_twoLevel;
  model::Replay m_kLane;

  void replayNodes();
};

} // namespace collscope::app
