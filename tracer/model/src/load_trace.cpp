#include "collscope/model/load_trace.hpp"

#include "collscope/model/clock_correction.hpp"
#include "collscope/model/instances.hpp"
#include "collscope/model/matching.hpp"
#include "definitions.hpp"
#include "otf2_errors.hpp"
#include "read_events.hpp"
#include "validate.hpp"

#include <cstdlib>
#include <fstream>
#include <memory>
#include <optional>
#include <string_view>

namespace collscope::model {

namespace fs = std::filesystem;
using detail::WorkCounter;

namespace {

constexpr std::string_view partial_suffix = ".partial";

fs::path without_trailing_separator(const fs::path& path) {
  fs::path p = path.lexically_normal();
  return p.has_filename() || !p.has_parent_path() ? p : p.parent_path();
}

std::string first_line(const fs::path& file) {
  std::ifstream in(file);
  std::string line;
  std::getline(in, line);
  if (line.size() > 400) line.resize(400);
  while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t'))
    line.pop_back();
  return line;
}

// The reason a trace is incomplete (README: DIR.partial, or a directory holding INCOMPLETE),
// or nothing if it is not.
std::optional<std::string> incomplete_reason(const fs::path& path) {
  std::error_code ec;
  const fs::path dir = fs::is_directory(path, ec) ? path : path.parent_path();
  if (!dir.empty() && fs::is_regular_file(dir / "INCOMPLETE", ec)) {
    std::string reason = first_line(dir / "INCOMPLETE");
    return reason.empty() ? "the run stopped before its archive was written (" + dir.string() + ")"
                          : reason;
  }
  if (dir.filename().string().ends_with(partial_suffix) && fs::exists(dir, ec))
    return dir.string() + " was never completed (the run is still writing it, or died)";
  if (!fs::exists(path, ec)) {
    const fs::path partial = path.string() + std::string(partial_suffix);
    if (fs::is_directory(partial, ec)) return incomplete_reason(partial);
  }
  return std::nullopt;
}

// The anchor file of the archive at `path`: path itself if it is a file, else DIR/traces.otf2,
// else the only *.otf2 file in DIR.
std::optional<fs::path> anchor_of(const fs::path& path) {
  std::error_code ec;
  if (!fs::is_directory(path, ec)) return path;
  if (fs::is_regular_file(path / "traces.otf2", ec)) return path / "traces.otf2";
  std::optional<fs::path> found;
  for (const fs::directory_entry& entry : fs::directory_iterator(path, ec)) {
    if (entry.path().extension() != ".otf2") continue;
    if (found) return std::nullopt;
    found = entry.path();
  }
  return found;
}

// A damaged archive rather than a foreign file: OTF2's magic in the anchor's first bytes, or
// the global definitions next to it.
bool looks_like_archive(const fs::path& anchor) {
  std::ifstream in(anchor, std::ios::binary);
  char head[8] = {};
  in.read(head, sizeof head);
  if (std::string_view(head, sizeof head).find("OTF2") != std::string_view::npos) return true;
  std::error_code ec;
  return fs::is_regular_file(fs::path(anchor).replace_extension(".def"), ec);
}

struct ReaderCloser {
  void operator()(OTF2_Reader* reader) const { OTF2_Reader_Close(reader); }
};

// What matching, instances and the checks cost, in units of one event read (measured on the
// 1M-message bench: they take about a fifth of the time reading does).
constexpr double after_reading = 0.2;

Trace read_archive(const fs::path& anchor, const std::string& shown, WorkCounter& work) {
  const detail::Otf2ErrorCapture capture;
  std::unique_ptr<OTF2_Reader, ReaderCloser> reader(OTF2_Reader_Open(anchor.c_str()));
  if (!reader && !looks_like_archive(anchor))
    throw TraceError(TraceError::Kind::not_otf2, "not an OTF2 archive: " + shown);
  try {
    if (!reader)
      throw detail::CorruptTrace("cannot open the anchor file " + anchor.filename().string());
    detail::check(OTF2_Reader_SetSerialCollectiveCallbacks(reader.get()),
                  "cannot open the archive");
    const detail::Definitions defs = detail::read_definitions(reader.get());
    const detail::RankLayout ranks = detail::layout_ranks(defs);
    if (ranks.locations.empty()) throw detail::CorruptTrace("the archive defines no locations");
    const auto comms = detail::layout_comms(defs, ranks);
    Trace trace;
    trace.path = shown;
    char* inside = nullptr;
    if (OTF2_Reader_GetProperty(reader.get(), "COLLSCOPE::NATIVE_INSIDE", &inside) ==
            OTF2_SUCCESS &&
        inside != nullptr) {
      trace.native_inside = inside;
      std::free(inside);
    }
    if (char* threads = nullptr;
        OTF2_Reader_GetProperty(reader.get(), "COLLSCOPE::THREADS", &threads) == OTF2_SUCCESS &&
        threads != nullptr) {
      trace.threads = threads;
      std::free(threads);
    }
    for (const auto& [id, comm] : comms) trace.comms.emplace(id, comm.comm);
    std::vector<std::string> problems;
    detail::read_events(reader.get(), defs, ranks, comms, trace, problems, work, after_reading);
    if (!problems.empty()) throw TraceError(shown, std::move(problems));
    return trace;
  } catch (const TraceError&) {
    throw;
  } catch (const detail::CorruptTrace& e) {
    throw TraceError(TraceError::Kind::corrupt,
                     "truncated or corrupt trace: " + shown + " (" + e.what() + ")");
  } catch (const std::exception& e) { // e.g. bad_alloc on absurd sizes in a damaged file
    throw TraceError(TraceError::Kind::corrupt,
                     "truncated or corrupt trace: " + shown + " (" + e.what() + ")");
  }
}

} // namespace

TraceError::TraceError(const std::string& path, std::vector<std::string> problems)
    : std::runtime_error(
          "invalid trace: " + path + ": " +
          (problems.empty() ? std::string("(no detail)") : problems.front()) +
          (problems.size() > 1 ? "; and " + std::to_string(problems.size() - 1) + " more" : "")),
      kind_(Kind::invalid), path_(path), problems_(std::move(problems)) {}

Trace load_trace(const fs::path& given, const LoadProgress& progress) {
  const std::string shown = given.string();
  if (given.empty()) throw TraceError(TraceError::Kind::not_found, "trace not found: (empty path)");
  fs::path path = without_trailing_separator(given);
  std::string incomplete;
  if (const auto reason = incomplete_reason(path)) {
    // A run that died leaves what its ranks recorded, as an archive in DIR.partial once
    // `collscope-trace record` completed it: that loads, marked; nothing else does.
    std::error_code ec;
    fs::path partial = fs::is_directory(path, ec) ? path : path.parent_path();
    if (!fs::exists(path, ec)) partial = path.string() + std::string(partial_suffix);
    if (!fs::is_regular_file(partial / "INCOMPLETE", ec) ||
        !fs::is_regular_file(partial / "traces.otf2", ec) ||
        !fs::is_regular_file(partial / "traces.def", ec))
      throw TraceError(TraceError::Kind::incomplete, "incomplete trace: " + *reason);
    incomplete = *reason;
    path = partial;
  }
  std::error_code ec;
  if (!fs::exists(path, ec))
    throw TraceError(TraceError::Kind::not_found, "trace not found: " + shown);
  const auto anchor = anchor_of(path);
  if (!anchor) throw TraceError(TraceError::Kind::not_otf2, "not an OTF2 archive: " + shown);
  detail::WorkCounter work(progress);
  try {
    Trace trace = read_archive(*anchor, shown, work);
    trace.incomplete = incomplete;
    match_messages(trace);
    apply_clock_correction(trace); // before anything reads a message's or a region's times
    assign_instances(trace);
    detail::set_aside_bad_metadata(trace); // one malformed call never hides the others
    work.finish();
    return trace;
  } catch (const detail::LoadCancelled&) {
    throw TraceError(TraceError::Kind::cancelled, "loading cancelled: " + shown);
  }
}

} // namespace collscope::model
