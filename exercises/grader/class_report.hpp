// The class report of a batch (class-report.md beside grades.csv): what a lecturer reads
// after grading a course's submissions, locally or as Slurm jobs.
#pragma once

#include "exercise.hpp"

#include <filesystem>

namespace collscope::grade {

/// Reads `csv` (grade_batch's or grade_batch_slurm's) and each graded submission's
/// results.json, and writes `report`: the distribution of total scores and of each check's
/// points, the most common failures with their hints, the submissions without a result
/// (and why), and the slowest and fastest submissions against native MPI.
void write_class_report(const Exercise& exercise, const std::filesystem::path& csv,
                        const std::filesystem::path& report);

} // namespace collscope::grade
