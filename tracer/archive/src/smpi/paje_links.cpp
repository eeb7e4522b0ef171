#include "paje_links.hpp"

#include <cmath>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string_view>
#include <unordered_map>

namespace collscope::rec::smpi {
namespace {

/// One %EventDef: the event's name and its fields' names in order.
struct EventDef {
  std::string name;
  std::vector<std::string> fields;
  int field(std::string_view wanted) const {
    for (std::size_t i = 0; i < fields.size(); ++i)
      if (fields[i] == wanted) return static_cast<int>(i);
    return -1;
  }
};

/// A Paje line's fields: words, or "quoted strings" without their quotes.
std::vector<std::string> split(const std::string& line) {
  std::vector<std::string> out;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    if (i >= line.size()) break;
    if (line[i] == '"') {
      const std::size_t end = line.find('"', i + 1);
      out.push_back(line.substr(i + 1, end == std::string::npos ? std::string::npos : end - i - 1));
      i = end == std::string::npos ? line.size() : end + 1;
    } else {
      const std::size_t end = line.find_first_of(" \t", i);
      out.push_back(line.substr(i, end == std::string::npos ? std::string::npos : end - i));
      i = end == std::string::npos ? line.size() : end;
    }
  }
  return out;
}

std::uint64_t to_ns(const std::string& seconds) {
  return static_cast<std::uint64_t>(std::llround(std::stod(seconds) * 1e9));
}

/// "src_dst_tag_counter" → tag.
std::int32_t key_tag(const std::string& key) {
  const std::size_t a = key.find('_');
  const std::size_t b = a == std::string::npos ? a : key.find('_', a + 1);
  const std::size_t c = b == std::string::npos ? b : key.find('_', b + 1);
  if (c == std::string::npos) throw std::runtime_error("link key '" + key + "' is not src_dst_tag_n");
  return static_cast<std::int32_t>(std::stol(key.substr(b + 1, c - b - 1)));
}

struct LinkEnd {
  std::uint32_t rank;
  std::uint64_t ns;
};

} // namespace

PajeLinks read_paje_links(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read SimGrid's trace " + path);
  std::unordered_map<std::string, EventDef> defs; // by event id
  EventDef* open_def = nullptr;
  std::unordered_map<std::string, std::uint32_t> rank_of; // container alias → world rank
  std::unordered_map<std::string, std::size_t> started;   // key → index in out.messages
  std::unordered_map<std::string, LinkEnd> ended;         // key → end seen before its start
  PajeLinks out;
  bool any_link = false;
  std::string line;
  for (std::size_t number = 1; std::getline(in, line); ++number) {
    const auto where = [&] { return path + ":" + std::to_string(number); };
    try {
      if (line.starts_with("%EventDef")) {
        const auto words = split(line);
        if (words.size() < 3) throw std::runtime_error("malformed %EventDef");
        open_def = &defs[words[2]];
        open_def->name = words[1];
        continue;
      }
      if (line.starts_with("%EndEventDef")) {
        open_def = nullptr;
        continue;
      }
      if (line.starts_with("%")) {
        const auto words = split(line.substr(1));
        if (open_def != nullptr && !words.empty()) open_def->fields.push_back(words[0]);
        continue;
      }
      const auto words = split(line);
      if (words.empty()) continue;
      const auto def = defs.find(words[0]);
      if (def == defs.end()) continue;
      const EventDef& d = def->second;
      const auto get = [&](std::string_view field) -> const std::string& {
        const int i = d.field(field);
        if (i < 0 || static_cast<std::size_t>(i) + 1 >= words.size())
          throw std::runtime_error(d.name + " without " + std::string(field));
        return words[static_cast<std::size_t>(i) + 1];
      };
      if (d.name == "PajeCreateContainer") {
        const std::string& name = get("Name");
        if (name.starts_with("rank-"))
          rank_of[get("Alias")] = static_cast<std::uint32_t>(std::stoul(name.substr(5)));
      } else if (d.name == "PajeStartLink" || d.name == "PajeEndLink") {
        const bool start = d.name == "PajeStartLink";
        const auto rank = rank_of.find(get(start ? "StartContainer" : "EndContainer"));
        if (rank == rank_of.end()) continue; // not between MPI ranks
        any_link = true;
        const std::string& key = get("Key");
        const std::uint64_t ns = to_ns(get("Time"));
        if (start) {
          // A field of its own with --cfg=tracing/smpi/display-sizes:yes.
          if (d.field("Size") < 0)
            throw std::runtime_error("a link without its size (run with "
                                     "--cfg=tracing/smpi/display-sizes:yes)");
          InternalMessage m;
          m.sender = rank->second;
          m.tag = key_tag(key);
          m.bytes = std::stoull(get("Size"));
          m.sent_ns = ns;
          if (const auto e = ended.find(key); e != ended.end()) {
            m.receiver = e->second.rank;
            m.received_ns = e->second.ns;
            ended.erase(e);
            out.messages.push_back(m);
          } else {
            started[key] = out.messages.size();
            out.messages.push_back(m);
            out.messages.back().received_ns = UINT64_MAX; // still open
          }
        } else if (const auto s = started.find(key); s != started.end()) {
          out.messages[s->second].receiver = rank->second;
          out.messages[s->second].received_ns = ns;
          started.erase(s);
        } else {
          ended[key] = {rank->second, ns};
        }
      }
    } catch (const std::invalid_argument&) {
      throw std::runtime_error(where() + ": a number expected");
    } catch (const std::out_of_range&) {
      throw std::runtime_error(where() + ": a number out of range");
    } catch (const std::runtime_error& e) {
      throw std::runtime_error(where() + ": " + e.what());
    }
  }
  if (!any_link)
    throw std::runtime_error(path + " holds no messages between ranks (was SimGrid run with "
                             "--cfg=tracing/smpi/internals:yes?)");
  // Sends never received (and receives whose send is missing) are not messages.
  out.unmatched = started.size() + ended.size();
  std::erase_if(out.messages, [](const InternalMessage& m) { return m.received_ns == UINT64_MAX; });
  return out;
}

} // namespace collscope::rec::smpi
