#include "buffers.hpp"

#include "collscope/grade/irregular.hpp"

#include <algorithm>

namespace collscope::grade {

int units_per_element(Dtype dtype) {
  return dtype == Dtype::int_ ? 1 : 3;
}

int data_value(int owner, std::int64_t element, int unit) {
  return static_cast<int>(1000000 * (owner + 1) + 2 * element + (unit != 0 ? 1 : 0));
}

int affine_value(int owner, std::int64_t element, int unit) {
  const std::int64_t mix = 7 * owner + 3 * element + 5 * unit;
  const auto a = static_cast<std::uint32_t>((mix % 0x3fff) * 2 + 1);
  const auto b = static_cast<std::uint32_t>((131 * owner + 17 * element + unit + 1) & 0xffff);
  return static_cast<int>(a << 16 | b);
}

int compose_affine(int left, int right) {
  const auto x = static_cast<std::uint32_t>(left);
  const auto y = static_cast<std::uint32_t>(right);
  const std::uint32_t a = ((x >> 16) * (y >> 16)) & 0xffffu;
  const std::uint32_t b = ((x >> 16) * (y & 0xffffu) + (x & 0xffffu)) & 0xffffu;
  return static_cast<int>(a << 16 | b);
}

namespace {

bool is_gap(Dtype dtype, std::int64_t unit_index) {
  return dtype == Dtype::vector && unit_index % 3 == 1;
}

/// `elements` elements of data: element e belongs to owner(e) as its element local(e).
template <class Owner, class Local>
void fill(std::vector<int>& buffer, const Case& c, std::int64_t elements, int gap, Owner owner,
          Local local) {
  const int units = units_per_element(c.dtype);
  for (std::int64_t e = 0; e < elements; ++e)
    for (int u = 0; u < units; ++u)
      buffer[static_cast<std::size_t>(e * units + u)] =
          is_gap(c.dtype, u) ? gap : data_value(owner(e), local(e), u);
}

std::string describe_value(int v) {
  if (v == sentinel) return "untouched memory (" + std::to_string(v) + ")";
  if (v == send_gap) return "a gap of the send buffer's datatype (" + std::to_string(v) + ")";
  if (v == poison) return "a non-root rank's send buffer, which is not significant (-777)";
  if (v >= 1000000 && v < 1000000 * 100) {
    const int owner = v / 1000000 - 1;
    const int element = (v % 1000000) / 2;
    return "rank " + std::to_string(owner) + "'s element " + std::to_string(element) + " (" +
           std::to_string(v) + ")";
  }
  return std::to_string(v);
}

std::string locate(const char* name, const Case& c, std::int64_t unit_index, std::int64_t elements,
                   bool blocks) {
  const int units = units_per_element(c.dtype);
  const std::int64_t element = unit_index / units;
  std::string where = name;
  if (element >= elements) return where + " past its end (element " + std::to_string(element) + ")";
  if (blocks && c.count > 0) {
    where += " block " + std::to_string(element / c.count) + ", element " +
             std::to_string(element % c.count);
  } else {
    where += " element " + std::to_string(element);
  }
  if (is_gap(c.dtype, unit_index)) where += " (the gap inside the vector element)";
  return where;
}

} // namespace

Buffers make_buffers(Kind kind, const Case& c, int rank) {
  const std::int64_t n = c.count;
  const std::int64_t whole = std::int64_t{c.p} * n;
  const int units = units_per_element(c.dtype);
  Buffers b;
  b.op = c.op;
  const bool whole_send =
      kind == Kind::scatter || kind == Kind::alltoall || kind == Kind::reduce_scatter_block;
  b.send_elements = kind == Kind::bcast ? 0 : whole_send ? whole : n;
  b.recv_elements =
      kind == Kind::gather || kind == Kind::allgather || kind == Kind::alltoall ? whole : n;
  if (kind == Kind::gatherv) { // every rank gets the root's whole recvbuf, as for gather
    b.send_elements = gatherv_count(c, rank);
    b.recv_elements = gatherv_extent(c);
  }
  b.send.assign(static_cast<std::size_t>((b.send_elements + 1) * units), sentinel);
  b.recv.assign(static_cast<std::size_t>((b.recv_elements + 1) * units), sentinel);
  const auto mine = [rank](std::int64_t) { return rank; };
  const auto same = [](std::int64_t e) { return e; };
  switch (kind) {
  case Kind::gather:
  case Kind::allgather:
  case Kind::gatherv:
    fill(b.send, c, b.send_elements, send_gap, mine, same);
    break;
  case Kind::scatter:
    if (rank == c.root) {
      fill(
          b.send, c, whole, send_gap, [&](std::int64_t e) { return static_cast<int>(e / n); },
          [&](std::int64_t e) { return e % n; });
    } else {
      for (std::int64_t u = 0; u < whole * units; ++u)
        b.send[static_cast<std::size_t>(u)] = is_gap(c.dtype, u) ? send_gap : poison;
    }
    break;
  case Kind::bcast:
    if (rank == c.root) fill(b.recv, c, n, sentinel, mine, same);
    break;
  case Kind::alltoall: // rank r's element e is meant for rank e / n
    fill(b.send, c, whole, send_gap, mine, same);
    break;
  case Kind::allreduce:
  case Kind::scan:
  case Kind::reduce_scatter_block:
    fill(b.send, c, b.send_elements, send_gap, mine, same);
    if (c.op == Op::affine)
      for (std::int64_t u = 0; u < b.send_elements * units; ++u)
        if (!is_gap(c.dtype, u))
          b.send[static_cast<std::size_t>(u)] =
              affine_value(rank, u / units, static_cast<int>(u % units));
    break;
  }
  return b;
}

namespace {

/// What a reduction's expected value is, for a student.
const char* reduction_meaning(Kind kind, Op op) {
  if (kind == Kind::scan)
    return op == Op::affine ? " (B₀ ∘ B₁ ∘ … ∘ B_r: the maps of ranks 0 to r, composed in rank "
                              "order, r this rank)"
                            : " (the sum over ranks 0 to this one)";
  if (kind == Kind::reduce_scatter_block)
    return op == Op::affine ? " (B₀ ∘ B₁ ∘ … ∘ B_{p−1} of this rank's block: every rank's map of "
                              "that element, composed in rank order)"
                            : " (the sum over all ranks of this rank's block)";
  return op == Op::affine ? " (B₀ ∘ B₁ ∘ … ∘ B_{p−1}: every rank's map, composed in rank order)"
                          : " (the sum over all ranks)";
}

/// A reduction's values are not one rank's data: numbers, and what they mean.
std::string reduction_difference(Kind kind, const Case& c, const Buffers& got,
                                 const Buffers& expected) {
  const auto report = [&](const std::vector<int>& g, const std::vector<int>& e, const char* name,
                          std::int64_t elements) -> std::string {
    const auto [gi, ei] = std::mismatch(g.begin(), g.end(), e.begin());
    if (gi == g.end()) return {};
    const std::int64_t unit = gi - g.begin();
    const auto value = [&](int v) {
      if (v == sentinel || v == send_gap) return describe_value(v);
      if (c.op == Op::sum) return std::to_string(v);
      const auto bits = static_cast<std::uint32_t>(v); // the map x ↦ ax + b, as a·2^16 + b
      return "the map x ↦ " + std::to_string(bits >> 16) + "x + " + std::to_string(bits & 0xffffu) +
             " (" + std::to_string(v) + ")";
    };
    std::string text = locate(name, c, unit, elements, false) + ": expected " + value(*ei);
    if (*ei != sentinel && *ei != send_gap && name[0] == 'r') text += reduction_meaning(kind, c.op);
    text += ", got " + value(*gi);
    if (name[0] == 's') text += " (the send buffer must not change)";
    return text;
  };
  std::string text = report(got.recv, expected.recv, "recvbuf", got.recv_elements);
  if (text.empty()) text = report(got.send, expected.send, "sendbuf", got.send_elements);
  return text;
}

} // namespace

std::string first_difference(Kind kind, const Case& c, const Buffers& got,
                             const Buffers& expected) {
  if (takes_op(kind)) return reduction_difference(kind, c, got, expected);
  const bool recv_blocks =
      kind == Kind::gather || kind == Kind::allgather || kind == Kind::alltoall;
  const char* recv_name = kind == Kind::bcast ? "buffer" : "recvbuf";
  const auto report = [&](const std::vector<int>& g, const std::vector<int>& e, const char* name,
                          std::int64_t elements, bool blocks) -> std::string {
    const auto [gi, ei] = std::mismatch(g.begin(), g.end(), e.begin());
    if (gi == g.end()) return {};
    const std::int64_t unit = gi - g.begin();
    std::string text = locate(name, c, unit, elements, blocks);
    if (kind == Kind::gatherv && name[0] == 'r' && unit / units_per_element(c.dtype) < elements)
      text += gatherv_position(c, unit / units_per_element(c.dtype));
    text += ": expected " + describe_value(*ei) + ", got " + describe_value(*gi);
    if (name[0] == 's') text += " (the send buffer must not change)";
    return text;
  };
  std::string text = report(got.recv, expected.recv, recv_name, got.recv_elements, recv_blocks);
  if (text.empty())
    text = report(got.send, expected.send, "sendbuf", got.send_elements,
                  kind == Kind::scatter || kind == Kind::alltoall);
  return text;
}

} // namespace collscope::grade
