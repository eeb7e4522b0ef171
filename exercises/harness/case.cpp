#include "case.hpp"

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
  return std::nullopt;
}

bool takes_op(Kind kind) {
  return kind == Kind::allreduce || kind == Kind::scan || kind == Kind::reduce_scatter_block;
}

std::optional<Dtype> parse_dtype(std::string_view name) {
  if (name == "int") return Dtype::int_;
  if (name == "vector") return Dtype::vector;
  return std::nullopt;
}

std::optional<Op> parse_op(std::string_view name) {
  if (name == "sum") return Op::sum;
  if (name == "affine") return Op::affine;
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
  return op == Op::sum ? "sum" : "affine";
}

const char* op_name(Op op) {
  return op == Op::sum ? "MPI_SUM" : "the non-commutative affine-map op";
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
