// An exercise as its folder declares it in exercise.json (format: exercises/README.md):
// what to implement, the sweep, the limits, and the checks with their points and bounds.
// Adding an exercise is adding a folder; nothing here knows a particular one.
#pragma once

#include "collscope/cost_defaults.hpp"
#include "collscope/grade/case.hpp"
#include "expr.hpp"

#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

namespace collscope::grade {

struct SweepSpec {
  std::vector<int> p;
  std::string roots = "all"; ///< "all", "sample" (0, 1, p/2, p−1) or "zero"
  int sample_above = 8;      ///< "all" samples roots when p exceeds this
  std::vector<int> counts;
  std::vector<std::string> datatypes;  ///< "int", "vector"
  std::vector<std::string> ops{"sum"}; ///< allreduce: "sum", "affine" (case.hpp)
};

struct SpeedSpec {
  int p = 4;
  int root = 0;
  std::string datatype = "int";
  std::vector<int> counts;
  int repetitions = 20;
  double tolerance = 3.0; ///< median(yours) / median(native) allowed, median over the counts
};

struct Limits {
  double case_seconds = 10; ///< no progress for this long: the run hangs
  double run_seconds = 300; ///< one mpirun at most
  double compile_seconds = 120;
  long long memory_mb = 512; ///< per process (RLIMIT_DATA)
  long long output_kb = 512; ///< stdout + stderr of one run; more is a flood
  int max_attempts = 3;      ///< runs of one sweep, each skipping the cases that killed a run
};

struct CheckSpec {
  std::string id;
  std::string kind; ///< correct, sync_send, no_collectives, bound, speed, policy
  std::string title;
  std::string explain; ///< what is checked and why, for the report
  /// Shown on failure, evaluated on the worst failing case ({expr} in the text): the first
  /// whose `when` holds there (an empty `when` always holds) and whose `diagnosis`, if it
  /// names one (diagnose.hpp: serialised, chain, star, no_overlap, not_doubling, doubling),
  /// holds for that case's own trace, so that it fits the code.
  struct Hint {
    Expr when;
    std::string text;
    std::string diagnosis;
  };
  std::vector<Hint> hints;
  double points = 0;
  Expr value, bound, when; ///< kind bound: value ≤ bound on every judged case where `when`
};

struct BrokenSpec {
  std::string file;                ///< relative to the exercise folder
  std::vector<std::string> breaks; ///< ids of the checks it must fail, and only those
  std::string diagnosis;           ///< text the report must contain
};

struct Exercise {
  std::string name;
  std::filesystem::path dir;
  std::string title, collective, function, signature, lecture;
  double alpha = default_alpha_s, beta = default_beta_s_per_byte;
  std::vector<std::pair<std::string, Expr>> defines;
  SweepSpec sweep, sync_sweep;
  SpeedSpec speed;
  Limits limits;
  /// The test suite's sample (--smoke): every sweep in one mpirun of max p + 1 processes,
  /// which gives up the containment of failures per process count.
  bool smoke = false;
  std::vector<CheckSpec> checks;
  std::vector<BrokenSpec> broken;
  std::string reference = "reference.cpp";
  std::vector<std::string> policy_allow; ///< symbol-policy groups or symbols allowed (policy.hpp)

  double max_points() const;
  const CheckSpec* check_of_kind(const std::string& kind) const;
};

class ExerciseError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

/// The variables a bound may use besides `define`s (see exercises/README.md).
const std::vector<std::string>& case_variables();
const std::vector<std::string>& metric_variables();

/// `name_or_dir`: a folder with exercise.json, or the name of one under `exercises_root`.
/// `quick` picks the "quick" variants of sweeps and limits; `smoke` (the test suite's) the
/// "smoke" variants where an exercise has them, else the quick ones. Throws ExerciseError
/// with one line ("exercise.json: checks[2].bound: unknown name 'q'").
Exercise load_exercise(const std::string& name_or_dir, const std::filesystem::path& exercises_root,
                       bool quick, bool smoke = false);

} // namespace collscope::grade
