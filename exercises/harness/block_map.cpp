#include "block_map.hpp"

#include "collscope/grade/irregular.hpp"

#include <vector>

namespace collscope::grade {

namespace {

/// One element read back: the rank whose data it holds and which of its elements, or
/// unwritten (the sentinel), or foreign (no rank's data). Only the first int of an element
/// is read: the vector type's gap is judged by the byte comparison, not drawn here.
struct Origin {
  enum { data, unwritten, foreign } what = foreign;
  int rank = 0;
  long long element = 0;
};

Origin origin_of(int v) {
  if (v == sentinel) return {Origin::unwritten, 0, 0};
  if (v >= 1000000 && v < 1000000 * 100 && v % 2 == 0)
    return {Origin::data, v / 1000000 - 1, (v % 1000000) / 2};
  return {};
}

/// "1", "·", or "[1:0–4 ·×5]" for elements [begin, end) of `recv` as one block.
std::string block_text(const std::vector<int>& recv, int units, std::int64_t begin,
                       std::int64_t end, bool whole_block, std::int64_t first_element) {
  struct Run {
    Origin first;
    std::int64_t length = 0;
  };
  std::vector<Run> runs;
  for (std::int64_t e = begin; e < end; ++e) {
    const Origin o = origin_of(recv[static_cast<std::size_t>(e * units)]);
    if (!runs.empty()) {
      Run& last = runs.back();
      const bool continues =
          last.first.what == o.what &&
          (o.what != Origin::data ||
           (o.rank == last.first.rank && o.element == last.first.element + last.length));
      if (continues) {
        ++last.length;
        continue;
      }
    }
    runs.push_back({o, 1});
  }
  if (whole_block && runs.size() == 1) {
    const Run& r = runs.front();
    if (r.first.what == Origin::unwritten) return "·";
    if (r.first.what == Origin::data && r.first.element == first_element)
      return std::to_string(r.first.rank);
  }
  std::string text;
  for (const Run& r : runs) {
    text += text.empty() ? "" : " ";
    if (r.first.what == Origin::data) {
      text += std::to_string(r.first.rank) + ":" + std::to_string(r.first.element);
      if (r.length > 1) text += "–" + std::to_string(r.first.element + r.length - 1);
    } else {
      text += r.first.what == Origin::unwritten ? "·" : "?";
      if (r.length > 1) text += "×" + std::to_string(r.length);
    }
  }
  return whole_block ? "[" + text + "]" : text;
}

/// gatherv: rank i's block at displs[i] (`[]` when empty), and the free element behind it
/// where something wrote there ("0 +[1:0]": rank 1's element 0 landed behind rank 0's block).
std::string gatherv_block_map(const Case& c, const std::vector<int>& recv,
                              std::int64_t recv_elements) {
  const int units = units_per_element(c.dtype);
  std::string text;
  for (int i = 0; i < c.p; ++i) {
    if (text.size() > 400) {
      text += ", …";
      break;
    }
    const std::int64_t at = gatherv_displ(c, i), n = gatherv_count(c, i);
    text += (i == 0 ? "" : ", ") +
            (n == 0 ? std::string("[]") : block_text(recv, units, at, at + n, true, 0));
    if (at + n < recv_elements &&
        origin_of(recv[static_cast<std::size_t>((at + n) * units)]).what != Origin::unwritten)
      text += " +" + block_text(recv, units, at + n, at + n + 1, false, 0);
  }
  const std::int64_t elements = static_cast<std::int64_t>(recv.size()) / units;
  if (origin_of(recv[static_cast<std::size_t>(recv_elements * units)]).what != Origin::unwritten)
    text += " + behind the end: " + block_text(recv, units, recv_elements, elements, false, 0);
  return text;
}

} // namespace

std::string block_map(Kind kind, const Case& c, int rank, const std::vector<int>& recv,
                      std::int64_t recv_elements) {
  if (takes_op(kind) || c.count <= 0) return {};
  if (kind == Kind::gatherv) return gatherv_block_map(c, recv, recv_elements);
  // An all-to-all's block from rank R is R's block for this rank: its elements from rank·count.
  const std::int64_t first = kind == Kind::alltoall ? std::int64_t{rank} * c.count : 0;
  const int units = units_per_element(c.dtype);
  std::string text;
  for (std::int64_t b = 0; b * c.count < recv_elements; ++b) {
    if (text.size() > 400) {
      text += ", …";
      break;
    }
    text +=
        (b == 0 ? "" : ", ") + block_text(recv, units, b * c.count, (b + 1) * c.count, true, first);
  }
  // The guard element behind the buffer: written means the call wrote past its end.
  const std::int64_t elements = static_cast<std::int64_t>(recv.size()) / units;
  if (origin_of(recv[static_cast<std::size_t>(recv_elements * units)]).what != Origin::unwritten)
    text += " + behind the end: " + block_text(recv, units, recv_elements, elements, false, 0);
  return text;
}

} // namespace collscope::grade
