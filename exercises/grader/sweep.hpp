// The cases of an exercise's sweeps, and the plan files the harness reads (case.hpp).
#pragma once

#include "collscope/grade/case.hpp"
#include "exercise.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace collscope::grade {

/// Every case of the correctness sweep, ids from 1: each p × root × count × datatype.
std::vector<Case> main_cases(const SweepSpec& sweep);
/// The cases of `sync` among `main` (same p, root, count and datatype), keeping their ids.
std::vector<Case> sync_cases(const SweepSpec& sync, const std::vector<Case>& main);
/// Processes to time on: the exercise's speed.p, but no more than this machine's cores (an
/// oversubscribed timing measures the scheduler), and at least 2.
int timing_processes(const SpeedSpec& speed);
/// One timing case per count of the speed spec at p processes, ids from 100001 (the root
/// is speed.root, or p − 1 when p is smaller).
std::vector<Case> speed_cases(const SpeedSpec& speed, int p);

/// Roots of a sweep for p processes.
std::vector<int> roots_for(const SweepSpec& sweep, int p);

void write_plan(const std::filesystem::path& file, const std::vector<Case>& cases);

/// "p=5 root=2 count=1000 MPI_INT" ("p=5 count=1000 MPI_INT" for a collective without a root).
std::string describe(const Case& c, const Exercise& exercise);
/// "5:2:1000:int:17", the harness's --case.
std::string case_spec(const Case& c);

/// The variables of exercise.json bounds that depend on the case alone (exercise.hpp).
Env case_env(const Exercise& exercise, const Case& c);

} // namespace collscope::grade
