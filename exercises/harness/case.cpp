#include "collscope/grade/case.hpp"

#include <charconv>
#include <fstream>
#include <sstream>

namespace collscope::grade {

std::optional<Kind> parse_kind(std::string_view name) {
  if (name == "gather") return Kind::gather;
  if (name == "scatter") return Kind::scatter;
  if (name == "bcast") return Kind::bcast;
  if (name == "allgather") return Kind::allgather;
  if (name == "allreduce") return Kind::allreduce;
  if (name == "alltoall") return Kind::alltoall;
  if (name == "scan") return Kind::scan;
  if (name == "reduce_scatter_block") return Kind::reduce_scatter_block;
  if (name == "gatherv") return Kind::gatherv;
  return std::nullopt;
}

bool takes_op(Kind kind) {
  return kind == Kind::allreduce || kind == Kind::scan || kind == Kind::reduce_scatter_block;
}

bool has_root(Kind kind) {
  return kind == Kind::gather || kind == Kind::gatherv || kind == Kind::scatter ||
         kind == Kind::bcast;
}

bool takes_problem(Kind kind) {
  return kind == Kind::gatherv;
}

namespace {
constexpr Op all_ops[] = {Op::sum,         Op::affine,    Op::same,       Op::random,
                          Op::bucket,      Op::spikes,    Op::increasing, Op::decreasing,
                          Op::alternating, Op::two_blocks};
} // namespace

bool is_problem(Op op) {
  return op != Op::sum && op != Op::affine;
}

std::optional<Dtype> parse_dtype(std::string_view name) {
  if (name == "int") return Dtype::int_;
  if (name == "vector") return Dtype::vector;
  return std::nullopt;
}

std::optional<Op> parse_op(std::string_view name) {
  for (const Op op : all_ops)
    if (name == to_string(op)) return op;
  return std::nullopt;
}

const char* to_string(Kind kind) {
  switch (kind) {
  case Kind::gather:
    return "gather";
  case Kind::scatter:
    return "scatter";
  case Kind::bcast:
    return "bcast";
  case Kind::allgather:
    return "allgather";
  case Kind::allreduce:
    return "allreduce";
  case Kind::alltoall:
    return "alltoall";
  case Kind::scan:
    return "scan";
  case Kind::reduce_scatter_block:
    return "reduce_scatter_block";
  case Kind::gatherv:
    return "gatherv";
  }
  return "?";
}

const char* to_string(Dtype dtype) {
  return dtype == Dtype::int_ ? "int" : "vector";
}

const char* mpi_name(Dtype dtype) {
  return dtype == Dtype::int_ ? "MPI_INT" : "MPI_Type_vector(2,1,2,MPI_INT)";
}

const char* to_string(Op op) {
  switch (op) {
  case Op::sum:
    return "sum";
  case Op::affine:
    return "affine";
  case Op::same:
    return "same";
  case Op::random:
    return "random";
  case Op::bucket:
    return "bucket";
  case Op::spikes:
    return "spikes";
  case Op::increasing:
    return "increasing";
  case Op::decreasing:
    return "decreasing";
  case Op::alternating:
    return "alternating";
  case Op::two_blocks:
    return "two_blocks";
  }
  return "?";
}

const char* op_name(Op op) {
  switch (op) {
  case Op::sum:
    return "MPI_SUM";
  case Op::affine:
    return "the non-commutative affine-map op";
  case Op::same:
    return "problem same (m_i = b)";
  case Op::random:
    return "problem random (m_i in [1, 2b])";
  case Op::bucket:
    return "problem bucket (m_i = b/2 + [1, b])";
  case Op::spikes:
    return "problem spikes (m_i = 5b or 1)";
  case Op::increasing:
    return "problem increasing (m_i = ⌊2b(i + 1)/p⌋ + 1)";
  case Op::decreasing:
    return "problem decreasing (m_i = ⌊2b(p − i)/p⌋ + 1)";
  case Op::alternating:
    return "problem alternating (m_i = b ± ⌊b/2⌋)";
  case Op::two_blocks:
    return "problem two blocks (m_0 = m_{p−1} = b, all others 0)";
  }
  return "?";
}

namespace {

bool number(const std::string& word, int& out) {
  const auto [end, ec] = std::from_chars(word.data(), word.data() + word.size(), out);
  return ec == std::errc() && end == word.data() + word.size();
}

bool valid(const Case& c) {
  return c.p >= 1 && c.root >= 0 && c.root < c.p && c.count >= 0 && c.count <= 500000;
}

} // namespace

std::optional<Plan> read_plan(const std::string& path, std::string& error) {
  std::ifstream in(path);
  if (!in) {
    error = "cannot read plan " + path;
    return std::nullopt;
  }
  Plan plan;
  std::string line;
  for (int number_of_line = 1; std::getline(in, line); ++number_of_line) {
    std::istringstream words(line);
    std::string what, id, p, root, count, dtype, reps, op;
    if (!(words >> what) || what[0] == '#') continue;
    Case c;
    std::optional<Dtype> d;
    const bool timing = what == "time";
    bool ok = (what == "case" || timing) && (words >> id >> p >> root >> count >> dtype) &&
              number(id, c.id) && number(p, c.p) && number(root, c.root) &&
              number(count, c.count) && (d = parse_dtype(dtype));
    if (ok && timing) ok = (words >> reps) && number(reps, c.repetitions) && c.repetitions > 0;
    if (ok && words >> op) {
      const auto o = parse_op(op);
      ok = o.has_value();
      if (ok) c.op = *o;
    }
    if (!ok || !valid(c)) {
      error = path + ":" + std::to_string(number_of_line) + ": malformed plan line";
      return std::nullopt;
    }
    c.dtype = *d;
    (timing ? plan.timings : plan.cases).push_back(c);
  }
  return plan;
}

std::optional<Case> parse_case_spec(std::string_view spec) {
  std::string text(spec);
  for (char& ch : text)
    if (ch == ':') ch = ' ';
  std::istringstream words(text);
  std::string p, root, count, dtype;
  Case c;
  std::optional<Dtype> d;
  if (!(words >> p >> root >> count >> dtype) || !number(p, c.p) || !number(root, c.root) ||
      !number(count, c.count) || !(d = parse_dtype(dtype)) || !valid(c))
    return std::nullopt;
  // Then the id, the op, or both, in that order.
  for (std::string word; words >> word;) {
    if (const auto o = parse_op(word))
      c.op = *o;
    else if (!number(word, c.id))
      return std::nullopt;
  }
  c.dtype = *d;
  return c;
}

} // namespace collscope::grade
