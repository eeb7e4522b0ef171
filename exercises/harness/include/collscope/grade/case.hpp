// One graded call: the collective's arguments the harness chooses (process count, root,
// count, datatype), and how the plan file written by collscope-grade spells them.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace collscope::grade {

enum class Kind {
  gather,
  scatter,
  bcast,
  allgather,
  allreduce,
  alltoall,
  scan,
  reduce_scatter_block,
  gatherv
};
/// The collectives that reduce with an op (allreduce, scan, reduce_scatter_block).
bool takes_op(Kind kind);
/// The collectives with a root (gather, gatherv, scatter, bcast): the others' cases carry root
/// 0, which reports and traces never name.
bool has_root(Kind kind);
enum class Dtype { int_, vector };
/// The reduction of an allreduce: `sum` (commutative: MPI_SUM on MPI_INT, a user-defined sum on
/// the vector type, which MPI's predefined ops refuse) or `affine` (every int is an affine map
/// x ↦ ax + b, combined by composition: associative, not commutative).
/// gatherv's problem types (seeds/000 §4: how the block sizes m_i vary over the ranks) share
/// the op's slot in plans, `--case` specs and sweeps: a case has one or the other
/// (irregular.hpp; `sum` stands for `same` there).
enum class Op {
  sum,
  affine,
  same,
  random,
  bucket,
  spikes,
  increasing,
  decreasing,
  alternating,
  two_blocks
};
/// gatherv, whose cases have a problem type in the op's slot.
bool takes_problem(Kind kind);
bool is_problem(Op op);

std::optional<Kind> parse_kind(std::string_view name);
std::optional<Dtype> parse_dtype(std::string_view name);
std::optional<Op> parse_op(std::string_view name);
const char* to_string(Kind kind);
const char* to_string(Dtype dtype);
const char* to_string(Op op);
/// What students see in reports: "MPI_SUM", "the non-commutative affine-map op".
const char* op_name(Op op);
/// The MPI name students see in reports: "MPI_INT", "MPI_Type_vector(2,1,2,MPI_INT)".
const char* mpi_name(Dtype dtype);

struct Case {
  int id = 0;
  int p = 1;
  int root = 0;
  int count = 0;
  Dtype dtype = Dtype::int_;
  int repetitions = 0; ///< > 0: a timing case (yours and native, alternating)
  Op op = Op::sum;     ///< the reductions only (takes_op)
};

/// A plan file: one item per line, `case ID P ROOT COUNT DTYPE [OP]` or
/// `time ID P ROOT COUNT DTYPE REPETITIONS [OP]` (OP sum when absent); `#` starts a comment.
struct Plan {
  std::vector<Case> cases;
  std::vector<Case> timings;
};

/// nullopt and `error` set on a malformed line.
std::optional<Plan> read_plan(const std::string& path, std::string& error);

/// "P:ROOT:COUNT:DTYPE[:ID][:OP]", the form of `--case` in reproduce commands (ID: the
/// case's number in the sweep, for the trace; OP: sum or affine, sum when absent).
std::optional<Case> parse_case_spec(std::string_view spec);

} // namespace collscope::grade
