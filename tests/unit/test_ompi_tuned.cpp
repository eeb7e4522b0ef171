// Open MPI 4.1.4's coll tuned decision (ompi_tuned), table-driven: each row was
// read off ompi/mca/coll/tuned/coll_tuned_decision_fixed.c at tag v4.1.4 by hand, on both sides of
// a threshold ("total_dsize < 8192" → 8191 and 8192 bytes), so an off-by-one or a transposed
// row fails. The names come from the coll_tuned_<coll>_decision.c enums.
#include "collscope/ompi/rules_file.hpp"
#include "collscope/ompi/tuned.hpp"

#include <catch2/catch.hpp>
#include <memory>
#include <string>

using namespace collscope::ompi;

namespace {

struct Case {
  Coll coll;
  int p;
  std::uint64_t bytes;
  bool commutative;
  std::string_view expected;
};

// clang-format off
constexpr Case fixed_cases[] = {
  // bcast, p < 8: <64 binary_tree, <128 binomial, <2048 binary_tree, <8192 binomial,
  // <1048576 basic_linear, else chain
  {Coll::bcast, 5, 63, true, "binary_tree"},        {Coll::bcast, 5, 64, true, "binomial"},
  {Coll::bcast, 7, 8191, true, "binomial"},         {Coll::bcast, 7, 8192, true, "basic_linear"},
  {Coll::bcast, 4, 1048575, true, "basic_linear"},  {Coll::bcast, 4, 1048576, true, "chain"},
  // bcast, p < 16: <8 knomial, <64 binary_tree, <4096 knomial, <16384 binary_tree,
  // <32768 binomial, else basic_linear
  {Coll::bcast, 8, 7, true, "knomial"},             {Coll::bcast, 8, 8, true, "binary_tree"},
  {Coll::bcast, 8, 4095, true, "knomial"},          {Coll::bcast, 8, 4096, true, "binary_tree"},
  {Coll::bcast, 15, 16384, true, "binomial"},       {Coll::bcast, 8, 32768, true, "basic_linear"},
  // bcast, p < 4 starts with pipeline; p ≥ 4096 ends with scatter_allgather
  {Coll::bcast, 2, 31, true, "pipeline"},           {Coll::bcast, 3, 1048576, true, "binary_tree"},
  {Coll::bcast, 5000, 262144, true, "scatter_allgather"},
  {Coll::bcast, 64, 1, true, "knomial"},            {Coll::bcast, 128, 1, true, "binomial"},
  // allreduce, commutative, p < 8: <16 ring, <8192 recursive_doubling, else rabenseifner
  {Coll::allreduce, 5, 15, true, "ring"},           {Coll::allreduce, 5, 16, true, "recursive_doubling"},
  {Coll::allreduce, 7, 8191, true, "recursive_doubling"}, {Coll::allreduce, 7, 8192, true, "rabenseifner"},
  // p < 16: <8192 recursive_doubling, else rabenseifner
  {Coll::allreduce, 8, 8191, true, "recursive_doubling"}, {Coll::allreduce, 8, 8192, true, "rabenseifner"},
  // p < 4: …<262144 segmented_ring, else rabenseifner
  {Coll::allreduce, 2, 262143, true, "segmented_ring"}, {Coll::allreduce, 3, 262144, true, "rabenseifner"},
  // not commutative, p < 16: <1048576 recursive_doubling, else nonoverlapping
  {Coll::allreduce, 8, 1048575, false, "recursive_doubling"},
  {Coll::allreduce, 8, 1048576, false, "nonoverlapping"},
  {Coll::allreduce, 2, 131072, false, "basic_linear"},
  // reduce, commutative, p < 8: <4096 binary, <65536 chain, <262144 binomial, <524288 linear,
  // <1048576 binomial, else linear; p < 16: <8192 binary, else binomial
  {Coll::reduce, 5, 4095, true, "binary"},          {Coll::reduce, 5, 4096, true, "chain"},
  {Coll::reduce, 5, 65536, true, "binomial"},       {Coll::reduce, 5, 262144, true, "linear"},
  {Coll::reduce, 5, 524288, true, "binomial"},      {Coll::reduce, 5, 1048576, true, "linear"},
  {Coll::reduce, 8, 8191, true, "binary"},          {Coll::reduce, 8, 8192, true, "binomial"},
  {Coll::reduce, 2, 7, true, "rabenseifner"},
  // reduce, not commutative: p < 8 linear; p < 16 <1024 in-order_binary, <8192 linear
  {Coll::reduce, 5, 4, false, "linear"},            {Coll::reduce, 8, 1023, false, "in-order_binary"},
  {Coll::reduce, 8, 1024, false, "linear"},         {Coll::reduce, 200, 1024, false, "in-order_binary"},
  // allgather: p = 2 two_proc; p < 32 recursive_doubling; p < 64 <1024 recursive_doubling,
  // <65536 neighbor, else ring
  {Coll::allgather, 2, 1, true, "two_proc"},        {Coll::allgather, 3, 1, true, "recursive_doubling"},
  {Coll::allgather, 31, 1 << 20, true, "recursive_doubling"},
  {Coll::allgather, 32, 1023, true, "recursive_doubling"}, {Coll::allgather, 32, 1024, true, "neighbor"},
  {Coll::allgather, 63, 65536, true, "ring"},
  // alltoall, p < 8: <8192 linear_sync, <16384 linear
  {Coll::alltoall, 4, 8191, true, "linear_sync"},   {Coll::alltoall, 4, 8192, true, "linear"},
  {Coll::alltoall, 2, 3, true, "two_proc"},
  // barrier: p < 4 recursive_doubling, p < 8 linear, p < 64 recursive_doubling, < 256 bruck
  {Coll::barrier, 3, 0, true, "recursive_doubling"}, {Coll::barrier, 4, 0, true, "linear"},
  {Coll::barrier, 8, 0, true, "recursive_doubling"}, {Coll::barrier, 64, 0, true, "bruck"},
  // gather, p < 8: <1024 binomial, <8192 basic_linear; p < 256 binomial
  {Coll::gather, 5, 1023, true, "binomial"},        {Coll::gather, 5, 1024, true, "basic_linear"},
  {Coll::gather, 8, 1 << 20, true, "binomial"},
  // scatter, p < 8: <2048 binomial, <4096 basic_linear; p < 16: <16384 binomial, <1 MiB linear_nb
  {Coll::scatter, 5, 2047, true, "binomial"},       {Coll::scatter, 5, 2048, true, "basic_linear"},
  {Coll::scatter, 8, 16384, true, "linear_nb"},
  // reduce_scatter: not commutative → non-overlapping; p < 8: <8 non-overlapping,
  // <262144 recursive_halving, else ring
  {Coll::reduce_scatter, 8, 64, false, "non-overlapping"},
  {Coll::reduce_scatter, 5, 8, true, "recursive_halving"}, {Coll::reduce_scatter, 5, 262144, true, "ring"},
  // reduce_scatter_block, p < 16: <4 basic_linear, <32 recursive_halving, <128 butterfly
  {Coll::reduce_scatter_block, 8, 3, true, "basic_linear"},
  {Coll::reduce_scatter_block, 8, 31, true, "recursive_halving"},
  {Coll::reduce_scatter_block, 8, 32, true, "butterfly"},
  // allgatherv, p < 8: <256 default, <4096 neighbor; alltoallv: p < 4 pairwise, p < 64 basic_linear
  {Coll::allgatherv, 5, 255, true, "default"},      {Coll::allgatherv, 5, 256, true, "neighbor"},
  {Coll::alltoallv, 3, 0, true, "pairwise"},        {Coll::alltoallv, 8, 0, true, "basic_linear"},
};
// clang-format on

Settings open_mpi() {
  Settings s;
  s.library = Unknown::none;
  return s;
}

} // namespace

