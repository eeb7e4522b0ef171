// `collscope slides DECK --pdf OUT.pdf | --png DIR [--handout] [--rerecord]`: the deck rendered
// without a window. One page per step (the scenes' rounds one after another), or with
// --handout one page per slide at its final step with the speaker notes below it. A broken
// deck still renders every page — a broken scene shows its error where the figure goes — but
// every error is printed as `collscope: error: DECK:LINE: …` and the exit status is 1.
#pragma once

#include "slides/deck.h"

#include <QString>
#include <QStringList>
#include <QTextStream>

namespace collscope::app::slides {

struct SlidesOptions {
  QString deck;
  QString pdf;
  QString pngDirectory;
  bool handout = false;
  bool rerecord = false;
  bool window = false; ///< present: a window instead of full screen
  double canvasWidth = wideCanvasWidth; ///< --aspect: 16:9 (default) or 4:3
  QString error;       ///< one line; empty when the command line is fine
  bool help = false;
};

/// `arguments` after `slides` or `present`.
SlidesOptions parseSlidesArguments(const QStringList& arguments, bool present);
QString slidesUsage();

/// Exit status: 0, 1 when the deck has errors (pages still written) or writing failed, 2 for a
/// deck that cannot be read.
int runSlidesExport(const SlidesOptions& options, QTextStream& out, QTextStream& err);

} // namespace collscope::app::slides
