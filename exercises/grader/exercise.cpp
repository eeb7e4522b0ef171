#include "exercise.hpp"

#include "json.hpp"

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>

namespace collscope::grade {

namespace fs = std::filesystem;
using json::Value;

const std::vector<std::string>& case_variables() {
  static const std::vector<std::string> names{"p",      "root",        "count",        "type_size",
                                              "extent", "block_bytes", "block_extent", "m",
                                              "alpha",  "beta"};
  return names;
}

const std::vector<std::string>& metric_variables() {
  static const std::vector<std::string> names{
      "rounds",        "bytes_max_per_rank", "bytes_sent_max", "bytes_recv_max", "msgs_recv_max",
      "msgs_sent_max", "messages",           "heap_peak",      "heap_live"};
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

/// `key` from the "quick" member when quick and present there, else from `object`.
const Value* pick(const Value& object, const char* key, bool quick) {
  if (quick)
    if (const Value* q = object.find("quick"))
      if (const Value* v = q->find(key)) return v;
  return object.find(key);
}

std::vector<int> ints(const Value& v, const std::string& where) {
  std::vector<int> out;
  for (std::size_t i = 0; i < v.as_array(where).size(); ++i)
    out.push_back(v.as_array(where)[i].as_int(where + "[" + std::to_string(i) + "]"));
  return out;
}

SweepSpec sweep_of(const Value& v, const std::string& where, bool quick) {
  SweepSpec s;
  v.as_object(where);
  if (const Value* x = pick(v, "p", quick)) s.p = ints(*x, where + ".p");
  if (const Value* x = pick(v, "roots", quick)) s.roots = x->as_string(where + ".roots");
  if (const Value* x = pick(v, "sample_roots_above", quick))
    s.sample_above = x->as_int(where + ".sample_roots_above");
  if (const Value* x = pick(v, "counts", quick)) s.counts = ints(*x, where + ".counts");
  if (const Value* x = pick(v, "datatypes", quick))
    for (const Value& d : x->as_array(where + ".datatypes"))
      s.datatypes.push_back(d.as_string(where + ".datatypes"));
  if (s.p.empty() || s.counts.empty() || s.datatypes.empty())
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

SpeedSpec speed_of(const Value& v, bool quick) {
  SpeedSpec s;
  if (const Value* x = pick(v, "p", quick)) s.p = x->as_int("speed.p");
  if (const Value* x = pick(v, "root", quick)) s.root = x->as_int("speed.root");
  if (const Value* x = pick(v, "datatype", quick)) s.datatype = x->as_string("speed.datatype");
  if (const Value* x = pick(v, "counts", quick)) s.counts = ints(*x, "speed.counts");
  if (const Value* x = pick(v, "repetitions", quick))
    s.repetitions = x->as_int("speed.repetitions");
  if (const Value* x = pick(v, "tolerance", quick)) s.tolerance = x->as_number("speed.tolerance");
  if (s.counts.empty() || s.p < 1 || s.root < 0 || s.root >= s.p || s.repetitions < 1)
    throw ExerciseError("speed: needs counts, 1 ≤ p, 0 ≤ root < p, repetitions ≥ 1");
  return s;
}

Limits limits_of(const Value* v, bool quick) {
  Limits l;
  if (v == nullptr) return l;
  if (const Value* x = pick(*v, "case_seconds", quick)) l.case_seconds = x->as_number("limits");
  if (const Value* x = pick(*v, "run_seconds", quick)) l.run_seconds = x->as_number("limits");
  if (const Value* x = pick(*v, "compile_seconds", quick))
    l.compile_seconds = x->as_number("limits");
  if (const Value* x = pick(*v, "memory_mb", quick)) l.memory_mb = x->as_int("limits.memory_mb");
  if (const Value* x = pick(*v, "output_kb", quick)) l.output_kb = x->as_int("limits.output_kb");
  if (const Value* x = pick(*v, "max_attempts", quick)) l.max_attempts = x->as_int("limits");
  return l;
}

std::string text_of(const Value& object, const char* key, const std::string& where,
                    bool required = true) {
  const Value* v = object.find(key);
  if (v == nullptr) {
    if (required) throw ExerciseError(where + ": missing \"" + key + "\"");
    return {};
  }
  return v->as_string(where + "." + key);
}

Expr expr_of(const Value& object, const char* key, const std::string& where,
             const std::set<std::string>& known) {
  const Value* v = object.find(key);
  if (v == nullptr) return {};
  const std::string at = where + "." + key;
  Expr e;
  try {
    e = Expr::parse(v->as_string(at));
  } catch (const ExprError& error) {
    throw ExerciseError(at + ": " + error.what());
  }
  for (const std::string& name : e.variables())
    if (!known.count(name)) throw ExerciseError(at + ": unknown name '" + name + "'");
  return e;
}

CheckSpec check_of(const Value& v, const std::string& where, const std::set<std::string>& known) {
  static const std::set<std::string> kinds{"correct", "sync_send", "no_collectives", "bound",
                                           "speed"};
  CheckSpec c;
  c.id = text_of(v, "id", where);
  c.kind = text_of(v, "kind", where);
  if (!kinds.count(c.kind)) throw ExerciseError(where + ".kind: unknown kind \"" + c.kind + "\"");
  c.title = text_of(v, "title", where);
  c.explain = text_of(v, "explain", where, false);
  c.hint = text_of(v, "hint", where, false);
  const Value* points = v.find("points");
  if (points == nullptr) throw ExerciseError(where + ": missing \"points\"");
  c.points = points->as_number(where + ".points");
  c.value = expr_of(v, "value", where, known);
  c.bound = expr_of(v, "bound", where, known);
  c.when = expr_of(v, "when", where, known);
  if (c.kind == "bound" && (c.value.empty() || c.bound.empty()))
    throw ExerciseError(where + ": a bound check needs \"value\" and \"bound\"");
  return c;
}

} // namespace

Exercise load_exercise(const std::string& name_or_dir, const fs::path& root, bool quick) {
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
    const Value doc = json::parse(text.str());
    e.name = fs::absolute(e.dir).lexically_normal().filename().string();
    if (e.name.empty()) e.name = fs::absolute(e.dir).parent_path().filename().string();
    e.title = text_of(doc, "title", "top level");
    e.collective = text_of(doc, "collective", "top level");
    if (e.collective != "gather" && e.collective != "scatter" && e.collective != "bcast" &&
        e.collective != "allgather")
      throw ExerciseError("collective must be gather, scatter, bcast or allgather");
    e.function = text_of(doc, "function", "top level");
    e.signature = text_of(doc, "signature", "top level");
    e.lecture = text_of(doc, "lecture", "top level", false);
    if (const Value* r = doc.find("reference")) e.reference = r->as_string("reference");
    if (const Value* m = doc.find("model")) {
      if (const Value* a = m->find("alpha")) e.alpha = a->as_number("model.alpha");
      if (const Value* b = m->find("beta")) e.beta = b->as_number("model.beta");
    }
    std::set<std::string> known(case_variables().begin(), case_variables().end());
    known.insert(metric_variables().begin(), metric_variables().end());
    if (const Value* d = doc.find("define"))
      for (const auto& [name, value] : d->as_object("define")) {
        const Value holder = Value::make_object({{name, value}});
        e.defines.emplace_back(name, expr_of(holder, name.c_str(), "define", known));
        known.insert(name);
      }
    const Value* sweep = doc.find("sweep");
    const Value* sync = doc.find("sync_sweep");
    const Value* speed = doc.find("speed");
    if (!sweep || !sync || !speed) throw ExerciseError("needs sweep, sync_sweep, speed");
    e.sweep = sweep_of(*sweep, "sweep", quick);
    e.sync_sweep = sweep_of(*sync, "sync_sweep", quick);
    e.speed = speed_of(*speed, quick);
    e.limits = limits_of(doc.find("limits"), quick);
    const Value* checks = doc.find("checks");
    if (!checks) throw ExerciseError("needs checks");
    for (std::size_t i = 0; i < checks->as_array("checks").size(); ++i)
      e.checks.push_back(
          check_of(checks->as_array("checks")[i], "checks[" + std::to_string(i) + "]", known));
    if (const Value* broken = doc.find("broken"))
      for (const Value& b : broken->as_array("broken")) {
        BrokenSpec s{text_of(b, "file", "broken"), {}, text_of(b, "diagnosis", "broken", false)};
        if (const Value* breaks = b.find("breaks"))
          for (const Value& id : breaks->as_array("broken.breaks"))
            s.breaks.push_back(id.as_string("breaks"));
        e.broken.push_back(s);
      }
  } catch (const json::Error& error) {
    throw ExerciseError(file.string() + ": " + error.what());
  } catch (const ExerciseError& error) {
    throw ExerciseError(file.string() + ": " + error.what());
  }
  return e;
}

} // namespace collscope::grade
