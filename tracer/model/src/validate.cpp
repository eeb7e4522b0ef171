#include "validate.hpp"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <iterator>
#include <map>
#include <optional>
#include <set>
#include <string_view>

namespace collscope::model::detail {

namespace {

constexpr std::string_view counts_key = "counts";
constexpr std::string_view whole_keys[] = {"count",  "type_size", "blocks", "piece",
                                           "pieces", "threshold", "case"};

bool has_control(std::string_view text) {
  return std::any_of(text.begin(), text.end(), [](char c) {
    return static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) == 0x7f;
  });
}

// A whole number written in full (an optional minus sign and digits), or nothing.
std::optional<std::int64_t> whole(std::string_view text) {
  std::int64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc() || end != text.data() + text.size()) return {};
  return value;
}

// What is shown of a bad value: short, and with control characters made visible.
std::string shown(std::string_view text) {
  std::string out;
  for (const char c : text.substr(0, 40)) {
    const auto u = static_cast<unsigned char>(c);
    if (u == '\n')
      out += "\\n";
    else if (u < 0x20 || u == 0x7f)
      out += "\\x" + std::string(1, "0123456789abcdef"[u >> 4]) + "0123456789abcdef"[u & 15];
    else
      out += c;
  }
  return "'" + out + (text.size() > 40 ? "…'" : "'");
}

class Checker {
public:
  Checker(const AlgorithmInstance& instance, int ranks)
      : instance_(instance), ranks_(ranks),
        where_("algorithm " +
               (has_control(instance.name) ? shown(instance.name) : "'" + instance.name + "'")) {}

  std::vector<std::string> run() {
    if (has_control(instance_.name)) problem("its name holds a control character");
    for (const auto& [key, value] : instance_.meta) {
      if (has_control(key))
        problem("metadata key " + shown(key) + " holds a control character", key);
      else if (has_control(value))
        problem("metadata " + key + " = " + shown(value) + " holds a control character", key);
    }
    const auto p =
        integer("p", 1, ranks_,
                "a process count from 1 to the trace's " + std::to_string(ranks_) + " ranks");
    // A root is a rank of p; where p is bad or absent, at least a rank of the trace.
    if (p)
      integer("root", 0, *p - 1, "a rank of p = " + std::to_string(*p));
    else
      integer("root", 0, ranks_ - 1, "a rank of the trace's " + std::to_string(ranks_) + " ranks");
    for (const std::string_view key : whole_keys) integer(key, 0, INT64_MAX, "a whole number ≥ 0");
    counts();
    nodes(p);
    return std::move(problems_);
  }

private:
  void problem(const std::string& what, std::string_view key = {}) {
    problems_.push_back(where_ + ": " + what);
    if (!key.empty()) bad_keys_.emplace(key);
  }

public:
  /// The keys whose values run() found bad (left out of the instance).
  const std::set<std::string, std::less<>>& bad_keys() const { return bad_keys_; }

private:
  const std::string* value(std::string_view key) const {
    const auto it = instance_.meta.find(std::string(key));
    return it == instance_.meta.end() || has_control(it->second) ? nullptr : &it->second;
  }

  std::optional<std::int64_t> integer(std::string_view key, std::int64_t low, std::int64_t high,
                                      const std::string& expected) {
    const std::string* text = value(key);
    if (text == nullptr) return {};
    const auto n = whole(*text);
    if (n && *n >= low && *n <= high) return n;
    problem("metadata " + std::string(key) + " = " + shown(*text) + " is not " + expected, key);
    return {};
  }

  void counts() {
    const std::string* text = value(counts_key);
    if (text == nullptr) return;
    std::string_view rest = *text;
    while (true) {
      const std::size_t comma = rest.find(',');
      const auto n = whole(rest.substr(0, comma));
      if (!n || *n < 0) {
        problem("metadata counts = " + shown(*text) + " is not a list of whole numbers ≥ 0",
                counts_key);
        return;
      }
      if (comma == std::string_view::npos) return;
      rest.remove_prefix(comma + 1);
    }
  }

  // A node per rank of the run, in its communicator's rank order.
  void nodes(std::optional<std::int64_t> p) {
    const std::string* text = value("nodes");
    if (text == nullptr) return;
    std::int64_t listed = 0;
    for (std::string_view rest = *text;; ++listed) {
      const std::size_t comma = rest.find(',');
      const auto n = whole(rest.substr(0, comma));
      if (!n || *n < 0) {
        problem("metadata nodes = " + shown(*text) + " is not a list of whole numbers ≥ 0",
                "nodes");
        return;
      }
      if (comma == std::string_view::npos) break;
      rest.remove_prefix(comma + 1);
    }
    if (p && listed + 1 != *p)
      problem("metadata nodes = " + shown(*text) + " lists " + std::to_string(listed + 1) +
                  " ranks, not p = " + std::to_string(*p),
              "nodes");
  }

  const AlgorithmInstance& instance_;
  int ranks_;
  std::string where_;
  std::vector<std::string> problems_;
  std::set<std::string, std::less<>> bad_keys_;
};

Meta without(const Meta& meta, const std::set<std::string, std::less<>>& keys) {
  std::map<std::string, std::string> kept;
  for (const auto& [key, value] : meta)
    if (!keys.contains(key)) kept.emplace(key, value);
  return Meta(kept);
}

} // namespace

void set_aside_bad_metadata(Trace& trace) {
  const int ranks = static_cast<int>(trace.ranks.size());
  for (AlgorithmInstance& instance : trace.algorithms) {
    Checker checker(instance, ranks);
    instance.problems = checker.run();
    auto bad = checker.bad_keys();
    // Each rank's own values too: the instance keeps the lowest rank's, and another rank's bad
    // value must not reach an export either.
    std::set<std::string> seen(instance.problems.begin(), instance.problems.end());
    for (const OpRef& ref : instance.regions) {
      AlgorithmInstance own;
      own.name = instance.name;
      for (const auto& [key, value] : trace.ranks[ref.rank].regions[ref.op].meta)
        own.meta.emplace(key, value);
      Checker region_checker(own, ranks);
      for (std::string& line : region_checker.run())
        if (seen.insert(line).second) instance.problems.push_back(std::move(line));
      bad.insert(region_checker.bad_keys().begin(), region_checker.bad_keys().end());
    }
    if (instance.problems.empty()) continue;
    if (has_control(instance.name)) {
      instance.name = shown(instance.name);
      instance.collective.clear();
      instance.algorithm.clear();
      // The regions' names too: a call's own trace rebuilds its instance from them.
      trace.strings->push_back("algorithm " + instance.name);
      for (const OpRef& ref : instance.regions)
        trace.ranks[ref.rank].regions[ref.op].name = trace.strings->back();
    }
    for (auto it = instance.meta.begin(); it != instance.meta.end();)
      it = bad.contains(it->first) ? instance.meta.erase(it) : std::next(it);
    for (const OpRef& ref : instance.regions) {
      Region& region = trace.ranks[ref.rank].regions[ref.op];
      region.meta = without(region.meta, bad);
    }
  }
}

} // namespace collscope::model::detail
