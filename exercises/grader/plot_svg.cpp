#include "plot_svg.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace collscope::grade {

namespace {

constexpr double width = 640, height = 360, left = 64, right = 36, top = 40, bottom = 56;

std::string fmt(const char* format, double a, double b = 0, double c = 0, double d = 0) {
  char text[256];
  std::snprintf(text, sizeof text, format, a, b, c, d);
  return text;
}

std::string bytes_label(double bytes) {
  if (bytes >= 1e6) return fmt("%g MB", bytes / 1e6);
  if (bytes >= 1e3) return fmt("%g kB", bytes / 1e3);
  return fmt("%g B", bytes);
}

} // namespace

std::string speed_plot_svg(const std::vector<TimingRecord>& timings, double tolerance,
                           const std::string& native_name, int p) {
  struct Point {
    double bytes, median, low, high;
  };
  std::vector<Point> points;
  for (const TimingRecord& t : timings)
    if (t.median_native > 0 && t.median_yours > 0)
      points.push_back({std::max(1.0, t.c.count * (t.c.dtype == Dtype::int_ ? 4.0 : 8.0)),
                        t.median_yours / t.median_native,
                        t.q3_native > 0 ? t.q1_yours / t.q3_native : 0,
                        t.q1_native > 0 ? t.q3_yours / t.q1_native : 0});
  if (points.empty()) return {};
  std::sort(points.begin(), points.end(),
            [](const Point& a, const Point& b) { return a.bytes < b.bytes; });
  const double x0 = std::floor(std::log10(points.front().bytes));
  const double x1 = std::max(x0 + 1, std::ceil(std::log10(points.back().bytes)));
  double y1 = tolerance * 1.25;
  for (const Point& pt : points) y1 = std::max({y1, pt.median * 1.1, pt.high * 1.1});
  const auto X = [&](double bytes) {
    return left + (std::log10(bytes) - x0) / (x1 - x0) * (width - left - right);
  };
  const auto Y = [&](double ratio) { return top + (1 - ratio / y1) * (height - top - bottom); };

  std::string svg = fmt("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%g\" height=\"%g\" "
                        "viewBox=\"0 0 %g %g\" font-family=\"sans-serif\" font-size=\"12\">\n",
                        width, height, width, height);
  svg += fmt("<rect width=\"%g\" height=\"%g\" fill=\"white\"/>\n", width, height);
  svg += "<text x=\"" + fmt("%g", width / 2) +
         "\" y=\"22\" text-anchor=\"middle\" font-size=\"14\">"
         "Runtime relative to native " +
         native_name + " (p = " + std::to_string(p) + ")</text>\n";
  for (double e = x0; e <= x1 + 1e-9; ++e) {
    const double x = X(std::pow(10, e));
    svg += fmt("<line x1=\"%g\" y1=\"%g\" x2=\"%g\" y2=\"%g\" stroke=\"#ddd\"/>\n", x, top, x,
               height - bottom);
    svg += fmt("<text x=\"%g\" y=\"%g\" text-anchor=\"middle\">", x, height - bottom + 16) +
           bytes_label(std::pow(10, e)) + "</text>\n";
  }
  const double step = y1 > 8 ? 2 : y1 > 4 ? 1 : 0.5;
  for (double r = 0; r <= y1 + 1e-9; r += step) {
    svg += fmt("<line x1=\"%g\" y1=\"%g\" x2=\"%g\" y2=\"%g\" stroke=\"#eee\"/>\n", left, Y(r),
               width - right, Y(r));
    svg += fmt("<text x=\"%g\" y=\"%g\" text-anchor=\"end\">%g</text>\n", left - 6, Y(r) + 4, r);
  }
  svg += fmt("<line x1=\"%g\" y1=\"%g\" x2=\"%g\" y2=\"%g\" stroke=\"#444\"/>\n", left, Y(1),
             width - right, Y(1));
  svg += fmt("<text x=\"%g\" y=\"%g\" text-anchor=\"end\" fill=\"#444\">native = 1</text>\n",
             width - right - 4, Y(1) - 4);
  svg += fmt("<line x1=\"%g\" y1=\"%g\" x2=\"%g\" y2=\"%g\" stroke=\"#c0392b\" "
             "stroke-dasharray=\"6 4\"/>\n",
             left, Y(tolerance), width - right, Y(tolerance));
  svg += fmt("<text x=\"%g\" y=\"%g\" text-anchor=\"end\" fill=\"#c0392b\">tolerance %g</text>\n",
             width - right - 4, Y(tolerance) - 4, tolerance);
  std::string line;
  for (const Point& pt : points) line += fmt("%g,%g ", X(pt.bytes), Y(pt.median));
  svg +=
      "<polyline fill=\"none\" stroke=\"#2962ff\" stroke-width=\"2\" points=\"" + line + "\"/>\n";
  for (const Point& pt : points) {
    svg += fmt("<circle cx=\"%g\" cy=\"%g\" r=\"4\" fill=\"#2962ff\"><title>%g bytes: median ratio "
               "%.2f</title></circle>\n",
               X(pt.bytes), Y(pt.median), pt.bytes, pt.median);
    if (pt.low > 0 && pt.high > 0)
      svg += fmt("<line x1=\"%g\" y1=\"%g\" x2=\"%g\" y2=\"%g\" stroke=\"#7f8c8d\" "
                 "stroke-width=\"2\"/>\n",
                 X(pt.bytes), Y(pt.low), X(pt.bytes), Y(pt.high));
  }
  svg +=
      fmt("<text x=\"%g\" y=\"%g\" text-anchor=\"middle\">message size per rank (bytes)</text>\n",
          (left + width - right) / 2, height - 14);
  svg += fmt("<text transform=\"translate(16 %g) rotate(-90)\" text-anchor=\"middle\">"
             "your time / native time</text>\n",
             (top + height - bottom) / 2);
  svg += fmt("<circle cx=\"%g\" cy=\"%g\" r=\"4\" fill=\"#2962ff\"/><text x=\"%g\" y=\"%g\">median"
             "</text>\n",
             left + 12, top + 8, left + 20, top + 12);
  svg +=
      fmt("<line x1=\"%g\" y1=\"%g\" x2=\"%g\" y2=\"%g\" stroke=\"#7f8c8d\" stroke-width=\"2\"/>",
          left + 80, top + 2, left + 80, top + 14);
  svg += fmt("<text x=\"%g\" y=\"%g\">noise range (quartiles)</text>\n", left + 88, top + 12, 0, 0);
  return svg + "</svg>\n";
}

} // namespace collscope::grade
