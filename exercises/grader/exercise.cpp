#include "exercise.hpp"

#include <algorithm>
#include <climits>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

namespace collscope::grade {

namespace fs = std::filesystem;

const std::vector<std::string>& case_variables() {
  static const std::vector<std::string> names{"p",      "root",        "count",        "type_size",
                                              "extent", "block_bytes", "block_extent", "m",
                                              "alpha",  "beta",        "m_others",     "theorem1"};
  return names;
}

const std::vector<std::string>& metric_variables() {
  static const std::vector<std::string> names{
      "rounds",        "bytes_max_per_rank", "bytes_sent_max", "bytes_recv_max",
      "msgs_recv_max", "msgs_sent_max",      "messages",       "msg_bytes_max",
      "heap_peak",     "heap_live",          "model_time"};
  return names;
}

double Exercise::max_points() const {
  double total = 0;
  for (const CheckSpec& c : checks) total += c.points;
  return total;
}

const CheckSpec* Exercise::check_of_kind(const std::string& kind) const {
  for (const CheckSpec& c : checks)
    if (c.kind == kind) return &c;
  return nullptr;
}

namespace {

using Json = nlohmann::ordered_json;

/// Typed access to a member, with one line naming where the file is wrong.
const Json& expect(const Json& v, Json::value_t type, const std::string& where, const char* what) {
  const bool ok = type == Json::value_t::number_float ? v.is_number() : v.type() == type;
  if (!ok) throw ExerciseError(where + ": expected " + what);
  return v;
}

double number(const Json& v, const std::string& where) {
  return expect(v, Json::value_t::number_float, where, "a number").get<double>();
}

int integer(const Json& v, const std::string& where) {
  if (!v.is_number_integer() || v.get<long long>() < INT_MIN || v.get<long long>() > INT_MAX)
    throw ExerciseError(where + ": expected an integer");
  return v.get<int>();
}

const std::string& string(const Json& v, const std::string& where) {
  return expect(v, Json::value_t::string, where, "a string").get_ref<const std::string&>();
}

const Json& array(const Json& v, const std::string& where) {
  return expect(v, Json::value_t::array, where, "an array");
}

const Json& object(const Json& v, const std::string& where) {
  return expect(v, Json::value_t::object, where, "an object");
}

/// nullptr when absent (or `object` is not an object).
const Json* find(const Json& object, const char* key) {
  if (!object.is_object()) return nullptr;
  const auto it = object.find(key);
  return it == object.end() ? nullptr : &*it;
}

/// `key` from the "smoke" member at level 2, else from the "quick" member at level ≥ 1, when
/// present there, else from `object`.
const Json* pick(const Json& object, const char* key, int level) {
  if (level >= 2)
    if (const Json* q = find(object, "smoke"))
      if (const Json* v = find(*q, key)) return v;
  if (level >= 1)
    if (const Json* q = find(object, "quick"))
      if (const Json* v = find(*q, key)) return v;
  return find(object, key);
}

std::vector<int> ints(const Json& v, const std::string& where) {
  std::vector<int> out;
  for (std::size_t i = 0; i < array(v, where).size(); ++i)
    out.push_back(integer(v[i], where + "[" + std::to_string(i) + "]"));
  return out;
}

SweepSpec sweep_of(const Json& v, const std::string& where, int quick) {
  SweepSpec s;
  object(v, where);
  if (const Json* x = pick(v, "p", quick)) s.p = ints(*x, where + ".p");
  if (const Json* x = pick(v, "roots", quick)) s.roots = string(*x, where + ".roots");
  if (const Json* x = pick(v, "sample_roots_above", quick))
    s.sample_above = integer(*x, where + ".sample_roots_above");
  if (const Json* x = pick(v, "counts", quick)) s.counts = ints(*x, where + ".counts");
  if (const Json* x = pick(v, "datatypes", quick))
    for (const Json& d : array(*x, where + ".datatypes"))
      s.datatypes.push_back(string(d, where + ".datatypes"));
  if (const Json* x = pick(v, "ops", quick)) {
    s.ops.clear();
    for (const Json& o : array(*x, where + ".ops")) s.ops.push_back(string(o, where + ".ops"));
  }
  for (const std::string& o : s.ops)
    if (!parse_op(o))
      throw ExerciseError(where + ".ops: \"sum\" or \"affine\", got \"" + o +
                          "\" (gatherv: a problem type of seeds/000, e.g. \"spikes\")");
  if (s.p.empty() || s.counts.empty() || s.datatypes.empty() || s.ops.empty())
    throw ExerciseError(where + ": needs p, counts and datatypes");
  if (s.roots != "all" && s.roots != "sample" && s.roots != "zero")
    throw ExerciseError(where + ".roots: expected \"all\", \"sample\" or \"zero\"");
  for (const int p : s.p)
    if (p < 1 || p > 64) throw ExerciseError(where + ".p: process counts must be 1..64");
  for (const int c : s.counts)
    if (c < 0 || c > 500000) throw ExerciseError(where + ".counts: counts must be 0..500000");
  for (const std::string& d : s.datatypes)
    if (d != "int" && d != "vector")
      throw ExerciseError(where + ".datatypes: \"int\" or \"vector\", got \"" + d + "\"");
  return s;
}

SpeedSpec speed_of(const Json& v, int quick) {
  SpeedSpec s;
  if (const Json* x = pick(v, "p", quick)) s.p = integer(*x, "speed.p");
  if (const Json* x = pick(v, "root", quick)) s.root = integer(*x, "speed.root");
  if (const Json* x = pick(v, "datatype", quick)) s.datatype = string(*x, "speed.datatype");
  if (const Json* x = pick(v, "counts", quick)) s.counts = ints(*x, "speed.counts");
  if (const Json* x = pick(v, "repetitions", quick))
    s.repetitions = integer(*x, "speed.repetitions");
  if (const Json* x = pick(v, "tolerance", quick)) s.tolerance = number(*x, "speed.tolerance");
  if (s.counts.empty() || s.p < 1 || s.root < 0 || s.root >= s.p || s.repetitions < 1)
    throw ExerciseError("speed: needs counts, 1 ≤ p, 0 ≤ root < p, repetitions ≥ 1");
  return s;
}

Limits limits_of(const Json* v, int quick) {
  Limits l;
  if (v == nullptr) return l;
  if (const Json* x = pick(*v, "case_seconds", quick)) l.case_seconds = number(*x, "limits");
  if (const Json* x = pick(*v, "run_seconds", quick)) l.run_seconds = number(*x, "limits");
  if (const Json* x = pick(*v, "compile_seconds", quick)) l.compile_seconds = number(*x, "limits");
  if (const Json* x = pick(*v, "memory_mb", quick)) l.memory_mb = integer(*x, "limits.memory_mb");
  if (const Json* x = pick(*v, "output_kb", quick)) l.output_kb = integer(*x, "limits.output_kb");
  if (const Json* x = pick(*v, "max_attempts", quick)) l.max_attempts = integer(*x, "limits");
  return l;
}

std::string text_of(const Json& object, const char* key, const std::string& where,
                    bool required = true) {
  const Json* v = find(object, key);
  if (v == nullptr) {
    if (required) throw ExerciseError(where + ": missing \"" + key + "\"");
    return {};
  }
  return string(*v, where + "." + key);
}

Expr expr_of(const Json* v, const std::string& at, const std::set<std::string>& known) {
  if (v == nullptr) return {};
  Expr e;
  try {
    e = Expr::parse(string(*v, at));
  } catch (const ExprError& error) {
    throw ExerciseError(at + ": " + error.what());
  }
  for (const std::string& name : e.variables())
    if (!known.count(name)) throw ExerciseError(at + ": unknown name '" + name + "'");
  return e;
}

CheckSpec check_of(const Json& v, const std::string& where, const std::set<std::string>& known) {
  static const std::set<std::string> kinds{"correct", "sync_send", "no_collectives",
                                           "bound",   "speed",     "policy"};
  CheckSpec c;
  c.id = text_of(v, "id", where);
  c.kind = text_of(v, "kind", where);
  if (!kinds.count(c.kind)) throw ExerciseError(where + ".kind: unknown kind \"" + c.kind + "\"");
  c.title = text_of(v, "title", where);
  c.explain = text_of(v, "explain", where, false);
  if (const Json* hint = find(v, "hint")) {
    if (hint->is_string()) {
      c.hints.push_back({{}, string(*hint, where + ".hint"), {}});
    } else {
      for (std::size_t i = 0; i < array(*hint, where + ".hint").size(); ++i) {
        const std::string at = where + ".hint[" + std::to_string(i) + "]";
        const Json& h = object((*hint)[i], at);
        static const std::set<std::string> diagnoses{"serialised", "chain",        "star",
                                                     "no_overlap", "not_doubling", "doubling"};
        const std::string diagnosis = text_of(h, "diagnosis", at, false);
        if (!diagnosis.empty() && !diagnoses.count(diagnosis))
          throw ExerciseError(at + ".diagnosis: unknown diagnosis \"" + diagnosis + "\"");
        c.hints.push_back(
            {expr_of(find(h, "when"), at + ".when", known), text_of(h, "text", at), diagnosis});
      }
    }
  }
  const Json* points = find(v, "points");
  if (points == nullptr) throw ExerciseError(where + ": missing \"points\"");
  c.points = number(*points, where + ".points");
  c.value = expr_of(find(v, "value"), where + ".value", known);
  c.bound = expr_of(find(v, "bound"), where + ".bound", known);
  c.when = expr_of(find(v, "when"), where + ".when", known);
  if (c.kind == "bound" && (c.value.empty() || c.bound.empty()))
    throw ExerciseError(where + ": a bound check needs \"value\" and \"bound\"");
  return c;
}

} // namespace

Exercise load_exercise(const std::string& name_or_dir, const fs::path& root, bool quick,
                       bool smoke) {
  const int level = smoke ? 2 : quick ? 1 : 0;
  Exercise e;
  e.dir = fs::exists(fs::path(name_or_dir) / "exercise.json") ? fs::path(name_or_dir)
                                                              : root / name_or_dir;
  const fs::path file = e.dir / "exercise.json";
  std::ifstream in(file);
  if (!in)
    throw ExerciseError("no exercise '" + name_or_dir + "' (looked for " + file.string() + ")");
  std::stringstream text;
  text << in.rdbuf();
  try {
    const Json doc = Json::parse(text.str());
    object(doc, "top level");
    e.name = fs::absolute(e.dir).lexically_normal().filename().string();
    if (e.name.empty()) e.name = fs::absolute(e.dir).parent_path().filename().string();
    e.title = text_of(doc, "title", "top level");
    e.collective = text_of(doc, "collective", "top level");
    if (!parse_kind(e.collective))
      throw ExerciseError("collective must be gather, scatter, bcast, allgather, allreduce, "
                          "alltoall, scan, reduce_scatter_block or gatherv");
    e.function = text_of(doc, "function", "top level");
    e.signature = text_of(doc, "signature", "top level");
    e.lecture = text_of(doc, "lecture", "top level", false);
    if (const Json* r = find(doc, "reference")) e.reference = string(*r, "reference");
    if (const Json* m = find(doc, "model")) {
      if (const Json* a = find(*m, "alpha")) e.alpha = number(*a, "model.alpha");
      if (const Json* b = find(*m, "beta")) e.beta = number(*b, "model.beta");
    }
    std::set<std::string> known(case_variables().begin(), case_variables().end());
    known.insert(metric_variables().begin(), metric_variables().end());
    if (const Json* d = find(doc, "define"))
      for (const auto& [name, value] : object(*d, "define").items()) {
        e.defines.emplace_back(name, expr_of(&value, "define." + name, known));
        known.insert(name);
      }
    if (const Json* policy = find(doc, "policy"))
      if (const Json* allow = find(object(*policy, "policy"), "allow"))
        for (const Json& item : array(*allow, "policy.allow"))
          e.policy_allow.push_back(string(item, "policy.allow"));
    const Json* sweep = find(doc, "sweep");
    const Json* sync = find(doc, "sync_sweep");
    const Json* speed = find(doc, "speed");
    if (!sweep || !sync || !speed) throw ExerciseError("needs sweep, sync_sweep, speed");
    e.smoke = smoke;
    e.sweep = sweep_of(*sweep, "sweep", level);
    e.sync_sweep = sweep_of(*sync, "sync_sweep", level);
    const Kind kind = *parse_kind(e.collective);
    for (const std::string& o : e.sweep.ops)
      if (takes_problem(kind) ? !is_problem(*parse_op(o)) && o != "sum" : is_problem(*parse_op(o)))
        throw ExerciseError("sweep.ops: \"" + o +
                            "\": problem types are gatherv's, ops the "
                            "reductions'");
    if (!takes_op(kind) && !takes_problem(kind) &&
        (e.sweep.ops.size() != 1 || e.sweep.ops[0] != "sum"))
      throw ExerciseError("sweep.ops: only a reduction (allreduce, scan, reduce_scatter_block) "
                          "has an op");
    e.speed = speed_of(*speed, level);
    e.limits = limits_of(find(doc, "limits"), level);
    const Json* checks = find(doc, "checks");
    if (!checks) throw ExerciseError("needs checks");
    for (std::size_t i = 0; i < array(*checks, "checks").size(); ++i)
      e.checks.push_back(check_of((*checks)[i], "checks[" + std::to_string(i) + "]", known));
    if (const Json* broken = find(doc, "broken"))
      for (const Json& b : array(*broken, "broken")) {
        BrokenSpec s{text_of(b, "file", "broken"), {}, text_of(b, "diagnosis", "broken", false)};
        if (const Json* breaks = find(b, "breaks"))
          for (const Json& id : array(*breaks, "broken.breaks"))
            s.breaks.push_back(string(id, "breaks"));
        e.broken.push_back(s);
      }
  } catch (const Json::exception& error) {
    throw ExerciseError(file.string() + ": " + error.what());
  } catch (const ExerciseError& error) {
    throw ExerciseError(file.string() + ": " + error.what());
  }
  return e;
}

} // namespace collscope::grade
