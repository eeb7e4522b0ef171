// collscope-profiles without MPI: Open MPI rules exported, written, read back and looked up as
// Open MPI looks them up give every decision's algorithm at every process count and at the
// sizes around every boundary; malformed files name their line; the MPICH tree uses only keys
// MPICH's parser takes (mpich_csel_keys.txt) and always reaches an algorithm.
#define CATCH_CONFIG_MAIN
#include "collscope/ompi/twins.hpp"
#include "mpich_export.hpp"
#include "openmpi_export.hpp"
#include "show.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

using namespace collscope;
using namespace collscope::profiles;

namespace {

/// The tune library's rule, independently: the first decision for `c` at p holding `bytes`,
/// as Open MPI's number (0: none, native, or not Open MPI's).
int expected(const Decisions& ds, Collective c, int p, std::int64_t bytes, int only_procs) {
  const auto coll = *ompi::parse_coll(to_string(c));
  for (const Decision& d : ds) {
    if (d.collective != c || (d.procs != 0 && d.procs != p)) continue;
    if (only_procs > 0 && p != only_procs) return 0;
    if (bytes < d.low || bytes > d.high) continue;
    if (d.algorithm.starts_with("ompi:"))
      return *ompi::number_of(coll, std::string_view(d.algorithm).substr(5));
    return ompi::ompi_twin(coll, d.algorithm).value_or(0);
  }
  return 0;
}

/// Open MPI's bytes for the tune library's `bytes` at p (openmpi_rules.hpp, message_scale).
std::uint64_t ompi_bytes(Collective c, int p, std::int64_t bytes) {
  const auto b = static_cast<std::uint64_t>(bytes);
  switch (message_scale(*ompi::parse_coll(to_string(c)))) {
  case Scale::times_p:
    return b * static_cast<std::uint64_t>(p);
  case Scale::none:
    return 0;
  default:
    return b;
  }
}

void round_trip(const std::string& spec, int procs, const std::string& profile_dir = "") {
  Decisions ds;
  std::string error;
  if (profile_dir.empty())
    REQUIRE(parse_inline(spec, ds, error));
  else
    REQUIRE(read_profile_folder(profile_dir, ds, error));
  INFO(spec << " --procs " << procs << " " << error);
  const auto exported = export_openmpi(ds, procs);
  RulesFile read;
  REQUIRE(parse_rules(write_rules(exported.rules), read, error));
  std::set<std::int64_t> sizes{0, 1, 1 << 20, std::int64_t{1} << 40};
  for (const Decision& d : ds)
    for (const std::int64_t s : {d.low - 1, d.low, d.low + 1, d.high, d.high + 1})
      if (s >= 0 && s < (std::int64_t{1} << 40)) sizes.insert(s);
  int checks = 0;
  for (const Decision& d : ds) {
    const auto coll = ompi::parse_coll(to_string(d.collective));
    if (!coll) continue;
    const int id = colltype_of(*coll);
    for (int p = 1; p <= 12; ++p)
      for (const std::int64_t s : sizes) {
        const auto rule = lookup(read, id, p, ompi_bytes(d.collective, p, s));
        const int got = rule ? rule->algorithm : 0;
        INFO(to_string(d.collective) << " p=" << p << " bytes=" << s);
        REQUIRE(got == expected(ds, d.collective, p, s, procs));
        ++checks;
      }
  }
  REQUIRE(checks > 0);
}

} // namespace

TEST_CASE("export, write, read and Open MPI's lookup give every decision back", "[profiles]") {
  round_trip("bcast=ompi:pipeline:segsize=8192@0-65535,ompi:basic_linear@65536-", 0);
  round_trip("bcast=ompi:pipeline:segsize=8192@0-65535,ompi:basic_linear@65536-", 4);
  round_trip("bcast=binomial@0-1023,jia@1024-99999,ompi:chain:fanout=2@100000-;"
             "allreduce=butterfly@0-4095,circulant@4096-65535,rabenseifner@65536-;"
             "reduce=native@0-7,binomial@8-",
             0);
  // Sizes measured per block in collscope and over all blocks in Open MPI: with --procs.
  round_trip("allgather=ring@0-99,native@100-999,ompi:bruck@1000-;alltoall=direct@16-31", 5);
  round_trip("reduce_scatter_block=halving@0-100;gather=binomial;scatter=linear", 3);
}

