// `collscope slides DECK --pdf OUT.pdf | --png DIR [--handout] [--rerecord]`: the deck rendered
// without a window. One page per step (the scenes' rounds one after another), or with
// --handout A4 pages of the slides at their final steps with their speaker notes, two slides a
// page or (--per-page 1) one slide with its notes filling the page. A broken
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
  int perPage = 2; ///< --per-page: slides on a handout page (2, or 1 with the notes filling it)
  bool rerecord = false;
  bool window = false;                  ///< present: a window instead of full screen
  double canvasWidth = wideCanvasWidth; ///< --aspect: 16:9 (default) or 4:3
  QString error;                        ///< one line; empty when the command line is fine
  bool help = false;
};

/// `arguments` after `slides` or `present`.
SlidesOptions parseSlidesArguments(const QStringList& arguments, bool present);
QString slidesUsage();

/// Exit status: 0, 1 when the deck has errors (pages still written) or writing failed, 2 for a
/// deck that cannot be read.
int runSlidesExport(const SlidesOptions& options, QTextStream& out, QTextStream& err);

} // namespace collscope::app::slides
