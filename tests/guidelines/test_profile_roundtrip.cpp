// What collscope-guidelines writes (profile_writer.hpp), libcollscope-tune reads
// (profiles.hpp): every choice comes back with its algorithm, range and process count.
#define CATCH_CONFIG_MAIN
#include "profile_writer.hpp"
#include "profiles.hpp"

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
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

} // namespace

TEST_CASE("profiles written are read back as the same choices", "[guidelines]") {
  const fs::path dir = fs::temp_directory_path() / ("collscope-prf-" + std::to_string(getpid()));
  fs::remove_all(dir);
  const std::vector<Choice> bcast = {choice(Collective::bcast, "gl10-scatter-allgather", 4, 64, 64),
                                     choice(Collective::bcast, "jia", 1024, 65536, 64),
                                     choice(Collective::bcast, "gl10-scatter-allgather", 262144, 262144, 64)};
  const std::vector<Choice> rsb = {choice(Collective::reduce_scatter_block, "gl19-allreduce", 4, 4, 8)};
  const std::vector<std::string> comments = {"made by the test # with a hash"};
  std::string path, error;
  REQUIRE(write_profile(dir.string(), Collective::bcast, 64, bcast, comments, path, error));
  CHECK(fs::path(path).filename() == "MPI_Bcast-p64.prf");
  REQUIRE(write_profile(dir.string(), Collective::reduce_scatter_block, 8, rsb, {}, path, error));
  CHECK(fs::path(path).filename() == "MPI_Reduce_scatter_block-p8.prf");

  Config config;
  std::vector<std::string> errors;
  read_profiles(dir.string(), config, errors);
  CHECK(errors.empty());
  const auto same = [](const std::vector<Choice>& read, const std::vector<Choice>& written) {
    REQUIRE(read.size() == written.size());
    for (std::size_t i = 0; i < read.size(); ++i) {
      CHECK(read[i].algorithm == written[i].algorithm);
      CHECK(read[i].low == written[i].low);
      CHECK(read[i].high == written[i].high);
      CHECK(read[i].procs == written[i].procs);
    }
  };
  same(config.choices[index_of(Collective::bcast)], bcast);
  same(config.choices[index_of(Collective::reduce_scatter_block)], rsb);
  // Two algorithms, ids in order of first use, as PGMPITuneLib's listing.
  const std::string text = profile_text(Collective::bcast, 64, bcast);
  CHECK(text.find("MPI_Bcast\n64 # nb. of processes\n2 # nb. of mock-up impl.\n1 gl10-scatter-allgather\n2 jia\n3 # nb. of ranges\n4 64 1") != std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("a profile the tune library cannot use is named, not read", "[guidelines]") {
  const fs::path dir = fs::temp_directory_path() / ("collscope-prf-bad-" + std::to_string(getpid()));
  fs::create_directories(dir);
  // gatherv takes one algorithm for all sizes: two ranges are refused by the reader.
  std::ofstream(dir / "MPI_Gatherv-p4.prf")
      << profile_text(Collective::gatherv, 4,
                      std::vector<Choice>{choice(Collective::gatherv, "linear", 4, 4, 4),
                                          choice(Collective::gatherv, "binomial", 8, 8, 4)});
  Config config;
  std::vector<std::string> errors;
  read_profiles(dir.string(), config, errors);
  CHECK(errors.size() == 1);
  CHECK(config.choices[index_of(Collective::gatherv)].empty());
  fs::remove_all(dir);
}
