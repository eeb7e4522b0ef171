// Open MPI's algorithms and their parameters, as `collscope-run --list ompi` documents them,
// against the two parsers that take them: collscope-run's (resolve_ompi: --segment, --fanout,
// --max-requests) and collscope-profiles' (`--tune ompi:NAME:KEY=VALUE`). The list is read
// as a user reads it; every name and parameter in it must be accepted by both, and every
// parameter it does not give an algorithm refused by both, so the three cannot drift. Then the
// rules-file export of knomial and of collscope's knomial twin, with what a 4.1 rules file
// cannot carry (knobs.hpp). No MPI calls.
#define CATCH_CONFIG_MAIN
#include "collscope/ompi/knobs.hpp"
#include "ompi_force.hpp"
#include "openmpi_export.hpp"
#include "show.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <map>
#include <regex>
#include <set>
#include <sstream>

using namespace collscope;
using namespace collscope::profiles;

namespace {

/// The list's parameter keys, with collscope-run's flag for each (the legend says which).
const std::map<std::string, std::pair<std::string, std::string>> keys = {
    {"segsize", {"--segment", "1024"}},
    {"fanout", {"--fanout", "3"}},
    {"max_requests", {"--max-requests", "2"}}};

struct Listed {
  std::string coll, name;
  int number = 0;
  std::set<std::string> params;
};

/// The algorithms `collscope-run --list ompi` names, with the parameters it gives them.
std::vector<Listed> read_list(const std::string& text) {
  std::vector<Listed> out;
  std::istringstream in(text);
  std::string line, coll;
  const std::regex head(R"(^([a-z_]+) +(\d.*)$)"), more(R"(^ {22}(\d.*)$)");
  const std::regex item(R"((\d+) (\S+))"), param(R"(^  ([a-z_]+) (\d+) (\S+) +(.*)$)");
  const std::regex key(R"(([a-z_]+)=[BKN])");
  std::smatch m;
  for (bool in_params = false; std::getline(in, line);) {
    if (line.starts_with("Parameters:")) in_params = true;
    std::string items;
    if (!in_params && std::regex_match(line, m, head))
      coll = m[1], items = m[2];
    else if (!in_params && std::regex_match(line, m, more))
      items = m[1];
    for (std::sregex_iterator i(items.begin(), items.end(), item), end; i != end; ++i)
      out.push_back({coll, (*i)[2], std::stoi((*i)[1]), {}});
    if (in_params && std::regex_match(line, m, param)) {
      const std::string rest = m[4];
      bool found = false;
      for (Listed& l : out)
        if (l.coll == m[1].str() && l.name == m[3].str() && l.number == std::stoi(m[2])) {
          found = true;
          for (std::sregex_iterator k(rest.begin(), rest.end(), key), end; k != end; ++k)
            l.params.insert((*k)[1]);
        }
      INFO(line);
      CHECK(found); // a parameter line names an algorithm of the list above it
    }
  }
  return out;
}

bool tune_accepts(const std::string& spec, Decisions* out = nullptr) {
  Decisions ds;
  std::string error;
  const bool ok = parse_inline(spec, ds, error);
  if (out) *out = ds;
  return ok;
}

} // namespace

TEST_CASE("every algorithm and parameter --list ompi names is accepted by both parsers, no "
          "other parameter is",
          "[profiles][ompi]") {
  const std::string list = run::ompi_list();
  for (const auto& [key, flag_value] : keys) // the legend maps each key to its flag
    CHECK(list.find(key + "=" +
                    (key == "segsize"  ? "B"
                     : key == "fanout" ? "K"
                                       : "N") +
                    " is " + flag_value.first) != std::string::npos);
  const std::vector<Listed> listed = read_list(list);
  int algorithms = 0, params = 0;
  for (int c = 1; c <= ompi::coll_count; ++c) // every collective collscope-run forces is listed
    if (const auto collective = parse_collective(ompi::to_string(static_cast<ompi::Coll>(c)));
        collective && run::ompi_coll(*collective))
      for (const ompi::Named& a : ompi::algorithms(static_cast<ompi::Coll>(c))) {
        INFO(ompi::to_string(static_cast<ompi::Coll>(c)) << " " << a.name);
        CHECK(std::ranges::count_if(listed, [&](const Listed& l) {
                return l.name == a.name && l.number == a.number &&
                       l.coll == ompi::to_string(static_cast<ompi::Coll>(c));
              }) == 1);
      }
  for (const Listed& l : listed) {
    const auto collective = parse_collective(l.coll);
    REQUIRE(collective);
    const std::string name = "ompi:" + l.name;
    INFO(l.coll << " " << name << " (" << l.number << ")");
    CHECK(ompi::number_of(*run::ompi_coll(*collective), l.name) == l.number);
    CHECK(run::resolve_ompi(*collective, name, {}, {}).error.empty());
    CHECK(tune_accepts(l.coll + "=" + name));
    ++algorithms;
    for (const auto& [key, flag_value] : keys) {
      const auto& [flag, value] = flag_value;
      const std::optional<std::string_view> v = value;
      const auto r = run::resolve_ompi(*collective, name, flag == "--segment" ? v : std::nullopt,
                                       flag == "--fanout" ? v : std::nullopt,
                                       flag == "--max-requests" ? v : std::nullopt);
      Decisions ds;
      const bool tune = tune_accepts(l.coll + "=" + name + ":" + key + "=" + value, &ds);
      INFO(key << "=" << value << ": " << r.error);
      if (l.params.contains(key)) {
        CHECK(r.error.empty());
        REQUIRE(tune);
        const Decision& d = ds.at(0);
        CHECK((key == "segsize"  ? d.segsize
               : key == "fanout" ? d.fanout
                                 : d.max_requests) == std::stoi(value));
        CHECK((key == "segsize"  ? r.force.segment
               : key == "fanout" ? r.force.fanout
                                 : r.force.max_requests) == std::stoi(value));
        ++params;
      } else {
        CHECK_FALSE(r.error.empty());
        CHECK_FALSE(tune);
      }
    }
  }
  CHECK(algorithms == 54); // Open MPI 4.1.4's 60, less barrier's 6 (collscope-run has none)
  CHECK(params == 25);     // segsize 15 (bcast 2-9, reduce 2-6, allreduce 5, gather 3),
                           // fanout 3 (chains, knomial), max_requests 7 (reduce 2-6, 2 more)
}