TEST_CASE("Open MPI 4.1.4's fixed decision, on both sides of its thresholds", "[ompi]") {
  for (const Case& c : fixed_cases) {
    INFO(std::string(to_string(c.coll))
         << " p=" << c.p << " bytes=" << c.bytes << (c.commutative ? "" : " noncommutative"));
    const int number = fixed_decision(c.coll, c.p, c.bytes, c.commutative);
    CHECK(name_of(c.coll, number) == c.expected);
    const Choice choice = choose(c.coll, c.p, c.bytes, c.commutative, open_mpi());
    CHECK(choice.source == Source::fixed);
    CHECK(choice.algorithm == number);
    CHECK(choice.segment == 0); // the fixed decision never segments
  }
}

TEST_CASE("every collective decides something named for every p and size", "[ompi]") {
  for (int coll = 1; coll <= coll_count; ++coll)
    for (int p = 2; p <= 5000; p += p < 70 ? 1 : 97)
      for (std::uint64_t bytes : {0ull, 1ull, 7ull, 4096ull, 65535ull, 1ull << 22, ~0ull})
        for (bool commutative : {true, false})
          REQUIRE_FALSE(
              name_of(Coll(coll), fixed_decision(Coll(coll), p, bytes, commutative)).empty());
}

TEST_CASE("Open MPI's names and numbers", "[ompi]") {
  CHECK(algorithms(Coll::bcast).size() == 9);
  CHECK(number_of(Coll::bcast, "basic_linear") == 1);
  CHECK(number_of(Coll::bcast, "scatter_allgather_ring") == 9);
  CHECK(algorithms(Coll::allreduce).size() == 6);
  CHECK(algorithms(Coll::reduce).size() == 7);
  CHECK(algorithms(Coll::allgather).size() == 6);
  CHECK(algorithms(Coll::alltoall).size() == 5);
  CHECK(algorithms(Coll::gather).size() == 3);
  CHECK(algorithms(Coll::scatter).size() == 3);
  CHECK(algorithms(Coll::reduce_scatter).size() == 4);
  CHECK(algorithms(Coll::barrier).size() == 6);
  CHECK(number_of(Coll::allreduce, "recursive_doubling") == 3);
  CHECK_FALSE(number_of(Coll::bcast, "ignore"));
  for (int coll = 1; coll <= coll_count; ++coll) {
    CHECK(parse_coll(to_string(Coll(coll))) == Coll(coll));
    int expected = 1;
    for (const Named& a : algorithms(Coll(coll))) CHECK(a.number == expected++);
  }
}

