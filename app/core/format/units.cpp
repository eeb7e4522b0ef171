#include "format/units.h"

#include <QLocale>
#include <QRegularExpression>
#include <array>
#include <cmath>

namespace collscope::app {

namespace {

const std::array<TimeUnit, 4>& units() {
  static const std::array<TimeUnit, 4> all = {
      TimeUnit{1.0, QStringLiteral("s")}, TimeUnit{1e3, QStringLiteral("ms")},
      TimeUnit{1e6, QStringLiteral("µs")}, TimeUnit{1e9, QStringLiteral("ns")}};
  return all;
}

QString threeDigits(double value) {
  const double magnitude = std::fabs(value);
  const int decimals = magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : 2;
  return QString::number(value, 'f', decimals);
}

} // namespace

TimeUnit timeUnitFor(double seconds) {
  const double magnitude = std::fabs(seconds);
  for (const TimeUnit& unit : units())
    if (magnitude * unit.perSecond >= 1.0 - 1e-9) return unit;
  return units().back();
}

QString formatDuration(double seconds) {
  if (seconds == 0.0) return QStringLiteral("0 s");
  const TimeUnit unit = timeUnitFor(seconds);
  return threeDigits(seconds * unit.perSecond) + QLatin1Char(' ') + unit.suffix;
}

QString formatBytes(std::uint64_t bytes) {
  static const char* const suffixes[] = {"kB", "MB", "GB", "TB"};
  if (bytes < 1000) return QString::number(bytes) + QStringLiteral(" B");
  double value = static_cast<double>(bytes) / 1000.0;
  int i = 0;
  while (value >= 1000.0 && i < 3) {
    value /= 1000.0;
    ++i;
  }
  return threeDigits(value) + QLatin1Char(' ') + QLatin1String(suffixes[i]);
}

QString formatCount(std::uint64_t n) {
  QLocale english(QLocale::English);
  return english.toString(static_cast<qulonglong>(n));
}

std::optional<double> parseDuration(const QString& text) {
  static const QRegularExpression pattern(
      QStringLiteral(R"(^\s*([0-9]*\.?[0-9]+(?:[eE][-+]?[0-9]+)?)\s*(s|ms|us|µs|ns)?\s*$)"));
  const QRegularExpressionMatch match = pattern.match(text);
  if (!match.hasMatch()) return std::nullopt;
  bool ok = false;
  const double value = match.captured(1).toDouble(&ok);
  if (!ok || !std::isfinite(value)) return std::nullopt;
  const QString unit = match.captured(2);
  if (unit == QStringLiteral("ms")) return value / 1e3;
  if (unit == QStringLiteral("us") || unit == QStringLiteral("µs")) return value / 1e6;
  if (unit == QStringLiteral("ns")) return value / 1e9;
  return value;
}

DurationInput readParameter(const QString& name, const QString& text, bool perByte) {
  QString body = text.trimmed();
  if (perByte) {
    static const QRegularExpression perByteSuffix(
        QStringLiteral(R"(\s*(/\s*(byte|B)|per\s+byte)$)"));
    body.remove(perByteSuffix);
  }
  const QString lower = body.toLower();
  if (lower.contains(QStringLiteral("nan")) || lower.contains(QStringLiteral("inf")))
    return {std::nullopt, QStringLiteral("%1 must be finite, not %2").arg(name, body)};
  if (body.startsWith(QLatin1Char('-')))
    return {std::nullopt, QStringLiteral("%1 cannot be negative (%2)").arg(name, body)};
  if (const std::optional<double> seconds = parseDuration(body)) return {seconds, {}};
  return {std::nullopt, QStringLiteral("%1: '%2' is not a time (try %3)")
                            .arg(name, text.trimmed(),
                                 perByte ? QStringLiteral("0.2 ns/byte, 2e-10")
                                         : QStringLiteral("2 µs, 1e-6, 0.5 ms"))};
}

} // namespace collscope::app
