// A paint device that draws nothing and records every piece of text painted on it with the
// size it comes out at on the device (the font's pixel size times the painter's scale): what
// a legibility test asserts on, exactly, instead of guessing from pixels.
#pragma once

#include <QPaintDevice>
#include <QPaintEngine>
#include <QString>
#include <QTransform>
#include <memory>
#include <vector>

namespace collscope::test {

struct ProbedText {
  QString text;
  double pixels = 0.0; ///< the font's height in device pixels
  QRectF box;          ///< where it lands on the device (approximate: its baseline box)
};

class TextProbe : public QPaintDevice {
public:
  TextProbe(int width, int height);
  ~TextProbe() override;
  QPaintEngine* paintEngine() const override;
  const std::vector<ProbedText>& texts() const;
  /// The smallest text, or none.
  const ProbedText* smallest() const;

protected:
  int metric(PaintDeviceMetric metric) const override;

private:
  int m_width, m_height;
  std::unique_ptr<QPaintEngine> m_engine;
};

} // namespace collscope::test