TEST_CASE("a forced algorithm wins only with dynamic rules, with its parameters", "[ompi]") {
  Settings s = open_mpi();
  auto& bcast = s.forced[static_cast<std::size_t>(Coll::bcast) - 1];
  bcast = {.algorithm = 2, .segsize = 8192, .tree_fanout = 4, .chain_fanout = 2};
  CHECK(choose(Coll::bcast, 8, 100, true, s).source == Source::fixed); // dynamic rules off
  s.dynamic_rules = true;
  Choice c = choose(Coll::bcast, 8, 100, true, s);
  CHECK(c.source == Source::forced);
  CHECK(describe(c) == "chain (fanout 2, segments of 8192 bytes)");
  CHECK(choose(Coll::bcast, 2, 100, true, s).fanout == 1); // at most p − 1 chains
  bcast.algorithm = 6;
  CHECK(describe(choose(Coll::bcast, 8, 100, true, s)) == "binomial (segments of 8192 bytes)");
  bcast = {.algorithm = 1, .segsize = 8192};
  CHECK(describe(choose(Coll::bcast, 8, 100, true, s)) == "basic_linear"); // takes no segments
  CHECK(describe(choose(Coll::allreduce, 8, 100, true, s)) == "recursive_doubling"); // fixed
  // The fixed decision's chain gets fanout 0, which Open MPI's build_chain makes 1.
  s.dynamic_rules = false;
  CHECK(describe(choose(Coll::bcast, 5, 1 << 20, true, s)) == "chain (fanout 1)");
  CHECK(describe(choose(Coll::bcast, 8, 7, true, s)) == "knomial (radix 4)");
}

TEST_CASE("where coll tuned does not decide, the choice is unknown, with the reason", "[ompi]") {
  Settings s = open_mpi();
  CHECK(choose(Coll::bcast, 1, 8, true, s).why == Unknown::single_process);
  s.library = Unknown::not_open_mpi_41;
  const Choice c = choose(Coll::bcast, 8, 8, true, s);
  CHECK(c.source == Source::unknown);
  CHECK(c.why == Unknown::not_open_mpi_41);
  CHECK(describe(c).empty());
}

TEST_CASE("a choice survives the recorder's packing", "[ompi]") {
  Settings s = open_mpi();
  s.dynamic_rules = true;
  s.forced[static_cast<std::size_t>(Coll::reduce) - 1] = {
      .algorithm = 2, .segsize = 4096, .chain_fanout = 3};
  for (const Choice& c : {choose(Coll::reduce, 8, 64, true, s), choose(Coll::bcast, 8, 64, true, s),
                          choose(Coll::bcast, 1, 64, true, s)}) {
    const Choice back = unpack(pack(c), c.segment, c.fanout);
    CHECK(back.source == c.source);
    CHECK(back.coll == c.coll);
    CHECK(back.algorithm == c.algorithm);
    CHECK(back.why == c.why);
    CHECK(describe(back) == describe(c));
  }
  CHECK(unpack(0, 0, 0).source == Source::none);
}

