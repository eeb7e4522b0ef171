// The round palette stays apart on a projector and for colour-blind viewers: every pair of the
// nine round colours differs by CIEDE2000 ≥ 11 for normal vision and for simulated protanopia,
// deuteranopia and tritanopia (Machado, Oliveira, Fernandes 2009, severity 1, applied to linear
// sRGB). 11 is about five times a just-noticeable difference; Okabe–Ito's darkened yellow and
// its orange, the old round colours, came to 1.3 for a protanope.
#include "paint/viewcolors.h"

#include <array>
#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>
#include <optional>

namespace {

using Matrix = std::array<std::array<double, 3>, 3>;
struct Lab {
  double l, a, b;
};

double linear(double c) {
  return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}

Lab toLab(const QColor& colour, const std::optional<Matrix>& deficiency) {
  std::array<double, 3> rgb{linear(colour.redF()), linear(colour.greenF()), linear(colour.blueF())};
  if (deficiency) {
    std::array<double, 3> simulated{};
    for (int i = 0; i < 3; ++i)
      simulated[i] = std::clamp((*deficiency)[i][0] * rgb[0] + (*deficiency)[i][1] * rgb[1] +
                                    (*deficiency)[i][2] * rgb[2],
                                0.0, 1.0);
    rgb = simulated;
  }
  const double x = 0.4124 * rgb[0] + 0.3576 * rgb[1] + 0.1805 * rgb[2];
  const double y = 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2];
  const double z = 0.0193 * rgb[0] + 0.1192 * rgb[1] + 0.9505 * rgb[2];
  const auto f = [](double t) { return t > 0.008856 ? std::cbrt(t) : 7.787 * t + 16.0 / 116.0; };
  const double fx = f(x / 0.95047), fy = f(y), fz = f(z / 1.08883);
  return {116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)};
}

double degrees(double radians) {
  return radians * 180.0 / std::numbers::pi;
}
double radians(double degrees) {
  return degrees * std::numbers::pi / 180.0;
}

/// CIEDE2000 (Sharma, Wu, Dalal 2005).
double deltaE2000(const Lab& x, const Lab& y) {
  const double c1 = std::hypot(x.a, x.b), c2 = std::hypot(y.a, y.b);
  const double cBar7 = std::pow((c1 + c2) / 2, 7);
  const double g = 0.5 * (1 - std::sqrt(cBar7 / (cBar7 + std::pow(25.0, 7))));
  const double a1 = (1 + g) * x.a, a2 = (1 + g) * y.a;
  const double c1p = std::hypot(a1, x.b), c2p = std::hypot(a2, y.b);
  const auto hue = [](double b, double a) {
    const double h = degrees(std::atan2(b, a));
    return h < 0 ? h + 360 : h;
  };
  const double h1 = hue(x.b, a1), h2 = hue(y.b, a2);
  double dh = 0;
  if (c1p * c2p != 0) {
    dh = h2 - h1;
    if (dh > 180) dh -= 360;
    if (dh < -180) dh += 360;
  }
  const double dL = y.l - x.l, dC = c2p - c1p;
  const double dH = 2 * std::sqrt(c1p * c2p) * std::sin(radians(dh / 2));
  const double lBar = (x.l + y.l) / 2, cBarP = (c1p + c2p) / 2;
  double hBar = h1 + h2;
  if (c1p * c2p != 0)
    hBar = std::abs(h1 - h2) <= 180 ? (h1 + h2) / 2
                                    : (h1 + h2 < 360 ? (h1 + h2 + 360) / 2 : (h1 + h2 - 360) / 2);
  const double t = 1 - 0.17 * std::cos(radians(hBar - 30)) + 0.24 * std::cos(radians(2 * hBar)) +
                   0.32 * std::cos(radians(3 * hBar + 6)) - 0.20 * std::cos(radians(4 * hBar - 63));
  const double dTheta = 30 * std::exp(-std::pow((hBar - 275) / 25, 2));
  const double cBarP7 = std::pow(cBarP, 7);
  const double rC = 2 * std::sqrt(cBarP7 / (cBarP7 + std::pow(25.0, 7)));
  const double sL = 1 + 0.015 * std::pow(lBar - 50, 2) / std::sqrt(20 + std::pow(lBar - 50, 2));
  const double sC = 1 + 0.045 * cBarP, sH = 1 + 0.015 * cBarP * t;
  const double rT = -std::sin(radians(2 * dTheta)) * rC;
  return std::sqrt(std::pow(dL / sL, 2) + std::pow(dC / sC, 2) + std::pow(dH / sH, 2) +
                   rT * (dC / sC) * (dH / sH));
}

const Matrix protanopia{{{0.152286, 1.052583, -0.204868},
                         {0.114503, 0.786281, 0.099216},
                         {-0.003882, -0.048116, 1.051998}}};
const Matrix deuteranopia{{{0.367322, 0.860646, -0.227968},
                           {0.280085, 0.672501, 0.047413},
                           {-0.011820, 0.042940, 0.968881}}};
const Matrix tritanopia{{{1.255528, -0.076749, -0.178779},
                         {-0.078411, 0.930809, 0.147602},
                         {0.004733, 0.691367, 0.303900}}};

} // namespace

TEST_CASE("CIEDE2000 agrees with Sharma, Wu and Dalal's test data", "[palette]") {
  // Pairs 1 and 17 of their table: ΔE00 = 2.0425 and 27.1492.
  CHECK(std::abs(deltaE2000({50, 2.6772, -79.7751}, {50, 0, -82.7485}) - 2.0425) < 1e-4);
  CHECK(std::abs(deltaE2000({50, 2.5, 0}, {73, 25, -18}) - 27.1492) < 1e-4);
}

TEST_CASE("the round colours stay apart for normal and colour-deficient vision", "[palette]") {
  using collscope::app::roundPalette;
  const auto colours = roundPalette();
  for (const auto& [vision, matrix] : {std::pair{"normal", std::optional<Matrix>{}},
                                       std::pair{"protanopia", std::optional{protanopia}},
                                       std::pair{"deuteranopia", std::optional{deuteranopia}},
                                       std::pair{"tritanopia", std::optional{tritanopia}}}) {
    double closest = 1e9;
    for (std::size_t i = 0; i < colours.size(); ++i)
      for (std::size_t j = i + 1; j < colours.size(); ++j)
        closest =
            std::min(closest, deltaE2000(toLab(colours[i], matrix), toLab(colours[j], matrix)));
    INFO(vision << ": closest pair ΔE00 = " << closest);
    CHECK(closest >= 11.0);
  }
  // Every round is coloured from the palette, and neighbouring rounds differ past the ninth.
  for (int r = 0; r < 40; ++r)
    CHECK(deltaE2000(toLab(collscope::app::roundColor(r, 40), {}),
                     toLab(collscope::app::roundColor(r + 1, 40), {})) >= 11.0);
}
