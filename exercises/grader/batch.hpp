// Grading a class: every submission in a folder, one row each in a CSV.
#pragma once

#include "exercise.hpp"
#include "runner.hpp"
#include "sandbox.hpp"

#include <filesystem>

namespace collscope::grade {

/// Submissions are the *.cpp files of `dir`, and the folders holding exactly one *.cpp (named
/// after the folder). Each is graded into out/<name>/; the CSV goes to `csv`. Returns the
/// number graded.
int grade_batch(const Exercise& exercise, const Toolchain& tools, const Sandbox& sandbox,
                const std::filesystem::path& dir, const std::filesystem::path& out,
                const std::filesystem::path& csv, bool quick);

} // namespace collscope::grade
