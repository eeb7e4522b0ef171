#include "size_limit.hpp"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sys/statvfs.h>

namespace collscope::rec {

namespace {

void say(const std::string& line) {
  std::fprintf(stderr, "collscope-trace: %s\n", line.c_str());
}

constexpr std::uint64_t default_limit = std::uint64_t{1} << 30;   // per rank
constexpr std::uint64_t default_reserve = std::uint64_t{512} << 20; // of the file system

std::uint64_t limit = default_limit;
std::uint64_t reserve = default_reserve;
std::string directory;
char limit_phrase[160];
char disk_phrase[160];

// "1 GiB", "64 MiB", "40960 bytes": the unit the number was most likely given in.
void describe(char* out, std::size_t size, std::uint64_t bytes) {
  static const char* units[] = {"bytes", "KiB", "MiB", "GiB", "TiB"};
  int unit = 0;
  while (unit < 4 && bytes >= 1024 && bytes % 1024 == 0) {
    bytes /= 1024;
    ++unit;
  }
  std::snprintf(out, size, "%llu %s", static_cast<unsigned long long>(bytes), units[unit]);
}

} // namespace

std::uint64_t env_bytes(const char* name, std::uint64_t fallback, int rank) {
  const char* text = std::getenv(name);
  if (text == nullptr || *text == '\0') return fallback;
  char* end = nullptr;
  std::uint64_t bytes = std::strtoull(text, &end, 10);
  const bool understood =
      end != text && *text != '-' &&
      (*end == '\0' || (std::strchr("KkMmGg", *end) != nullptr && end[1] == '\0'));
  if (!understood) {
    if (rank == 0)
      say(std::string(name) + "=" + text +
          ": expected bytes, optionally followed by K, M or G; using the default");
    return fallback;
  }
  switch (*end) {
  case 'G':
  case 'g':
    bytes <<= 10;
    [[fallthrough]];
  case 'M':
  case 'm':
    bytes <<= 10;
    [[fallthrough]];
  case 'K':
  case 'k':
    bytes <<= 10;
    break;
  default:
    break;
  }
  return bytes;
}

void set_size_limits(const std::string& dir, int rank) {
  limit = env_bytes("COLLSCOPE_TRACE_LIMIT", default_limit, rank);
  reserve = env_bytes("COLLSCOPE_TRACE_DISK_RESERVE", default_reserve, rank);
  directory = dir;
  char amount[48];
  describe(amount, sizeof amount, limit);
  std::snprintf(limit_phrase, sizeof limit_phrase,
                "reached the trace size limit of %s of events per rank (COLLSCOPE_TRACE_LIMIT) "
                "and stopped recording",
                amount);
  describe(amount, sizeof amount, reserve);
  std::snprintf(disk_phrase, sizeof disk_phrase,
                "stopped recording: the trace directory's file system had less than %s free "
                "(COLLSCOPE_TRACE_DISK_RESERVE)",
                amount);
}

const char* size_refusal(std::uint64_t written, std::uint64_t more) {
  if (written + more > limit) return limit_phrase;
  // One statvfs per spilled lap (a MiB of events by default): a few µs per 26 000 events.
  struct statvfs fs {};
  if (!directory.empty() && ::statvfs(directory.c_str(), &fs) == 0) {
    const std::uint64_t free = static_cast<std::uint64_t>(fs.f_bavail) * fs.f_frsize;
    if (free < reserve + more) return disk_phrase;
  }
  return nullptr;
}

} // namespace collscope::rec
