#include "slides/slidetext.h"

#include <QRegularExpression>
#include <QStringList>

namespace collscope::app::slides {

namespace {

constexpr QChar noBreakSpace(0x00A0);
constexpr QChar wordJoiner(0x2060);

// Units as the decks write them; "p = 8 ranks" may break, "17.2 µs" may not.
const QRegularExpression& numberAndUnit() {
  static const QRegularExpression re(QStringLiteral(
      R"((\d)[ ]+(µs|us|ms|ns|s|kB|MB|GB|KiB|MiB|GiB|B|bytes|byte|%|px|pt|ns/byte|GB/s|MB/s|rounds?|ranks?|processes)(?![\p{L}\p{N}]))"));
  return re;
}

// "32 000": a space between thousands.
const QRegularExpression& thousands() {
  static const QRegularExpression re(QStringLiteral(R"((\d)[ ](?=\d{3}(?!\d)))"));
  return re;
}

// "m = 4 kB", "α = 1 µs": a one-letter name and its value read as one.
const QRegularExpression& oneLetterEquals() {
  static const QRegularExpression re(QStringLiteral(R"((?<![\p{L}\p{N}_])(\p{L})[ ]=[ ](?=\S))"));
  return re;
}

// Prose outside code spans: numbers keep their units and thousands, short equations hold.
QString prose(const QString& text) {
  QString out = text;
  out.replace(thousands(), QStringLiteral("\\1") + noBreakSpace);
  out.replace(numberAndUnit(), QStringLiteral("\\1") + noBreakSpace + QStringLiteral("\\2"));
  out.replace(oneLetterEquals(),
              QStringLiteral("\\1") + noBreakSpace + QLatin1Char('=') + noBreakSpace);
  return out;
}

// Inside a code span a line may break nowhere: spaces become no-break spaces, and a word joiner
// after each character Unicode lets a line break after ("-" / "np 8", "broken/" / "linear.cpp").
// In a table cell a long name may still break after a hyphen (reduce-scatter-gather): a table
// must fit its slide, and its columns are narrow.
QString code(const QString& text, bool inTable) {
  static const QString breaksAfter = QStringLiteral("-/.,;:!?)]}|");
  QString out;
  out.reserve(text.size() * 2);
  for (qsizetype i = 0; i < text.size(); ++i) {
    const QChar c = text[i];
    out += c == QLatin1Char(' ') || c == QLatin1Char('\n') ? noBreakSpace : c;
    if (!inTable && breaksAfter.contains(c) && i + 1 < text.size()) out += wordJoiner;
  }
  return out;
}

QString line(const QString& text, bool inTable = false) {
  // Inline code spans: a run of n backticks up to the next run of exactly n (CommonMark).
  QString out;
  qsizetype i = 0, plain = 0;
  while (i < text.size()) {
    if (text[i] != QLatin1Char('`')) {
      ++i;
      continue;
    }
    qsizetype run = i;
    while (run < text.size() && text[run] == QLatin1Char('`')) ++run;
    const QString fence = text.mid(i, run - i);
    qsizetype close = run;
    for (;;) {
      close = text.indexOf(fence, close);
      if (close < 0) break;
      const qsizetype after = close + fence.size();
      if (after >= text.size() || text[after] != QLatin1Char('`')) break;
      close = after; // a longer run: not the closing one
      while (close < text.size() && text[close] == QLatin1Char('`')) ++close;
    }
    if (close < 0) { // no closing run: literal backticks
      i = run;
      continue;
    }
    out += prose(text.mid(plain, i - plain));
    out += fence + code(text.mid(run, close - run), inTable) + fence;
    i = plain = close + fence.size();
  }
  out += prose(text.mid(plain));
  return out;
}

} // namespace

QString keepTogether(const QString& markdown) {
  // Paragraph by paragraph (a code span may run over a soft line break), fenced code as is.
  QStringList out, paragraph;
  const auto flush = [&] {
    if (!paragraph.isEmpty())
      out += line(paragraph.join(QLatin1Char('\n'))).split(QLatin1Char('\n'));
    paragraph.clear();
  };
  bool fenced = false;
  for (const QString& l : markdown.split(QLatin1Char('\n'))) {
    const QString trimmed = l.trimmed();
    const bool fence =
        trimmed.startsWith(QStringLiteral("```")) || trimmed.startsWith(QStringLiteral("~~~"));
    if (fence || fenced || trimmed.isEmpty() || trimmed.startsWith(QLatin1Char('|'))) {
      flush();
      if (fence) fenced = !fenced;
      out += fenced || fence ? l : line(l, trimmed.startsWith(QLatin1Char('|')));
      continue;
    }
    paragraph += l;
  }
  flush();
  return out.join(QLatin1Char('\n'));
}

} // namespace collscope::app::slides
