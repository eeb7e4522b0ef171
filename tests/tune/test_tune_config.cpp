// COLLSCOPE_TUNE's grammar against the registry (no MPI calls): ranges, knobs, and one clear
// message for each kind of mistake.
#define CATCH_CONFIG_MAIN
#include "config.hpp"

#include <catch2/catch.hpp>

using namespace collscope;
using collscope::tune::Config;
using collscope::tune::index_of;
using collscope::tune::parse_config;

TEST_CASE("ranges and knobs are read in order", "[tune]") {
  Config config;
  std::string error;
  REQUIRE(parse_config(" bcast=pipeline:blocks=8@0-1023, jia@1024- ;allreduce=circulant:floats=ok;"
                       "allgatherv=ring-pipelined:piece=3;gatherv=traff-degrade:threshold=64",
                       config, error));
  const auto& bcast = config.choices[index_of(Collective::bcast)];
  REQUIRE(bcast.size() == 2);
  CHECK(bcast[0].algorithm->name == "pipeline");
  CHECK(bcast[0].blocks == 8);
  CHECK(bcast[0].low == 0);
  CHECK(bcast[0].high == 1023);
  CHECK(bcast[1].algorithm->name == "jia");
  CHECK(bcast[1].low == 1024);
  CHECK(bcast[1].high == std::numeric_limits<std::int64_t>::max());
  const auto& allreduce = config.choices[index_of(Collective::allreduce)];
  REQUIRE(allreduce.size() == 1);
  CHECK(allreduce[0].floats_ok);
  CHECK(allreduce[0].algorithm->float_rank_dependent);
  CHECK(config.choices[index_of(Collective::allgatherv)][0].piece == 3);
  CHECK(config.choices[index_of(Collective::gatherv)][0].threshold == 64);
  CHECK(config.choices[index_of(Collective::reduce)].empty());
}

TEST_CASE("mistakes are named", "[tune]") {
  const auto error_of = [](const char* text) {
    Config config;
    std::string error;
    CHECK_FALSE(parse_config(text, config, error));
    return error;
  };
  CHECK(error_of("bcast=nosuch") ==
        "bcast has no algorithm 'nosuch' (collscope-run bcast --list names them)");
  CHECK(error_of("broadcast=jia").starts_with("bad entry 'broadcast=jia'"));
  CHECK(error_of("bcast=jia;bcast=binomial") == "bcast is given twice");
  CHECK(error_of("bcast=jia@100-10").starts_with("bad size range '100-10'"));
  CHECK(error_of("bcast=jia@x").starts_with("bad size range 'x'"));
  CHECK(error_of("bcast=binomial:blocks=4")
            .starts_with("option 'blocks=4' does not fit bcast binomial"));
  CHECK(error_of("bcast=pipeline:blocks=0").starts_with("option 'blocks=0' does not fit"));
  CHECK(error_of("gatherv=linear@0-100").starts_with("gatherv: the ranks do not all know"));
  Config config;
  std::string error;
  CHECK(parse_config("", config, error));
  CHECK(config.empty());
}
