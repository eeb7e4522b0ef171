#include "slides/scenelibrary.h"

#include "collscope/model/load_trace.hpp"
#include "slides/scenerun.h"
#include "views/viewregistry.h"

#include <QDir>
#include <QEventLoop>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSignalBlocker>

namespace collscope::app::slides {

namespace {

// A run on an oversubscribed laptop takes seconds; one that takes minutes is stuck.
constexpr int runTimeoutMs = 180'000;
// How long a stopped run may take to end its ranks before it is killed.
constexpr int stopGraceMs = 5'000;

std::vector<int> roundLabels(const TraceClock& clock) {
  static const QRegularExpression range(QStringLiteral(R"(^(-?\d+)\.\.(-?\d+)$)"));
  const QRegularExpressionMatch m = range.match(clock.roundRange());
  std::vector<int> labels;
  if (!m.hasMatch()) return labels;
  for (int k = m.captured(1).toInt(); k <= m.captured(2).toInt(); ++k)
    if (clock.roundEnd(k)) labels.push_back(k);
  return labels;
}

} // namespace

SceneLibrary::SceneLibrary(const Deck& deck, QObject* parent) : QObject(parent), m_deck(deck) {
  m_environment = sceneRunEnvironment(&m_environmentProblem);
  for (const Slide& slide : m_deck.slides) {
    m_states.emplace_back(slide.scenes.size());
    std::vector<QString> keys;
    for (const Scene& scene : slide.scenes)
      keys.push_back(scene.isRun() ? sceneKey(scene, m_environment.collscopeRun) : QString());
    m_keys.push_back(std::move(keys));
  }
  m_timeout.setSingleShot(true);
  connect(&m_timeout, &QTimer::timeout, this, [this] {
    m_lastError =
        QStringLiteral("the run took longer than %1 s and was stopped").arg(runTimeoutMs / 1000);
    m_process.kill();
  });
  connect(&m_process, &QProcess::readyReadStandardError, this, [this] {
    // collscope-run's own one-line error says what is wrong; mpirun's banners after it do not.
    const QString text = QString::fromLocal8Bit(m_process.readAllStandardError());
    for (const QString& raw : text.split(QLatin1Char('\n'))) {
      const QString line = raw.trimmed();
      if (line.isEmpty() || line.startsWith(QStringLiteral("---"))) continue;
      if (line.startsWith(QStringLiteral("collscope-run:"))) {
        if (!m_lastError.startsWith(QStringLiteral("collscope-run:"))) m_lastError = line;
      } else if (m_lastError.isEmpty()) {
        m_lastError = line;
      }
    }
  });
  connect(&m_process, &QProcess::finished, this, &SceneLibrary::finished);
  connect(&m_process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
    if (error == QProcess::FailedToStart) {
      m_lastError = QStringLiteral("could not start %1").arg(m_process.program());
      finished(-1, QProcess::CrashExit);
    }
  });
}

SceneLibrary::~SceneLibrary() {
  stop();
}

void SceneLibrary::stop() {
  m_queue.clear();
  m_timeout.stop();
  if (m_process.state() == QProcess::NotRunning) return;
  // SIGTERM first: mpirun passes it on to its ranks and waits for them; SIGKILL would leave
  // them running without it. A run that ignores it is killed after a grace period.
  const QSignalBlocker quiet(m_process); // no "the run failed" for a run we stopped
  m_process.terminate();
  if (!m_process.waitForFinished(stopGraceMs)) {
    m_process.kill();
    m_process.waitForFinished(3000);
  }
  QDir(m_current.directory).removeRecursively();
  QDir(m_current.directory + QStringLiteral(".partial")).removeRecursively();
  m_current = {};
  m_recorded = m_toRecord = 0;
}

SceneState& SceneLibrary::state(int slide, int scene) {
  return m_states[static_cast<std::size_t>(slide)][static_cast<std::size_t>(scene)];
}

void SceneLibrary::forEachRun(const QString& key, const std::function<void(int, int)>& f) {
  for (std::size_t s = 0; s < m_keys.size(); ++s)
    for (std::size_t c = 0; c < m_keys[s].size(); ++c)
      if (m_keys[s][c] == key) f(static_cast<int>(s), static_cast<int>(c));
}

void SceneLibrary::prepare(bool rerecord) {
  for (std::size_t s = 0; s < m_deck.slides.size(); ++s) {
    const Slide& slide = m_deck.slides[s];
    for (std::size_t c = 0; c < slide.scenes.size(); ++c) {
      const Scene& scene = slide.scenes[c];
      const int si = static_cast<int>(s), ci = static_cast<int>(c);
      if (!scene.error.isEmpty()) {
        fail(si, ci, scene.error);
      } else if (!scene.isRun()) {
        load(si, ci, scene.trace);
      } else if (!m_environmentProblem.isEmpty()) {
        fail(si, ci, m_environmentProblem);
      } else {
        const QString key = m_keys[s][c];
        const QString dir = QDir(scenesDirectory()).filePath(key);
        const bool queued = std::any_of(m_queue.begin(), m_queue.end(),
                                        [&](const Recording& r) { return r.key == key; });
        if (queued) continue;
        if (!rerecord && QFileInfo::exists(dir + QStringLiteral("/traces.otf2"))) {
          load(si, ci, dir);
        } else {
          m_queue.push_back({key, dir, &scene});
          ++m_toRecord;
          state(si, ci).status = SceneState::Status::waiting;
          state(si, ci).message = QStringLiteral("waiting to record %1").arg(scene.source());
        }
      }
    }
  }
  startNext();
  emit changed();
}

