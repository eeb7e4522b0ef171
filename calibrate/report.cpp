#include "report.hpp"

#include <algorithm>
#include <cstdio>

namespace collscope::calibrate {

namespace {

std::string format(const char* f, double a, double b = 0, double c = 0, double d = 0) {
  char buffer[256];
  std::snprintf(buffer, sizeof buffer, f, a, b, c, d);
  return buffer;
}

std::string escaped(const std::string& s) {
  std::string out;
  for (char c : s)
    if (c == '"' || c == '\\')
      out += std::string("\\") + c;
    else if (static_cast<unsigned char>(c) >= 0x20)
      out += c;
  return out;
}

Pattern fitted(Pattern p, std::vector<Point> points) {
  p.points = std::move(points);
  p.fit = fit_linear(p.points);
  p.split = fit_split(p.points);
  return p;
}

std::string fit_json(const LinearFit& f) {
  return format("\"alpha_s\": %.6e, \"beta_s_per_byte\": %.6e, \"alpha_stderr_s\": %.3e, ",
                f.alpha_s, f.beta_s_per_byte, f.alpha_stderr_s) +
         format("\"beta_stderr_s_per_byte\": %.3e, \"r2\": %.6f", f.beta_stderr_s_per_byte, f.r2);
}

std::string pattern_json(const Pattern& p) {
  std::string s = std::string("    \"") + p.name + "\": {" + fit_json(p.fit) + ",\n";
  if (p.split.at)
    s += format("      \"split_at_bytes\": %.0f, ", p.points[p.split.at].bytes) + "\"below\": {" +
         fit_json(p.split.below) + "}, \"above\": {" + fit_json(p.split.above) + "},\n";
  s += "      \"points\": [";
  for (std::size_t i = 0; i < p.points.size(); ++i)
    s += std::string(i ? "," : "") +
         format("\n        {\"bytes\": %.0f, \"time_s\": %.6e, ", p.points[i].bytes,
                p.points[i].time_s) +
         format("\"residual_s\": %.3e, \"relative_residual\": %.4f}",
                p.fit.valid ? p.fit.residual_s[i] : 0.0,
                p.fit.valid ? p.fit.relative_residual[i] : 0.0);
  return s + "]}";
}

} // namespace

Result conclude(const Measured& m, int ranks, int repetitions) {
  Result r;
  r.ranks = ranks;
  r.repetitions = repetitions;
  r.ping_pong = fitted(r.ping_pong, m.ping_pong);
  r.ping_ping = fitted(r.ping_ping, m.ping_ping);
  r.ring = fitted(r.ring, m.ring);
  r.o_s = m.overhead_s;
  r.g_s = m.gap_s;
  r.G_s_per_byte = r.ping_pong.fit.beta_s_per_byte;
  r.L_s = std::max(0.0, r.ping_pong.fit.alpha_s - 2 * r.o_s);
  return r;
}

std::string to_json(const Result& r) {
  // α and β of the model first: common/network_file.hpp reads the first "alpha_s" and
  // "beta_s_per_byte" of the file.
  const LinearFit& f = r.ping_pong.fit;
  std::string s = "{\n  \"format\": \"collscope-network 1\",\n";
  s += "  " + fit_json(f) + ",\n";
  s += "  \"model\": \"t(m) = alpha + beta*m, ping-pong half round trip, weighted least squares "
       "(weights 1/t^2), standard errors with n-2 degrees of freedom\",\n";
  s += format("  \"ranks\": %.0f, \"repetitions\": %.0f,\n", r.ranks, r.repetitions);
  s += "  \"host\": \"" + escaped(r.host) + "\",\n";
  if (!r.peer_host.empty()) s += "  \"peer_host\": \"" + escaped(r.peer_host) + "\",\n";
  s += "  \"library\": \"" + escaped(r.library) + "\",\n";
  s += format(
      "  \"loggp\": {\"L_s\": %.6e, \"o_s\": %.6e, \"g_s\": %.6e, \"G_s_per_byte\": %.6e},\n",
      r.L_s, r.o_s, r.g_s, r.G_s_per_byte);
  s += "  \"patterns\": {\n" + pattern_json(r.ping_pong) + ",\n" + pattern_json(r.ping_ping) +
       ",\n" + pattern_json(r.ring) + "\n  }\n}\n";
  return s;
}

std::string to_text(const Result& r) {
  std::string s = "# collscope-calibrate: " + r.host +
                  (r.peer_host.empty() ? "" : " and " + r.peer_host + " (between nodes)") + ", " +
                  std::to_string(r.ranks) + " ranks, median of " + std::to_string(r.repetitions) +
                  " repetitions\n";
  s += "#      bytes  ping-pong (s)  residual  ping-ping (s)  ring (s)\n";
  for (std::size_t i = 0; i < r.ping_pong.points.size(); ++i)
    s += format("%12.0f  %13.3e  %+7.1f%%", r.ping_pong.points[i].bytes,
                r.ping_pong.points[i].time_s,
                r.ping_pong.fit.valid ? 100 * r.ping_pong.fit.relative_residual[i] : 0.0) +
         format("  %13.3e  %9.3e\n", r.ping_ping.points[i].time_s, r.ring.points[i].time_s);
  for (const Pattern* p : {&r.ping_pong, &r.ping_ping, &r.ring}) {
    if (!p->fit.valid) continue;
    std::string name = p->name;
    name.resize(10, ' ');
    s += name + format(" alpha = %.3e +- %.1e s, ", p->fit.alpha_s, p->fit.alpha_stderr_s);
    s += format("beta = %.3e +- %.1e s/byte, R^2 = %.4f\n", p->fit.beta_s_per_byte,
                p->fit.beta_stderr_s_per_byte, p->fit.r2);
  }
  s += format("LogGP      L = %.3e s, o = %.3e s, g = %.3e s, G = %.3e s/byte\n", r.L_s, r.o_s,
              r.g_s, r.G_s_per_byte);
  const std::vector<std::size_t> bad = misfits(r.ping_pong.fit, misfit_tolerance);
  s += "linear model off by more than 25% at:";
  for (std::size_t i : bad) s += format(" %.0f", r.ping_pong.points[i].bytes);
  s += bad.empty() ? " no size\n" : " bytes\n";
  if (r.ping_pong.split.at)
    s += format("two lines fit best split at %.0f bytes: beta %.3e below, %.3e above\n",
                r.ping_pong.points[r.ping_pong.split.at].bytes,
                r.ping_pong.split.below.beta_s_per_byte, r.ping_pong.split.above.beta_s_per_byte);
  return s;
}

} // namespace collscope::calibrate
