// Grading a class as Slurm jobs (collscope-grade EXERCISE --batch DIR --slurm): one task of
// a job array per submission, each on a node of its own (--exclusive). Every task is this
// grader's ordinary --batch of that one submission, so it compiles and runs in the same
// bubblewrap sandbox as on one machine. The sandbox has no network, so a submission's ranks
// stay on its task's node (--nodes=1): the exercise's sweep runs there, with mpirun as
// always, and the class's submissions are graded side by side on as many nodes as Slurm
// gives. The tasks' rows become the batch's grades.csv; a task that left no row (failed,
// cancelled, timed out) is a row with Slurm's reason, never a lost result.
#pragma once

#include "exercise.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace collscope::grade {

struct SlurmOptions {
  std::string partition; ///< sbatch --partition, empty: the cluster's default
  std::string time;      ///< sbatch --time per submission, empty: the partition's default
  /// What every task passes on to the grader (--quick, --smoke, --unsafe-no-sandbox).
  std::vector<std::string> grader_flags;
};

/// Submits the batch's submissions as a job array, waits for it, writes `csv` (the header
/// and one row per submission, in name order). Job scripts, staged sources and each task's
/// log live in out/slurm/. Returns the number of submissions; throws ExerciseError with
/// Slurm's own message when sbatch refuses the job (an unknown partition, a bad --time), and
/// with one line when Slurm is not installed.
int grade_batch_slurm(const Exercise& exercise, const std::filesystem::path& batch,
                      const std::filesystem::path& out, const std::filesystem::path& csv,
                      const SlurmOptions& options);

} // namespace collscope::grade
