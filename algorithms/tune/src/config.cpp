#include "config.hpp"

#include <charconv>

namespace collscope::tune {

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

std::vector<std::string_view> split(std::string_view s, char separator) {
  std::vector<std::string_view> parts;
  for (;;) {
    const auto at = s.find(separator);
    parts.push_back(trim(s.substr(0, at)));
    if (at == std::string_view::npos) return parts;
    s.remove_prefix(at + 1);
  }
}

bool number(std::string_view text, std::int64_t& value) {
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  return ec == std::errc{} && end == text.data() + text.size() && value >= 0;
}

std::string quoted(std::string_view s) {
  return "'" + std::string(s) + "'";
}

bool parse_range(std::string_view text, Choice& choice, std::string& error) {
  const auto dash = text.find('-');
  std::int64_t high = choice.high;
  if (dash == std::string_view::npos || !number(text.substr(0, dash), choice.low) ||
      (dash + 1 < text.size() && !number(text.substr(dash + 1), high)) || high < choice.low) {
    error = "bad size range " + quoted(text) + " (want LOW-HIGH or LOW- in bytes)";
    return false;
  }
  choice.high = high;
  return true;
}

bool parse_key(std::string_view text, Choice& choice, std::string& error) {
  const auto eq = text.find('=');
  const std::string_view key = text.substr(0, eq);
  const std::string_view value = eq == std::string_view::npos ? "" : text.substr(eq + 1);
  const Algorithm& a = *choice.algorithm;
  std::int64_t n = 0;
  if (key == "floats" && value == "ok") {
    choice.floats_ok = true;
    return true;
  }
  const bool numeric = number(value, n) && n <= std::numeric_limits<int>::max();
  if (key == "blocks" && a.uses_blocks() && numeric && n > 0) {
    choice.blocks = static_cast<int>(n);
  } else if (key == "piece" && a.uses_piece() && numeric && n > 0) {
    choice.piece = static_cast<int>(n);
  } else if (key == "threshold" && a.uses_threshold() && number(value, n)) {
    choice.threshold = n;
  } else {
    error = "option " + quoted(text) + " does not fit " + std::string(to_string(a.collective)) +
            " " + std::string(a.name) +
            " (blocks=M, piece=B, threshold=BYTES where it takes one; " + "floats=ok)";
    return false;
  }
  return true;
}

bool parse_choice(Collective c, std::string_view text, Choice& choice, std::string& error) {
  const auto at = text.find('@');
  const auto words = split(text.substr(0, at), ':');
  choice.algorithm = find_algorithm(c, words[0]);
  if (choice.algorithm == nullptr) {
    error = std::string(to_string(c)) + " has no algorithm " + quoted(words[0]) +
            " (collscope-run " + std::string(to_string(c)) + " --list names them)";
    return false;
  }
  for (std::size_t i = 1; i < words.size(); ++i)
    if (!parse_key(words[i], choice, error)) return false;
  if (at != std::string_view::npos && !parse_range(text.substr(at + 1), choice, error))
    return false;
  if (!size_known_everywhere(c) &&
      (choice.low != 0 || choice.high != std::numeric_limits<std::int64_t>::max())) {
    error = std::string(to_string(c)) +
            ": the ranks do not all know the message size, so it takes one algorithm, no @range";
    return false;
  }
  return true;
}

} // namespace

bool Config::empty() const {
  for (const auto& list : choices)
    if (!list.empty()) return false;
  return true;
}

bool size_known_everywhere(Collective c) {
  return c != Collective::gatherv && c != Collective::scatterv && c != Collective::alltoallv;
}

bool parse_config(std::string_view text, Config& config, std::string& error) {
  config = Config{};
  for (const std::string_view entry : split(text, ';')) {
    if (entry.empty()) continue;
    const auto eq = entry.find('=');
    const auto collective = parse_collective(trim(entry.substr(0, eq)));
    if (eq == std::string_view::npos || !collective) {
      error = "bad entry " + quoted(entry) + " (want COLLECTIVE=ALGORITHM[,...], e.g. bcast=jia)";
      return false;
    }
    if (index_of(*collective) >= collective_count) {
      error = std::string(to_string(*collective)) +
              " is not intercepted (the tune library takes gather … alltoallv)";
      return false;
    }
    auto& list = config.choices[index_of(*collective)];
    if (!list.empty()) {
      error = std::string(to_string(*collective)) + " is given twice";
      return false;
    }
    for (const std::string_view text_of_choice : split(entry.substr(eq + 1), ',')) {
      Choice choice;
      if (!parse_choice(*collective, text_of_choice, choice, error)) return false;
      list.push_back(choice);
    }
  }
  return true;
}

} // namespace collscope::tune
