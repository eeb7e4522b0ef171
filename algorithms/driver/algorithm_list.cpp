#include "algorithm_list.hpp"

#include "ompi_force.hpp"

#include <sstream>

namespace collscope::run {

namespace {

constexpr std::string_view option = "--algorithm";

std::vector<std::string> names_in(const std::string& list) {
  std::vector<std::string> names;
  std::stringstream in(list);
  for (std::string name; std::getline(in, name, ',');) names.push_back(name);
  if (!list.empty() && list.back() == ',') names.emplace_back();
  return names;
}

} // namespace

AlgorithmRuns split_algorithms(std::span<char* const> args) {
  const std::vector<std::string> words(args.begin(), args.end());
  // Where the list stands: the word after --algorithm, or the word --algorithm=LIST.
  std::size_t at = words.size();
  std::string prefix;
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (words[i] == option && i + 1 < words.size()) {
      at = i + 1;
      prefix.clear();
    } else if (words[i].starts_with(std::string(option) + "=")) {
      at = i;
      prefix = std::string(option) + "=";
    }
  }
  if (at == words.size() || words[at].find(',') == std::string::npos) return {{words}, {}};
  AlgorithmRuns result;
  const std::string list = words[at].substr(prefix.size());
  for (const std::string& name : names_in(list)) {
    if (name.empty()) return {{}, "--algorithm " + list + ": an empty name in the list"};
    if (name.starts_with(ompi_prefix))
      return {{},
              "--algorithm " + list +
                  ": Open MPI's algorithms (ompi:NAME) run one per job, since Open MPI reads "
                  "its choice at MPI_Init"};
    std::vector<std::string> run = words;
    run[at] = prefix + name;
    result.runs.push_back(std::move(run));
  }
  return result;
}

std::vector<char*> pointers(std::vector<std::string>& words) {
  std::vector<char*> result;
  for (std::string& word : words) result.push_back(word.data());
  return result;
}

} // namespace collscope::run
