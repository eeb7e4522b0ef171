// Bounds as the lecture writes them: "⌈log₂p⌉", "⌈p/2⌉·block extent + 1 KiB", not the
// grader's expression syntax ("clog2(p)", "ceil(p / 2) * block_extent + 1024").
#pragma once

#include <string>

namespace collscope::grade {

/// An exercise.json expression in the lecture's notation, for reports (only for reading:
/// the grader evaluates the expression itself).
std::string lecture_notation(const std::string& expression);

} // namespace collscope::grade