TEST_CASE("profiles apply at exactly their process count", "[profiles]") {
  const std::string dir = "profiles_test_dir";
  std::filesystem::create_directories(dir);
  std::ofstream(dir + "/bcast_4.prf") << "MPI_Bcast\n4\n2\n1 binomial\n2 linear\n2\n"
                                         "0 1023 1\n1024 1048576 2\n";
  std::ofstream(dir + "/bcast_6.prf") << "MPI_Bcast # six\n6\n1\n7 linear\n1\n0 100 7\n";
  std::ofstream(dir + "/allreduce_5.prf") << "MPI_Allreduce\n5\n1\n1 ring\n1\n0 4096 1\n";
  round_trip("", 0, dir);
  round_trip("", 6, dir);
}

TEST_CASE("what cannot be exported is noted, decision by decision", "[profiles]") {
  Decisions ds;
  std::string error;
  REQUIRE(parse_inline("bcast=jia@0-100,binomial@101-;gatherv=linear;allgather=ring@0-9,"
                       "dissemination@10-;allreduce=butterfly",
                       ds, error));
  const auto e = export_openmpi(ds, 0);
  const auto has = [&](std::string_view text) {
    for (const auto& n : e.notes)
      if (n.find(text) != std::string::npos) return true;
    return false;
  };
  CHECK(has("bcast jia @0-100: left out, not one of Open MPI's algorithms"));
  CHECK(has("gatherv linear @0-: left out, coll tuned does not decide gatherv"));
  CHECK(has("allgather: size ranges left out"));
  CHECK(has("allreduce butterfly @0-: exported as Open MPI's recursive_doubling"));
  REQUIRE(parse_inline("bcast=ompi:fastest", ds, error) == false);
  CHECK(error.find("Open MPI has no bcast algorithm 'fastest'") != std::string::npos);
  REQUIRE(parse_inline("bcast=ompi:binomial:fanout=2", ds, error) == false);
  REQUIRE(parse_inline("gatherv=ompi:binomial", ds, error) == false);
  REQUIRE(parse_inline("bcast=ompi:chain:fanout=33", ds, error) == false);
  Decisions chain;
  REQUIRE(parse_inline("reduce=ompi:chain", chain, error));
  CHECK(chain.at(0).fanout == 4); // what forcing ompi:chain means; 0 would be a pipeline
}

TEST_CASE("bcast scatter-ring is exported as Open MPI's scatter_allgather_ring, "
          "scatter-allgather not",
          "[profiles]") {
  Decisions ds;
  std::string error;
  REQUIRE(parse_inline("bcast=scatter-allgather@0-1023,scatter-ring@1024-", ds, error));
  const auto e = export_openmpi(ds, 8);
  const auto has = [&](std::string_view text) {
    return std::ranges::any_of(
        e.notes, [&](const std::string& n) { return n.find(text) != std::string::npos; });
  };
  CHECK(has("bcast scatter-ring @1024-: exported as Open MPI's scatter_allgather_ring (the same "
            "messages; below p elements Open MPI runs basic_linear instead)"));
  CHECK(has("bcast scatter-allgather @0-1023: left out, Open MPI's scatter_allgather (8) is no "
            "twin"));
  CHECK(ompi::ompi_twin(ompi::Coll::bcast, "scatter-ring") == 9);
  CHECK_FALSE(ompi::ompi_twin(ompi::Coll::bcast, "scatter-allgather"));
  CHECK(ompi::lecture_twin(ompi::Coll::bcast, "scatter_allgather_ring") == "scatter-ring");
  CHECK(ompi::lecture_twin(ompi::Coll::bcast, "scatter_allgather").empty());
  const std::string rules = write_rules(e.rules);
  CHECK(rules.find("1024 9 0 0") != std::string::npos); // 8 processes' rule: 1 KiB on, 9
}

TEST_CASE("malformed rules files are rejected at their line", "[profiles]") {
  const struct {
    std::string text, starts, says;
  } cases[] = {{"", "1: ", "ends where the number of collectives"},
               {"1\n7\n1\n4\n1\n0 3 0\n", "6: ", "ends where a segment size"},
               {"1 # one\n7\n1\n4\n1\n16 3 0 0\n", "6: ", "first message size of bcast at 4"},
               {"1\n7\n1\n4\n2\n0 3 0 0\n# x\nabc 1 0 0\n", "8: ", "'abc' is not a non-negative"},
               {"1\n7\n1\n4\n1\n0 -3 0 0\n", "6: ", "'-3' is not"},
               {"1\n7\n1\n4\n1\n0 010 0 0\n", "6: ", "octal"},
               {"1\n22\n", "2: ", "collective id 22"},
               {"23\n", "1: ", "23 collectives"},
               {"1\n7\n1\n4\n1\n0 12 0 0\n", "6: ", "bcast has no algorithm 12 (1-9)"},
               {"1\n7\n2\n4\n1\n0 3 0 0\n4\n1\n0 1 0 0\n", "7: ", "never used"},
               {"1\n7\n1\n4\n2\n0 3 0 0\n\n0 1 0 0\n", "8: ", "never used"},
               {"2\n7\n0\n7\n0\n", "4: ", "bcast again (line 2)"},
               {"1\n7\n0\n5\n", "4: ", "numbers after the last collective"}};
  for (const auto& c : cases) {
    RulesFile rules;
    std::string error;
    INFO(c.text);
    REQUIRE_FALSE(parse_rules(c.text, rules, error));
    CHECK(error.starts_with(c.starts));
    CHECK(error.find(c.says) != std::string::npos);
  }
}

