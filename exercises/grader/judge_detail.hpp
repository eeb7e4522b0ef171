// Shared by judge.cpp and judge_bounds.cpp.
#pragma once

#include "grade.hpp"

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace collscope::grade {

CheckResult judge_bound(const Grade& grade, const CheckSpec& spec);
CheckResult judge_speed(const Grade& grade, const CheckSpec& spec);
CheckResult judge_policy(const Grade& grade, const CheckSpec& spec);

namespace detail {

/// Whether a case counts for the checks after correctness: it came out right and was not
/// trivial (with count 0 or a single process there is nothing to communicate, so even an
/// empty function or one that deadlocks with two ranks gets it right).
inline bool right(const CaseRecord& record) {
  return record.outcome == Outcome::ok && record.c.count > 0 && record.c.p > 1;
}

/// "wrong result: rank 0, …".
std::string outcome_text(const CaseRecord& record);
/// Status and summary from the judged cases, and the pattern that separates the failing ones.
void finish(CheckResult& result, const std::vector<const Case*>& failing,
            const std::vector<const Case*>& passing, const std::string& noun);
/// Cases that did not run: counted apart from failed ones; a check that could judge none
/// is not measured and gives no points.
void add_unrun(CheckResult& result, int unrun, int total);
/// Fails `result` when the symbol policy found calls that would fool checks of `kind`.
void policy_verdict(const Grade& grade, CheckResult& result, const std::string& kind);
/// The check's table: one row per process count.
void per_p_table(CheckResult& result, const std::vector<std::pair<const CaseRecord*, bool>>& judged,
                 const std::map<const CaseRecord*, std::string>& why, const Exercise& exercise);

} // namespace detail
} // namespace collscope::grade
