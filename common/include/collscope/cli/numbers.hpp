// Numbers on the command line, one set for every collscope command: whole numbers and finite
// reals written in full (no sign where none belongs, no trailing text, nothing out of range),
// with or without an error naming the option.
#pragma once

#include "collscope/cli/command.hpp"

#include <charconv>
#include <cmath>
#include <concepts>
#include <limits>
#include <optional>
#include <string>
#include <string_view>

namespace collscope::cli {

/// `text` as a whole number of type T in [lowest, highest], digits only (a '-' only for a
/// signed T), or std::nullopt.
template <std::integral T>
std::optional<T> whole(std::string_view text, T lowest = std::numeric_limits<T>::min(),
                       T highest = std::numeric_limits<T>::max()) {
  T value{};
  const char* end = text.data() + text.size();
  const auto [stop, error] = std::from_chars(text.data(), end, value);
  if (text.empty() || error != std::errc() || stop != end || value < lowest || value > highest)
    return std::nullopt;
  return value;
}

/// `text` as a finite real (no inf, no nan) in [lowest, highest], or std::nullopt.
inline std::optional<double> real(std::string_view text,
                                  double lowest = std::numeric_limits<double>::lowest(),
                                  double highest = std::numeric_limits<double>::max()) {
  double value = 0;
  const char* end = text.data() + text.size();
  const auto [stop, error] = std::from_chars(text.data(), end, value);
  if (text.empty() || error != std::errc() || stop != end || !std::isfinite(value) ||
      value < lowest || value > highest)
    return std::nullopt;
  return value;
}

/// whole(), or a UsageError naming the option: "OPTION expects a whole number from LOWEST to
/// HIGHEST, got 'TEXT'"; for the default range "≥ 0" (or "up to HIGHEST" for a number of
/// digits too large to hold).
template <std::integral T>
T whole_value(std::string_view option, std::string_view text, T lowest = T{0},
              T highest = std::numeric_limits<T>::max()) {
  if (const std::optional<T> value = whole<T>(text, lowest, highest)) return *value;
  std::string expected;
  T parsed{};
  const auto [stop, error] = std::from_chars(text.data(), text.data() + text.size(), parsed);
  const bool digits = !text.empty() && stop == text.data() + text.size();
  if (lowest != T{0} || highest != std::numeric_limits<T>::max())
    expected = "from " + std::to_string(lowest) + " to " + std::to_string(highest);
  else if (digits && error == std::errc::result_out_of_range && text.front() != '-')
    expected = "up to " + std::to_string(highest);
  else
    expected = "≥ " + std::to_string(lowest);
  throw UsageError(std::string(option) + " expects a whole number " + expected + ", got '" +
                   std::string(text) + "'");
}

/// A finite real > 0 (≥ 0 when allow_zero), or a UsageError naming the option: "OPTION
/// expects a finite positive number, got 'TEXT'" (non-negative with allow_zero).
inline double positive_value(std::string_view option, std::string_view text,
                             bool allow_zero = false) {
  const std::optional<double> value = real(text, 0);
  if (value && (allow_zero || *value > 0)) return *value;
  throw UsageError(std::string(option) + " expects a finite " +
                   (allow_zero ? "non-negative" : "positive") + " number, got '" +
                   std::string(text) + "'");
}

} // namespace collscope::cli
