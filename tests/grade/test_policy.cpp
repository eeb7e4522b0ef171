// The symbol policy on object files, the signed run log, and the sandbox's file hygiene:
// each without MPI.
#include "policy.hpp"
#include "records.hpp"
#include "run_log.hpp"
#include "sandbox.hpp"

#include <catch2/catch.hpp>
#include <cstdlib>
#include <fstream>
#include <sys/stat.h>
#include <unistd.h>

using namespace collscope::grade;
namespace fs = std::filesystem;

namespace {

std::vector<std::string> groups(const std::vector<PolicyFinding>& findings) {
  std::vector<std::string> out;
  for (const PolicyFinding& f : findings) out.push_back(f.group + ":" + f.symbol);
  return out;
}

/// `source` compiled to an object; its `nm -P` and `objdump -r` listings.
std::pair<std::string, std::string> listings(const std::string& name, const std::string& source) {
  const fs::path dir = fs::temp_directory_path() / ("collscope-grade-policy-" + name);
  fs::create_directories(dir);
  std::ofstream(dir / "a.cpp") << source;
  const std::string o = (dir / "a.o").string();
  const std::string cmd = "mpicxx -std=c++20 -O2 -DOMPI_SKIP_MPICXX -c " +
                          (dir / "a.cpp").string() + " -o " + o + " && nm -P " + o + " > " + o +
                          ".nm && objdump -r " + o + " > " + o + ".r";
  REQUIRE(std::system(cmd.c_str()) == 0);
  const auto read = [](const std::string& f) {
    std::ifstream in(f);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  };
  std::pair<std::string, std::string> out{read(o + ".nm"), read(o + ".r")};
  fs::remove_all(dir);
  return out;
}

} // namespace

TEST_CASE("the policy names PMPI, one-sided, environment, process and static constructors",
          "[policy]") {
  const auto [nm, relocs] = listings("bad", R"(
#include <mpi.h>
#include <cstdlib>
#include <vector>
std::vector<int> table(100);
int f(void* b, MPI_Comm c) {
  MPI_Win w;
  MPI_Win_allocate_shared(64, 1, MPI_INFO_NULL, c, b, &w);
  unsetenv("COLLSCOPE_GRADE_SYNC_SEND");
  std::system("true");
  return PMPI_Send(b, 1, MPI_INT, 0, 0, c) + table[0];
}
)");
  const std::vector<PolicyFinding> found = check_symbols(nm, relocs, {});
  const std::vector<std::string> g = groups(found);
  const auto has = [&](const std::string& s) {
    return std::find(g.begin(), g.end(), s) != g.end();
  };
  CHECK(has("pmpi:PMPI_Send"));
  CHECK(has("one_sided:MPI_Win_allocate_shared"));
  CHECK(has("environment:unsetenv"));
  CHECK(has("process:system"));
  CHECK(std::any_of(found.begin(), found.end(),
                    [](const PolicyFinding& f) { return f.group == "static_constructors"; }));
  CHECK(threatens(found, "no_collectives"));
  CHECK(threatens(found, "sync_send"));
  CHECK(!threatens(found, "correct"));
  // An allow list lifts a group or a single symbol.
  const std::vector<PolicyFinding> allowed = check_symbols(
      nm, relocs, {"pmpi", "one_sided", "unsetenv", "process", "static_constructors"});
  CHECK(allowed.empty());
}

TEST_CASE("the policy accepts plain point-to-point code, <iostream> included", "[policy]") {
  const auto [nm, relocs] = listings("good", R"(
#include <mpi.h>
#include <iostream>
#include <vector>
int MY_Gather(const void* s, int n, MPI_Datatype t, void* r, int m, MPI_Datatype u, int root,
              MPI_Comm c) {
  std::vector<char> tmp(16);
  int rank = 0;
  MPI_Comm_rank(c, &rank);
  if (rank != root) return MPI_Send(s, n, t, root, 0, c);
  std::cout << "root\n";
  return MPI_Recv(r, m, u, MPI_ANY_SOURCE, 0, c, MPI_STATUS_IGNORE) + tmp[0];
}
)");
  CHECK(groups(check_symbols(nm, relocs, {})).empty());
}

TEST_CASE("defining MPI functions or the allocator, or calling the harness, is interposition",
          "[policy]") {
  const std::string nm = "MPI_Send T 0 10\nmalloc T 10 20\n_ZN9collscope5grade3LogC1Ev U\n"
                         "_Znwm U\nmemcpy@GLIBC_2.14 U\n";
  const std::vector<std::string> g = groups(check_symbols(nm, "", {}));
  CHECK(g == std::vector<std::string>{"interposition:MPI_Send (defined)",
                                      "interposition:malloc (defined)",
                                      "interposition:collscope::… (the harness's internals)"});
  CHECK(threatens(check_symbols(nm, "", {}), "correct"));
}

