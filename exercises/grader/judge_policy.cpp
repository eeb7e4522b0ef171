// The symbol policy's check, and what its findings cost the checks they would fool.
#include "judge_detail.hpp"
#include "policy.hpp"

#include <algorithm>

namespace collscope::grade {

namespace {

/// The symbols of the findings that threaten `what`, for one line.
std::string threatening(const std::vector<PolicyFinding>& findings, const std::string& what) {
  std::string list;
  int n = 0;
  for (const PolicyFinding& f : findings) {
    const PolicyGroup* g = policy_group(f.group);
    if (!g || std::find(g->threatens.begin(), g->threatens.end(), what) == g->threatens.end())
      continue;
    if (n++ < 6) list += (list.empty() ? "" : ", ") + f.symbol;
  }
  return n > 6 ? list + " and " + std::to_string(n - 6) + " more" : list;
}

} // namespace

namespace detail {

void policy_verdict(const Grade& g, CheckResult& result, const std::string& kind) {
  if (!threatens(g.compile.policy, kind)) return;
  result.status = CheckResult::Status::failed;
  result.diagnosis.insert(result.diagnosis.begin(),
                          "Not accepted: your code uses " + threatening(g.compile.policy, kind) +
                              ", which this check cannot see through (see the policy check).");
}

} // namespace detail

CheckResult judge_policy(const Grade& g, const CheckSpec& spec) {
  CheckResult result;
  result.spec = &spec;
  result.judged = 1;
  const std::vector<PolicyFinding>& findings = g.compile.policy;
  if (findings.empty() && std::none_of(g.main.begin(), g.main.end(), detail::right)) {
    result.judged = 0;
    result.summary = "not judged: no case to judge (it needs cases your submission got right)";
    return result;
  }
  if (findings.empty()) {
    result.status = CheckResult::Status::passed;
    result.summary = "the compiled code calls and defines nothing the policy forbids";
    return result;
  }
  result.status = CheckResult::Status::failed;
  result.failed = 1;
  result.summary = std::to_string(findings.size()) + " forbidden symbol" +
                   (findings.size() == 1 ? "" : "s") + " in the compiled code";
  result.diagnosis = policy_lines(findings);
  result.diagnosis.push_back(
      "The symbols come from your object file before linking. A collective is implemented "
      "with MPI's point-to-point calls inside the function, nothing else.");
  return result;
}

} // namespace collscope::grade