TEST_CASE("show: Open MPI's names per process and size range", "[profiles]") {
  RulesFile rules;
  std::string error;
  REQUIRE(parse_rules("1\n7\n2\n4\n2\n0 3 0 8192\n65536 1 0 0\n9\n1\n0 0 0 0\n", rules, error));
  std::ostringstream all, one, fixed;
  show_rules(rules, {}, all);
  CHECK(all.str() == "bcast (collective id 7, line 2)\n"
                     "  p = 1–8 (rule for 4, line 4)\n"
                     "    0-65535 bytes: 3 pipeline, segments of 8192 bytes\n"
                     "    65536- bytes: 1 basic_linear\n"
                     "  p ≥ 9 (rule for 9, line 8)\n"
                     "    0- bytes: 0: coll tuned's fixed decision\n");
  show_rules(rules, {.procs = 2, .collective = 7, .size = 70000}, one);
  CHECK(one.str() == "bcast at p = 2, 70000 bytes: 1 basic_linear (line 7)\n");
  show_rules(rules, {.procs = 16, .collective = std::nullopt, .size = 1}, fixed);
  CHECK(fixed.str() ==
        "bcast at p = 16, 1 bytes: 0: coll tuned's fixed decision → " +
            std::string(ompi::name_of(ompi::Coll::bcast,
                                      ompi::fixed_decision(ompi::Coll::bcast, 16, 1, true))) +
            " (line 10)\n");
}

namespace {

struct Keys {
  std::set<std::string> exact, numbered; ///< numbered: the part before N
};

Keys mpich_keys() {
  Keys keys;
  std::ifstream in(COLLSCOPE_MPICH_KEYS);
  REQUIRE(in);
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    if (line.back() == 'N')
      keys.numbered.insert(line.substr(0, line.size() - 1));
    else
      keys.exact.insert(line);
  }
  REQUIRE(keys.exact.size() > 50);
  return keys;
}

bool accepted(const Keys& keys, const std::string& key) {
  if (keys.exact.contains(key) || key.ends_with("=any")) return true;
  for (const auto& prefix : keys.numbered)
    if (key.starts_with(prefix) && key.size() > prefix.size() &&
        key.find_first_not_of("0123456789", prefix.size()) == std::string::npos)
      return true;
  return false;
}

/// Every key accepted; a leaf alone in its object; every test followed, last, by a catch-all,
/// so that MPICH's search always ends at an algorithm.
void check_tree(const nlohmann::ordered_json& node, const Keys& keys, int& leaves) {
  REQUIRE(node.is_object());
  REQUIRE_FALSE(node.empty());
  const std::string first = node.begin().key();
  if (first.starts_with("algorithm=")) {
    INFO(first);
    CHECK(accepted(keys, first));
    CHECK(node.size() == 1);
    for (const auto& item : node.begin().value().items()) CHECK(item.key() == "k=2");
    ++leaves;
    return;
  }
  for (const auto& [key, child] : node.items()) {
    INFO(key);
    CHECK(accepted(keys, key));
    CHECK_FALSE(key.starts_with("algorithm="));
    check_tree(child, keys, leaves);
  }
  const std::string last = (--node.end()).key();
  const bool comm_type = last.starts_with("comm_type="); // intra and inter: every communicator
  const bool top = last.starts_with("collective=");
  INFO(last);
  CHECK((last.ends_with("=any") || comm_type || top));
}

} // namespace

