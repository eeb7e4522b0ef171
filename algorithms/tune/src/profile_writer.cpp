#include "profile_writer.hpp"

#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace collscope::tune {

std::string mpi_name(Collective c) {
  std::string name(to_string(c));
  if (!name.empty()) name[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(name[0])));
  return "MPI_" + name;
}

std::string profile_text(Collective collective, int procs, std::span<const Choice> choices,
                         std::span<const std::string> comments) {
  std::ostringstream out;
  out << "# pgtune profile\n";
  for (const std::string& c : comments) out << "# " << c << '\n';
  // Ids in order of first use: 1, 2, … as in PGMPITuneLib's listing.
  std::vector<const Algorithm*> ids;
  for (const Choice& c : choices) {
    bool known = false;
    for (const Algorithm* a : ids) known = known || a == c.algorithm;
    if (!known) ids.push_back(c.algorithm);
  }
  const auto id_of = [&](const Algorithm* a) {
    for (std::size_t i = 0; i < ids.size(); ++i)
      if (ids[i] == a) return i + 1;
    return std::size_t{0};
  };
  out << mpi_name(collective) << '\n'
      << procs << " # nb. of processes\n"
      << ids.size() << " # nb. of mock-up impl.\n";
  for (std::size_t i = 0; i < ids.size(); ++i) out << i + 1 << ' ' << ids[i]->name << '\n';
  out << choices.size() << " # nb. of ranges\n";
  for (const Choice& c : choices)
    out << c.low << ' ' << c.high << ' ' << id_of(c.algorithm)
        << " # byte_range_start byte_range_end alg_id\n";
  return out.str();
}

std::string profile_file_name(Collective collective, int procs) {
  return mpi_name(collective) + "-p" + std::to_string(procs) + ".prf";
}

bool write_profile(const std::string& dir, Collective collective, int procs,
                   std::span<const Choice> choices, std::span<const std::string> comments,
                   std::string& path, std::string& error) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::create_directories(dir, ec);
  path = (fs::path(dir) / profile_file_name(collective, procs)).string();
  std::ofstream out(path);
  out << profile_text(collective, procs, choices, comments);
  out.close();
  if (!out) error = "cannot write " + path;
  return !!out;
}

} // namespace collscope::tune
