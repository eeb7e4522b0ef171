// Where a slide's Markdown may not break a line: between a number and its unit ("17.2 µs"),
// inside a number ("32 000"), around a one-letter name's "=" ("m = 4 kB"), and anywhere inside
// an inline code span (`-np 8`, `--count 1000`). The text is changed
// before Qt's Markdown reader sees it — no-break spaces and word joiners — so slides, the
// presenter's notes and handouts all keep them together.
#pragma once

#include <QString>

namespace collscope::app::slides {

/// `markdown` with no-break spaces between a number and the unit after it, between thousands,
/// and around "=" after a one-letter name; inside inline code spans no-break spaces and a word
/// joiner after each hyphen, slash or dot. Fenced code is left alone.
QString keepTogether(const QString& markdown);

} // namespace collscope::app::slides
