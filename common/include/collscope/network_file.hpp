#pragma once
// The measured network: α and β that `collscope calibrate` wrote (docs/engineer.md, "Measuring
// the network"). Where a user gives no --alpha/--beta, `collscope-trace stats`, the
// replay and collscope-run's `--algorithm auto` use these instead of common/cost_defaults.hpp.
// Looked for in $COLLSCOPE_NETWORK (a FILE; must then be valid), else
// $XDG_CONFIG_HOME/collscope/network.json, else ~/.config/collscope/network.json (absent: the
// defaults). Header only, standard C++, like the rest of common/.

#include "collscope/cost_defaults.hpp"

#include <cstdlib>
#include <fstream>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>

namespace collscope {

struct MeasuredNetwork {
  double alpha_s = default_alpha_s;
  double beta_s_per_byte = default_beta_s_per_byte;
  std::string path; ///< the file read; empty: the defaults
};

namespace detail {

/// The number after the first `"key":` in `text`, or nothing. The file is collscope-calibrate's
/// own JSON, whose top-level α and β come first, so the first occurrence is theirs.
inline std::optional<double> json_number(const std::string& text, const std::string& key) {
  const std::string quoted = "\"" + key + "\"";
  std::size_t at = text.find(quoted);
  if (at == std::string::npos) return std::nullopt;
  at = text.find(':', at + quoted.size());
  if (at == std::string::npos) return std::nullopt;
  const char* start = text.c_str() + at + 1;
  char* end = nullptr;
  const double value = std::strtod(start, &end);
  if (end == start) return std::nullopt;
  return value;
}

} // namespace detail

/// Reads α and β from a network file; throws std::runtime_error with one line saying why not.
inline MeasuredNetwork load_network_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read network file '" + path + "'");
  std::stringstream text;
  text << in.rdbuf();
  const auto alpha = detail::json_number(text.str(), "alpha_s");
  const auto beta = detail::json_number(text.str(), "beta_s_per_byte");
  // A zero or negative fit is a measurement gone wrong, not a network: refuse it.
  if (!alpha || !beta || !(*alpha > 0) || !(*beta > 0))
    throw std::runtime_error("network file '" + path +
                             "' has no positive \"alpha_s\" and \"beta_s_per_byte\"");
  return {*alpha, *beta, path};
}

/// Where collscope-calibrate writes by default (and where the readers look): empty if neither
/// XDG_CONFIG_HOME nor HOME is set.
inline std::string default_network_path() {
  if (const char* xdg = std::getenv("XDG_CONFIG_HOME"); xdg && *xdg)
    return std::string(xdg) + "/collscope/network.json";
  if (const char* home = std::getenv("HOME"); home && *home)
    return std::string(home) + "/.config/collscope/network.json";
  return {};
}

/// The network the readers use: $COLLSCOPE_NETWORK (throws if it cannot be read), else the
/// default file if it exists (throws if it is invalid), else the defaults (path empty).
inline MeasuredNetwork measured_network() {
  if (const char* file = std::getenv("COLLSCOPE_NETWORK"); file && *file)
    return load_network_file(file);
  const std::string path = default_network_path();
  if (!path.empty() && std::ifstream(path)) return load_network_file(path);
  return {};
}

} // namespace collscope
