#include "notation.hpp"

#include <cctype>
#include <map>
#include <string_view>

namespace collscope::grade {

namespace {

bool name_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_';
}

/// Variables and defines as the lecture names them (defines of exercise.json that stand for
/// one quantity; the others keep their names, which their exercise's task.md explains).
std::string variable(const std::string& name) {
  static const std::map<std::string, std::string, std::less<>> names{
      {"rounds_1ported", "rounds"},
      {"block_extent", "block extent"},
      {"block_bytes", "block bytes"},
      {"bytes_max_per_rank", "bytes per rank"},
      {"bytes_sent_max", "bytes sent per rank"},
      {"bytes_recv_max", "bytes received per rank"},
      {"msgs_recv_max", "messages received per rank"},
      {"msgs_sent_max", "messages sent per rank"},
      {"msg_bytes_max", "largest message"},
      {"model_time", "α-β time"},
      {"m_others", "Σ_{i≠r} m_i"},
      {"theorem1", "Theorem 1's time"},
      {"heap_peak", "heap peak"},
      {"heap_live", "heap left"},
      {"alpha", "α"},
      {"beta", "β"},
      {"1024", "1 KiB"}};
  const auto it = names.find(name);
  return it == names.end() ? name : it->second;
}

/// Whether `text` is one name or number (needs no parentheses after log₂ or √).
bool atom(const std::string& text) {
  for (const char c : text)
    if (!name_char(c)) return false;
  return !text.empty();
}

std::string convert(std::string_view in) {
  std::string out;
  std::size_t i = 0;
  while (i < in.size()) {
    const char c = in[i];
    if (name_char(c)) {
      std::size_t end = i;
      while (end < in.size() && (name_char(in[end]) || in[end] == '.')) ++end;
      const std::string name(in.substr(i, end - i));
      if (end < in.size() && in[end] == '(') {
        int depth = 0;
        std::size_t close = end;
        for (; close < in.size(); ++close) {
          depth += in[close] == '(' ? 1 : in[close] == ')' ? -1 : 0;
          if (depth == 0) break;
        }
        const std::string arg = convert(in.substr(end + 1, close - end - 1));
        const std::string wrapped = atom(arg) ? arg : "(" + arg + ")";
        if (name == "clog2") out += "⌈log₂" + wrapped + "⌉";
        else if (name == "flog2") out += "⌊log₂" + wrapped + "⌋";
        else if (name == "log2") out += "log₂" + wrapped;
        else if (name == "ceil") out += "⌈" + arg + "⌉";
        else if (name == "floor") out += "⌊" + arg + "⌋";
        else if (name == "sqrt") out += "√" + wrapped;
        else if (name == "abs") out += "|" + arg + "|";
        else out += name + "(" + arg + ")";
        i = close + 1;
        continue;
      }
      out += variable(name);
      i = end;
      continue;
    }
    const std::string_view rest = in.substr(i);
    static const std::pair<std::string_view, std::string_view> operators[] = {
        {" * ", "·"}, {" / ", "/"}, {" - ", " − "}, {"<=", "≤"}, {">=", "≥"}, {"!=", "≠"},
        {"==", "="},  {"&&", "and"}, {"||", "or"}, {"*", "·"}};
    bool replaced = false;
    for (const auto& [from, to] : operators)
      if (rest.substr(0, from.size()) == from) {
        out += to;
        i += from.size();
        replaced = true;
        break;
      }
    if (replaced) continue;
    out += c;
    ++i;
  }
  return out;
}

} // namespace

std::string lecture_notation(const std::string& expression) {
  return convert(expression);
}

} // namespace collscope::grade