TEST_CASE("an algorithm Open MPI hands to another at this p is named as the one that runs",
          "[ompi]") {
  const Settings s = open_mpi();
  // p < 32: allgather's fixed decision is recursive doubling, which runs Bruck's unless p is a
  // power of two (coll_base_allgather.c).
  const Choice five = choose(Coll::allgather, 5, 4, true, s);
  CHECK(name_of(Coll::allgather, five.algorithm) == "recursive_doubling");
  CHECK(name_of(Coll::allgather, five.runs) == "bruck");
  CHECK(describe(five) == "bruck (recursive_doubling switches to bruck: p is not a power of two)");
  CHECK(unpack(pack(five), 0, 0).runs == five.runs);
  CHECK(choose(Coll::allgather, 8, 4, true, s).runs == 0);
  CHECK(describe(choose(Coll::allgather, 8, 4, true, s)) == "recursive_doubling");
  // p = 33..63 from 1 KiB: the neighbour exchange, which runs the ring at odd p.
  CHECK(describe(choose(Coll::allgather, 33, 4096, true, s)) ==
        "ring (neighbor switches to ring: p is odd)");
  CHECK(choose(Coll::allgather, 34, 4096, true, s).runs == 0);
}

TEST_CASE("handovers that depend on the element count", "[ompi]") {
  const Settings s = open_mpi();
  // p = 5, 4 bytes: the fixed decision's ring, and with 1 element < 5 processes, the ring runs
  // recursive doubling (coll_base_allreduce.c, allreduce_intra_ring).
  Choice c = choose(Coll::allreduce, 5, 4, true, s, 1);
  CHECK(name_of(Coll::allreduce, c.algorithm) == "ring");
  CHECK(name_of(Coll::allreduce, c.runs) == "recursive_doubling");
  CHECK(choose(Coll::allreduce, 5, 4, true, s).runs == 0); // count unknown: no claim
  // p = 3, 128 KiB: segmented_ring without a segment size runs the ring (one segment).
  c = choose(Coll::allreduce, 3, 131072, true, s, 32768);
  CHECK(name_of(Coll::allreduce, c.algorithm) == "segmented_ring");
  CHECK(name_of(Coll::allreduce, c.runs) == "ring");
  // Rabenseifner with fewer elements than 2^⌊log₂p⌋ runs the linear one.
  c = choose(Coll::allreduce, 8, 8192, true, s, 4); // 2 KiB elements
  CHECK(name_of(Coll::allreduce, c.algorithm) == "rabenseifner");
  CHECK(name_of(Coll::allreduce, c.runs) == "basic_linear");
  CHECK(choose(Coll::allreduce, 8, 8192, true, s, 2048).runs == 0);
  // Every handover is noted, and the note survives packing.
  for (const Handover& h : handovers()) {
    const Choice hc{.source = Source::fixed, .coll = h.coll, .algorithm = h.from, .runs = h.to};
    CHECK(switch_note(unpack(pack(hc), 0, 0)) == h.note);
  }
}

namespace {

/// A rules file as the recorder holds it (load_rules), parsed from `text`.
std::shared_ptr<const RulesInForce> rules_in_force(const std::string& text) {
  auto r = std::make_shared<RulesInForce>();
  r->path = "/x/rules.conf";
  std::string error;
  r->usable = parse_rules(text, r->rules, error, Reading::open_mpi, &r->failure);
  if (!r->usable) r->problem = "line " + error;
  return r;
}

} // namespace

