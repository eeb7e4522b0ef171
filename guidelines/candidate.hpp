// A candidate of --candidates: a registry algorithm with COLLSCOPE_TUNE's per-entry options,
// "knomial:radix=2", "pipeline:blocks=16", "circulant:floats=ok". The whole text is the
// candidate's label in every table; the options go to collscope-run (--radix, --blocks,
// --piece, --threshold) and into the profile's id line (floats=ok only there).
#pragma once

#include "collscope/tune/profiles.hpp"
#include "datatype.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace collscope::guidelines {

/// "knomial" of "knomial:radix=2".
std::string_view algorithm_of(std::string_view label);

/// The label as a profile entry of collective `c`: its algorithm and options; false with one
/// line in `error` when `c` has no such algorithm or an option does not fit it.
bool parse_candidate(Collective c, std::string_view label, tune::Choice& choice,
                     std::string& error);

/// collscope-run's arguments for the label's options: {"--radix", "2"}, …
std::vector<std::string> run_arguments(Collective c, std::string_view label);

/// Why the candidate must stay out of a profile measured with `d`, or "": its sum depends on
/// the rank for floating-point data (and its candidate does not say floats=ok).
std::string unwritable(Collective c, std::string_view label, const DatatypeInfo& d);

} // namespace collscope::guidelines
