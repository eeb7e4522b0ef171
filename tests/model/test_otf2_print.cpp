// Other OTF2 tools read what the fixture (and so the README conventions) produce.
#include "algorithm_traces.hpp"

#include <catch2/catch.hpp>
#include <cstdio>
#include <string>
#include <sys/wait.h>

using namespace collscope;
using collscope::test::TempDir;

namespace {

struct Run {
  int status = -1;
  std::string output;
};

Run run(const std::string& command) {
  Run r;
  std::FILE* pipe = popen((command + " 2>&1").c_str(), "r");
  if (pipe == nullptr) return r;
  char buffer[4096];
  while (const std::size_t n = std::fread(buffer, 1, sizeof buffer, pipe))
    r.output.append(buffer, n);
  const int status = pclose(pipe);
  r.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

std::size_t count(const std::string& text, const std::string& word) {
  std::size_t n = 0;
  for (auto at = text.find(word); at != std::string::npos; at = text.find(word, at + 1)) ++n;
  return n;
}

} // namespace

TEST_CASE("otf2-print reads the fixture archives") {
  const TempDir dir;
  const std::pair<std::string, test::TraceBuilder> archives[] = {
      {"gather", test::binomial_gather(7, 4)},
      {"ring", test::ring_allgather(4, 8)},
      {"pipeline", test::pipeline_bcast(3, 2, 8)}};
  for (const auto& [name, builder] : archives) {
    CAPTURE(name);
    const auto anchor = builder.write(dir / name) / "traces.otf2";
    const Run events = run(std::string(COLLSCOPE_OTF2_PRINT) + " " + anchor.string());
    CHECK(events.status == 0);
    CHECK(events.output.find("error") == std::string::npos);
    CHECK(count(events.output, "MPI_SEND ") == count(events.output, "MPI_RECV "));
    CHECK(count(events.output, "MPI_SEND ") > 0);
    const Run defs = run(std::string(COLLSCOPE_OTF2_PRINT) + " -G " + anchor.string());
    CHECK(defs.status == 0);
    CHECK(defs.output.find("MPI_COMM_WORLD") != std::string::npos);
  }
}

TEST_CASE("otf2-print maps sub-communicator peers to the same ranks as the model") {
  const TempDir dir;
  test::TraceBuilder b(4);
  const std::uint32_t comm = b.comm({3, 1});
  b.send(3, 1e-6, 2e-6, 1, 40, 0, comm);
  b.recv(1, 1e-6, 3e-6, 0, 40, 0, comm);
  const auto anchor = b.write(dir / "sub") / "traces.otf2";
  const Run events = run(std::string(COLLSCOPE_OTF2_PRINT) + " " + anchor.string());
  CHECK(events.status == 0);
  // Comm ids (world rank << 20) | counter are not dense, which otf2-print only warns about.
  CHECK(events.output.find("Receiver: 1 (\"rank 1 thread 0\"") != std::string::npos);
  CHECK(events.output.find("Sender: 0 (\"rank 3 thread 0\"") != std::string::npos);
}
