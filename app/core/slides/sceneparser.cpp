#include "slides/sceneparser.h"

#include "format/units.h"
#include "views/viewregistry.h"

#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>

namespace collscope::app::slides {

namespace {

// `#` starts a comment at the start of a value or after a blank, so "caption: round #2"
// keeps its sign only when written "round#2"; captions rarely need one.
QString withoutComment(const QString& line) {
  for (qsizetype i = 0; i < line.size(); ++i)
    if (line[i] == QLatin1Char('#') && (i == 0 || line[i - 1].isSpace())) return line.left(i);
  return line;
}

std::optional<AxisMode> parseAxis(const QString& text) {
  if (text == QStringLiteral("time")) return AxisMode::time;
  if (text == QStringLiteral("rounds") || text == QStringLiteral("inferred"))
    return AxisMode::inferredRounds;
  if (text == QStringLiteral("annotated")) return AxisMode::annotatedRounds;
  return std::nullopt;
}

// collscope-run's own arguments; `-np N` is mpirun's and comes out, the trace is ours.
QString parseRun(const QString& value, Scene& scene) {
  QStringList words = QProcess::splitCommand(value);
  for (qsizetype i = 0; i < words.size(); ++i) {
    if (words[i] != QStringLiteral("-np") && words[i] != QStringLiteral("-n")) continue;
    if (i + 1 >= words.size()) return QStringLiteral("run: -np needs a number of processes");
    bool ok = false;
    const int p = words[i + 1].toInt(&ok);
    if (!ok || p < 1 || p > 1024)
      return QStringLiteral("run: -np takes 1 to 1024 processes, got '%1'").arg(words[i + 1]);
    scene.processes = p;
    words.remove(i, 2);
    --i;
  }
  if (scene.processes == 0) return QStringLiteral("run: give the number of processes (-np N)");
  if (words.isEmpty() || words.front().startsWith(QLatin1Char('-')))
    return QStringLiteral("run: name the collective first (e.g. run: gather --algorithm "
                          "binomial -np 8)");
  for (const QString& own :
       {QStringLiteral("--trace"), QStringLiteral("--repetitions"), QStringLiteral("--warmup")})
    if (words.contains(own))
      return QStringLiteral("run: %1 is the deck's to set, leave it out").arg(own);
  scene.runArguments = words;
  return {};
}

QString checkTrace(const QString& value, const QString& directory, Scene& scene) {
  QString path = QDir(directory).absoluteFilePath(value);
  if (path.endsWith(QStringLiteral("/traces.otf2"))) path.chop(12);
  if (!QFileInfo(path).isDir() || !QFileInfo::exists(path + QStringLiteral("/traces.otf2")))
    return QStringLiteral("trace: no OTF2 trace at %1 (relative paths start at the deck's folder)")
        .arg(QDir(directory).relativeFilePath(path));
  scene.trace = path;
  return {};
}

} // namespace

QStringList sceneKeys() {
  return {QStringLiteral("run"),   QStringLiteral("trace"),  QStringLiteral("view"),
          QStringLiteral("axis"),  QStringLiteral("round"),  QStringLiteral("time"),
          QStringLiteral("steps"), QStringLiteral("caption")};
}

QStringList sceneViews() {
  return ViewRegistry::instance().names() << QStringLiteral("stats");
}

Scene parseScene(const QStringList& lines, int fenceLine, const QString& directory,
                 std::vector<DeckError>& errors) {
  Scene scene;
  scene.line = fenceLine;
  QSet<QString> seen;
  const auto fail = [&](int line, const QString& message) {
    errors.push_back({line, message});
    if (scene.error.isEmpty()) scene.error = QStringLiteral("line %1: %2").arg(line).arg(message);
  };
  for (qsizetype i = 0; i < lines.size(); ++i) {
    const int number = fenceLine + 1 + static_cast<int>(i);
    const QString text = withoutComment(lines[i]).trimmed();
    if (text.isEmpty()) continue;
    const qsizetype colon = text.indexOf(QLatin1Char(':'));
    if (colon <= 0) {
      fail(number, QStringLiteral("expected 'key: value' in a scene block, got '%1'").arg(text));
      continue;
    }
    const QString key = text.left(colon).trimmed();
    const QString value = text.mid(colon + 1).trimmed();
    if (!sceneKeys().contains(key)) {
      fail(number, QStringLiteral("unknown scene key '%1' (known: %2)")
                       .arg(key, sceneKeys().join(QStringLiteral(", "))));
      continue;
    }
    if (seen.contains(key)) {
      fail(number, QStringLiteral("'%1' given twice in one scene").arg(key));
      continue;
    }
    seen.insert(key);
    if (value.isEmpty() && key != QStringLiteral("caption")) {
      fail(number, QStringLiteral("%1: needs a value").arg(key));
      continue;
    }
    QString problem;
    if (key == QStringLiteral("run")) {
      problem = parseRun(value, scene);
    } else if (key == QStringLiteral("trace")) {
      problem = checkTrace(value, directory, scene);
    } else if (key == QStringLiteral("view")) {
      if (sceneViews().contains(value))
        scene.view = value;
      else
        problem = QStringLiteral("unknown view '%1' (known: %2)")
                      .arg(value, sceneViews().join(QStringLiteral(", ")));
    } else if (key == QStringLiteral("axis")) {
      if (const auto axis = parseAxis(value))
        scene.axis = *axis;
      else
        problem = QStringLiteral("axis: expected time, rounds or annotated, got '%1'").arg(value);
    } else if (key == QStringLiteral("round")) {
      bool ok = false;
      const int k = value.toInt(&ok);
      if (!ok || k < 0)
        problem = QStringLiteral("round: not a round number (from 0): '%1'").arg(value);
      else
        scene.round = k;
    } else if (key == QStringLiteral("time")) {
      scene.time = parseDuration(value);
      if (!scene.time) problem = QStringLiteral("time: not a time: '%1'").arg(value);
    } else if (key == QStringLiteral("steps")) {
      if (value == QStringLiteral("rounds"))
        scene.steps = Scene::Steps::rounds;
      else if (value == QStringLiteral("none"))
        scene.steps = Scene::Steps::none;
      else
        problem = QStringLiteral("steps: expected rounds or none, got '%1'").arg(value);
    } else {
      scene.caption = value;
    }
    if (!problem.isEmpty()) fail(number, problem);
  }
  const bool run = seen.contains(QStringLiteral("run"));
  const bool trace = seen.contains(QStringLiteral("trace"));
  if (run && trace)
    fail(fenceLine, QStringLiteral("a scene takes either run: or trace:, not both"));
  else if (!run && !trace)
    fail(fenceLine, QStringLiteral("a scene needs run: (a collscope-run command) or trace: (a "
                                   "trace directory)"));
  if (scene.round && scene.time)
    fail(fenceLine, QStringLiteral("round: and time: exclude each other"));
  if (scene.steps == Scene::Steps::rounds && (scene.round || scene.time))
    fail(fenceLine, QStringLiteral("steps: rounds steps through every round; round: and time: "
                                   "are for static scenes (steps: none)"));
  return scene;
}

} // namespace collscope::app::slides
