// A lecture deck: Markdown slides separated by `---` lines, speaker notes after a `Note:` line,
// and ```scene blocks that name a run (or a shipped trace), a view and how it steps.
// slides/README.md is the format's reference; this is its one parser. Markdown itself is
// left to QTextDocument::setMarkdown — the parser only cuts the text into slides, notes and
// scenes, and reports every mistake with the deck's file and line.
#pragma once

#include "document/traceclock.h"

#include <QString>
#include <QStringList>
#include <optional>
#include <vector>

namespace collscope::app::slides {

struct DeckError {
  int line = 0; ///< 1-based line in the deck file
  QString message;
};

struct Scene {
  enum class Steps { none, rounds };
  int line = 0;             ///< the ```scene line
  QStringList runArguments; ///< collscope-run's arguments (without -np); empty for a trace
  int processes = 0;        ///< -np of the run
  QString trace;            ///< absolute path of a shipped trace directory; empty for a run
  QString view = QStringLiteral("timeline");
  AxisMode axis = AxisMode::inferredRounds;
  Steps steps = Steps::none;
  std::optional<int> round;   ///< static scenes: show round K complete
  std::optional<double> time; ///< static scenes: the cursor at T seconds
  QString caption;
  QString error; ///< a mistake in the block: the scene draws this instead of a figure

  bool isRun() const { return !runArguments.isEmpty(); }
  /// "gather --algorithm binomial … -np 8" or the trace's folder name: what the slide says.
  QString source() const;
};

struct Slide {
  int line = 0;          ///< first line of the slide in the deck
  QString markdown;      ///< the slide's text above its scenes (all of it on a slide without)
  QString markdownBelow; ///< text after the first scene block: drawn below the scenes
  QString notes;         ///< Markdown
  std::vector<Scene> scenes;
};

/// Slides are 16:9 by default (a 1366×768 canvas); `--aspect 4:3` gives 1024×768. The height,
/// and with it every text size, is the same in both.
inline constexpr double wideCanvasWidth = 1366.0;
inline constexpr double narrowCanvasWidth = 1024.0;

struct Deck {
  QString path;                         ///< as given (what error lines print)
  double canvasWidth = wideCanvasWidth; ///< the virtual canvas is canvasWidth × 768
  QString directory;                    ///< absolute; images and traces are relative to it
  std::vector<Slide> slides;
  std::vector<DeckError> errors; ///< in line order

  /// "DECK:LINE: message" for every error.
  QStringList errorLines() const;
};

/// Parses `text` as the deck at `path` (which only names it and anchors relative paths;
/// shipped traces are checked for existence).
Deck parseDeck(const QString& text, const QString& path);
/// Reads and parses a deck file; an unreadable file is one error at line 0.
Deck loadDeck(const QString& path);

/// The scene keys, the views a scene may name.
QStringList sceneKeys();
QStringList sceneViews();

} // namespace collscope::app::slides
