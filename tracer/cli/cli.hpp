// Shared by the collscope-trace subcommands: the one-line user error and argument helpers.
#pragma once

#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

namespace collscope::trace_cli {

/// A mistake of the user's (bad option, unreadable trace): one line, exit status 2.
class UsageError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

using Args = std::span<char* const>;

/// The value after option `i` (advancing i), or a UsageError naming the option.
std::string_view value_of(Args args, std::size_t& i);
/// A finite number > 0 (or ≥ 0 when allow_zero) parsed in full, or a UsageError naming the
/// option (inf and nan are refused).
double positive_number(std::string_view option, std::string_view text, bool allow_zero = false);
/// A whole number from 0 to 2^64 − 1 written in digits, or a UsageError naming the option.
std::uint64_t whole_number(std::string_view option, std::string_view text);

/// `collscope-trace COMMAND --help`: COMMAND's usage on stdout (all of them for an unknown
/// one); returns 0, the exit status of a help.
int print_usage(std::string_view command);
/// True if an argument is --help or -h.
bool wants_help(Args args);

int run_record(Args args);
int run_calls(Args args);
int run_stats(Args args);
int run_check(Args args);
int run_export(Args args);

} // namespace collscope::trace_cli
