#include "collscope/tune/profiles.hpp"

#include <algorithm>
#include <charconv>
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

bool number(std::string_view text, std::int64_t& value) {
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  return !text.empty() && ec == std::errc{} && end == text.data() + text.size() && value >= 0;
}

} // namespace

bool parse_entry_option(std::string_view text, Choice& choice, std::string& error) {
  const auto eq = text.find('=');
  const std::string_view key = text.substr(0, eq);
  const std::string_view value = eq == std::string_view::npos ? "" : text.substr(eq + 1);
  const Algorithm& a = *choice.algorithm;
  std::int64_t n = 0;
  const bool numeric = number(value, n) && n <= std::numeric_limits<int>::max();
  if (key == "floats" && value == "ok")
    choice.floats_ok = true;
  else if (key == "blocks" && a.uses_blocks() && numeric && n > 0)
    choice.blocks = static_cast<int>(n);
  else if (key == "piece" && a.uses_piece() && numeric && n > 0)
    choice.piece = static_cast<int>(n);
  else if (key == "threshold" && a.uses_threshold() && number(value, n))
    choice.threshold = n;
  else if (key == "radix" && a.uses_radix() && numeric && n >= 2)
    choice.radix = static_cast<int>(n);
  else {
    error = "option '" + std::string(text) + "' does not fit " +
            std::string(to_string(a.collective)) + " " + std::string(a.name) +
            " (blocks=M, piece=B, threshold=BYTES, radix=K where it takes one; floats=ok)";
    return false;
  }
  return true;
}

std::string entry_options(const Choice& c) {
  std::string text;
  const auto add = [&](const std::string& option) { text += (text.empty() ? "" : " ") + option; };
  if (c.blocks > 0) add("blocks=" + std::to_string(c.blocks));
  if (c.piece > 0) add("piece=" + std::to_string(c.piece));
  if (c.threshold >= 0) add("threshold=" + std::to_string(c.threshold));
  if (c.radix > 0) add("radix=" + std::to_string(c.radix));
  if (c.floats_ok) add("floats=ok");
  return text;
}

bool parse_profile(std::istream& in, Profile& profile, std::string& error) {
  const auto lines = data_lines(in);
  std::size_t at = 0;
  const auto next = [&]() -> std::istringstream {
    return std::istringstream(at < lines.size() ? lines[at++] : std::string());
  };
  profile = Profile{};
  std::string name;
  int algorithms = 0, ranges = 0;
  std::istringstream first = next();
  if (!(first >> name) || !collective_of(name)) return error = "no MPI collective name", false;
  const Collective collective = profile.collective = *collective_of(name);
  // collscope's extension: the datatype the profile was measured with, after the name.
  if (first >> profile.datatype && !profile.datatype.starts_with("MPI_"))
    return error = "'" + profile.datatype + "' after " + name + " is not an MPI datatype", false;
  if (!(next() >> profile.procs) || profile.procs <= 0) return error = "no process count", false;
  if (!(next() >> algorithms) || algorithms <= 0) return error = "no algorithm count", false;
  std::map<int, Choice> by_id;
  for (int i = 0; i < algorithms; ++i) {
    int id = 0;
    std::string algorithm;
    std::istringstream line = next();
    if (!(line >> id >> algorithm)) return error = "an algorithm line is not 'ID NAME'", false;
    Choice& entry = by_id[id] = Choice{};
    entry.algorithm = find_algorithm(collective, algorithm);
    if (entry.algorithm == nullptr)
      return error = std::string(to_string(collective)) + " has no algorithm '" + algorithm + "'",
             false;
    for (std::string option; line >> option;)
      if (!parse_entry_option(option, entry, error)) return false;
  }
  if (!(next() >> ranges) || ranges <= 0) return error = "no range count", false;
  if (!size_known_everywhere(collective) && ranges > 1)
    return error = std::string(to_string(collective)) +
                   " takes one algorithm for every size (not every rank knows the size)",
           false;
  for (int i = 0; i < ranges; ++i) {
    std::int64_t low = 0, high = 0;
    int id = 0;
    if (!(next() >> low >> high >> id) || low < 0 || high < low)
      return error = "a range line is not 'FIRST_BYTE LAST_BYTE ID'", false;
    if (!by_id.contains(id))
      return error = "a range names algorithm id " + std::to_string(id) + ", which is not listed",
             false;
    Choice choice = by_id[id];
    choice.low = low, choice.high = high, choice.procs = profile.procs;
    profile.choices.push_back(choice);
  }
  return true;
}

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
    Profile profile;
    std::string error;
    if (!in || !parse_profile(in, profile, error)) {
      errors.push_back(file.string() + ": " + (error.empty() ? "cannot read it" : error) +
                       "; profile skipped");
      continue;
    }
    if (index_of(profile.collective) >= collective_count) {
      errors.push_back(file.string() + ": " + std::string(to_string(profile.collective)) +
                       " is not intercepted; profile skipped");
      continue;
    }
    auto& list = config.choices[index_of(profile.collective)];
    list.insert(list.end(), profile.choices.begin(), profile.choices.end());
  }
}

} // namespace collscope::tune
