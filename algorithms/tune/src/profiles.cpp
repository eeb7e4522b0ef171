#include "profiles.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>

namespace collscope::tune {

namespace {

namespace fs = std::filesystem;

/// The data lines of a profile: comments and blank lines gone.
std::vector<std::string> data_lines(std::istream& in) {
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) {
    line = line.substr(0, line.find('#'));
    if (line.find_first_not_of(" \t\r") != std::string::npos) lines.push_back(line);
  }
  return lines;
}

/// "MPI_Reduce_scatter_block" -> reduce_scatter_block.
std::optional<Collective> collective_of(std::string name) {
  if (!name.starts_with("MPI_")) return std::nullopt;
  name = name.substr(4);
  std::transform(name.begin(), name.end(), name.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return parse_collective(name);
}

bool read_profile(std::istream& in, std::vector<Choice>& choices, Collective& collective,
                  std::string& error) {
  const auto lines = data_lines(in);
  std::size_t at = 0;
  const auto next = [&]() -> std::istringstream {
    return std::istringstream(at < lines.size() ? lines[at++] : std::string());
  };
  std::string name;
  int procs = 0, algorithms = 0, ranges = 0;
  if (!(next() >> name) || !collective_of(name)) return error = "no MPI collective name", false;
  collective = *collective_of(name);
  if (!(next() >> procs) || procs <= 0) return error = "no process count", false;
  if (!(next() >> algorithms) || algorithms <= 0) return error = "no algorithm count", false;
  std::map<int, const Algorithm*> by_id;
  for (int i = 0; i < algorithms; ++i) {
    int id = 0;
    std::string algorithm;
    if (!(next() >> id >> algorithm)) return error = "an algorithm line is not 'ID NAME'", false;
    by_id[id] = find_algorithm(collective, algorithm);
    if (by_id[id] == nullptr)
      return error = std::string(to_string(collective)) + " has no algorithm '" + algorithm + "'",
             false;
  }
  if (!(next() >> ranges) || ranges <= 0) return error = "no range count", false;
  for (int i = 0; i < ranges; ++i) {
    Choice choice;
    int id = 0;
    if (!(next() >> choice.low >> choice.high >> id) || choice.low < 0 || choice.high < choice.low)
      return error = "a range line is not 'FIRST_BYTE LAST_BYTE ID'", false;
    if (!by_id.contains(id))
      return error = "a range names algorithm id " + std::to_string(id) + ", which is not listed",
             false;
    if (!size_known_everywhere(collective) && ranges > 1)
      return error = std::string(to_string(collective)) +
                     " takes one algorithm for every size (not every rank knows the size)",
             false;
    choice.algorithm = by_id[id];
    choice.procs = procs;
    choices.push_back(choice);
  }
  return true;
}

} // namespace

void read_profiles(const std::string& dir, Config& config, std::vector<std::string>& errors) {
  std::error_code ec;
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(dir, ec))
    if (entry.path().extension() == ".prf") files.push_back(entry.path());
  if (ec) {
    errors.push_back("COLLSCOPE_TUNE_PROFILES: cannot read the folder " + dir);
    return;
  }
  std::sort(files.begin(), files.end()); // the same order on every rank
  for (const fs::path& file : files) {
    std::ifstream in(file);
    std::vector<Choice> choices;
    Collective collective{};
    std::string error;
    if (!in || !read_profile(in, choices, collective, error)) {
      errors.push_back(file.string() + ": " + (error.empty() ? "cannot read it" : error) +
                       "; profile skipped");
      continue;
    }
    if (index_of(collective) >= collective_count) {
      errors.push_back(file.string() + ": " + std::string(to_string(collective)) +
                       " is not intercepted; profile skipped");
      continue;
    }
    auto& list = config.choices[index_of(collective)];
    list.insert(list.end(), choices.begin(), choices.end());
  }
}

} // namespace collscope::tune
