#include "app_fixtures.h"

#include "algorithm_traces.hpp"

#include <QCoreApplication>
#include <QDir>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdlib>
#include <otf2/otf2.h>

namespace collscope::apptest {

test::TraceBuilder barrierProgram(int p, int root) {
  using test::at;
  test::TraceBuilder b(p);
  const auto barrier = [&b, p](double base) {
    for (int r = 0; r < p; ++r)
      b.collective(r, base, base + 1e-6, "MPI_Barrier", OTF2_COLLECTIVE_OP_BARRIER,
                   OTF2_UNDEFINED_UINT32, 0, 0);
  };
  // Binomial broadcast: virtual rank v < 2^k sends to v + 2^k in round k.
  for (int k = 0; (1 << k) < p; ++k)
    for (int v = 0; v < (1 << k) && v + (1 << k) < p; ++v) {
      const int from = (v + root) % p;
      const int to = (v + (1 << k) + root) % p;
      b.send(from, at(k, 2), at(k, 4), to, 400);
      b.recv(to, at(k, 1), at(k, 5), from, 400);
    }
  barrier(1e-3);
  const double g = 2e-3;
  b.sendrecv(0, g + at(0, 0.2), g + at(0, 0.4), 0, 8, 0, 8);
  for (int r = 1; r < p; ++r) {
    b.recv(0, g + at(r - 1, 1), g + at(r - 1, 5), r, 8);
    b.send(r, g + at(r - 1, 2), g + at(r - 1, 4), 0, 8);
  }
  barrier(3e-3);
  for (int r = 0; r < p; ++r)
    b.sendrecv(r, 4e-3 + at(0, 1), 4e-3 + at(0, 5), (r + 1) % p, 16, (r + p - 1) % p, 16);
  for (int r = 0; r < p; ++r)
    b.collective(r, 5e-3, 5.01e-3, "MPI_Allreduce", OTF2_COLLECTIVE_OP_ALLREDUCE,
                 OTF2_UNDEFINED_UINT32, 32, 32);
  return b;
}

std::unique_ptr<app::TraceDocument> recorded(const char* name) {
  const QString dir = qEnvironmentVariable("COLLSCOPE_APP_TRACES");
  REQUIRE_FALSE(dir.isEmpty());
  return app::TraceDocument::load(dir + QLatin1Char('/') + QString::fromUtf8(name));
}

QString slidesDirectory() {
  return QDir(QCoreApplication::applicationDirPath() + QStringLiteral("/../share/collscope/slides"))
      .canonicalPath();
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
