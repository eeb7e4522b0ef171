#include "plot.hpp"

#include "collscope/tune/profile_writer.hpp"
#include "report.hpp"

#include <QFont>
#include <QImage>
#include <QPainter>
#include <QPainterPath>
#include <QSvgGenerator>
#include <algorithm>
#include <cmath>

namespace collscope::guidelines {

namespace {

constexpr int width = 1040, height = 520, left = 80, right = 340, top = 50, bottom = 70;

const QColor palette[] = {QColor(0x1f, 0x77, 0xb4), QColor(0xd6, 0x27, 0x28),
                          QColor(0x2c, 0xa0, 0x2c), QColor(0xff, 0x7f, 0x0e),
                          QColor(0x94, 0x67, 0xbd), QColor(0x8c, 0x56, 0x4b),
                          QColor(0xe3, 0x77, 0xc2), QColor(0x17, 0xbe, 0xcf)};

QString size_label(std::int64_t b) {
  if (b >= (1 << 20) && b % (1 << 20) == 0) return QString::number(b >> 20) + " MiB";
  if (b >= 1024 && b % 1024 == 0) return QString::number(b >> 10) + " KiB";
  return QString::number(b) + " B";
}

void paint(QPainter& g, const Options& o, const CollectiveResult& r) {
  g.setRenderHint(QPainter::Antialiasing);
  g.fillRect(0, 0, width, height, Qt::white);
  QFont font("DejaVu Sans");
  font.setPixelSize(13);
  g.setFont(font);
  const int plot_w = width - left - right, plot_h = height - top - bottom;
  const std::size_t n = r.sizes.size();
  double y_max = 1.5;
  for (const SizeResult& s : r.sizes)
    for (const Comparison& c : s.comparisons) y_max = std::max(y_max, c.ratio * 1.1);
  y_max = std::min(y_max, 3.0); // as the paper, the axis is limited; taller points are marked
  const auto x_of = [&](std::size_t i) {
    return left + plot_w * (static_cast<double>(i) + 0.5) /
                      static_cast<double>(std::max<std::size_t>(n, 1));
  };
  const auto y_of = [&](double v) { return top + plot_h * (1 - std::min(v, y_max) / y_max); };

  const QString library = o.launcher.simulated
                              ? (r.library.empty() ? QString("SMPI default")
                                                   : "SMPI " + QString::fromStdString(r.library))
                              : QString("wall clock");
  g.setPen(Qt::black);
  g.drawText(QRectF(0, 8, width, 20), Qt::AlignHCenter,
             QString("%1 and its mock-ups, p = %2, %3")
                 .arg(QString::fromStdString(tune::mpi_name(r.collective)))
                 .arg(o.launcher.p)
                 .arg(library));
  // Axes and grid.
  g.setPen(QPen(QColor(220, 220, 220), 1));
  for (double v = 0; v <= y_max + 1e-9; v += 0.25)
    g.drawLine(QPointF(left, y_of(v)), QPointF(left + plot_w, y_of(v)));
  g.setPen(Qt::black);
  g.drawRect(QRectF(left, top, plot_w, plot_h));
  for (double v = 0; v <= y_max + 1e-9; v += 0.5)
    g.drawText(QRectF(0, y_of(v) - 9, left - 8, 18), Qt::AlignRight | Qt::AlignVCenter,
               QString::number(v, 'f', 1));
  for (std::size_t i = 0; i < n; ++i)
    g.drawText(QRectF(x_of(i) - 50, top + plot_h + 6, 100, 18), Qt::AlignHCenter,
               size_label(r.sizes[i].bytes));
  g.drawText(QRectF(left, height - 28, plot_w, 18), Qt::AlignHCenter,
             "message size (bytes, as libcollscope-tune counts them)");
  g.save();
  g.translate(18, top + plot_h / 2.0);
  g.rotate(-90);
  g.drawText(QRectF(-150, -10, 300, 20), Qt::AlignHCenter, "run time relative to native");
  g.restore();
  // Native at 1, the margin below it.
  g.setPen(QPen(Qt::black, 2));
  g.drawLine(QPointF(left, y_of(1)), QPointF(left + plot_w, y_of(1)));
  g.setPen(QPen(Qt::gray, 1, Qt::DashLine));
  g.drawLine(QPointF(left, y_of(1 - o.judgement.margin)),
             QPointF(left + plot_w, y_of(1 - o.judgement.margin)));

  std::vector<std::string> names;
  for (const SizeResult& s : r.sizes)
    for (const Comparison& c : s.comparisons)
      if (std::find(names.begin(), names.end(), c.algorithm) == names.end())
        names.push_back(c.algorithm);
  const double slot = names.empty()
                          ? 0
                          : 0.6 * plot_w / static_cast<double>(std::max<std::size_t>(n, 1)) /
                                static_cast<double>(names.size());
  for (std::size_t k = 0; k < names.size(); ++k) {
    const QColor colour = palette[k % std::size(palette)];
    const double dx = (static_cast<double>(k) - (static_cast<double>(names.size()) - 1) / 2) * slot;
    for (std::size_t i = 0; i < n; ++i) {
      const SizeResult& s = r.sizes[i];
      for (std::size_t j = 0; j < s.comparisons.size(); ++j) {
        const Comparison& c = s.comparisons[j];
        if (c.algorithm != names[k] || c.native_s <= 0) continue;
        const double x = x_of(i) + dx, native = c.native_s;
        g.setPen(QPen(colour, 1.5));
        g.drawLine(QPointF(x, y_of(s.mockups[j].lowest() / native)),
                   QPointF(x, y_of(s.mockups[j].highest() / native)));
        const QPointF at(x, y_of(c.ratio));
        g.setBrush(c.violation() && judged(o) ? QBrush(colour) : QBrush(Qt::white));
        g.drawEllipse(at, 5, 5);
        g.setBrush(Qt::NoBrush);
        if (c.ratio > y_max)
          g.drawText(QRectF(x - 30, top + 2, 60, 16), Qt::AlignHCenter,
                     QString("↑%1").arg(c.ratio, 0, 'f', 1));
      }
    }
    const double ly = top + 10 + 22 * static_cast<double>(k);
    g.setPen(QPen(colour, 1.5));
    g.setBrush(QBrush(colour));
    g.drawEllipse(QPointF(left + plot_w + 20, ly), 5, 5);
    g.setBrush(Qt::NoBrush);
    g.setPen(Qt::black);
    g.drawText(QRectF(left + plot_w + 32, ly - 9, right - 36, 18), Qt::AlignLeft | Qt::AlignVCenter,
               QString::fromStdString(guideline_of(names[k]) == names[k]
                                          ? names[k]
                                          : guideline_of(names[k]) + " " + names[k]));
  }
  // Tuned: what the profile runs at each size (the best violating mock-up, else native), as
  // the paper's "Tuned" series.
  if (judged(o)) {
    g.setPen(QPen(Qt::black, 1.5));
    g.setBrush(Qt::black);
    const auto diamond = [&](QPointF c) {
      g.drawPolygon(QPolygonF(
          {c + QPointF(0, -6), c + QPointF(6, 0), c + QPointF(0, 6), c + QPointF(-6, 0)}));
    };
    for (std::size_t i = 0; i < n; ++i) {
      const int b = r.sizes[i].best();
      diamond(
          QPointF(x_of(i) + 0.35 * plot_w / static_cast<double>(n),
                  y_of(b < 0 ? 1.0 : r.sizes[i].comparisons[static_cast<std::size_t>(b)].ratio)));
    }
    const double ty = top + 10 + 22 * static_cast<double>(names.size());
    diamond(QPointF(left + plot_w + 20, ty));
    g.setBrush(Qt::NoBrush);
    g.drawText(QRectF(left + plot_w + 32, ty - 9, right - 36, 18), Qt::AlignLeft | Qt::AlignVCenter,
               "tuned (the profile)");
  }
  const double ly = top + 16 + 22 * static_cast<double>(names.size() + 1);
  g.setPen(Qt::black);
  g.drawText(QRectF(left + plot_w + 12, ly, right - 16, 70), Qt::AlignLeft | Qt::TextWordWrap,
             judged(o) ? QString("filled: violation (< %1 and p < %2); bars: mpirun medians")
                             .arg(1 - o.judgement.margin)
                             .arg(o.judgement.alpha)
                       : QString("wall clock: spread only, not judged; bars: mpirun medians"));
}

} // namespace

bool draw_figure(const Options& o, const CollectiveResult& r, const std::string& base,
                 std::string& error) {
  {
    QSvgGenerator svg;
    svg.setFileName(QString::fromStdString(base + ".svg"));
    svg.setSize(QSize(width, height));
    svg.setViewBox(QRect(0, 0, width, height));
    svg.setTitle(QString("collscope-guidelines: ") +
                 QString::fromStdString(std::string(to_string(r.collective))));
    QPainter g;
    if (!g.begin(&svg)) return error = "cannot write " + base + ".svg", false;
    paint(g, o, r);
    g.end();
  }
  QImage image(width, height, QImage::Format_RGB32);
  {
    QPainter g(&image);
    paint(g, o, r);
  }
  if (!image.save(QString::fromStdString(base + ".png")))
    return error = "cannot write " + base + ".png", false;
  return true;
}

} // namespace collscope::guidelines
