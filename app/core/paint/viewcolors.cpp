#include "paint/viewcolors.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace collscope::app {

namespace {

constexpr std::array<QRgb, 8> okabeIto{0xff0072b2, 0xffe69f00, 0xff009e73, 0xffcc79a7,
                                       0xff56b4e9, 0xffd55e00, 0xffb8a300, 0xff000000};

// Paul Tol's "muted" qualitative scheme (personal.sron.nl/~pault), in its order: neighbours
// alternate dark and light. tests/app/test_palette.cpp holds its nine colours pairwise apart by
// CIEDE2000 ≥ 11 for normal vision and for simulated protanopia, deuteranopia and tritanopia
// (Machado et al. 2009); Okabe–Ito's darkened yellow fell to 1.3 beside its orange.
constexpr std::array<QRgb, 9> tolMuted{0xffcc6677, 0xff332288, 0xffddcc77, 0xff117733, 0xff88ccee,
                                       0xff882255, 0xff44aa99, 0xff999933, 0xffaa4499};

QColor wheel(int index) {
  const double hue = std::fmod(index * 0.61803398875, 1.0); // golden ratio: neighbours differ
  const double value = index % 2 == 0 ? 0.85 : 0.62;
  return QColor::fromHsvF(static_cast<float>(hue), 0.75f, static_cast<float>(value));
}

} // namespace

QColor roundColor(int round, int /*rounds*/) {
  if (round < 0) return QColor(150, 150, 150);
  const QColor colour(tolMuted[static_cast<std::size_t>(round % 9)]);
  // Beyond nine rounds the colours come again, a shade darker every other time round: the
  // views label rounds as well ("r9"), and neighbouring rounds still differ.
  return (round / 9) % 2 == 1 ? colour.darker(140) : colour;
}

std::array<QColor, 9> roundPalette() {
  std::array<QColor, 9> colours;
  for (std::size_t i = 0; i < colours.size(); ++i) colours[i] = QColor(tolMuted[i]);
  return colours;
}

QColor originColor(int rank, int p) {
  if (rank < 0) return QColor(150, 150, 150);
  if (p <= 8) return QColor(okabeIto[static_cast<std::size_t>(rank % 8)]);
  return wheel(rank);
}

QColor delayColor(double fraction) {
  // YlOrRd (ColorBrewer), 5 stops.
  static constexpr std::array<QRgb, 5> stops{0xffffffb2, 0xfffecc5c, 0xfffd8d3c, 0xfff03b20,
                                             0xffbd0026};
  const double f = std::clamp(std::isfinite(fraction) ? fraction : 0.0, 0.0, 1.0) * 4.0;
  const auto i = static_cast<std::size_t>(std::min(3.0, std::floor(f)));
  const double t = f - static_cast<double>(i);
  const QColor a(stops[i]);
  const QColor b(stops[i + 1]);
  const auto mix = [t](int x, int y) { return static_cast<int>(std::lround(x + (y - x) * t)); };
  return QColor(mix(a.red(), b.red()), mix(a.green(), b.green()), mix(a.blue(), b.blue()));
}

QColor lightTint(const QColor& colour) {
  return QColor::fromRgbF(static_cast<float>(colour.redF() * 0.3 + 0.7),
                          static_cast<float>(colour.greenF() * 0.3 + 0.7),
                          static_cast<float>(colour.blueF() * 0.3 + 0.7));
}

QColor textOn(const QColor& background) {
  const double luminance =
      0.2126 * background.redF() + 0.7152 * background.greenF() + 0.0722 * background.blueF();
  return luminance > 0.5 ? QColor(20, 20, 20) : QColor(255, 255, 255);
}

} // namespace collscope::app
