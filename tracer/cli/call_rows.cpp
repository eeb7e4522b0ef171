#include "call_rows.hpp"

namespace collscope::trace_cli {

using nlohmann::ordered_json;

std::string rank_ranges(const std::vector<int>& ranks) {
  std::string out;
  for (std::size_t i = 0; i < ranks.size();) {
    std::size_t j = i;
    while (j + 1 < ranks.size() && ranks[j + 1] == ranks[j] + 1) ++j;
    out += (out.empty() ? "" : ",") + std::to_string(ranks[i]);
    if (j > i) out += (j == i + 1 ? "," : "-") + std::to_string(ranks[j]);
    i = j + 1;
  }
  return out;
}

namespace {

ordered_json resemblance_json(const model::Resemblance& r) {
  if (!r.known()) return {{"algorithm", nullptr}, {"words", r.words}};
  return {{"collective", r.collective},
          {"algorithm", r.algorithm},
          {"exact", r.exact},
          {"root", r.root == model::no_index ? ordered_json() : ordered_json(r.root)},
          {"p", r.p},
          {"rounds", r.rounds},
          {"expected_rounds", r.expected_rounds},
          {"count", r.count},
          {"words", r.words}};
}

} // namespace

ordered_json ompi_json(const model::OmpiAlgorithm& a) {
  if (!a.recorded()) return nullptr;
  const auto optional = [](const std::optional<std::uint64_t>& n) {
    return n ? ordered_json(*n) : ordered_json();
  };
  return {{"name", a.name},
          {"source", a.source},
          {"segment", optional(a.segment)},
          {"fanout", optional(a.fanout)},
          {"words", a.describe()}};
}

ordered_json row_json(const model::CallSummary& row) {
  const model::Call& c = row.call;
  const auto index_or_null = [](int i) {
    return i == model::no_index ? ordered_json() : ordered_json(i);
  };
  ordered_json meta = ordered_json::object();
  for (const auto& [key, value] : c.meta) meta[key] = value;
  return {
      {"index", c.index},
      {"parent", index_or_null(c.parent)},
      {"depth", row.depth},
      {"kind", model::to_string(c.kind)},
      {"name", c.name},
      {"collective", c.collective},
      {"algorithm", c.algorithm},
      {"communicator", row.communicator.empty() ? ordered_json() : ordered_json(row.communicator)},
      {"comm_size", c.members.empty() ? c.size() : static_cast<int>(c.members.size())},
      {"root", index_or_null(c.root)},
      {"op", c.reduction.empty() ? ordered_json() : ordered_json(c.reduction)},
      {"ompi_algorithm", ompi_json(c.ompi)},
      {"library_algorithm",
       c.library_algorithm.empty() ? ordered_json() : ordered_json(c.library_algorithm)},
      {"root_world", c.root >= 0 && c.root < static_cast<int>(c.members.size())
                         ? ordered_json(c.members[static_cast<std::size_t>(c.root)])
                         : index_or_null(c.root)},
      {"size", c.size()},
      {"ranks", c.ranks},
      {"messages", c.messages},
      {"bytes", c.bytes},
      {"self_messages", c.self_messages},
      {"collective_bytes", c.collective_bytes},
      {"crossing", c.crossing},
      {"rounds_inferred", row.rounds_inferred},
      {"rounds_annotated", row.rounds_annotated},
      {"rounds_consistent", row.rounds_consistent},
      {"begin_s", c.begin},
      {"end_s", c.end},
      {"meta", std::move(meta)},
      {"resembles", resemblance_json(row.resembles)}};
}

} // namespace collscope::trace_cli
