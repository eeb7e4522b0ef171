#include "run_log.hpp"

#include <cstdlib>
#include <fstream>
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

} // namespace

LogState read_log(const fs::path& log, std::map<int, CaseRecord*>& records,
                  std::vector<TimingRecord>* timings, const fs::path& dir) {
  LogState s;
  std::ifstream in(log);
  std::string line;
  while (std::getline(in, line)) {
    const std::vector<std::string> f = split_tabs(line);
    if (f.empty()) continue;
    if (f[0] == "ready") s.ready = true;
    if (f[0] == "done") s.done = true;
    if (f[0] == "begin" && f.size() > 1) s.in_flight = std::atoi(f[1].c_str());
    if (f[0] == "case" && f.size() >= 8) {
      const int id = std::atoi(f[1].c_str());
      s.in_flight = 0;
      s.finished.push_back(id);
      const auto it = records.find(id);
      if (it == records.end()) continue;
      CaseRecord& r = *it->second;
      r.outcome = f[2] == "ok" ? Outcome::ok : f[2] == "error" ? Outcome::error : Outcome::wrong;
      r.heap_peak = std::atoll(f[3].c_str());
      r.heap_peak_rank = std::atoi(f[4].c_str());
      r.heap_live = std::atoll(f[5].c_str());
      r.heap_overflow = f[6] == "1";
      r.banned = f[7];
      r.detail = f.size() > 8 ? f[8] : "";
      r.run_dir = dir;
    }
    if (f[0] == "time" && f.size() >= 6 && timings) {
      s.in_flight = 0;
      const int id = std::atoi(f[1].c_str());
      s.finished.push_back(id);
      for (TimingRecord& t : *timings)
        if (t.c.id == id) {
          t.median_yours = std::atof(f[2].c_str());
          t.median_native = std::atof(f[3].c_str());
          t.min_yours = std::atof(f[4].c_str());
          t.min_native = std::atof(f[5].c_str());
        }
    }
  }
  return s;
}

long long count_lines(const fs::path& file, const char* prefix) {
  std::ifstream in(file);
  std::string line;
  long long n = 0;
  while (std::getline(in, line)) n += line.rfind(prefix, 0) == 0;
  return n;
}

} // namespace collscope::grade
