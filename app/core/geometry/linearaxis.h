// The pure geometry of a horizontal axis: a visible window [viewBegin, viewEnd] of a domain
// (seconds or round columns) mapped linearly onto pixels [left, left + width]; zoom about a
// pixel, pan by pixels, fit. No widgets: tested on its own.
#pragma once

#include <QString>
#include <vector>

namespace collscope::app {

struct Tick {
  double value = 0.0;
  double pixel = 0.0;
  QString label;
};

class LinearAxis {
public:
  virtual ~LinearAxis() = default;

  /// Labelled ticks at least minSpacing pixels apart inside the window, and the axis title.
  virtual std::vector<Tick> ticks(double minSpacing) const = 0;
  virtual QString title() const = 0;

  /// The whole domain; fit() shows it with a small margin, pan and zoom stay near it.
  void setExtent(double begin, double end);
  void setPixelRange(double left, double width);
  /// The narrowest window zoom may reach (default: a millionth of the extent).
  void setMinimumSpan(double span) { m_minSpan = span; }

  void fit();
  void setView(double begin, double end);
  /// factor > 1 zooms in; the domain value under anchorPixel stays under it.
  void zoom(double factor, double anchorPixel);
  /// Moves the content by `pixels` (positive: to the right, showing earlier values).
  void pan(double pixels);

  double toPixel(double x) const { return m_left + (x - m_begin) * m_scale; }
  double fromPixel(double pixel) const { return m_begin + (pixel - m_left) / m_scale; }
  double pixelsPerUnit() const { return m_scale; }

  double viewBegin() const { return m_begin; }
  double viewEnd() const { return m_end; }
  double extentBegin() const { return m_extentBegin; }
  double extentEnd() const { return m_extentEnd; }
  double left() const { return m_left; }
  double width() const { return m_width; }
  bool isFitted() const;

  static constexpr double margin = 0.02; ///< of the extent, on each side when fitted

private:
  void clampAndUpdate();

  double m_extentBegin = 0.0;
  double m_extentEnd = 1.0;
  double m_begin = 0.0;
  double m_end = 1.0;
  double m_left = 0.0;
  double m_width = 100.0;
  double m_scale = 100.0;
  double m_minSpan = 0.0;
};

} // namespace collscope::app
