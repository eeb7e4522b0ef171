#include "collscope/tune/profile_writer.hpp"

#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace collscope::tune {

namespace {

/// `text` as '#' lines of at most `width` bytes, cut at spaces where it can be.
void comment_lines(std::ostream& out, std::string text, std::size_t width) {
  while (text.size() > width) {
    std::size_t cut = text.rfind(' ', width);
    if (cut == std::string::npos || cut == 0) cut = width;
    out << "# " << text.substr(0, cut) << '\n';
    text = text.substr(text[cut] == ' ' ? cut + 1 : cut);
  }
  out << "# " << text << '\n';
}

bool same_entry(const Choice& a, const Choice& b) {
  return a.algorithm == b.algorithm && entry_options(a) == entry_options(b);
}

} // namespace

std::string mpi_name(Collective c) {
  std::string name(to_string(c));
  if (!name.empty()) name[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(name[0])));
  return "MPI_" + name;
}

std::string profile_text(const Profile& profile) {
  std::ostringstream out;
  out << "# pgtune profile\n";
  for (const std::string& c : profile.comments) comment_lines(out, c, 90);
  // Ids in order of first use: 1, 2, … as in PGMPITuneLib's listing; an id is an algorithm
  // with its options, so one algorithm with two radices gets two.
  std::vector<const Choice*> ids;
  for (const Choice& c : profile.choices) {
    bool known = false;
    for (const Choice* a : ids) known = known || same_entry(*a, c);
    if (!known) ids.push_back(&c);
  }
  const auto id_of = [&](const Choice& c) {
    for (std::size_t i = 0; i < ids.size(); ++i)
      if (same_entry(*ids[i], c)) return i + 1;
    return std::size_t{0};
  };
  out << mpi_name(profile.collective);
  if (!profile.datatype.empty())
    out << ' ' << profile.datatype << " # collective, datatype measured";
  out << '\n'
      << profile.procs << " # nb. of processes\n"
      << ids.size() << " # nb. of mock-up impl.\n";
  for (std::size_t i = 0; i < ids.size(); ++i) {
    const std::string options = entry_options(*ids[i]);
    out << i + 1 << ' ' << ids[i]->algorithm->name << (options.empty() ? "" : " " + options)
        << '\n';
  }
  out << profile.choices.size() << " # nb. of ranges\n";
  for (const Choice& c : profile.choices)
    out << c.low << ' ' << c.high << ' ' << id_of(c)
        << " # byte_range_start byte_range_end alg_id\n";
  return out.str();
}

std::string profile_file_name(Collective collective, int procs) {
  return mpi_name(collective) + "-p" + std::to_string(procs) + ".prf";
}

bool write_profile(const std::string& dir, const Profile& profile, std::string& path,
                   std::string& error) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::create_directories(dir, ec);
  path = (fs::path(dir) / profile_file_name(profile.collective, profile.procs)).string();
  std::ofstream out(path);
  out << profile_text(profile);
  out.close();
  if (!out) error = "cannot write " + path;
  return !!out;
}

} // namespace collscope::tune
