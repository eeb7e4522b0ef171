#include "decisions.hpp"

#include "collscope/ompi/knobs.hpp"
#include "collscope/tune/config.hpp"
#include "collscope/tune/profiles.hpp"

#include <charconv>

namespace collscope::profiles {

namespace {

std::vector<std::string_view> split(std::string_view s, char separator) {
  std::vector<std::string_view> parts;
  for (;;) {
    const auto at = s.find(separator);
    auto part = s.substr(0, at);
    while (!part.empty() && part.front() == ' ') part.remove_prefix(1);
    while (!part.empty() && part.back() == ' ') part.remove_suffix(1);
    parts.push_back(part);
    if (at == std::string_view::npos) return parts;
    s.remove_prefix(at + 1);
  }
}

bool number(std::string_view text, std::int64_t& value) {
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  return !text.empty() && ec == std::errc{} && end == text.data() + text.size() && value >= 0;
}

Decision from_choice(Collective c, const tune::Choice& choice) {
  Decision d;
  d.collective = c;
  d.procs = choice.procs;
  d.low = choice.low;
  d.high = choice.high;
  d.algorithm = std::string(choice.algorithm->name);
  d.knobs = choice.blocks > 0 || choice.piece > 0 || choice.threshold >= 0;
  d.radix = choice.radix;
  return d;
}

/// `ompi:NAME[:segsize=B][:fanout=K][:max_requests=N][@LOW-HIGH]` for collective c.
bool parse_ompi(Collective c, std::string_view text, Decision& d, std::string& error) {
  const auto coll = ompi::parse_coll(to_string(c));
  if (!coll) return error = std::string(to_string(c)) + " has no Open MPI algorithms", false;
  const auto at = text.find('@');
  const auto words = split(text.substr(5, at == std::string_view::npos ? at : at - 5), ':');
  const auto number_of = ompi::number_of(*coll, words[0]);
  if (!number_of)
    return error = "Open MPI has no " + std::string(to_string(c)) + " algorithm '" +
                   std::string(words[0]) + "' (collscope-run --list ompi names them)",
           false;
  d.collective = c;
  d.algorithm = "ompi:" + std::string(words[0]);
  for (std::size_t i = 1; i < words.size(); ++i) {
    const auto eq = words[i].find('=');
    const auto key = words[i].substr(0, eq);
    auto knob = ompi::find_knob(*coll, *number_of, key);
    if (knob && knob->key != key) knob.reset(); // collscope-run's --flag is no --tune key
    const auto value = knob && eq != std::string_view::npos
                           ? ompi::parse_knob(*knob, words[i].substr(eq + 1))
                           : std::nullopt;
    if (!value) {
      std::string takes;
      for (const ompi::KnobInfo& k : ompi::knobs(*coll, *number_of))
        takes += (takes.empty() ? "" : ", ") + std::string(k.key) + "=" + ompi::knob_range(k) +
                 (k.knob == ompi::Knob::segsize ? "" : " (" + std::string(k.what) + ")");
      return error = "option '" + std::string(words[i]) + "' does not fit " + d.algorithm +
                     (takes.empty() ? " (it takes no options" : " (it takes " + takes) +
                     "; collscope-run --list ompi)",
             false;
    }
    (knob->knob == ompi::Knob::segsize        ? d.segsize
     : knob->knob == ompi::Knob::max_requests ? d.max_requests
                                              : d.fanout) = *value;
  }
  // A rule's fanout 0 makes Open MPI's chain a pipeline; unset, it means what forcing
  // ompi:chain means (collscope-run): coll tuned's default chain fanout, 4.
  if (ompi::params_of(*coll, *number_of) == ompi::Param::segment_and_chain_fanout && d.fanout == 0)
    d.fanout = ompi::knob_default(ompi::Knob::chain_fanout);
  if (at == std::string_view::npos) return true;
  const auto range = text.substr(at + 1);
  const auto dash = range.find('-');
  if (dash == std::string_view::npos || !number(range.substr(0, dash), d.low) ||
      (dash + 1 < range.size() && !number(range.substr(dash + 1), d.high)) || d.high < d.low)
    return error = "bad size range '" + std::string(range) + "' (want LOW-HIGH or LOW- in bytes)",
           false;
  return true;
}

} // namespace

bool parse_inline(std::string_view text, Decisions& out, std::string& error) {
  for (const std::string_view entry : split(text, ';')) {
    if (entry.empty()) continue;
    const auto eq = entry.find('=');
    const auto c = parse_collective(entry.substr(0, eq));
    if (eq == std::string_view::npos || !c)
      return error = "bad entry '" + std::string(entry) + "' (want COLLECTIVE=ALGORITHM[,...])",
             false;
    for (const std::string_view choice : split(entry.substr(eq + 1), ',')) {
      Decision d;
      if (choice.starts_with("ompi:")) {
        if (!parse_ompi(*c, choice, d, error)) return false;
        out.push_back(d);
        continue;
      }
      // collscope's own names: the tune library's grammar and checks, one choice at a time.
      tune::Config config;
      if (!tune::parse_config(std::string(to_string(*c)) + "=" + std::string(choice), config,
                              error))
        return false;
      out.push_back(from_choice(*c, config.choices[tune::index_of(*c)].front()));
    }
  }
  return true;
}

bool read_profile_folder(const std::string& dir, Decisions& out, std::string& error) {
  tune::Config config;
  std::vector<std::string> errors;
  tune::read_profiles(dir, config, errors);
  for (const std::string& e : errors) error += (error.empty() ? "" : "; ") + e;
  if (!errors.empty()) return false;
  for (std::size_t i = 0; i < tune::collective_count; ++i)
    for (const tune::Choice& choice : config.choices[i])
      out.push_back(from_choice(choice.algorithm->collective, choice));
  return true;
}

std::string describe(const Decision& d) {
  std::string text = std::string(to_string(d.collective)) + " " + d.algorithm + " @" +
                     std::to_string(d.low) + "-" +
                     (d.high == no_limit ? std::string() : std::to_string(d.high));
  if (d.procs > 0) text += " (profile for " + std::to_string(d.procs) + " processes)";
  return text;
}

} // namespace collscope::profiles
