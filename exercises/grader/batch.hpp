// Grading a class: every submission in a folder, one row each in a CSV.
#pragma once

#include "exercise.hpp"
#include "runner.hpp"
#include "sandbox.hpp"

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace collscope::grade {

/// The submissions of `dir` (below), sorted by name: (name, source).
std::vector<std::pair<std::string, std::filesystem::path>>
batch_submissions(const std::filesystem::path& dir);

/// The CSV's first line: submission, score, max_score, each check's points, compiled,
/// seconds, first_problem, report.
std::string batch_csv_header(const Exercise& exercise);

/// `text` as one CSV field (quoted where it must be).
std::string csv_field(const std::string& text);

/// Submissions are the *.cpp files of `dir`, and the folders holding exactly one *.cpp (named
/// after the folder). Each is graded into out/<name>/; the CSV goes to `csv`. Returns the
/// number graded.
int grade_batch(const Exercise& exercise, const Toolchain& tools, const Sandbox& sandbox,
                const std::filesystem::path& dir, const std::filesystem::path& out,
                const std::filesystem::path& csv, bool quick);

} // namespace collscope::grade
