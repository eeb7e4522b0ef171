// Unreadable traces: one clear TraceError each, nothing on stderr, never a crash.
#include "algorithm_traces.hpp"
#include "collscope/model/load_trace.hpp"

#include <catch2/catch.hpp>
#include <cstdio>
#include <fstream>
#include <random>
#include <unistd.h>

using namespace collscope;
using collscope::test::TempDir;
namespace fs = std::filesystem;

namespace {

struct Failure {
  model::TraceError::Kind kind;
  std::string message;
  std::string stderr_output;
};

// Loads `path`, expecting a TraceError; stderr is captured meanwhile.
Failure failure_of(const fs::path& path) {
  std::fflush(stderr);
  const TempDir dir;
  const fs::path captured = dir / "stderr";
  const int saved = dup(2);
  std::FILE* sink = std::fopen(captured.c_str(), "w");
  dup2(fileno(sink), 2);
  Failure f{model::TraceError::Kind::not_found, "(loaded without error)", ""};
  try {
    model::load_trace(path);
  } catch (const model::TraceError& e) {
    f.kind = e.kind();
    f.message = e.what();
  }
  std::fflush(stderr);
  dup2(saved, 2);
  close(saved);
  std::fclose(sink);
  std::ifstream in(captured);
  f.stderr_output.assign(std::istreambuf_iterator<char>(in), {});
  return f;
}

void write_file(const fs::path& path, const std::string& text) {
  std::ofstream(path) << text;
}

} // namespace

TEST_CASE("a missing path") {
  const TempDir dir;
  const Failure f = failure_of(dir / "nowhere");
  CHECK(f.kind == model::TraceError::Kind::not_found);
  CHECK(f.message == "trace not found: " + (dir / "nowhere").string());
}

TEST_CASE("a random file and a directory without an archive are not OTF2 archives") {
  const TempDir dir;
  std::mt19937 random(42);
  std::string bytes(4096, '\0');
  for (char& c : bytes) c = static_cast<char>(random());
  write_file(dir / "random.bin", bytes);
  Failure f = failure_of(dir / "random.bin");
  CHECK(f.kind == model::TraceError::Kind::not_otf2);
  CHECK(f.message == "not an OTF2 archive: " + (dir / "random.bin").string());
  CHECK(f.stderr_output.empty());

  fs::create_directory(dir / "empty");
  f = failure_of(dir / "empty");
  CHECK(f.message == "not an OTF2 archive: " + (dir / "empty").string());

  fs::create_directory(dir / "fake");
  write_file(dir / "fake" / "traces.otf2", bytes);
  f = failure_of(dir / "fake");
  CHECK(f.message == "not an OTF2 archive: " + (dir / "fake").string());
  CHECK(f.stderr_output.empty());
}

TEST_CASE("a truncated archive") {
  const TempDir dir;
  const fs::path archive = test::binomial_gather(7, 4).write(dir / "trace");
  const fs::path events = archive / "traces" / "4.evt";
  REQUIRE(fs::exists(events));
  fs::resize_file(events, fs::file_size(events) / 2);
  const Failure f = failure_of(archive);
  CHECK(f.kind == model::TraceError::Kind::corrupt);
  CHECK_THAT(f.message,
             Catch::StartsWith("truncated or corrupt trace: " + archive.string() + " ("));
  CHECK(f.message.find('\n') == std::string::npos);
  CHECK(f.stderr_output.empty());

  fs::resize_file(archive / "traces.def", 10);
  CHECK(failure_of(archive).kind == model::TraceError::Kind::corrupt);
  fs::resize_file(archive / "traces.otf2", 0);
  CHECK_THAT(failure_of(archive).message,
             Catch::StartsWith("truncated or corrupt trace: " + archive.string() +
                               " (cannot open the anchor file"));
}

