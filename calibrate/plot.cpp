// The fit drawn: measured times of the three patterns against message size (log-log), the
// fitted ping-pong line, and below it the relative residual per size, so that where the linear
// model fails (the eager/rendezvous step) shows as bars beyond the ±25% band.
#include "report.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace collscope::calibrate {

namespace {

constexpr double width = 900, left = 90, right = 30, top = 40, plot_h = 380, gap = 50,
                 residual_h = 160;
constexpr double plot_w = width - left - right;

std::string num(double v) {
  char b[32];
  std::snprintf(b, sizeof b, "%.1f", v);
  return b;
}

/// x of a size: log2 with 0 bytes one step left of 1 byte.
struct Axes {
  double log_max = 1, t_lo = -7, t_hi = -3; // log2 of the largest size; log10 time range
  double x(double bytes) const {
    const double l = bytes >= 1 ? std::log2(bytes) + 1 : 0;
    return left + plot_w * l / (log_max + 1);
  }
  double y(double t) const {
    const double l = std::log10(std::max(t, 1e-12));
    return top + plot_h * (t_hi - l) / (t_hi - t_lo);
  }
};

std::string text(double x, double y, const std::string& s, const char* anchor = "middle") {
  return "<text x=\"" + num(x) + "\" y=\"" + num(y) + "\" text-anchor=\"" + anchor + "\">" + s +
         "</text>\n";
}

} // namespace

std::string to_svg(const Result& r) {
  const double height = top + plot_h + gap + residual_h + 50;
  Axes a;
  double lo = 1e30, hi = 0;
  for (const Pattern* p : {&r.ping_pong, &r.ping_ping, &r.ring})
    for (const Point& q : p->points) {
      a.log_max = std::max(a.log_max, q.bytes >= 1 ? std::log2(q.bytes) : 0.0);
      if (q.time_s > 0) lo = std::min(lo, q.time_s), hi = std::max(hi, q.time_s);
    }
  if (hi > 0) a.t_lo = std::floor(std::log10(lo)), a.t_hi = std::ceil(std::log10(hi));
  if (a.t_hi <= a.t_lo) a.t_hi = a.t_lo + 1;
  std::string s = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + num(width) +
                  "\" height=\"" + num(height) +
                  "\" font-family=\"sans-serif\" font-size=\"13\">\n"
                  "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  const LinearFit& f = r.ping_pong.fit;
  char title[200];
  std::snprintf(title, sizeof title, "%s: α = %.3g ± %.1g µs, β = %.3g ± %.1g ns/byte, R² = %.4f",
                r.host.c_str(), f.alpha_s * 1e6, f.alpha_stderr_s * 1e6, f.beta_s_per_byte * 1e9,
                f.beta_stderr_s_per_byte * 1e9, f.r2);
  s += text(width / 2, 22, title);
  // Axes and grid: a decade per time line, every other power of two per size tick.
  for (int d = static_cast<int>(a.t_lo); d <= static_cast<int>(a.t_hi); ++d) {
    const double y = a.y(std::pow(10.0, d));
    s += "<line x1=\"" + num(left) + "\" x2=\"" + num(left + plot_w) + "\" y1=\"" + num(y) +
         "\" y2=\"" + num(y) + "\" stroke=\"#ddd\"/>\n" +
         text(left - 6, y + 4, "1e" + std::to_string(d) + " s", "end");
  }
  for (int l = -1; l <= static_cast<int>(a.log_max); l += 2) {
    const double bytes = l < 0 ? 0 : std::pow(2.0, l);
    const double x = a.x(bytes);
    s += "<line x1=\"" + num(x) + "\" x2=\"" + num(x) + "\" y1=\"" + num(top) + "\" y2=\"" +
         num(top + plot_h) + "\" stroke=\"#eee\"/>\n" +
         text(x, top + plot_h + 16, l < 0 ? "0" : std::to_string(static_cast<long>(bytes)));
  }
  s += text(left + plot_w / 2, top + plot_h + 34, "message size m (bytes)");
  // The fitted line, sampled along the log axis so that it shows its real (curved) shape.
  if (f.valid) {
    s += "<polyline fill=\"none\" stroke=\"black\" stroke-width=\"1.5\" points=\"";
    for (int i = 0; i <= 200; ++i) {
      const double l = (a.log_max + 1) * i / 200.0;
      const double bytes = l < 1 ? l : std::pow(2.0, l - 1);
      s += num(a.x(bytes)) + "," + num(a.y(f.alpha_s + f.beta_s_per_byte * bytes)) + " ";
    }
    s += "\"/>\n";
  }
  // Okabe–Ito colours: distinguishable for colour-blind readers.
  const std::pair<const Pattern*, const char*> series[] = {
      {&r.ping_pong, "#0072B2"}, {&r.ping_ping, "#E69F00"}, {&r.ring, "#009E73"}};
  double legend_y = top + 16;
  for (const auto& [p, colour] : series) {
    for (const Point& q : p->points)
      s += "<circle cx=\"" + num(a.x(q.bytes)) + "\" cy=\"" + num(a.y(q.time_s)) +
           "\" r=\"3.5\" fill=\"" + colour + "\"/>\n";
    s += "<circle cx=\"" + num(left + 12) + "\" cy=\"" + num(legend_y - 4) + "\" r=\"4\" fill=\"" +
         colour + "\"/>\n" + text(left + 22, legend_y, p->name, "start");
    legend_y += 18;
  }
  s += text(left + 22, legend_y, "— fit α + β·m (ping-pong)", "start");
  // Residual panel: ±50% range, band at ±25%.
  const double y0 = top + plot_h + gap, mid = y0 + residual_h / 2;
  const auto ry = [&](double rel) {
    return mid - residual_h / 2 * std::clamp(rel, -0.5, 0.5) / 0.5;
  };
  s += "<rect x=\"" + num(left) + "\" y=\"" + num(ry(0.25)) + "\" width=\"" + num(plot_w) +
       "\" height=\"" + num(ry(-0.25) - ry(0.25)) + "\" fill=\"#f2f2f2\"/>\n";
  s += "<line x1=\"" + num(left) + "\" x2=\"" + num(left + plot_w) + "\" y1=\"" + num(mid) +
       "\" y2=\"" + num(mid) + "\" stroke=\"black\"/>\n";
  s += text(left - 6, ry(0.5) + 4, "+50%", "end") + text(left - 6, mid + 4, "0", "end") +
       text(left - 6, ry(-0.5) + 4, "−50%", "end");
  s += text(left + plot_w / 2, y0 + residual_h + 22,
            "ping-pong residual (measured − fit)/measured; grey: within ±25%");
  for (std::size_t i = 0; f.valid && i < r.ping_pong.points.size(); ++i) {
    const double x = a.x(r.ping_pong.points[i].bytes), rel = f.relative_residual[i];
    const double y = ry(rel);
    s += "<rect x=\"" + num(x - 4) + "\" y=\"" + num(std::min(y, mid)) +
         "\" width=\"8\" height=\"" + num(std::abs(mid - y)) + "\" fill=\"" +
         (std::abs(rel) > misfit_tolerance ? "#D55E00" : "#0072B2") + "\"/>\n";
  }
  return s + "</svg>\n";
}

} // namespace collscope::calibrate
