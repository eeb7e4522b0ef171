// Everything the views show that the model computes from a trace, computed once per load.
#pragma once

#include "collscope/model/annotated_rounds.hpp"
#include "collscope/model/critical_path.hpp"
#include "collscope/model/inferred_rounds.hpp"
#include "collscope/model/trace.hpp"
#include "collscope/model/volume.hpp"
#include "collscope/model/waiting.hpp"
#include "document/collectiverounds.h"

#include <QString>
#include <atomic>
#include <cstdint>
#include <exception>
#include <functional>
#include <vector>

namespace collscope::app {

struct TraceAnalyses {
  model::Volume volume;
  model::InferredRounds inferred;
  model::AnnotatedRounds annotated;
  /// Which round of its run each message is in, as every view numbers it.
  CollectiveRounds collective;
  model::WaitingTimes waiting;
  model::CriticalPath criticalPath;
  /// Per collective run, the messages that determined its end (criticalchain.h).
  std::vector<int> criticalChains;
  std::vector<double> rankEnd;                 ///< per rank: time of its last operation
  std::vector<std::uint64_t> messagesSent;     ///< per rank, matched messages
  std::vector<std::uint64_t> messagesReceived; ///< per rank, matched messages
};

/// How a long load reports progress and learns that the user gave up. Both may be empty.
struct LoadControl {
  std::function<void(int percent, const QString& step)> progress;
  const std::atomic<bool>* cancelled = nullptr;

  void report(int percent, const QString& step) const {
    if (progress) progress(percent, step);
  }
  bool isCancelled() const { return cancelled != nullptr && cancelled->load(); }
};

/// Thrown between the steps of a load when LoadControl::cancelled became true.
class LoadCancelled : public std::exception {
public:
  const char* what() const noexcept override { return "loading cancelled"; }
};

/// Runs every analysis, reporting percentages in [firstPercent, 100]; throws LoadCancelled.
TraceAnalyses analyseTrace(const model::Trace& trace, const LoadControl& control,
                           int firstPercent = 0);

} // namespace collscope::app
