#include "app_fixtures.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <cstdlib>

namespace collscope::apptest {

std::unique_ptr<app::TraceDocument> recorded(const char* name) {
  const QString dir = qEnvironmentVariable("COLLSCOPE_APP_TRACES");
  REQUIRE_FALSE(dir.isEmpty());
  return app::TraceDocument::load(dir + QLatin1Char('/') + QString::fromUtf8(name));
}

std::unique_ptr<app::TraceDocument> load(const test::TraceBuilder& builder) {
  const test::TempDir dir;
  const auto path = builder.write(dir / "trace");
  return app::TraceDocument::load(QString::fromStdString(path.string()));
}

int findMessage(const app::TraceDocument& document, int sender, int receiver) {
  const auto& messages = document.trace().messages;
  for (std::size_t m = 0; m < messages.size(); ++m)
    if (messages[m].sender == sender && messages[m].receiver == receiver)
      return static_cast<int>(m);
  return -1;
}

bool isDark(const QColor& c) {
  return c.red() < 90 && c.green() < 90 && c.blue() < 90;
}

bool isLight(const QColor& c) {
  return c.red() > 150 && c.green() > 150 && c.blue() > 150;
}

bool isNear(const QColor& c, const QColor& expected, int tolerance) {
  return std::abs(c.red() - expected.red()) <= tolerance &&
         std::abs(c.green() - expected.green()) <= tolerance &&
         std::abs(c.blue() - expected.blue()) <= tolerance;
}

bool anyNear(const QImage& image, QPointF p, int radius, const std::function<bool(QColor)>& test) {
  const int cx = static_cast<int>(std::lround(p.x()));
  const int cy = static_cast<int>(std::lround(p.y()));
  for (int y = cy - radius; y <= cy + radius; ++y)
    for (int x = cx - radius; x <= cx + radius; ++x)
      if (image.valid(x, y) && test(image.pixelColor(x, y))) return true;
  return false;
}

} // namespace collscope::apptest
