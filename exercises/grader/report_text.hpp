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
/// `text` cut to at most `bytes` bytes, never inside a UTF-8 character ("B₀" stays whole), with
/// "..." after it when something was cut.
inline std::string shortened(const std::string& text, std::size_t bytes) {
  if (text.size() <= bytes) return text;
  std::size_t cut = bytes >= 3 ? bytes - 3 : 0;
  // Back off the continuation bytes (10xxxxxx) of a character the cut would split.
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
  return text.substr(0, cut) + "...";
}
/// "MPI_Gather" for the exercise's collective.
std::string native_name(const Grade& grade);
/// The failed cases a report lists for a check, at most `limit`, largest p first: the hint's
/// case, the first of each distinct kind of failure (outcome, datatype, op, root, the trace's
/// diagnosis), the first of each process count, then the rest; cases not run last.
std::vector<const FailedCase*> shown_failures(const CheckResult& check, std::size_t limit = 8);
/// How a block map reads, for the reports.
inline constexpr const char* block_map_legend =
    "each wrong rank's receive buffer, block by block: the rank whose block landed there, "
    "[rank:elements] for part of one, · for the untouched-memory marker (nothing written "
    "there, or another rank's unwritten memory)";
/// How many of a check's shown failures get a figure in report.html (the first ones).
inline constexpr std::size_t figures_per_check = 3;
/// The call of the shown failure `index` to draw in report.html, or -1 for none (past the
/// first few, or no complete trace of the case).
int figure_call(const FailedCase& failure, std::size_t index);
/// The anchor of that figure in report.html ("figure-rounds-case-17"), linked from report.md.
std::string figure_anchor(const CheckResult& check, const FailedCase& failure);
/// The block maps a report shows of a case: the first 4 wrong ranks.
std::vector<CaseRecord::BlockMap> shown_maps(const CaseRecord& record);

} // namespace collscope::grade