TEST_CASE("only lines signed with the run's key, in order, count", "[log]") {
  const fs::path dir = fs::temp_directory_path() / "collscope-grade-log";
  fs::remove_all(dir);
  fs::create_directories(dir);
  const signature::Key key = new_key(), other = new_key();
  CHECK((key.k0 != other.k0 || key.k1 != other.k1));
  const auto signed_line = [&](long long seq, const std::string& text) {
    return text + "\t" + std::to_string(seq) + "\t" + signature::sign(key, seq, text) + "\n";
  };
  const std::string ok5 = "case\t5\tok\t0\t0\t0\t0\t-\t";
  const std::string wrong6 = "case\t6\twrong\t0\t0\t0\t0\t-\trank 1, recvbuf";
  std::ofstream(dir / "log.txt")
      << signed_line(0, "ready\t3") << signed_line(1, "begin\t5") << signed_line(2, ok5)
      << signed_line(3, "begin\t6")
      << signed_line(4, wrong6)
      // Forged: no signature; a signature made with another key; a copy of line 2.
      << "case\t7\tok\t0\t0\t0\t0\t-\t\n"
      << "case\t8\tok\t0\t0\t0\t0\t-\t\t5\t"
      << signature::sign(other, 5, "case\t8\tok\t0\t0\t0\t0\t-\t") << "\n"
      << signed_line(2, ok5);
  std::vector<CaseRecord> records(4);
  std::map<int, CaseRecord*> by_id;
  for (int i = 0; i < 4; ++i) {
    records[static_cast<std::size_t>(i)].c.id = 5 + i;
    by_id[5 + i] = &records[static_cast<std::size_t>(i)];
  }
  const LogState s = read_log(dir / "log.txt", key, by_id, nullptr, dir);
  CHECK(s.ready);
  CHECK(s.finished == std::vector<int>{5, 6});
  CHECK(records[0].outcome == Outcome::ok);
  CHECK(records[1].outcome == Outcome::wrong);
  CHECK(records[2].outcome == Outcome::not_run);
  CHECK(records[3].outcome == Outcome::not_run);
  CHECK(s.forged == 3);
  REQUIRE(s.samples.size() == 3);
  CHECK(s.samples[0].rfind("case?7?ok", 0) == 0);
  fs::remove_all(dir);
}

TEST_CASE("a scratch folder keeps plain files only; reading never follows or blocks", "[sandbox]") {
  const fs::path dir = fs::temp_directory_path() / "collscope-grade-sanitize";
  fs::remove_all(dir);
  fs::create_directories(dir / "sub");
  std::ofstream(dir / "log.txt") << "hello\n";
  std::ofstream(dir / "sub" / "x") << "x";
  fs::create_symlink("/etc/hostname", dir / "results.json");
  fs::create_symlink("/etc", dir / "sub" / "etc");
  REQUIRE(::mkfifo((dir / "fifo").c_str(), 0644) == 0);
  CHECK(!read_plain_file(dir / "fifo")); // would block if opened for reading as a file
  CHECK(!read_plain_file(dir / "results.json"));
  CHECK(read_plain_file(dir / "log.txt") == "hello\n");
  CHECK(sanitize(dir) == 3);
  CHECK(fs::exists(dir / "log.txt"));
  CHECK(fs::exists(dir / "sub" / "x"));
  CHECK(!fs::exists(fs::symlink_status(dir / "results.json")));
  CHECK(!fs::exists(fs::symlink_status(dir / "fifo")));
  fs::remove_all(dir);
}

TEST_CASE("the sandbox wraps a command in bwrap with one writable folder", "[sandbox]") {
  const Sandbox s = make_sandbox(true, {fs::temp_directory_path()}, {"/usr/lib"});
  const Sandbox::Command c = s.wrap({"mpirun", "-np", "2", "a.out"}, {"OMPI_X=1"}, "/tmp/run");
  const auto at = [&](const std::string& word) {
    return std::find(c.argv.begin(), c.argv.end(), word) - c.argv.begin();
  };
  CHECK(c.argv.front() == s.bwrap);
  for (const char* flag : {"--unshare-all", "--die-with-parent", "--new-session", "--clearenv"})
    CHECK(at(flag) < static_cast<long>(c.argv.size()));
  CHECK(c.argv[static_cast<std::size_t>(at("--bind")) + 1] == "/tmp/run");
  CHECK(at("--bind") > at("--tmpfs")); // the scratch is mounted after the hidden folders
  CHECK(c.argv[static_cast<std::size_t>(at("--")) + 1] == "mpirun");
  CHECK(c.argv[static_cast<std::size_t>(at("OMPI_X")) + 1] == "1");
  CHECK(c.environment.empty());
  const Sandbox off = make_sandbox(false, {}, {});
  CHECK(off.wrap({"x"}, {"A=1"}, "/tmp/run").argv == std::vector<std::string>{"x"});
}
