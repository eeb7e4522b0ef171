// A small JSON reader and writer helpers: enough for exercise.json (objects keep their key
// order, which `define` relies on) and for writing results.json and friends.
#pragma once

#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace collscope::grade::json {

class Value {
public:
  enum class Type { null, boolean, number, string, array, object };
  using Members = std::vector<std::pair<std::string, Value>>;

  Value() = default;
  static Value make_bool(bool b);
  static Value make_number(double d);
  static Value make_string(std::string s);
  static Value make_array(std::vector<Value> items);
  static Value make_object(Members members);

  Type type() const { return type_; }
  bool is_null() const { return type_ == Type::null; }
  bool is_number() const { return type_ == Type::number; }
  bool is_string() const { return type_ == Type::string; }
  bool is_array() const { return type_ == Type::array; }
  bool is_object() const { return type_ == Type::object; }

  // Accessors throw json::Error naming `where` when the type is wrong.
  bool as_bool(const std::string& where) const;
  double as_number(const std::string& where) const;
  int as_int(const std::string& where) const;
  const std::string& as_string(const std::string& where) const;
  const std::vector<Value>& as_array(const std::string& where) const;
  const Members& as_object(const std::string& where) const;

  /// nullptr when absent (or not an object).
  const Value* find(std::string_view key) const;

private:
  Type type_ = Type::null;
  bool bool_ = false;
  double number_ = 0;
  std::string string_;
  std::vector<Value> items_;
  Members members_;
};

class Error : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

/// Throws Error("line L, column C: what") on malformed text.
Value parse(std::string_view text);

/// "text" with JSON escapes.
std::string quote(std::string_view text);
/// Shortest round-tripping text of a number ("3", "0.25", "1e-06").
std::string number(double value);

} // namespace collscope::grade::json