TEST_CASE("a rules file decides first, named by its line; without a rule, Open MPI's fallback",
          "[ompi]") {
  Settings s = open_mpi();
  s.dynamic_rules = true;
  // Lines: 1 collectives, 2 bcast (7), 3 comm sizes, 4 p = 4 with two sizes, 5 and 6 the rules.
  s.rules = rules_in_force("1\n7 # bcast\n1\n4 2\n0 6 0 0\n1024 7 0 8192\n");
  REQUIRE(s.rules->usable);
  Choice c = choose(Coll::bcast, 4, 100, true, s);
  CHECK(c.source == Source::rules);
  CHECK(name_of(Coll::bcast, c.algorithm) == "binomial");
  CHECK(c.note == "rules file /x/rules.conf, line 5");
  c = choose(Coll::bcast, 4, 4096, true, s);
  CHECK(describe(c) == "knomial (radix 4, segments of 8192 bytes)");
  CHECK(c.note == "rules file /x/rules.conf, line 6");
  const Choice back = unpack(pack(c), c.segment, c.fanout);
  CHECK(back.source == Source::rules);
  CHECK(describe(back) == describe(c));
  // p = 3 < 4, the only size: Open MPI takes the first communicator rule all the same.
  CHECK(choose(Coll::bcast, 3, 100, true, s).note == "rules file /x/rules.conf, line 5");
  // No allreduce rule: the fixed decision, or the forced algorithm, and why.
  c = choose(Coll::allreduce, 4, 100, true, s);
  CHECK(c.source == Source::fixed);
  CHECK(c.note == "fixed decision; rules file /x/rules.conf has no rule for allreduce at p = 4");
  s.forced[static_cast<std::size_t>(Coll::allreduce) - 1].algorithm = 1;
  c = choose(Coll::allreduce, 4, 100, true, s);
  CHECK(c.source == Source::forced);
  CHECK(c.note.starts_with("forced; rules file /x/rules.conf has no rule"));
  // Algorithm 0 in a rule: coll tuned's own decision.
  s.rules = rules_in_force("1\n7\n1\n4 1\n0 0 0 0\n");
  c = choose(Coll::bcast, 4, 100, true, s);
  CHECK(c.source == Source::fixed);
  CHECK(c.note == "fixed decision; rules file /x/rules.conf, line 5: algorithm 0");
}

TEST_CASE("a rules file Open MPI drops, or reads otherwise, is said so", "[ompi]") {
  Settings s = open_mpi();
  s.dynamic_rules = true;
  auto missing = std::make_shared<RulesInForce>(load_rules("/nonexistent/rules.conf"));
  CHECK_FALSE(missing->usable);
  CHECK(missing->failure == Failure::ignored);
  s.rules = missing;
  Choice c = choose(Coll::bcast, 4, 100, true, s);
  CHECK(c.source == Source::fixed);
  CHECK(c.note == "fixed decision; rules file /nonexistent/rules.conf cannot be read: Open MPI "
                  "runs without it");
  // The first message size must be 0: Open MPI drops the whole file.
  s.rules = rules_in_force("1\n7\n1\n4 1\n8 6 0 0\n");
  CHECK(s.rules->failure == Failure::ignored);
  c = choose(Coll::bcast, 4, 100, true, s);
  CHECK(c.source == Source::fixed);
  CHECK(c.note.find("ignored (line 5: the first message size") != std::string::npos);
  // An octal number: Open MPI reads something collscope does not reproduce.
  s.rules = rules_in_force("1\n7\n1\n4 1\n0 06 0 0\n");
  CHECK(s.rules->failure == Failure::different);
  c = choose(Coll::bcast, 4, 100, true, s);
  CHECK(c.source == Source::unknown);
  CHECK(c.why == Unknown::rules_file);
  CHECK(c.note.starts_with("unknown: rules file /x/rules.conf, line 5: '06'"));
  // An algorithm bcast lacks: Open MPI reads the file, then fails the call.
  s.rules = rules_in_force("1\n7\n1\n4 1\n0 12 0 0\n");
  REQUIRE(s.rules->usable);
  c = choose(Coll::bcast, 4, 100, true, s);
  CHECK(c.source == Source::unknown);
  CHECK(c.note ==
        "unknown: rules file /x/rules.conf, line 5: bcast has no algorithm 12 (Open MPI fails "
        "the call with MPI_ERR_ARG)");
  // As Open MPI reads it: a repeated collective replaces the earlier one; trailing numbers
  // are ignored. The strict reading (show-openmpi) refuses both.
  const std::string twice = "2\n7\n1\n2 1\n0 1 0 0\n7\n1\n2 1\n0 6 0 0\n99\n";
  RulesFile rules;
  std::string error;
  CHECK_FALSE(parse_rules(twice, rules, error));
  REQUIRE(parse_rules(twice, rules, error, Reading::open_mpi));
  REQUIRE(rules.collectives.size() == 1);
  CHECK(lookup(rules, 7, 4, 0)->algorithm == 6);
}

TEST_CASE("the dynamic decision measures gather, scatter and alltoall by all p blocks", "[ompi]") {
  CHECK(dynamic_bytes(Coll::gather, 4, 100) == 400);
  CHECK(dynamic_bytes(Coll::alltoall, 4, 100) == 400);
  CHECK(dynamic_bytes(Coll::bcast, 4, 100) == 100);
  CHECK(dynamic_bytes(Coll::barrier, 4, 100) == 0);
}
