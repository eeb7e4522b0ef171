// The archive's directories: DIR is complete or absent; DIR.partial holds the archive being
// written, or INCOMPLETE saying why there is none (tracer/README.md, "How a trace is written").
#pragma once

#include <string>

namespace collscope::rec {

/// Removes path and everything below it; true if it is gone afterwards.
bool remove_tree(const std::string& path);

/// Creates path (not its parents); true if it exists afterwards. Sets error otherwise.
bool make_dir(const std::string& path, std::string& error);

/// Writes INCOMPLETE into partial_dir with one line of reason. exclusive: keep an existing
/// file, whose reason (the first failure) is more useful than a consequence of it.
void write_incomplete(const std::string& partial_dir, const std::string& reason, bool exclusive);

/// Replaces final_dir by partial_dir; empty on success, else why not.
std::string publish(const std::string& partial_dir, const std::string& final_dir);

} // namespace collscope::rec
