#include "candidate.hpp"

namespace collscope::guidelines {

std::string_view algorithm_of(std::string_view label) {
  return label.substr(0, label.find(':'));
}

bool parse_candidate(Collective c, std::string_view label, tune::Choice& choice,
                     std::string& error) {
  choice = tune::Choice{};
  choice.algorithm = find_algorithm(c, algorithm_of(label));
  if (choice.algorithm == nullptr)
    return error = std::string(to_string(c)) + " has no algorithm '" +
                   std::string(algorithm_of(label)) + "'",
           false;
  for (std::size_t at = label.find(':'); at != std::string_view::npos;) {
    const std::size_t end = label.find(':', at + 1);
    if (!tune::parse_entry_option(
            label.substr(at + 1, end == std::string_view::npos ? end : end - at - 1), choice,
            error))
      return false;
    at = end;
  }
  return true;
}

std::vector<std::string> run_arguments(Collective c, std::string_view label) {
  tune::Choice x;
  std::string error;
  std::vector<std::string> args;
  if (!parse_candidate(c, label, x, error)) return args;
  if (x.blocks > 0) args.insert(args.end(), {"--blocks", std::to_string(x.blocks)});
  if (x.piece > 0) args.insert(args.end(), {"--piece", std::to_string(x.piece)});
  if (x.threshold >= 0) args.insert(args.end(), {"--threshold", std::to_string(x.threshold)});
  if (x.radix > 0) args.insert(args.end(), {"--radix", std::to_string(x.radix)});
  return args;
}

std::string unwritable(Collective c, std::string_view label, const DatatypeInfo& d) {
  tune::Choice x;
  std::string error;
  if (!parse_candidate(c, label, x, error)) return error;
  return rank_dependence(*x.algorithm, x.floats_ok, d);
}

} // namespace collscope::guidelines
