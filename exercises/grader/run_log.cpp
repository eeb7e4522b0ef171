#include "run_log.hpp"

#include "sandbox.hpp"

#include <cstdlib>
#include <random>
#include <sstream>

namespace collscope::grade {

namespace {

std::vector<std::string> split_tabs(const std::string& line) {
  std::vector<std::string> out;
  std::stringstream in(line);
  std::string field;
  while (std::getline(in, field, '\t')) out.push_back(field);
  return out;
}

/// `text` cut to 100 bytes, every byte outside printable ASCII shown as '?'.
std::string printable(const std::string& text) {
  std::string out;
  for (const char c : text.substr(0, 100)) out += c >= 32 && c < 127 ? c : '?';
  return text.size() > 100 ? out + "…" : out;
}

void apply(const std::vector<std::string>& f, LogState& s, std::map<int, CaseRecord*>& records,
           std::vector<TimingRecord>* timings, const fs::path& dir) {
  if (f[0] == "ready") s.ready = true;
  if (f[0] == "done") s.done = true;
  if (f[0] == "begin" && f.size() > 1) s.in_flight = std::atoi(f[1].c_str());
  if (f[0] == "case" && f.size() >= 8) {
    const int id = std::atoi(f[1].c_str());
    s.in_flight = 0;
    s.finished.push_back(id);
    const auto it = records.find(id);
    if (it == records.end()) return;
    CaseRecord& r = *it->second;
    r.outcome = f[2] == "ok" ? Outcome::ok : f[2] == "error" ? Outcome::error : Outcome::wrong;
    r.heap_peak = std::atoll(f[3].c_str());
    r.heap_peak_rank = std::atoi(f[4].c_str());
    r.heap_live = std::atoll(f[5].c_str());
    r.heap_overflow = f[6] == "1";
    r.banned = f[7];
    r.detail = f.size() > 8 ? f[8] : "";
    r.run_dir = dir;
    r.block_maps.clear();
  }
  if (f[0] == "map" && f.size() >= 5) {
    const auto it = records.find(std::atoi(f[1].c_str()));
    if (it != records.end() && it->second->block_maps.size() < 64)
      it->second->block_maps.push_back({std::atoi(f[2].c_str()), f[3], f[4]});
  }
  if (f[0] == "time" && f.size() >= 10 && timings) {
    s.in_flight = 0;
    const int id = std::atoi(f[1].c_str());
    s.finished.push_back(id);
    for (TimingRecord& t : *timings)
      if (t.c.id == id) {
        t.median_yours = std::atof(f[2].c_str());
        t.median_native = std::atof(f[3].c_str());
        t.q1_yours = std::atof(f[4].c_str());
        t.q3_yours = std::atof(f[5].c_str());
        t.q1_native = std::atof(f[6].c_str());
        t.q3_native = std::atof(f[7].c_str());
        t.min_yours = std::atof(f[8].c_str());
        t.min_native = std::atof(f[9].c_str());
      }
  }
}

} // namespace

LogState read_log(const fs::path& log, const signature::Key& key,
                  std::map<int, CaseRecord*>& records, std::vector<TimingRecord>* timings,
                  const fs::path& dir) {
  LogState s;
  const std::string text = read_plain_file(log).value_or("");
  long long expected = 0;
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t end = text.find('\n', at);
    if (end == std::string::npos) break; // a last line still being written: not a line yet
    const std::string line = text.substr(at, end - at);
    at = end + 1;
    // TEXT \t SEQ \t SIGNATURE
    const std::size_t sig_tab = line.rfind('\t');
    const std::size_t seq_tab = sig_tab == std::string::npos || sig_tab == 0
                                    ? std::string::npos
                                    : line.rfind('\t', sig_tab - 1);
    bool valid = false;
    if (seq_tab != std::string::npos) {
      const std::string body = line.substr(0, seq_tab);
      const std::string seq = line.substr(seq_tab + 1, sig_tab - seq_tab - 1);
      valid = seq == std::to_string(expected) &&
              line.substr(sig_tab + 1) == signature::sign(key, expected, body);
      if (valid) {
        ++expected;
        apply(split_tabs(body), s, records, timings, dir);
      }
    }
    if (!valid) {
      ++s.forged;
      if (s.samples.size() < 3) s.samples.push_back(printable(line));
    }
  }
  return s;
}

long long count_lines(const fs::path& file, const char* prefix) {
  const std::string text = read_plain_file(file).value_or("");
  long long n = 0;
  const std::string p = std::string("\n") + prefix;
  n += text.rfind(prefix, 0) == 0;
  for (std::size_t at = text.find(p); at != std::string::npos; at = text.find(p, at + 1)) ++n;
  return n;
}

signature::Key new_key() {
  std::random_device device; // the kernel's random source
  const auto word = [&] {
    return (static_cast<std::uint64_t>(device()) << 32) ^ static_cast<std::uint64_t>(device());
  };
  return {word(), word()};
}

} // namespace collscope::grade