TEST_CASE("out-of-range parameters are refused by both parsers alike", "[profiles][ompi]") {
  const struct {
    std::string coll, name, key, flag, value;
  } cases[] = {{"bcast", "knomial", "fanout", "--fanout", "1"},
               {"bcast", "chain", "fanout", "--fanout", "33"},
               {"bcast", "chain", "fanout", "--fanout", "0"},
               {"bcast", "pipeline", "segsize", "--segment", "-1"},
               {"reduce", "chain", "max_requests", "--max-requests", "x"}};
  for (const auto& c : cases) {
    INFO(c.coll << " " << c.name << " " << c.key << "=" << c.value);
    const auto collective = *parse_collective(c.coll);
    const std::optional<std::string_view> v = c.value;
    const auto r = run::resolve_ompi(
        collective, "ompi:" + c.name, c.flag == "--segment" ? v : std::nullopt,
        c.flag == "--fanout" ? v : std::nullopt, c.flag == "--max-requests" ? v : std::nullopt);
    CHECK_FALSE(r.error.empty());
    CHECK_FALSE(tune_accepts(c.coll + "=ompi:" + c.name + ":" + c.key + "=" + c.value));
  }
}

namespace {

bool has(const std::vector<std::string>& notes, std::string_view text) {
  return std::ranges::any_of(notes, [&](const std::string& n) { return n.find(text) != n.npos; });
}

OpenMpiExport exported(const std::string& spec) {
  Decisions ds;
  std::string error;
  REQUIRE(parse_inline(spec, ds, error));
  return export_openmpi(ds, 0);
}

} // namespace

TEST_CASE("knomial with its fanout exports, and show-openmpi reads it back", "[profiles][ompi]") {
  const OpenMpiExport e = exported("bcast=ompi:knomial:fanout=4");
  RulesFile read;
  std::string error;
  REQUIRE(parse_rules(write_rules(e.rules), read, error));
  const auto rule = lookup(read, colltype_of(ompi::Coll::bcast), 7, 4096);
  REQUIRE(rule);
  CHECK(rule->algorithm == 7);
  CHECK(rule->faninout == 4);
  std::ostringstream shown;
  show_rules(read, {}, shown);
  CHECK(shown.str().find("0- bytes: 7 knomial, radix 4") != std::string::npos);
  // 4.1.4 runs knomial with coll_tuned_bcast_algorithm_knomial_radix, not the rule's column.
  CHECK(e.mca == std::map<std::string, int>{{"coll_tuned_bcast_algorithm_knomial_radix", 4}});
  CHECK(has(e.notes, "run with --mca coll_tuned_bcast_algorithm_knomial_radix 4 (its default)"));
}

TEST_CASE("collscope's knomial exports as Open MPI's, radix carried", "[profiles][ompi]") {
  const OpenMpiExport e = exported("bcast=knomial@0-1023,binomial@1024-");
  const auto& rules = e.rules.collectives.at(0).comms.at(0).messages;
  REQUIRE(rules.size() == 2);
  CHECK((rules[0].algorithm == 7 && rules[0].faninout == 4 && rules[1].algorithm == 6));
  CHECK(has(e.notes, "bcast knomial @0-1023: exported as Open MPI's knomial (radix 4)"));
  CHECK(e.mca.at("coll_tuned_bcast_algorithm_knomial_radix") == 4);
}

TEST_CASE("what a 4.1 rules file cannot carry goes to --mca or is noted", "[profiles][ompi]") {
  const OpenMpiExport e = exported("bcast=ompi:knomial:fanout=3@0-99,ompi:knomial:fanout=5@100-;"
                                   "reduce=ompi:chain:fanout=2:max_requests=8;"
                                   "scatter=ompi:linear_nb:max_requests=4");
  CHECK(e.mca == std::map<std::string, int>{{"coll_tuned_bcast_algorithm_knomial_radix", 3},
                                            {"coll_tuned_scatter_algorithm_max_requests", 4}});
  CHECK(has(e.notes, "bcast ompi:knomial @100-: radix 5 cannot be had"));
  CHECK(has(e.notes, "reduce ompi:chain @0-: max_requests=8 dropped"));
  const auto& reduce = e.rules.collectives.at(1).comms.at(0).messages.at(0);
  CHECK((reduce.algorithm == 2 && reduce.faninout == 2)); // the chains are the file's own
}
