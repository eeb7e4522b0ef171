// Where the data went: a wrong rank's receive buffer read back as blocks by origin, so that a
// placement bug shows as "1, 2, 0" instead of one wrong element.
#pragma once

#include "buffers.hpp"

#include <string>

namespace collscope::grade {

/// The receive buffer `recv` (recv_elements elements and the guard element behind them) as
/// blocks of c.count elements, separated by ", ": a whole block of rank R's data in order is
/// "R"; a block nothing wrote is "·"; anything else is its runs in brackets, e.g.
/// "[1:0–4 ·×5]" (rank 1's elements 0 to 4, then 5 unwritten elements), "?" for values of no
/// rank (a send buffer's gap, a non-root's send data). Writes behind the buffer end the text
/// as " + behind the end: …". At most about 400 characters. Empty for a reduction (its
/// values are reductions, not blocks) or count 0. An all-to-all's whole block of rank R is
/// R's elements meant for `rank` (from rank·count on).
std::string block_map(Kind kind, const Case& c, int rank, const std::vector<int>& recv,
                      std::int64_t recv_elements);

} // namespace collscope::grade
