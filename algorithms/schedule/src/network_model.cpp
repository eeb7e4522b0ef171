#include "collscope/schedule/network_model.hpp"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <sstream>

namespace collscope::schedule {

NetworkModel::NetworkModel(int p, LinkCost everywhere)
    : p_(p), links_(static_cast<std::size_t>(p) * static_cast<std::size_t>(p), everywhere) {}

double NetworkModel::time(int from, int to, std::int64_t bytes) const {
  if (from == to) return 0.0;
  const LinkCost c = link(from, to);
  return c.alpha + c.beta * static_cast<double>(bytes);
}

void NetworkModel::set_pair(int i, int j, LinkCost cost) {
  set_link(i, j, cost);
  set_link(j, i, cost);
}

void NetworkModel::set_group(int first, int last, LinkCost cost) {
  for (int i = first; i <= last; ++i)
    for (int j = first; j <= last; ++j) set_link(i, j, cost);
}

namespace {

[[noreturn]] void fail(int line, const std::string& what) {
  throw NetworkError("line " + std::to_string(line) + ": " + what);
}

double real(const std::string& word, int line) {
  double value = 0;
  const auto [end, ec] = std::from_chars(word.data(), word.data() + word.size(), value);
  if (ec != std::errc() || end != word.data() + word.size() || value < 0)
    fail(line, "expected a non-negative number, got '" + word + "'");
  return value;
}

int rank(const std::string& word, int line, int p) {
  int value = -1;
  const auto [end, ec] = std::from_chars(word.data(), word.data() + word.size(), value);
  if (ec != std::errc() || end != word.data() + word.size() || value < 0 || value >= p)
    fail(line, "expected a rank in [0, " + std::to_string(p) + "), got '" + word + "'");
  return value;
}

} // namespace

NetworkModel parse_network(std::string_view text, int p) {
  NetworkModel model;
  std::istringstream in{std::string(text)};
  int number = 0;
  bool have_default = false;
  for (std::string line; std::getline(in, line);) {
    ++number;
    line = line.substr(0, line.find('#'));
    std::istringstream words(line);
    std::vector<std::string> w;
    for (std::string word; words >> word;) w.push_back(word);
    if (w.empty()) continue;
    const auto expect = [&](std::size_t n, const char* form) {
      if (w.size() != n) fail(number, std::string("expected '") + form + "'");
    };
    const auto cost = [&] {
      return LinkCost{real(w[w.size() - 2], number), real(w.back(), number)};
    };
    if (w[0] == "default") {
      expect(3, "default ALPHA BETA");
      if (have_default) fail(number, "a second 'default'");
      model = NetworkModel(p, cost());
      have_default = true;
      continue;
    }
    if (!have_default) fail(number, "the first line must be 'default ALPHA BETA'");
    if (w[0] == "group") {
      expect(4, "group FIRST-LAST ALPHA BETA");
      const std::size_t dash = w[1].find('-');
      if (dash == std::string::npos) fail(number, "expected FIRST-LAST, got '" + w[1] + "'");
      const int first = rank(w[1].substr(0, dash), number, p);
      const int last = rank(w[1].substr(dash + 1), number, p);
      if (last < first) fail(number, "empty group " + w[1]);
      model.set_group(first, last, cost());
    } else if (w[0] == "nodes") {
      expect(4, "nodes SIZE ALPHA BETA");
      const int size = rank(w[1], number, p + 1);
      if (size < 1) fail(number, "node size must be at least 1");
      for (int first = 0; first < p; first += size)
        model.set_group(first, std::min(first + size, p) - 1, cost());
    } else if (w[0] == "pair" || w[0] == "link") {
      expect(5, w[0] == "pair" ? "pair I J ALPHA BETA" : "link I J ALPHA BETA");
      const int i = rank(w[1], number, p), j = rank(w[2], number, p);
      if (w[0] == "pair")
        model.set_pair(i, j, cost());
      else
        model.set_link(i, j, cost());
    } else {
      fail(number, "unknown keyword '" + w[0] + "' (default, group, nodes, pair, link)");
    }
  }
  if (!have_default) throw NetworkError("no 'default ALPHA BETA' line");
  return model;
}

std::string describe_network(const NetworkModel& model) {
  std::string text = "# collscope network description: t(i, j, m) = alpha + beta * m\n";
  const LinkCost first = model.size() > 1 ? model.link(0, 1) : LinkCost{};
  char line[128];
  std::snprintf(line, sizeof line, "default %.6g %.6g\n", first.alpha, first.beta);
  text += line;
  for (int i = 0; i < model.size(); ++i)
    for (int j = 0; j < model.size(); ++j) {
      if (i == j) continue;
      const LinkCost c = model.link(i, j);
      std::snprintf(line, sizeof line, "link %d %d %.6g %.6g\n", i, j, c.alpha, c.beta);
      text += line;
    }
  return text;
}

} // namespace collscope::schedule