void SceneLibrary::rerecord(int slide) {
  for (std::size_t s = 0; s < m_deck.slides.size(); ++s) {
    if (slide >= 0 && static_cast<int>(s) != slide) continue;
    for (std::size_t c = 0; c < m_deck.slides[s].scenes.size(); ++c) {
      const Scene& scene = m_deck.slides[s].scenes[c];
      if (!scene.isRun() || !scene.error.isEmpty() || !m_environmentProblem.isEmpty()) continue;
      const QString key = m_keys[s][c];
      const bool pending =
          m_current.key == key || std::any_of(m_queue.begin(), m_queue.end(),
                                              [&](const Recording& r) { return r.key == key; });
      if (pending) continue;
      m_queue.push_back({key, QDir(scenesDirectory()).filePath(key), &scene});
      ++m_toRecord;
      // A scene on show keeps its figure (and the talk its step) until the new run is in.
      forEachRun(key, [&](int si, int ci) {
        if (state(si, ci).status == SceneState::Status::ready) return;
        state(si, ci).status = SceneState::Status::waiting;
        state(si, ci).message = QStringLiteral("waiting to record %1").arg(scene.source());
      });
    }
  }
  startNext();
  emit changed();
}

void SceneLibrary::startNext() {
  if (m_process.state() != QProcess::NotRunning || m_queue.empty()) return;
  m_current = m_queue.front();
  m_queue.pop_front();
  m_lastError.clear();
  QDir(m_current.directory).removeRecursively();
  QDir(m_current.directory + QStringLiteral(".partial")).removeRecursively();
  QDir().mkpath(scenesDirectory());
  const RunCommand command = sceneRunCommand(*m_current.scene, m_environment, m_current.directory);
  QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
  for (const QString& assignment : command.environment)
    env.insert(assignment.section(QLatin1Char('='), 0, 0), assignment.section(QLatin1Char('='), 1));
  m_process.setProcessEnvironment(env);
  m_process.setStandardInputFile(QProcess::nullDevice());
  m_process.setStandardOutputFile(QProcess::nullDevice());
  forEachRun(m_current.key, [&](int s, int c) {
    if (state(s, c).status == SceneState::Status::ready) return;
    state(s, c).status = SceneState::Status::recording;
    state(s, c).message = QStringLiteral("recording %1 …").arg(m_current.scene->source());
  });
  m_timeout.start(runTimeoutMs);
  m_process.start(command.program, command.arguments);
}

void SceneLibrary::finished(int exitCode, QProcess::ExitStatus status) {
  m_timeout.stop();
  ++m_recorded;
  const Recording done = m_current;
  m_current = {};
  QString error;
  if (status != QProcess::NormalExit || exitCode != 0) {
    // A failed run may still have written a trace; the cache must not offer it next time.
    QDir(done.directory).removeRecursively();
    QDir(done.directory + QStringLiteral(".partial")).removeRecursively();
    error = QStringLiteral("the run failed%1: mpirun -np %2 collscope-run %3")
                .arg(m_lastError.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(m_lastError))
                .arg(done.scene->processes)
                .arg(done.scene->runArguments.join(QLatin1Char(' ')));
  } else if (!QFileInfo::exists(done.directory + QStringLiteral("/traces.otf2"))) {
    error = QStringLiteral("the run wrote no trace to %1").arg(done.directory);
  }
  m_documents.erase(done.directory);
  forEachRun(done.key, [&](int s, int c) {
    if (error.isEmpty())
      load(s, c, done.directory);
    else
      fail(s, c, error);
  });
  if (m_queue.empty()) m_recorded = m_toRecord = 0;
  startNext();
  emit changed();
}

void SceneLibrary::waitUntilDone() {
  if (!busy()) return;
  QEventLoop loop;
  const QMetaObject::Connection c = connect(this, &SceneLibrary::changed, &loop, [&] {
    if (!busy()) loop.quit();
  });
  loop.exec();
  disconnect(c);
}

void SceneLibrary::fail(int slide, int scene, const QString& message) {
  SceneState& st = state(slide, scene);
  st = SceneState{};
  st.status = SceneState::Status::failed;
  st.message = message;
}

