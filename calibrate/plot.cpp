// The fit drawn: measured times of the three patterns against message size (log-log), the
// fitted ping-pong line, the two lines of the best split (the lecture's piecewise-linear
// refinement) and the relative residual per size, so that where the linear model fails (the
// eager/rendezvous step) shows as bars beyond the ±25% band. Two layouts: the residuals below
// the fit (a page), or beside it in 20 px text at the size a 16:9 slide shows an image.
#include "report.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace collscope::calibrate {

namespace {

struct Box {
  double x, y, w, h;
};

/// Where everything goes: the canvas, the two panels, the text size and the size-tick step.
struct Layout {
  double width, height, font;
  Box fit, residual;
  int tick_step;      ///< a size label every tick_step powers of two
  double pixels;      ///< width/height attributes = pixels × the viewBox: sharp when shrunk
  const char* legend; ///< the residual panel's caption
};

constexpr Layout page{900,
                      700,
                      13,
                      {90, 40, 780, 380},
                      {90, 495, 780, 160},
                      2,
                      1,
                      "ping-pong residual (measured − fit)/measured; grey: within ±25%"};
// 1250 × 384: the text width of a 16:9 slide and half its height, the largest an image is shown.
constexpr Layout slide{1250,
                       384,
                       22,
                       {110, 74, 500, 236},
                       {760, 74, 470, 236},
                       4,
                       2,
                       "ping-pong: (measured − fit)/measured"};

std::string num(double v) {
  char b[32];
  std::snprintf(b, sizeof b, "%.1f", v);
  return b;
}

/// 1024 → "1K", 4194304 → "4M": short labels that fit under a tick.
std::string bytes_label(double bytes) {
  const long b = static_cast<long>(bytes);
  if (b >= (1L << 20) && b % (1L << 20) == 0) return std::to_string(b >> 20) + "M";
  if (b >= 1024 && b % 1024 == 0) return std::to_string(b >> 10) + "K";
  return std::to_string(b);
}

/// "ping_pong" → "ping-pong": the file's key as the lecture writes it.
std::string label(std::string name) {
  std::replace(name.begin(), name.end(), '_', '-');
  return name;
}

/// x of a size in a panel: log2 with 0 bytes one step left of 1 byte.
struct Axes {
  double log_max = 1, t_lo = -7, t_hi = -3; // log2 of the largest size; log10 time range
  double x(const Box& b, double bytes) const {
    const double l = bytes >= 1 ? std::log2(bytes) + 1 : 0;
    return b.x + b.w * l / (log_max + 1);
  }
  double y(const Box& b, double t) const {
    const double l = std::log10(std::max(t, 1e-12));
    return b.y + b.h * (t_hi - l) / (t_hi - t_lo);
  }
};

std::string text(double x, double y, const std::string& s, const char* anchor = "middle") {
  return "<text x=\"" + num(x) + "\" y=\"" + num(y) + "\" text-anchor=\"" + anchor + "\">" + s +
         "</text>\n";
}

std::string line(double x1, double y1, double x2, double y2, const std::string& style) {
  return "<line x1=\"" + num(x1) + "\" x2=\"" + num(x2) + "\" y1=\"" + num(y1) + "\" y2=\"" +
         num(y2) + "\" " + style + "/>\n";
}

/// t = α + β·m over [from, to] bytes, sampled along the log axis (its real, curved shape).
std::string curve(const Axes& a, const Box& b, const LinearFit& f, double from, double to,
                  const std::string& style) {
  // A path rather than a polyline: ImageMagick's own SVG renderer closes polylines.
  std::string s = "<path fill=\"none\" " + style + " d=\"M";
  const auto log_of = [](double bytes) { return bytes >= 1 ? std::log2(bytes) + 1 : bytes; };
  const double l0 = log_of(from), l1 = log_of(to);
  std::string last;
  for (int i = 0; i <= 200; ++i) {
    const double l = l0 + (l1 - l0) * i / 200.0;
    const double bytes = l < 1 ? l : std::pow(2.0, l - 1);
    const std::string point =
        num(a.x(b, bytes)) + "," + num(a.y(b, f.alpha_s + f.beta_s_per_byte * bytes));
    if (point != last) s += (last.empty() ? "" : " L") + point; // repeated points confuse renderers
    last = point;
  }
  return s + "\"/>\n";
}

/// Size ticks and their labels under a panel.
std::string size_axis(const Axes& a, const Box& b, const Layout& l) {
  std::string s;
  for (int e = -1; e <= static_cast<int>(a.log_max); e += l.tick_step) {
    const double bytes = e < 0 ? 0 : std::pow(2.0, e);
    const double x = a.x(b, bytes);
    s += line(x, b.y, x, b.y + b.h, "stroke=\"#eee\"") +
         text(x, b.y + b.h + l.font * 1.2, bytes_label(bytes));
  }
  return s + text(b.x + b.w / 2, b.y + b.h + l.font * 2.5, "message size m (bytes)");
}

std::string draw(const Result& r, const Layout& l) {
  Axes a;
  double lo = 1e30, hi = 0;
  for (const Pattern* p : {&r.ping_pong, &r.ping_ping, &r.ring})
    for (const Point& q : p->points) {
      a.log_max = std::max(a.log_max, q.bytes >= 1 ? std::log2(q.bytes) : 0.0);
      if (q.time_s > 0) lo = std::min(lo, q.time_s), hi = std::max(hi, q.time_s);
    }
  if (hi > 0) a.t_lo = std::floor(std::log10(lo)), a.t_hi = std::ceil(std::log10(hi));
  if (a.t_hi <= a.t_lo) a.t_hi = a.t_lo + 1;
  // A slide shows an image at most at its pixel size: twice the viewBox stays sharp on a
  // projector that scales the canvas up.
  std::string s = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" +
                  num(l.width * l.pixels) + "\" height=\"" + num(l.height * l.pixels) +
                  "\" viewBox=\"0 0 " + num(l.width) + " " + num(l.height) +
                  "\" font-family=\"sans-serif\" font-size=\"" + num(l.font) +
                  "\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\" stroke=\"none\"/>\n";
  const LinearFit& f = r.ping_pong.fit;
  const Box& fb = l.fit;
  char title[200];
  std::snprintf(title, sizeof title, "%s: α = %.3g ± %.1g µs, β = %.3g ± %.1g ns/byte, R² = %.4f",
                r.host.c_str(), f.alpha_s * 1e6, f.alpha_stderr_s * 1e6, f.beta_s_per_byte * 1e9,
                f.beta_stderr_s_per_byte * 1e9, f.r2);
  s += text(l.width / 2, l.font * 1.4, title);
  // A decade per time line.
  for (int d = static_cast<int>(a.t_lo); d <= static_cast<int>(a.t_hi); ++d) {
    const double y = a.y(fb, std::pow(10.0, d));
    s += line(fb.x, y, fb.x + fb.w, y, "stroke=\"#ddd\"") +
         text(fb.x - 6, y + l.font * 0.3, "1e" + std::to_string(d) + " s", "end");
  }
  s += size_axis(a, fb, l);
  if (f.valid)
    s += curve(a, fb, f, 0, std::pow(2.0, a.log_max), "stroke=\"black\" stroke-width=\"1.5\"");
  // The refinement: two lines split where one fits worst, dashed, and the split marked.
  const SplitFit& split = r.ping_pong.split;
  if (split.at && split.below.valid && split.above.valid) {
    const double at = r.ping_pong.points[split.at].bytes;
    const std::string dashed = "stroke=\"#CC79A7\" stroke-width=\"2\" stroke-dasharray=\"6,4\"";
    s += curve(a, fb, split.below, 0, r.ping_pong.points[split.at - 1].bytes, dashed) +
         curve(a, fb, split.above, at, std::pow(2.0, a.log_max), dashed);
    const double x = a.x(fb, at);
    s += line(x, fb.y, x, fb.y + fb.h, "stroke=\"#CC79A7\"") +
         text(x + 4, fb.y + fb.h - 6, "split " + bytes_label(at), "start");
  }
  // Okabe–Ito colours: distinguishable for colour-blind readers.
  const std::pair<const Pattern*, const char*> series[] = {
      {&r.ping_pong, "#0072B2"}, {&r.ping_ping, "#E69F00"}, {&r.ring, "#009E73"}};
  const double dot = l.font * 0.27, step = l.font * 1.3;
  double legend_y = fb.y + l.font * 1.2;
  for (const auto& [p, colour] : series) {
    for (const Point& q : p->points)
      s += "<circle cx=\"" + num(a.x(fb, q.bytes)) + "\" cy=\"" + num(a.y(fb, q.time_s)) +
           "\" r=\"" + num(dot) + "\" fill=\"" + colour + "\" stroke=\"none\"/>\n";
    s += "<circle cx=\"" + num(fb.x + 12) + "\" cy=\"" + num(legend_y - l.font * 0.3) +
         "\" r=\"" + num(dot * 1.2) + "\" fill=\"" + colour + "\" stroke=\"none\"/>\n" +
         text(fb.x + 12 + l.font, legend_y, label(p->name), "start");
    legend_y += step;
  }
  s += text(fb.x + 4, legend_y, "— fit α + β·m (ping-pong)", "start");
  if (split.at) s += text(fb.x + 4, legend_y + step, "- - two lines (split)", "start");
  // Residual panel: ±50% range, band at ±25%, bars beyond it in vermilion.
  const Box& rb = l.residual;
  const double mid = rb.y + rb.h / 2;
  const auto ry = [&](double rel) { return mid - rb.h / 2 * std::clamp(rel, -0.5, 0.5) / 0.5; };
  s += "<rect x=\"" + num(rb.x) + "\" y=\"" + num(ry(0.25)) + "\" width=\"" + num(rb.w) +
       "\" height=\"" + num(ry(-0.25) - ry(0.25)) + "\" fill=\"#e8e8e8\" stroke=\"none\"/>\n";
  s += size_axis(a, rb, l) + line(rb.x, mid, rb.x + rb.w, mid, "stroke=\"black\"");
  s += text(rb.x - 6, ry(0.5) + l.font * 0.6, "+50%", "end") +
       text(rb.x - 6, mid + l.font * 0.3, "0", "end") +
       text(rb.x - 6, ry(-0.5), "−50%", "end");
  s += text(rb.x + rb.w / 2, rb.y - l.font * 0.4, l.legend);
  const double bar = std::max(8.0, rb.w / (a.log_max + 2) * 0.5);
  for (std::size_t i = 0; f.valid && i < r.ping_pong.points.size(); ++i) {
    const double x = a.x(rb, r.ping_pong.points[i].bytes), rel = f.relative_residual[i];
    const double y = ry(rel);
    s += "<rect x=\"" + num(x - bar / 2) + "\" y=\"" + num(std::min(y, mid)) + "\" width=\"" +
         num(bar) + "\" height=\"" + num(std::abs(mid - y)) + "\" fill=\"" +
         (std::abs(rel) > misfit_tolerance ? "#D55E00" : "#0072B2") + "\" stroke=\"none\"/>\n";
  }
  return s + "</svg>\n";
}

} // namespace

std::string to_svg(const Result& r) { return draw(r, page); }
std::string to_slide_svg(const Result& r) { return draw(r, slide); }

} // namespace collscope::calibrate
