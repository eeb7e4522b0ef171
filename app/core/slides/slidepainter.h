// Paints a slide at a step onto any QPainter — the presenting windows, PNG pages and vector PDF
// pages share this one code path. Everything is laid out on a virtual 1366×768 canvas (16:9;
// 1024×768 for 4:3 decks) and scaled to the target (letterboxed), so a projector of that size
// shows it at 1:1: body text
// 28 px, nothing below 20 px. The Markdown is Qt's (QTextDocument::setMarkdown); scene
// figures are the app's views, painted zoomed so their smallest labels stay above ~20 px.
#pragma once

#include "slides/scenelibrary.h"

#include <QPainter>
#include <QRectF>
#include <QTextDocument>
#include <memory>
#include <vector>

namespace collscope::app::slides {

/// Where a slide's parts go on the canvas, in the deck's order: text above, the scenes side by
/// side, text below (empty rectangles for parts the slide does not have).
struct SlideLayout {
  double pixels = 28.0; ///< body text size
  QRectF above;
  std::vector<QRectF> scenes;
  QRectF below;
};

class SlidePainter {
public:
  static constexpr double canvasHeight = 768.0;
  /// The deck's canvas width: 1366 (16:9, the default) or 1024 (4:3).
  double canvasWidth() const;
  /// How much larger than in the app the views are drawn on a slide: their floors (14 px
  /// ticks, 12 px strips) come out at 20 px and more on the canvas.
  static constexpr double sceneZoom = 1.6;
  /// Side by side, a view keeps at least this logical width; its ticks come out at 20 px.
  static constexpr double narrowZoom = 1.45;
  static constexpr double narrowLogicalWidth = 330.0;
  static constexpr double minimumFontPixels = 20.0;

  explicit SlidePainter(SceneLibrary& library) : m_library(library) {}

  /// The canvas letterboxed into `target` (centred, aspect kept).
  QRectF canvasRect(const QRectF& target) const;
  SlideLayout layout(int slide) const;
  /// Paints slide `at.slide` with its scenes at step `at.step` (moves their cursors).
  void paint(QPainter& painter, const QRectF& target, DeckPosition at);
  /// The speaker notes of `slide` as Markdown at `pixels`, wrapped to `target`'s width; returns
  /// the height used.
  double paintNotes(QPainter& painter, const QRectF& target, int slide, double pixels = 20.0);
  /// The height the speaker notes of `slide` take at `width` and `pixels` (0 without notes).
  double notesHeight(int slide, double width, double pixels) const;

  /// The slide's text above its scenes, or below them, as laid out on the canvas with body
  /// text of `pixels` (tests read it).
  enum class TextPart { above, below };
  std::unique_ptr<QTextDocument> textDocument(int slide, double pixels, double width,
                                              TextPart part = TextPart::above) const;

private:
  static void drawDocument(QPainter& painter, QTextDocument& document, const QRectF& area);
  void paintScene(QPainter& painter, const QRectF& cell, int slide, int scene);
  void paintStats(QPainter& painter, const QRectF& cell, SceneState& state, bool measured);
  void paintMessage(QPainter& painter, const QRectF& cell, const QString& heading,
                    const QString& text, const QColor& accent);

  SceneLibrary& m_library;
};

/// Markdown into a QTextDocument in the slides' fonts: body `pixels`, headings larger, images
/// relative to `directory` and no wider than `width`.
std::unique_ptr<QTextDocument> markdownDocument(const QString& markdown, const QString& directory,
                                                double pixels, double width);

} // namespace collscope::app::slides
