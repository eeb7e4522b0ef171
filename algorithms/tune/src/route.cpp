#include "route.hpp"

#include "auto_call.hpp"
#include "collscope/algorithms/checks.hpp"
#include "collscope/algorithms/irregular_tuning.hpp"
#include "collscope/algorithms/radix.hpp"
#include "collscope/algorithms/tuning.hpp"

namespace collscope::tune {

namespace {

// Two names, not two overloads of one: MPICH's MPI_Op and MPI_Datatype are both int.
bool op_in(MPI_Op op, std::initializer_list<MPI_Op> ops) {
  for (const MPI_Op o : ops)
    if (o == op) return true;
  return false;
}

bool type_in(MPI_Datatype t, std::initializer_list<MPI_Datatype> types) {
  for (const MPI_Datatype u : types)
    if (u != MPI_DATATYPE_NULL && u == t) return true;
  return false;
}

/// Every rank that takes part in a call on `comm`: both groups of an intercommunicator, so
/// that the report's sum over ranks divided by it counts each call once.
int participants(MPI_Comm comm) {
  int p = 0, inter = 0, remote = 0;
  if (comm == MPI_COMM_NULL || PMPI_Comm_size(comm, &p) != MPI_SUCCESS) return 1;
  if (PMPI_Comm_test_inter(comm, &inter) == MPI_SUCCESS && inter &&
      PMPI_Comm_remote_size(comm, &remote) == MPI_SUCCESS)
    p += remote;
  return p;
}

} // namespace

bool order_sensitive(MPI_Datatype type, MPI_Op op) {
  if (op_in(op, {MPI_MAX, MPI_MIN, MPI_MAXLOC, MPI_MINLOC, MPI_LAND, MPI_LOR, MPI_LXOR, MPI_BAND,
                 MPI_BOR, MPI_BXOR, MPI_REPLACE, MPI_NO_OP}))
    return false;
  int integers = 0, addresses = 0, types = 0, combiner = 0;
  MPI_Type_get_envelope(type, &integers, &addresses, &types, &combiner);
  if (combiner != MPI_COMBINER_NAMED) return true;
  return type_in(type,
                 {MPI_FLOAT, MPI_DOUBLE, MPI_LONG_DOUBLE, MPI_C_FLOAT_COMPLEX, MPI_C_DOUBLE_COMPLEX,
                  MPI_C_LONG_DOUBLE_COMPLEX, MPI_FLOAT_INT, MPI_DOUBLE_INT, MPI_LONG_DOUBLE_INT,
                  MPI_REAL, MPI_DOUBLE_PRECISION, MPI_COMPLEX, MPI_DOUBLE_COMPLEX, MPI_REAL4,
                  MPI_REAL8, MPI_REAL16, MPI_2REAL, MPI_2DOUBLE_PRECISION});
}

namespace {

/// The hierarchical algorithms' node layout, made now (collective, as the algorithm would on
/// first use): what it cannot serve, it would refuse on every rank alike.
const char* layout_refusal(const Call& call, const Algorithm& a) {
  const Inside inside;
  int commutative = 1;
  if (call.op != MPI_OP_NULL) PMPI_Op_commutative(call.op, &commutative);
  return hierarchical_refusal(call.comm, call.root, a.full_lane(), a.prefix() || !commutative);
}

const char* refusal(const Call& call, const Choice& choice) {
  const Algorithm& a = *choice.algorithm;
  int inter = 0;
  if (call.comm == MPI_COMM_NULL || PMPI_Comm_test_inter(call.comm, &inter) != MPI_SUCCESS)
    return "arguments MPI rejects (the library reports them)";
  if (inter) return "intercommunicator";
  if (call.checked != MPI_SUCCESS) return "arguments MPI rejects (the library reports them)";
  if (call.op != MPI_OP_NULL) {
    int commutative = 1;
    PMPI_Op_commutative(call.op, &commutative);
    if (a.commutative_only && !commutative) return "non-commutative op";
    if (a.float_rank_dependent && !choice.floats_ok && order_sensitive(call.datatype, call.op))
      return "floating-point data (ranks would get different bits; floats=ok allows it)";
  }
  int p = 0;
  PMPI_Comm_size(call.comm, &p);
  if (a.power_of_two_only && (p & (p - 1)) != 0) return "p not a power of two";
  if (a.hierarchical()) return layout_refusal(call, a);
  return nullptr;
}

} // namespace

std::int64_t bytes_of(int count, MPI_Datatype type) {
  int size = 0;
  if (type == MPI_DATATYPE_NULL || PMPI_Type_size(type, &size) != MPI_SUCCESS) return 0;
  return static_cast<std::int64_t>(count) * size;
}

Way match(const Call& call) {
  const State& s = state();
  if (!s.active || Inside::now()) return {};
  int size = 0; // a profile's choice applies at its process count only
  if (call.comm != MPI_COMM_NULL) PMPI_Comm_size(call.comm, &size);
  for (const Choice& choice : s.config.choices[index_of(call.collective)]) {
    if (call.bytes < choice.low || call.bytes > choice.high) continue;
    if (choice.procs != 0 && size != choice.procs) continue;
    if (choice.automatic) return by_auto(call, choice, participants(call.comm));
    if (!choice.algorithm->is_native()) return {.choice = &choice, .p = participants(call.comm)};
    count({.collective = call.collective,
           .setting = "native",
           .p = participants(call.comm),
           .algorithm = "native"});
    return {};
  }
  if (s.config.auto_everywhere && auto_chooses(call.collective))
    return by_auto(call, Choice{.automatic = true}, participants(call.comm));
  return {};
}

const char* refuse(const Call& call, const Way& way) {
  const Choice& choice = *way.choice;
  const char* reason = refusal(call, choice);
  TallyKey key{.collective = call.collective,
               .setting = way.by_auto ? "auto" : std::string(choice.algorithm->name),
               .p = way.p,
               .bytes = way.by_auto ? call.bytes : -1,
               .fell_back = reason != nullptr,
               .algorithm = std::string(choice.algorithm->name),
               .detail = reason != nullptr ? reason : ""};
  if (way.by_auto != nullptr && reason == nullptr) key.detail = way.by_auto->knob;
  if (way.by_auto != nullptr) key.note = way.by_auto->note;
  count(key);
  return reason;
}

Knobs::Knobs(const Choice& choice) {
  if (choice.blocks > 0 || choice.piece > 0) {
    PipelineTuning t = pipeline_tuning();
    old_blocks_ = t.blocks;
    old_piece_ = t.piece;
    if (choice.blocks > 0) t.blocks = choice.blocks;
    if (choice.piece > 0) t.piece = choice.piece;
    set_pipeline_tuning(t);
    pipeline_ = true;
  }
  if (choice.radix >= 2) {
    old_radix_ = radix();
    set_radix(choice.radix);
    radix_ = true;
  }
  if (choice.threshold >= 0) {
    IrregularTuning t = irregular_tuning();
    old_threshold_ = t.threshold;
    t.threshold = choice.threshold;
    set_irregular_tuning(t);
    irregular_ = true;
  }
}

Knobs::~Knobs() {
  if (pipeline_) {
    PipelineTuning t = pipeline_tuning();
    t.blocks = old_blocks_;
    t.piece = old_piece_;
    set_pipeline_tuning(t);
  }
  if (irregular_) {
    IrregularTuning t = irregular_tuning();
    t.threshold = old_threshold_;
    set_irregular_tuning(t);
  }
  if (radix_) set_radix(old_radix_);
}

} // namespace collscope::tune
