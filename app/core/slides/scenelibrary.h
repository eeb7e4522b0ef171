// The figures of a deck: every scene's trace, loaded from a shipped trace directory or
// recorded by a run (one mpirun at a time, cached by its arguments), its view and playback
// cursor. Recording happens in the background with progress; a scene whose run fails keeps
// the error to show on its slide — presenting never stops for it.
#pragma once

#include "document/playback.h"
#include "document/tracedocument.h"
#include "models/statisticsmodel.h"
#include "run/runcommand.h"
#include "slides/deck.h"
#include "slides/deckposition.h"
#include "views/traceview.h"

#include <QObject>
#include <QProcess>
#include <QTimer>
#include <deque>
#include <map>
#include <memory>

namespace collscope::app::slides {

struct SceneState {
  enum class Status { waiting, recording, ready, failed };
  Status status = Status::waiting;
  QString message; ///< why it failed, or what is being recorded
  std::shared_ptr<TraceDocument> document;
  std::unique_ptr<Playback> playback;
  std::unique_ptr<TraceView> view;             ///< null for the stats view
  std::unique_ptr<StatisticsModel> statistics; ///< the stats view only
  std::vector<int> rounds;                     ///< round labels of the first run, in order
};

class SceneLibrary : public QObject {
  Q_OBJECT
public:
  explicit SceneLibrary(const Deck& deck, QObject* parent = nullptr);
  ~SceneLibrary() override;

  /// Loads shipped traces and cached runs now and queues the runs to record (all of them
  /// when `rerecord`).
  void prepare(bool rerecord = false);
  /// Records the runs of one slide again (-1: every slide).
  void rerecord(int slide);
  /// Stops the recording under way (its mpirun and ranks) and forgets the queue; what is
  /// loaded stays. The destructor does this too.
  void stop();
  bool busy() const { return m_process.state() != QProcess::NotRunning || !m_queue.empty(); }
  /// Runs the event loop until every queued run has finished (the command line's export).
  void waitUntilDone();

  const Deck& deck() const { return m_deck; }
  SceneState& state(int slide, int scene);
  /// Steps of every slide, from the rounds of its loaded scenes.
  DeckSteps steps() const;
  /// Puts every scene of `at.slide` where that step shows it.
  void showStep(DeckPosition at);
  /// "round 2 · 3 of 5" for the slide's stepping scene at `at`, or empty.
  QString roundText(DeckPosition at);
  /// "recording 2 of 5: gather --algorithm binomial … -np 8", or empty when idle.
  QString progressText() const;
  /// Runs that failed, as deck errors (the scene's line).
  std::vector<DeckError> runErrors() const;

signals:
  /// A scene became ready or failed, or progress moved: repaint.
  void changed();

private:
  struct Recording {
    QString key;
    QString directory;
    const Scene* scene = nullptr;
  };
  void load(int slide, int scene, const QString& traceDir);
  void fail(int slide, int scene, const QString& message);
  void startNext();
  void finished(int exitCode, QProcess::ExitStatus status);
  void forEachRun(const QString& key, const std::function<void(int, int)>& f);

  Deck m_deck;
  std::vector<std::vector<SceneState>> m_states;
  std::vector<std::vector<QString>> m_keys;                      ///< per run scene: its cache key
  std::map<QString, std::shared_ptr<TraceDocument>> m_documents; ///< by trace directory
  RunEnvironment m_environment;
  QString m_environmentProblem;
  std::deque<Recording> m_queue;
  Recording m_current;
  QProcess m_process;
  QTimer m_timeout;
  QString m_lastError;
  int m_recorded = 0;
  int m_toRecord = 0;
};

} // namespace collscope::app::slides
