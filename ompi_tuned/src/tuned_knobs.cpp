// Open MPI 4.1's algorithm parameters (knobs.hpp), on top of params_of (tuned_names.cpp), which
// the recorder also uses, plus max_requests, which only forcing can set.
#include "collscope/ompi/knobs.hpp"

#include <algorithm>
#include <charconv>
#include <climits>

namespace collscope::ompi {

namespace {

std::string mca(Coll coll, std::string_view suffix) {
  return "coll_tuned_" + std::string(to_string(coll)) + "_algorithm_" + std::string(suffix);
}

KnobInfo segsize(Coll coll) {
  return {Knob::segsize,   "segsize", "--segment", 0, INT_MAX, mca(coll, "segmentsize"),
          InRules::column, "bytes"};
}

/// Which algorithms take max_requests, and how a rules file treats it.
std::optional<KnobInfo> max_requests(Coll coll, int number) {
  const auto info = [&](InRules in_rules, std::string_view what) {
    return KnobInfo{Knob::max_requests,
                    "max_requests",
                    "--max-requests",
                    0,
                    INT_MAX,
                    mca(coll, "max_requests"),
                    in_rules,
                    what};
  };
  // reduce 2–6 (chain, pipeline, binary, binomial, in-order binary) and alltoall's linear_sync
  // take user_forced[].max_requests when forced, a rule's 0 otherwise; scatter's linear_nb
  // always reads ompi_coll_tuned_scatter_blocking_send_ratio.
  if (coll == Coll::reduce && number >= 2 && number <= 6)
    return info(InRules::lost, "outstanding sends");
  if (coll == Coll::alltoall && number == 4) return info(InRules::lost, "outstanding requests");
  if (coll == Coll::scatter && number == 3)
    return info(InRules::mca_only, "sends per blocking send");
  return std::nullopt;
}

} // namespace

std::vector<KnobInfo> knobs(Coll coll, int number) {
  std::vector<KnobInfo> out;
  switch (params_of(coll, number)) {
  case Param::none:
    break;
  case Param::segment:
    out.push_back(segsize(coll));
    break;
  case Param::segment_and_chain_fanout:
    out.push_back(segsize(coll));
    out.push_back({Knob::chain_fanout, "fanout", "--fanout", 1, 32, mca(coll, "chain_fanout"),
                   InRules::column, "chains"});
    break;
  case Param::segment_and_radix:
    out.push_back(segsize(coll));
    out.push_back({Knob::radix, "fanout", "--fanout", 2, INT_MAX, mca(coll, "knomial_radix"),
                   InRules::mca_only, "radix"});
    break;
  }
  if (auto m = max_requests(coll, number)) out.push_back(*m);
  return out;
}

std::optional<KnobInfo> find_knob(Coll coll, int number, std::string_view key_or_flag) {
  for (const KnobInfo& k : knobs(coll, number))
    if (k.key == key_or_flag || k.flag == key_or_flag) return k;
  return std::nullopt;
}

std::optional<int> parse_knob(const KnobInfo& knob, std::string_view text) {
  long long value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size() || value < knob.low ||
      value > knob.high)
    return std::nullopt;
  return static_cast<int>(value);
}

std::string knob_range(const KnobInfo& knob) {
  return knob.high == INT_MAX ? std::to_string(knob.low) + " or more"
                              : std::to_string(knob.low) + " to " + std::to_string(knob.high);
}

int knob_default(Knob knob) {
  return knob == Knob::chain_fanout || knob == Knob::radix ? 4 : 0;
}

std::string knob_list() {
  std::string out;
  for (int c = 1; c <= coll_count; ++c) {
    const auto coll = static_cast<Coll>(c);
    for (const Named& a : algorithms(coll)) {
      const auto ks = knobs(coll, a.number);
      if (ks.empty()) continue;
      std::string line = "  " + std::string(to_string(coll)) + " " + std::to_string(a.number) +
                         " " + std::string(a.name);
      line.resize(std::max<std::size_t>(line.size() + 1, 30), ' ');
      for (const KnobInfo& k : ks) {
        line += " " + std::string(k.key) +
                (k.knob == Knob::segsize        ? "=B"
                 : k.knob == Knob::max_requests ? "=N"
                                                : "=K");
        std::string notes;
        if (k.knob == Knob::chain_fanout) notes = "chains, 1-32";
        if (k.knob == Knob::radix) notes = "radix, from 2";
        if (k.in_rules != InRules::column)
          notes += (notes.empty() ? "" : "; ") +
                   std::string(k.in_rules == InRules::mca_only ? "MCA only" : "forced only");
        if (!notes.empty()) line += " (" + notes + ")";
        line += " ";
      }
      while (line.back() == ' ') line.pop_back();
      out += line + "\n";
    }
  }
  return out;
}

} // namespace collscope::ompi
