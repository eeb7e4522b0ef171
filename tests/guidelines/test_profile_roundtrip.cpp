// What collscope-guidelines writes (profile_writer.hpp), libcollscope-tune reads
// (profiles.hpp): every choice comes back with its algorithm, range, process count and
// options, the datatype with the profile; and PGMPITuneLib's own reader, whose sscanf formats
// are repeated here, still finds the same collective, process count, names and ranges.
#define CATCH_CONFIG_MAIN
#include "collscope/tune/profile_writer.hpp"
#include "collscope/tune/profiles.hpp"

#include <catch2/catch.hpp>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

using namespace collscope;
using namespace collscope::tune;
namespace fs = std::filesystem;

namespace {

Choice choice(Collective c, const char* name, std::int64_t low, std::int64_t high, int procs) {
  Choice x;
  x.algorithm = find_algorithm(c, name);
  REQUIRE(x.algorithm != nullptr);
  x.low = low, x.high = high, x.procs = procs;
  return x;
}

Profile profile(Collective c, int procs, std::vector<Choice> choices, std::string datatype = "",
                std::vector<std::string> comments = {}) {
  Profile p;
  p.collective = c, p.procs = procs, p.datatype = std::move(datatype);
  p.choices = std::move(choices), p.comments = std::move(comments);
  return p;
}

fs::path fresh_dir(const char* name) {
  const fs::path dir = fs::temp_directory_path() / (name + std::to_string(getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

void same(const std::vector<Choice>& read, const std::vector<Choice>& written) {
  REQUIRE(read.size() == written.size());
  for (std::size_t i = 0; i < read.size(); ++i) {
    CHECK(read[i].algorithm == written[i].algorithm);
    CHECK(read[i].low == written[i].low);
    CHECK(read[i].high == written[i].high);
    CHECK(read[i].procs == written[i].procs);
    CHECK(read[i].blocks == written[i].blocks);
    CHECK(read[i].piece == written[i].piece);
    CHECK(read[i].threshold == written[i].threshold);
    CHECK(read[i].radix == written[i].radix);
    CHECK(read[i].floats_ok == written[i].floats_ok);
  }
}

/// pgmpi_profile_read (PGMPITuneLib, src/tuning/pgmpi_profile_reader.c) line by line: '#'
/// lines skipped, then sscanf "%s", "%d", "%d", alg_nb × "%d %s", "%d", n × "%d %d %d".
struct Pgmpi {
  std::string mpiname;
  int procs = 0;
  std::vector<std::pair<int, std::string>> algorithms;
  std::vector<std::array<int, 3>> ranges;
};
Pgmpi pgmpi_read(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) {
    CHECK(line.size() + 2 <= 100); // its line buffer: 100 bytes, newline and NUL included
    REQUIRE(!line.empty());        // "no blank lines allowed (only at the end)"
    if (line[0] != '#') lines.push_back(line);
  }
  std::size_t at = 0;
  const auto next = [&]() {
    REQUIRE(at < lines.size());
    return lines[at++].c_str();
  };
  Pgmpi p;
  char buf[40] = {}, buf2[60] = {};
  REQUIRE(std::sscanf(next(), "%39s", buf) == 1);
  p.mpiname = buf;
  REQUIRE(std::sscanf(next(), "%d", &p.procs) == 1);
  int alg_nb = 0, n_ranges = 0;
  REQUIRE(std::sscanf(next(), "%d", &alg_nb) == 1);
  for (int i = 0; i < alg_nb; ++i) {
    int id = 0;
    REQUIRE(std::sscanf(next(), "%d %59s", &id, buf2) == 2);
    CHECK(std::strlen(buf2) < 59); // a longer name would overflow its buf2[60]
    p.algorithms.emplace_back(id, buf2);
  }
  REQUIRE(std::sscanf(next(), "%d", &n_ranges) == 1);
  for (int i = 0; i < n_ranges; ++i) {
    std::array<int, 3> r{};
    REQUIRE(std::sscanf(next(), "%d %d %d", &r[0], &r[1], &r[2]) == 3);
    p.ranges.push_back(r);
  }
  return p;
}

} // namespace

TEST_CASE("profiles written are read back as the same choices", "[guidelines]") {
  const fs::path dir = fresh_dir("collscope-prf-");
  const Profile bcast =
      profile(Collective::bcast, 64,
              {choice(Collective::bcast, "gl10-scatter-allgather", 4, 64, 64),
               choice(Collective::bcast, "jia", 1024, 65536, 64),
               choice(Collective::bcast, "gl10-scatter-allgather", 262144, 262144, 64)},
              "", {"made by the test # with a hash"});
  const Profile rsb =
      profile(Collective::reduce_scatter_block, 8,
              {choice(Collective::reduce_scatter_block, "gl19-allreduce", 4, 4, 8)});
  std::string path, error;
  REQUIRE(write_profile(dir.string(), bcast, path, error));
  CHECK(fs::path(path).filename() == "MPI_Bcast-p64.prf");
  REQUIRE(write_profile(dir.string(), rsb, path, error));
  CHECK(fs::path(path).filename() == "MPI_Reduce_scatter_block-p8.prf");

  Config config;
  std::vector<std::string> errors;
  read_profiles(dir.string(), config, errors);
  CHECK(errors.empty());
  same(config.choices[index_of(Collective::bcast)], bcast.choices);
  same(config.choices[index_of(Collective::reduce_scatter_block)], rsb.choices);
  // Two algorithms, ids in order of first use, as PGMPITuneLib's listing.
  const std::string text = profile_text(bcast);
  CHECK(text.find("MPI_Bcast\n64 # nb. of processes\n2 # nb. of mock-up impl.\n1 "
                  "gl10-scatter-allgather\n2 jia\n3 # nb. of ranges\n4 64 1") != std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("per-entry options and the datatype survive writing and reading", "[guidelines]") {
  const fs::path dir = fresh_dir("collscope-prf-options-");
  Choice butterfly = choice(Collective::allreduce, "butterfly", 8, 1016, 4);
  Choice circulant = choice(Collective::allreduce, "circulant", 1024, 65536, 4);
  circulant.floats_ok = true;
  Choice tree = choice(Collective::allreduce, "tree-pipeline", 65544, 1048576, 4);
  tree.blocks = 16;
  Choice tree8 = tree;
  tree8.blocks = 8, tree8.low = 2097152, tree8.high = 2097152;
  const Profile allreduce =
      profile(Collective::allreduce, 4, {butterfly, circulant, tree, tree8}, "MPI_DOUBLE",
              {std::string(150, 'x') + " long comment, wrapped to fit PGMPITuneLib's lines"});
  Choice degrade = choice(Collective::gatherv, "traff-degrade", 0, 100, 4);
  degrade.threshold = 4096;
  Choice ring = choice(Collective::allgatherv, "ring-pipelined", 0, 100, 4);
  ring.piece = 256;
  std::string path, error;
  REQUIRE(write_profile(dir.string(), allreduce, path, error));
  REQUIRE(write_profile(dir.string(), profile(Collective::gatherv, 4, {degrade}, "MPI_INT"), path,
                        error));
  REQUIRE(write_profile(dir.string(), profile(Collective::allgatherv, 4, {ring}), path, error));

  const std::string text = profile_text(allreduce);
  INFO(text);
  CHECK(text.find("MPI_Allreduce MPI_DOUBLE # collective, datatype measured\n") !=
        std::string::npos);
  // One algorithm with two block counts: two ids.
  CHECK(text.find("4 # nb. of mock-up impl.\n1 butterfly\n2 circulant floats=ok\n3 tree-pipeline "
                  "blocks=16\n4 tree-pipeline blocks=8\n") != std::string::npos);
  CHECK(text.find("2097152 2097152 4 #") != std::string::npos);

  Config config;
  std::vector<std::string> errors;
  read_profiles(dir.string(), config, errors);
  CHECK(errors.empty());
  same(config.choices[index_of(Collective::allreduce)], allreduce.choices);
  same(config.choices[index_of(Collective::gatherv)], {degrade});
  same(config.choices[index_of(Collective::allgatherv)], {ring});

  std::istringstream in(text);
  Profile back;
  REQUIRE(parse_profile(in, back, error));
  CHECK(back.datatype == "MPI_DOUBLE");
  CHECK(back.procs == 4);

  // PGMPITuneLib's reader: the options and the datatype are columns it never reads.
  const Pgmpi p = pgmpi_read(text);
  CHECK(p.mpiname == "MPI_Allreduce");
  CHECK(p.procs == 4);
  REQUIRE(p.algorithms.size() == 4);
  CHECK(p.algorithms[1] == std::pair<int, std::string>{2, "circulant"});
  CHECK(p.algorithms[3] == std::pair<int, std::string>{4, "tree-pipeline"});
  REQUIRE(p.ranges.size() == 4);
  CHECK(p.ranges[2] == std::array<int, 3>{65544, 1048576, 3});
  fs::remove_all(dir);
}

TEST_CASE("radix: one algorithm at two radices is two ids, read back as written", "[guidelines]") {
  const fs::path dir = fresh_dir("collscope-prf-radix-");
  Choice k2 = choice(Collective::bcast, "knomial", 0, 1023, 4);
  k2.radix = 2;
  Choice k8 = choice(Collective::bcast, "knomial", 1024, 65536, 4);
  k8.radix = 8;
  const Profile bcast = profile(Collective::bcast, 4, {k2, k8}, "MPI_INT");
  std::string path, error;
  REQUIRE(write_profile(dir.string(), bcast, path, error));
  const std::string text = profile_text(bcast);
  CHECK(text.find("2 # nb. of mock-up impl.\n1 knomial radix=2\n2 knomial radix=8\n") !=
        std::string::npos);
  Config config;
  std::vector<std::string> errors;
  read_profiles(dir.string(), config, errors);
  CHECK(errors.empty());
  const auto& read = config.choices[index_of(Collective::bcast)];
  REQUIRE(read.size() == 2);
  CHECK(read[0].radix == 2);
  CHECK(read[1].radix == 8);
  same(read, bcast.choices);
  fs::remove_all(dir);
}

TEST_CASE("a profile the tune library cannot use is named, not read", "[guidelines]") {
  const fs::path dir = fresh_dir("collscope-prf-bad-");
  // gatherv takes one algorithm for all sizes: two ranges are refused by the reader.
  std::ofstream(dir / "MPI_Gatherv-p4.prf")
      << profile_text(profile(Collective::gatherv, 4,
                              {choice(Collective::gatherv, "linear", 4, 4, 4),
                               choice(Collective::gatherv, "binomial", 8, 8, 4)}));
  // An option its algorithm does not take; a datatype that is no MPI name.
  std::ofstream(dir / "MPI_Bcast-p4.prf") << "MPI_Bcast\n4\n1\n1 binomial blocks=8\n1\n0 10 1\n";
  std::ofstream(dir / "MPI_Allreduce-p4.prf") << "MPI_Allreduce double\n4\n1\n1 ring\n1\n0 10 1\n";
  Config config;
  std::vector<std::string> errors;
  read_profiles(dir.string(), config, errors);
  REQUIRE(errors.size() == 3);
  CHECK(
      errors[0].find("MPI_Allreduce-p4.prf: 'double' after MPI_Allreduce is not an MPI datatype") !=
      std::string::npos);
  CHECK(errors[1].find("MPI_Bcast-p4.prf: option 'blocks=8' does not fit bcast binomial") !=
        std::string::npos);
  CHECK(errors[2].find("MPI_Gatherv-p4.prf") != std::string::npos);
  CHECK(config.empty());
  fs::remove_all(dir);
}
