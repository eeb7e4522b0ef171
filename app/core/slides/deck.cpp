#include "slides/deck.h"

#include "slides/sceneparser.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

namespace collscope::app::slides {

namespace {

// A fence opens with three or more backticks or tildes; it closes with the same character at
// least as often. Inside one, `---` and `Note:` are code, not structure.
struct Fence {
  QChar mark;
  int length = 0;
  QString info;
};

std::optional<Fence> fenceOpening(const QString& line) {
  static const QRegularExpression pattern(QStringLiteral(R"(^ {0,3}(`{3,}|~{3,})\s*([^`\s]*).*$)"));
  const QRegularExpressionMatch m = pattern.match(line);
  if (!m.hasMatch()) return std::nullopt;
  return Fence{m.captured(1).front(), static_cast<int>(m.captured(1).size()), m.captured(2)};
}

bool closesFence(const QString& line, const Fence& fence) {
  const QString t = line.trimmed();
  if (t.size() < fence.length) return false;
  for (const QChar c : t)
    if (c != fence.mark) return false;
  return true;
}

bool isSeparator(const QString& line) {
  return line.trimmed() == QStringLiteral("---");
}

/// The text after `Note:` / `Notes:` if `line` starts the notes.
std::optional<QString> notesStart(const QString& line) {
  static const QRegularExpression pattern(QStringLiteral(R"(^\s*Notes?:\s?(.*)$)"));
  const QRegularExpressionMatch m = pattern.match(line);
  if (!m.hasMatch()) return std::nullopt;
  return m.captured(1);
}

} // namespace

QString Scene::source() const {
  if (isRun())
    return runArguments.join(QLatin1Char(' ')) + QStringLiteral(" -np %1").arg(processes);
  return QFileInfo(trace).fileName();
}

QStringList Deck::errorLines() const {
  QStringList lines;
  for (const DeckError& e : errors)
    lines << QStringLiteral("%1:%2: %3").arg(path).arg(e.line).arg(e.message);
  return lines;
}

Deck parseDeck(const QString& text, const QString& path) {
  Deck deck;
  deck.path = path;
  deck.directory = QFileInfo(path).absolutePath();
  QStringList lines = text.split(QLatin1Char('\n'));
  if (!lines.isEmpty() && lines.back().isEmpty()) lines.removeLast();

  Slide slide;
  slide.line = 1;
  // Text after a scene block stays below the scenes, as the deck reads; the scenes of a slide
  // form one row, so text between two of them goes below that row too.
  QStringList above, below, notes, sceneLines;
  const auto body = [&]() -> QStringList& { return slide.scenes.empty() ? above : below; };
  bool inNotes = false;
  std::optional<Fence> fence;
  bool sceneFence = false;
  int sceneLine = 0;

  const auto finishSlide = [&](int nextLine) {
    slide.markdown = above.join(QLatin1Char('\n')).trimmed();
    slide.markdownBelow = below.join(QLatin1Char('\n')).trimmed();
    slide.notes = notes.join(QLatin1Char('\n')).trimmed();
    if (!slide.markdown.isEmpty() || !slide.markdownBelow.isEmpty() || !slide.scenes.empty() ||
        !slide.notes.isEmpty())
      deck.slides.push_back(std::move(slide));
    slide = Slide{};
    slide.line = nextLine;
    above.clear();
    below.clear();
    notes.clear();
    inNotes = false;
  };

  for (qsizetype i = 0; i < lines.size(); ++i) {
    QString line = lines[i];
    if (line.endsWith(QLatin1Char('\r'))) line.chop(1);
    const int number = static_cast<int>(i) + 1;
    if (fence) {
      if (closesFence(line, *fence)) {
        if (sceneFence) {
          Scene scene = parseScene(sceneLines, sceneLine, deck.directory, deck.errors);
          slide.scenes.push_back(std::move(scene));
        } else {
          (inNotes ? notes : body()) << line;
        }
        fence.reset();
        sceneFence = false;
      } else if (sceneFence) {
        sceneLines << line;
      } else {
        (inNotes ? notes : body()) << line;
      }
      continue;
    }
    if (const auto open = fenceOpening(line)) {
      fence = open;
      sceneFence = open->info == QStringLiteral("scene");
      if (sceneFence) {
        if (inNotes)
          deck.errors.push_back({number, QStringLiteral("a scene block in the speaker notes")});
        sceneLine = number;
        sceneLines.clear();
      } else {
        (inNotes ? notes : body()) << line;
      }
      continue;
    }
    if (isSeparator(line)) {
      finishSlide(number + 1);
      continue;
    }
    if (!inNotes) {
      if (const auto rest = notesStart(line)) {
        inNotes = true;
        if (!rest->trimmed().isEmpty()) notes << *rest;
        continue;
      }
    }
    (inNotes ? notes : body()) << line;
  }
  if (fence) {
    const int opened = sceneFence ? sceneLine : slide.line;
    deck.errors.push_back({opened, sceneFence
                                       ? QStringLiteral("the scene block is not closed (```)")
                                       : QStringLiteral("a code block is not closed")});
  }
  finishSlide(static_cast<int>(lines.size()) + 1);
  if (deck.slides.empty()) deck.errors.push_back({1, QStringLiteral("the deck has no slides")});
  std::stable_sort(deck.errors.begin(), deck.errors.end(),
                   [](const DeckError& a, const DeckError& b) { return a.line < b.line; });
  return deck;
}

Deck loadDeck(const QString& path) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly | QIODevice::Text)) {
    Deck deck;
    deck.path = path;
    deck.directory = QFileInfo(path).absolutePath();
    deck.errors.push_back({0, QStringLiteral("cannot read the deck (%1)").arg(file.errorString())});
    return deck;
  }
  return parseDeck(QString::fromUtf8(file.readAll()), path);
}

} // namespace collscope::app::slides