void SceneLibrary::load(int slide, int sceneIndex, const QString& traceDir) {
  const Scene& scene =
      m_deck.slides[static_cast<std::size_t>(slide)].scenes[static_cast<std::size_t>(sceneIndex)];
  std::shared_ptr<TraceDocument>& document = m_documents[traceDir];
  if (!document) {
    try {
      document = TraceDocument::load(traceDir);
    } catch (const std::exception& e) {
      m_documents.erase(traceDir);
      fail(slide, sceneIndex, QString::fromUtf8(e.what()));
      return;
    }
  }
  const TraceClock& clock = document->clock(scene.axis);
  if (scene.axis == AxisMode::annotatedRounds && clock.columnCount() == 0) {
    fail(slide, sceneIndex,
         QStringLiteral("axis: annotated, but the trace has no round annotations (try rounds)"));
    return;
  }
  SceneState& st = state(slide, sceneIndex);
  st = SceneState{};
  st.document = document;
  st.playback = std::make_unique<Playback>();
  st.playback->setClock(&clock);
  st.rounds = roundLabels(clock);
  if (scene.view == QStringLiteral("stats")) {
    st.statistics = std::make_unique<StatisticsModel>(document.get());
    st.statistics->setPlayback(st.playback.get());
  } else {
    st.view = ViewRegistry::instance().find(scene.view)->create({document.get(), nullptr});
  }
  st.status = SceneState::Status::ready;
  if (scene.round && std::find(st.rounds.begin(), st.rounds.end(), *scene.round) == st.rounds.end())
    fail(slide, sceneIndex,
         QStringLiteral("round: %1 is not a round of this run (%2)")
             .arg(*scene.round)
             .arg(clock.roundRange().isEmpty() ? QStringLiteral("it has no rounds")
                                               : QStringLiteral("rounds ") + clock.roundRange()));
}

DeckSteps SceneLibrary::steps() const {
  std::vector<int> steps;
  for (std::size_t s = 0; s < m_deck.slides.size(); ++s) {
    int n = 1;
    for (std::size_t c = 0; c < m_deck.slides[s].scenes.size(); ++c) {
      const SceneState& st = m_states[s][c];
      if (m_deck.slides[s].scenes[c].steps == Scene::Steps::rounds &&
          st.status == SceneState::Status::ready)
        n = std::max(n, static_cast<int>(st.rounds.size()));
    }
    steps.push_back(n);
  }
  return DeckSteps(std::move(steps));
}

void SceneLibrary::showStep(DeckPosition at) {
  if (at.slide < 0 || at.slide >= static_cast<int>(m_deck.slides.size())) return;
  const Slide& slide = m_deck.slides[static_cast<std::size_t>(at.slide)];
  for (std::size_t c = 0; c < slide.scenes.size(); ++c) {
    const Scene& scene = slide.scenes[c];
    SceneState& st = state(at.slide, static_cast<int>(c));
    if (st.status != SceneState::Status::ready) continue;
    if (scene.steps == Scene::Steps::rounds && !st.rounds.empty()) {
      const auto k = std::min<std::size_t>(static_cast<std::size_t>(std::max(0, at.step)),
                                           st.rounds.size() - 1);
      st.playback->setCursorRound(st.rounds[k]);
    } else if (scene.round) {
      st.playback->setCursorRound(*scene.round);
    } else if (scene.time) {
      st.playback->setCursorTime(*scene.time);
    } else {
      st.playback->toEnd();
    }
  }
}

QString SceneLibrary::roundText(DeckPosition at) {
  if (at.slide < 0 || at.slide >= static_cast<int>(m_deck.slides.size())) return {};
  const Slide& slide = m_deck.slides[static_cast<std::size_t>(at.slide)];
  const SceneState* longest = nullptr;
  for (std::size_t c = 0; c < slide.scenes.size(); ++c) {
    const SceneState& st = state(at.slide, static_cast<int>(c));
    if (slide.scenes[c].steps == Scene::Steps::rounds && st.status == SceneState::Status::ready &&
        !st.rounds.empty() && (!longest || st.rounds.size() > longest->rounds.size()))
      longest = &st;
  }
  if (!longest) return {};
  const int n = static_cast<int>(longest->rounds.size());
  const int k = std::clamp(at.step, 0, n - 1);
  return QStringLiteral("round %1 · %2 of %3")
      .arg(longest->rounds[static_cast<std::size_t>(k)])
      .arg(k + 1)
      .arg(n);
}

QString SceneLibrary::progressText() const {
  if (!busy() || !m_current.scene) return {};
  return QStringLiteral("recording %1 of %2: %3")
      .arg(m_recorded + 1)
      .arg(m_toRecord)
      .arg(m_current.scene->source());
}

std::vector<DeckError> SceneLibrary::runErrors() const {
  std::vector<DeckError> errors;
  for (std::size_t s = 0; s < m_deck.slides.size(); ++s)
    for (std::size_t c = 0; c < m_deck.slides[s].scenes.size(); ++c) {
      const Scene& scene = m_deck.slides[s].scenes[c];
      const SceneState& st = m_states[s][c];
      if (st.status == SceneState::Status::failed && scene.error.isEmpty())
        errors.push_back({scene.line, st.message});
    }
  return errors;
}

} // namespace collscope::app::slides