TEST_CASE("the MPICH tree takes only keys MPICH's parser knows and always reaches an algorithm",
          "[profiles]") {
  const Keys keys = mpich_keys();
  for (const char* spec :
       {"bcast=binomial@0-65535,scatter-ring@65536-;allreduce=ring@0-1023,circulant@1024-,"
        "rabenseifner@1000000-;alltoall=bruck",
        "allgather=recursive-doubling@0-99,ring@100-;reduce=reduce-scatter-gather@4096-;"
        "reduce_scatter_block=halving;reduce_scatter=halving@0-10;gather=binomial;scan=native",
        ""}) {
    for (const int procs : {0, 4}) {
      Decisions ds;
      std::string error;
      REQUIRE(parse_inline(spec, ds, error));
      const auto tree = nlohmann::ordered_json::parse(export_mpich(ds, procs).json);
      int leaves = 0;
      INFO(spec << " --procs " << procs);
      check_tree(tree, keys, leaves);
      CHECK(tree.size() == 16); // every blocking collective MPICH selects by this tree
      CHECK(leaves >= 32);
    }
  }
  Decisions ds;
  std::string error;
  REQUIRE(parse_inline("bcast=binomial@0-100,scatter-allgather@101-", ds, error));
  const auto bcast = nlohmann::ordered_json::parse(
      export_mpich(ds, 4).json)["collective=bcast"]["comm_type=intra"];
  CHECK(bcast["comm_size<=4"]["avg_msg_size<=100"].contains("algorithm=MPIR_Bcast_intra_binomial"));
  CHECK(bcast["comm_size<=4"]["avg_msg_size=any"].contains(
      "algorithm=MPIR_Bcast_intra_scatter_recursive_doubling_allgather"));
  CHECK(bcast["comm_size<4"].contains("algorithm=MPIR_Bcast_intra_binomial"));
}

namespace {

/// Every key of the tree, depth first.
void keys_of(const nlohmann::ordered_json& node, std::vector<std::string>& out) {
  for (const auto& [key, child] : node.items()) {
    out.push_back(key);
    if (child.is_object()) keys_of(child, out);
  }
}

} // namespace

TEST_CASE("the MPICH 4.0 tree has no is_*=any, 4.0's barrier name, no allreduce ring",
          "[profiles]") {
  Decisions ds;
  std::string error;
  REQUIRE(parse_inline("allreduce=ring@0-1023,rabenseifner@1024-;alltoall=bruck;"
                       "reduce_scatter=halving;bcast=scatter-ring",
                       ds, error));
  const auto e40 = export_mpich(ds, 4, MpichVersion::v4_0);
  const auto e41 = export_mpich(ds, 4, MpichVersion::v4_1);
  std::vector<std::string> k40, k41;
  keys_of(nlohmann::ordered_json::parse(e40.json), k40);
  keys_of(nlohmann::ordered_json::parse(e41.json), k41);
  const auto has = [](const std::vector<std::string>& keys, std::string_view part) {
    return std::ranges::any_of(keys, [&](const auto& k) { return k.find(part) != k.npos; });
  };
  // 4.1 writes what 4.0 cannot read; 4.0's file has none of it.
  CHECK(has(k41, "is_commutative=any"));
  CHECK(has(k41, "MPIR_Barrier_intra_k_dissemination"));
  CHECK(has(k41, "MPIR_Allreduce_intra_ring"));
  for (const auto& k : k40) {
    INFO(k);
    CHECK_FALSE((k.starts_with("is_") && k.ends_with("=any")));
    CHECK(k.find("k_dissemination") == k.npos);
    CHECK(k != "k=2");
    CHECK(k.find("Allreduce_intra_ring") == k.npos);
  }
  CHECK(has(k40, "algorithm=MPIR_Barrier_intra_dissemination"));
  CHECK(has(k40, "algorithm=MPIR_Allreduce_intra_reduce_scatter_allgather"));
  CHECK(has(k40, "algorithm=MPIR_Bcast_intra_scatter_ring_allgather"));
  CHECK(has(k40, "is_commutative=no")); // reduce_scatter halving's catch-all
  CHECK(std::ranges::any_of(
      e40.notes, [](const std::string& n) { return n.find("not in MPICH 4.0") != n.npos; }));
  CHECK(std::ranges::none_of(
      e41.notes, [](const std::string& n) { return n.find("not in MPICH 4.0") != n.npos; }));
  // The flag's other value comes last, after its sibling: still every call covered.
  const auto flag = nlohmann::ordered_json::parse(
      e40.json)["collective=reduce_scatter"]["comm_type=intra"]["comm_size<=4"];
  REQUIRE(flag.size() == 2);
  CHECK(flag.begin().key() == "is_commutative=yes");
  CHECK((--flag.end()).key() == "is_commutative=no");
}