TEST_CASE("an incomplete trace: DIR.partial with INCOMPLETE") {
  const TempDir dir;
  const fs::path partial = dir / "run.partial";
  fs::create_directory(partial);
  write_file(partial / "INCOMPLETE", "rank 2 received signal 11 (SIGSEGV)\n");
  const std::string expected = "incomplete trace: rank 2 received signal 11 (SIGSEGV)";
  Failure f = failure_of(partial);
  CHECK(f.kind == model::TraceError::Kind::incomplete);
  CHECK(f.message == expected);
  CHECK(failure_of(dir / "run").message == expected); // DIR itself was never written
  CHECK(failure_of(partial / "traces.otf2").message == expected);

  fs::remove(partial / "INCOMPLETE");
  f = failure_of(partial);
  CHECK(f.kind == model::TraceError::Kind::incomplete);
  CHECK_THAT(f.message, Catch::StartsWith("incomplete trace: " + partial.string()));

  // An archive next to INCOMPLETE (what the ranks of a run that died recorded) loads, marked;
  // given DIR, its DIR.partial is loaded.
  const fs::path archive = test::binomial_gather(3, 4).write(dir / "marked.partial");
  write_file(archive / "INCOMPLETE", "rank 1 called MPI_Abort with error code 3\n");
  const model::Trace kept = model::load_trace(archive);
  CHECK(kept.incomplete == "rank 1 called MPI_Abort with error code 3");
  CHECK(kept.ranks.size() == 3);
  CHECK(model::load_trace(dir / "marked").incomplete == kept.incomplete);
  CHECK(model::load_trace(archive / "traces.otf2").incomplete == kept.incomplete);
  CHECK(model::load_trace(test::binomial_gather(3, 4).write(dir / "whole")).incomplete.empty());
}

namespace {

std::size_t operations(const model::Trace& t) {
  std::size_t n = 0;
  for (const model::Rank& rank : t.ranks) n += rank.operations.size() + rank.regions.size();
  return n;
}

} // namespace

// Cutting a file either loses data, which must give a TraceError, or only what the reader does
// not need (an empty local definition file, a chunk's end marker): then the trace is whole.
TEST_CASE("any truncation of any archive file gives a TraceError or the whole trace") {
  const TempDir dir;
  const fs::path original = test::binomial_gather(5, 4).write(dir / "original");
  const model::Trace whole = model::load_trace(original);
  std::vector<fs::path> files;
  for (const auto& entry : fs::recursive_directory_iterator(original))
    if (entry.is_regular_file()) files.push_back(fs::relative(entry.path(), original));
  REQUIRE(files.size() >= 7); // anchor, global definitions, 5 event files (+ local definitions)
  int copies = 0;
  for (const fs::path& file : files) {
    const auto size = fs::file_size(original / file);
    for (std::uintmax_t length = 0; length < size; length += 1 + size / 23) {
      CAPTURE(file, length);
      const fs::path copy = dir / ("copy" + std::to_string(copies++));
      fs::copy(original, copy, fs::copy_options::recursive);
      fs::resize_file(copy / file, length);
      const Failure f = failure_of(copy);
      CHECK(f.stderr_output.empty());
      if (f.message != "(loaded without error)") continue;
      const model::Trace t = model::load_trace(copy);
      CHECK(operations(t) == operations(whole));
      CHECK(t.messages.size() == whole.messages.size());
    }
  }
}

TEST_CASE("flipped bytes give a TraceError or a trace but never a crash") {
  const TempDir dir;
  const fs::path original = test::binomial_gather(5, 4).write(dir / "original");
  std::mt19937 random(7);
  int copies = 0;
  for (const char* file : {"traces.def", "traces/2.evt", "traces.otf2"}) {
    const auto size = fs::file_size(original / file);
    for (int trial = 0; trial < 40; ++trial) {
      const fs::path copy = dir / ("flip" + std::to_string(copies++));
      fs::copy(original, copy, fs::copy_options::recursive);
      std::fstream f(copy / file, std::ios::in | std::ios::out | std::ios::binary);
      const auto at = static_cast<std::streamoff>(random() % size);
      f.seekp(at);
      f.put(static_cast<char>(random()));
      f.close();
      CAPTURE(file, at);
      CHECK(failure_of(copy).stderr_output.empty());
    }
  }
}
