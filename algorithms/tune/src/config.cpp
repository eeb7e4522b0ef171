#include "collscope/tune/config.hpp"

#include "collscope/algorithms/choose.hpp"
#include "collscope/tune/profiles.hpp"

#include <charconv>
#include <optional>

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

/// A ':KEY=VALUE' of COLLSCOPE_TUNE: a profile entry's option (parse_entry_option), except that
/// auto takes floats=ok only, as it sets the knobs of what it chooses itself.
bool parse_key(std::string_view text, Choice& choice, std::string& error) {
  if (choice.automatic && text != "floats=ok") {
    error = "option " + quoted(text) + " does not fit " +
            std::string(to_string(choice.algorithm->collective)) +
            " auto (auto sets the knobs of what it chooses; floats=ok only)";
    return false;
  }
  return parse_entry_option(text, choice, error);
}

/// The collectives auto chooses for, "gather, scatter, …", for messages.
std::string auto_list() {
  std::string list;
  for (std::size_t i = 0; i < collective_count; ++i)
    if (const auto c = static_cast<Collective>(i); auto_chooses(c))
      list += (list.empty() ? "" : ", ") + std::string(to_string(c));
  return list;
}

bool parse_auto(Collective c, Choice& choice, bool allow_auto, std::string& error) {
  const std::string name(to_string(c));
  if (!allow_auto) {
    error = name + ": 'auto' is chosen per call at run time by libcollscope-tune, it is no " +
            "fixed algorithm (collscope-run " + name + " --list names those)";
    return false;
  }
  if (!auto_chooses(c)) {
    error =
        name + ": auto chooses only where every rank's block has one size (" + auto_list() + ")";
    return false;
  }
  choice.automatic = true;
  choice.algorithm = find_algorithm(c, "native");
  if (choice.algorithm == nullptr) {
    error = name + " has no native entry for auto to fall back to";
    return false;
  }
  return true;
}

bool parse_choice(Collective c, std::string_view text, bool allow_auto, Choice& choice,
                  std::string& error) {
  const auto at = text.find('@');
  const auto words = split(text.substr(0, at), ':');
  if (words[0] == "auto") {
    if (!parse_auto(c, choice, allow_auto, error)) return false;
  } else {
    choice.algorithm = find_algorithm(c, words[0]);
    if (choice.algorithm == nullptr) {
      error = std::string(to_string(c)) + " has no algorithm " + quoted(words[0]) +
              " (collscope-run " + std::string(to_string(c)) + " --list names them" +
              (allow_auto && auto_chooses(c) ? ", or auto)" : ")");
      return false;
    }
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

/// A mistake in one entry: what is wrong, and the entry, for the lenient reading's message.
struct Mistake {
  std::string what{};
  std::string entry{};
  std::optional<Collective> collective{}; ///< the entry's, when it names one
  bool duplicate = false;
};

/// Reads every entry of `text` into `config`; a bad entry leaves `config` as it was and adds
/// a Mistake. `stop` stops at the first one.
void parse_entries(std::string_view text, Config& config, bool allow_auto, bool stop,
                   std::vector<Mistake>& mistakes) {
  config = Config{};
  for (const std::string_view entry : split(text, ';')) {
    if (!mistakes.empty() && stop) return;
    if (entry.empty()) continue;
    Mistake m{.entry = std::string(entry)};
    const auto eq = entry.find('=');
    if (eq == std::string_view::npos && entry == "auto") {
      if (allow_auto) {
        config.auto_everywhere = true;
        continue;
      }
      m.what = "'auto' is chosen per call at run time by libcollscope-tune, it is no fixed "
               "algorithm";
      mistakes.push_back(std::move(m));
      continue;
    }
    const auto collective = parse_collective(trim(entry.substr(0, eq)));
    if (eq == std::string_view::npos || !collective) {
      m.what = "bad entry " + quoted(entry) +
               " (want COLLECTIVE=ALGORITHM[,...], e.g. bcast=jia, or auto)";
      mistakes.push_back(std::move(m));
      continue;
    }
    m.collective = collective;
    if (index_of(*collective) >= collective_count) {
      m.what = std::string(to_string(*collective)) +
               " is not intercepted (the tune library takes gather … alltoallv)";
      mistakes.push_back(std::move(m));
      continue;
    }
    auto& list = config.choices[index_of(*collective)];
    if (!list.empty()) {
      m.what = std::string(to_string(*collective)) + " is given twice";
      m.duplicate = true;
      mistakes.push_back(std::move(m));
      continue;
    }
    std::vector<Choice> parsed;
    for (const std::string_view text_of_choice : split(entry.substr(eq + 1), ',')) {
      Choice choice;
      if (!parse_choice(*collective, text_of_choice, allow_auto, choice, m.what)) break;
      parsed.push_back(choice);
    }
    if (!m.what.empty())
      mistakes.push_back(std::move(m));
    else
      list = std::move(parsed);
  }
}

} // namespace

bool Config::empty() const {
  if (auto_everywhere) return false;
  for (const auto& list : choices)
    if (!list.empty()) return false;
  return true;
}

bool size_known_everywhere(Collective c) {
  return c != Collective::gatherv && c != Collective::scatterv && c != Collective::alltoallv;
}

bool Config::uses_auto() const {
  if (auto_everywhere) return true;
  for (const auto& list : choices)
    for (const Choice& choice : list)
      if (choice.automatic) return true;
  return false;
}

bool auto_chooses(Collective c) {
  // The chooser's own test: one m for the call (choose.hpp).
  return index_of(c) < collective_count && formula_bytes(c, 2, 1, 1).has_value();
}

bool parse_config(std::string_view text, Config& config, std::string& error) {
  std::vector<Mistake> mistakes;
  parse_entries(text, config, false, true, mistakes);
  if (mistakes.empty()) return true;
  error = mistakes.front().what;
  return false;
}

void parse_settings(std::string_view text, Config& config, std::vector<std::string>& errors) {
  std::vector<Mistake> mistakes;
  parse_entries(text, config, true, false, mistakes);
  for (const Mistake& m : mistakes) {
    // "bad entry 'x' (…)" names the entry already.
    std::string line =
        m.what + (m.what.starts_with("bad entry") ? "" : "; entry " + quoted(m.entry)) + " ignored";
    const std::string name = m.collective ? std::string(to_string(*m.collective)) : "";
    if (m.collective && !config.choices[index_of(*m.collective)].empty())
      line += ", the other " + name + " entry applies";
    else if (m.collective && config.auto_everywhere && auto_chooses(*m.collective))
      line += ", " + name + " uses auto";
    else if (m.collective)
      line += ", " + name + " uses the MPI library's collective";
    else
      line += "; the other entries apply";
    errors.push_back(std::move(line));
  }
}

} // namespace collscope::tune
