// COLLSCOPE_TUNE's grammar against the registry (no MPI calls): ranges, knobs, and one clear
// message for each kind of mistake.
#define CATCH_CONFIG_MAIN
#include "collscope/tune/config.hpp"

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

using collscope::tune::auto_chooses;
using collscope::tune::parse_settings;

namespace {

/// The lenient reading's errors for `text`, and what it kept.
std::vector<std::string> errors_of(const char* text, Config& config) {
  std::vector<std::string> errors;
  parse_settings(text, config, errors);
  return errors;
}

} // namespace

TEST_CASE("auto per collective and everywhere", "[tune][auto]") {
  Config config;
  REQUIRE(errors_of("bcast=auto;allreduce=butterfly@0-1023,auto:floats=ok@1024-", config).empty());
  const auto& bcast = config.choices[index_of(Collective::bcast)];
  REQUIRE(bcast.size() == 1);
  CHECK(bcast[0].automatic);
  CHECK(bcast[0].algorithm->is_native()); // never null for readers that print names
  CHECK_FALSE(bcast[0].floats_ok);
  const auto& allreduce = config.choices[index_of(Collective::allreduce)];
  REQUIRE(allreduce.size() == 2);
  CHECK_FALSE(allreduce[0].automatic);
  CHECK(allreduce[1].automatic);
  CHECK(allreduce[1].floats_ok);
  CHECK(allreduce[1].low == 1024);
  CHECK_FALSE(config.auto_everywhere);
  CHECK(config.uses_auto());

  REQUIRE(errors_of(" auto ; bcast=binomial", config).empty());
  CHECK(config.auto_everywhere);
  CHECK_FALSE(config.empty());
  CHECK_FALSE(config.choices[index_of(Collective::bcast)][0].automatic);

  REQUIRE(errors_of("bcast=binomial", config).empty());
  CHECK_FALSE(config.uses_auto());
}

TEST_CASE("auto chooses where every block has one size", "[tune][auto]") {
  for (const Collective c :
       {Collective::gather, Collective::scatter, Collective::bcast, Collective::reduce,
        Collective::allgather, Collective::allreduce, Collective::reduce_scatter_block,
        Collective::scan, Collective::exscan, Collective::alltoall})
    CHECK(auto_chooses(c));
  for (const Collective c :
       {Collective::gatherv, Collective::scatterv, Collective::allgatherv,
        Collective::reduce_scatter, Collective::alltoallv, Collective::barrier})
    CHECK_FALSE(auto_chooses(c));
}

TEST_CASE("a bad entry is named and left out; the others apply", "[tune][auto]") {
  Config config;
  auto errors = errors_of("bcast=jia;allreduce=nosuch;reduce=binomial", config);
  REQUIRE(errors.size() == 1);
  CHECK(errors[0] == "allreduce has no algorithm 'nosuch' (collscope-run allreduce --list names "
                     "them, or auto); entry 'allreduce=nosuch' ignored, allreduce uses the MPI "
                     "library's collective");
  CHECK(config.choices[index_of(Collective::bcast)][0].algorithm->name == "jia");
  CHECK(config.choices[index_of(Collective::reduce)][0].algorithm->name == "binomial");
  CHECK(config.choices[index_of(Collective::allreduce)].empty());

  // A bad choice drops its whole entry: no collective runs half of what was asked.
  errors = errors_of("auto;allreduce=butterfly@0-99,nosuch@100-", config);
  REQUIRE(errors.size() == 1);
  CHECK(errors[0].ends_with("entry 'allreduce=butterfly@0-99,nosuch@100-' ignored, allreduce "
                            "uses auto"));
  CHECK(config.choices[index_of(Collective::allreduce)].empty());

  errors = errors_of("bcast=nosuch;bcast=jia;bcast=binomial", config);
  REQUIRE(errors.size() == 2);
  CHECK(errors[0].ends_with("ignored, the other bcast entry applies"));
  CHECK(errors[1] == "bcast is given twice; entry 'bcast=binomial' ignored, the other bcast "
                     "entry applies");
  CHECK(config.choices[index_of(Collective::bcast)][0].algorithm->name == "jia");

  errors = errors_of("bogus;gatherv=auto;bcast=auto:blocks=4;scan=auto", config);
  REQUIRE(errors.size() == 3);
  CHECK(errors[0] == "bad entry 'bogus' (want COLLECTIVE=ALGORITHM[,...], e.g. bcast=jia, or "
                     "auto) ignored; the other entries apply");
  CHECK(errors[1].starts_with("gatherv: auto chooses only where every rank's block has one size "
                              "(gather, scatter, bcast, reduce, allgather, allreduce, "));
  CHECK(errors[1].ends_with("; entry 'gatherv=auto' ignored, gatherv uses the MPI library's "
                            "collective"));
  CHECK(errors[2].starts_with("option 'blocks=4' does not fit bcast auto"));
  CHECK(config.choices[index_of(Collective::scan)][0].automatic);
}

TEST_CASE("the strict reading refuses auto (nothing to export)", "[tune][auto]") {
  Config config;
  std::string error;
  CHECK_FALSE(parse_config("bcast=auto", config, error));
  CHECK(error.starts_with("bcast: 'auto' is chosen per call at run time by libcollscope-tune"));
  CHECK_FALSE(parse_config("auto", config, error));
  CHECK(error.starts_with("'auto' is chosen per call"));
}

TEST_CASE("radix=K for the k-nomial trees", "[tune]") {
  Config config;
  std::string error;
  REQUIRE(parse_config("bcast=knomial:radix=3;reduce=knomial", config, error));
  CHECK(config.choices[index_of(Collective::bcast)][0].radix == 3);
  CHECK(config.choices[index_of(Collective::reduce)][0].radix == 0);
  CHECK_FALSE(parse_config("bcast=knomial:radix=1", config, error));
  CHECK(error.starts_with("option 'radix=1' does not fit bcast knomial"));
  CHECK_FALSE(parse_config("bcast=binomial:radix=3", config, error));
}
