#include "json.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace collscope::grade::json {

Value Value::make_bool(bool b) {
  Value v;
  v.type_ = Type::boolean;
  v.bool_ = b;
  return v;
}
Value Value::make_number(double d) {
  Value v;
  v.type_ = Type::number;
  v.number_ = d;
  return v;
}
Value Value::make_string(std::string s) {
  Value v;
  v.type_ = Type::string;
  v.string_ = std::move(s);
  return v;
}
Value Value::make_array(std::vector<Value> items) {
  Value v;
  v.type_ = Type::array;
  v.items_ = std::move(items);
  return v;
}
Value Value::make_object(Members members) {
  Value v;
  v.type_ = Type::object;
  v.members_ = std::move(members);
  return v;
}

namespace {
[[noreturn]] void wrong(const std::string& where, const char* expected) {
  throw Error(where + ": expected " + expected);
}
} // namespace

bool Value::as_bool(const std::string& where) const {
  if (type_ != Type::boolean) wrong(where, "true or false");
  return bool_;
}
double Value::as_number(const std::string& where) const {
  if (type_ != Type::number) wrong(where, "a number");
  return number_;
}
int Value::as_int(const std::string& where) const {
  if (type_ != Type::number || number_ != std::floor(number_) || std::fabs(number_) > 2e9)
    wrong(where, "an integer");
  return static_cast<int>(number_);
}
const std::string& Value::as_string(const std::string& where) const {
  if (type_ != Type::string) wrong(where, "a string");
  return string_;
}
const std::vector<Value>& Value::as_array(const std::string& where) const {
  if (type_ != Type::array) wrong(where, "an array");
  return items_;
}
const Value::Members& Value::as_object(const std::string& where) const {
  if (type_ != Type::object) wrong(where, "an object");
  return members_;
}
const Value* Value::find(std::string_view key) const {
  for (const auto& [k, v] : members_)
    if (k == key) return &v;
  return nullptr;
}

namespace {

class Parser {
public:
  explicit Parser(std::string_view text) : text_(text) {}

  Value document() {
    Value v = value();
    space();
    if (at_ < text_.size()) fail("unexpected text after the JSON value");
    return v;
  }

private:
  [[noreturn]] void fail(const std::string& what) const {
    int line = 1, column = 1;
    for (std::size_t i = 0; i < at_ && i < text_.size(); ++i, ++column)
      if (text_[i] == '\n') line += 1, column = 0;
    throw Error("line " + std::to_string(line) + ", column " + std::to_string(column) + ": " +
                what);
  }
  void space() {
    while (at_ < text_.size() &&
           (text_[at_] == ' ' || text_[at_] == '\n' || text_[at_] == '\r' || text_[at_] == '\t'))
      ++at_;
  }
  bool take(char c) {
    space();
    if (at_ < text_.size() && text_[at_] == c) return ++at_, true;
    return false;
  }
  void expect(char c) {
    if (!take(c)) fail(std::string("expected '") + c + "'");
  }
  bool word(std::string_view w) {
    if (text_.substr(at_, w.size()) != w) return false;
    at_ += w.size();
    return true;
  }
  Value value() {
    space();
    if (at_ >= text_.size()) fail("unexpected end of text");
    const char c = text_[at_];
    if (c == '{') return object();
    if (c == '[') return array();
    if (c == '"') return Value::make_string(string());
    if (word("true")) return Value::make_bool(true);
    if (word("false")) return Value::make_bool(false);
    if (word("null")) return Value();
    return number_value();
  }
  Value object() {
    expect('{');
    Value::Members members;
    if (take('}')) return Value::make_object(std::move(members));
    do {
      space();
      std::string key = string();
      expect(':');
      members.emplace_back(std::move(key), value());
    } while (take(','));
    expect('}');
    return Value::make_object(std::move(members));
  }
  Value array() {
    expect('[');
    std::vector<Value> items;
    if (take(']')) return Value::make_array(std::move(items));
    do items.push_back(value());
    while (take(','));
    expect(']');
    return Value::make_array(std::move(items));
  }
  std::string string() {
    if (at_ >= text_.size() || text_[at_] != '"') fail("expected a string");
    ++at_;
    std::string out;
    while (at_ < text_.size() && text_[at_] != '"') {
      char c = text_[at_++];
      if (c == '\\' && at_ < text_.size()) {
        const char e = text_[at_++];
        if (e == 'n')
          c = '\n';
        else if (e == 't')
          c = '\t';
        else if (e == 'u' && at_ + 4 <= text_.size()) {
          const long code = std::strtol(std::string(text_.substr(at_, 4)).c_str(), nullptr, 16);
          at_ += 4;
          if (code < 0x80)
            c = static_cast<char>(code);
          else
            fail("only ASCII \\u escapes are supported; write the character itself");
        } else
          c = e;
      }
      out += c;
    }
    if (at_ >= text_.size()) fail("unterminated string");
    ++at_;
    return out;
  }
  Value number_value() {
    const std::string rest(text_.substr(at_, 64));
    char* end = nullptr;
    const double d = std::strtod(rest.c_str(), &end);
    if (end == rest.c_str()) fail("expected a value");
    at_ += static_cast<std::size_t>(end - rest.c_str());
    return Value::make_number(d);
  }

  std::string_view text_;
  std::size_t at_ = 0;
};

} // namespace

Value parse(std::string_view text) {
  return Parser(text).document();
}

std::string quote(std::string_view text) {
  std::string out = "\"";
  for (const char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (c == '\n') {
      out += "\\n";
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\u%04x", static_cast<unsigned>(c));
      out += escaped;
    } else {
      out += c;
    }
  }
  return out + "\"";
}

std::string number(double value) {
  if (!std::isfinite(value)) return "null";
  char text[32];
  std::snprintf(text, sizeof text, "%.10g", value);
  return text;
}

} // namespace collscope::grade::json
