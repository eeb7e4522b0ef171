// Texts both reports share.
#pragma once

#include "grade.hpp"

#include <string>

namespace collscope::grade {

/// "quick sweep: p = 1, 2, 3, 5, 8; roots sampled; counts 0, 1, 1000; MPI_INT and the vector type"
std::string sweep_text(const Grade& grade);
/// How the grade is computed, for the end of a report.
std::string grading_rules(const Grade& grade);
/// Text for HTML and XML (report.html, junit.xml): markup escaped; control characters, which
/// XML 1.0 cannot carry, shown as U+FFFD.
std::string markup(const std::string& text);
/// "MPI_Gather" for the exercise's collective.
std::string native_name(const Grade& grade);
/// The failed cases a report lists for a check: the first of each process count, then the
/// next ones in order, at most `limit`.
std::vector<const FailedCase*> shown_failures(const CheckResult& check, std::size_t limit = 8);

} // namespace collscope::grade
