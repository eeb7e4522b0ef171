#include "terminal.hpp"

#include "grade.hpp"
#include "patterns.hpp"

#include <algorithm>
#include <cstdio>
#include <unistd.h>

namespace collscope::grade {

namespace {

/// `text` cut or padded to `width` terminal columns (UTF-8: one column per code point).
std::string columns(const std::string& text, std::size_t width) {
  std::string out;
  std::size_t used = 0;
  for (std::size_t i = 0; i < text.size() && used < width; ++used) {
    std::size_t len = 1;
    while (i + len < text.size() && (static_cast<unsigned char>(text[i + len]) & 0xC0) == 0x80)
      ++len;
    out += text.substr(i, len);
    i += len;
  }
  return out + std::string(width - used, ' ');
}

} // namespace

Terminal::Terminal(bool quiet) : tty_(isatty(2) != 0), quiet_(quiet) {}

void Terminal::phase(const std::string& name, int total) {
  name_ = name;
  total_ = total;
  done_ = 0;
  start_ = std::chrono::steady_clock::now();
  if (quiet_) return;
  if (tty_) draw();
}

void Terminal::progress(int done) {
  done = std::min(std::max(done, done_), total_);
  if (done == done_) return;
  done_ = done;
  if (tty_ && !quiet_) draw();
}

void Terminal::draw() {
  constexpr int width = 30;
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  std::string bar;
  if (total_ > 0) {
    const int filled = width * done_ / total_;
    for (int i = 0; i < width; ++i) bar += i < filled ? "█" : "░";
    std::fprintf(stderr, "\r  %-16s %s %4d/%-4d %5.1f s\033[K", name_.c_str(), bar.c_str(), done_,
                 total_, seconds);
  } else {
    std::fprintf(stderr, "\r  %-16s … %5.1f s\033[K", name_.c_str(), seconds);
  }
  std::fflush(stderr);
}

void Terminal::done(const std::string& result) {
  if (quiet_) return;
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  std::fprintf(stderr, "%s  %-16s %s (%.1f s)\n", tty_ ? "\r\033[K" : "", name_.c_str(),
               result.c_str(), seconds);
}

void Terminal::line(const std::string& text) {
  if (!quiet_) std::fprintf(stderr, "%s\n", text.c_str());
}

void Terminal::summary(const Grade& g) {
  if (quiet_) return;
  std::printf("\n%s — %s\n", g.exercise->name.c_str(), g.submission.filename().c_str());
  for (const CheckResult& c : g.checks) {
    const char* mark = c.status == CheckResult::Status::passed ? "✓" : "✗";
    std::printf("  %s %s %5s/%-5s %s\n", mark, columns(c.spec->title, 36).c_str(),
                format_number(c.points).c_str(), format_number(c.spec->points).c_str(),
                c.summary.c_str());
    if (c.status != CheckResult::Status::passed && !c.diagnosis.empty())
      std::printf("      %s\n", c.diagnosis.front().substr(0, 300).c_str());
  }
  std::printf("  score %s / %s   (%.1f s)   report: %s\n", format_number(g.score).c_str(),
              format_number(g.max_score).c_str(), g.seconds, (g.out / "report.md").c_str());
  std::fflush(stdout);
}

} // namespace collscope::grade
