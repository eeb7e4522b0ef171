#include "algorithm_list.hpp"

#include "ompi_force.hpp"

#include <fstream>
#include <sstream>

namespace collscope::run {

namespace {

constexpr std::string_view option = "--algorithm";

AlgorithmRuns refused(std::string why) {
  return {{}, {}, std::move(why)};
}

std::vector<std::string> names_in(const std::string& list) {
  std::vector<std::string> names;
  std::stringstream in(list);
  for (std::string name; std::getline(in, name, ',');) names.push_back(name);
  if (!list.empty() && list.back() == ',') names.emplace_back();
  return names;
}

/// The command line once per algorithm of its --algorithm list (itself without one).
AlgorithmRuns one_per_algorithm(const std::vector<std::string>& words) {
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
  if (at == words.size() || words[at].find(',') == std::string::npos) return {{words}, {""}, {}};
  AlgorithmRuns result;
  const std::string list = words[at].substr(prefix.size());
  for (const std::string& name : names_in(list)) {
    if (name.empty()) return refused("--algorithm " + list + ": an empty name in the list");
    if (name.starts_with(ompi_prefix))
      return refused("--algorithm " + list +
                     ": Open MPI's algorithms (ompi:NAME) run one per job, since Open MPI reads "
                     "its choice at MPI_Init");
    std::vector<std::string> run = words;
    run[at] = prefix + name;
    result.runs.push_back(std::move(run));
    result.origins.emplace_back();
  }
  return result;
}

/// The runs of --runs FILE: each line's words, then `common` (the command line without
/// --runs FILE).
AlgorithmRuns lines_of(const std::string& file, const std::vector<std::string>& common) {
  std::ifstream in(file);
  if (!in) return refused("--runs " + file + ": cannot read it");
  AlgorithmRuns result;
  int number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    line = line.substr(0, line.find('#'));
    std::istringstream split(line);
    std::vector<std::string> words;
    for (std::string word; split >> word;) words.push_back(word);
    if (words.empty()) continue;
    const std::string where = "--runs " + file + " line " + std::to_string(number) + ": ";
    for (const std::string& word : words)
      if (word == "--trace" || word.starts_with("--trace=") || word == "--runs" ||
          word.starts_with("--runs=") || word.starts_with(ompi_prefix) ||
          word.starts_with(std::string(option) + "=" + std::string(ompi_prefix)))
        return refused(where + word +
                       " cannot stand in a run of the list (--trace and --runs belong to the "
                       "command line; Open MPI's algorithms, read at MPI_Init, run one per job)");
    words.insert(words.end(), common.begin(), common.end());
    AlgorithmRuns each = one_per_algorithm(words);
    if (!each.error.empty()) return refused(where + each.error);
    for (std::vector<std::string>& run : each.runs) {
      result.runs.push_back(std::move(run));
      result.origins.push_back(where);
    }
  }
  if (result.runs.empty()) return refused("--runs " + file + ": no run in it");
  return result;
}

} // namespace

AlgorithmRuns split_algorithms(std::span<char* const> args) {
  std::vector<std::string> words(args.begin(), args.end());
  for (std::size_t i = 0; i < words.size(); ++i) {
    std::string file;
    if (words[i] == "--runs") {
      if (i + 1 == words.size()) return refused("--runs needs a file");
      file = words[i + 1];
      words.erase(words.begin() + static_cast<std::ptrdiff_t>(i),
                  words.begin() + static_cast<std::ptrdiff_t>(i + 2));
    } else if (words[i].starts_with("--runs=")) {
      file = words[i].substr(7);
      words.erase(words.begin() + static_cast<std::ptrdiff_t>(i));
    } else {
      continue;
    }
    for (const std::string& word : words)
      if (word == "--runs" || word.starts_with("--runs="))
        return refused("--runs may be given once");
    if (file.empty()) return refused("--runs needs a file");
    return lines_of(file, words);
  }
  return one_per_algorithm(words);
}

std::vector<char*> pointers(std::vector<std::string>& words) {
  std::vector<char*> result;
  for (std::string& word : words) result.push_back(word.data());
  return result;
}

} // namespace collscope::run
