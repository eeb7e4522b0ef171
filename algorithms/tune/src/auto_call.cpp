#include "auto_call.hpp"

#include "collscope/network_file.hpp"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace collscope::tune {

namespace {

struct AutoState {
  CostModel model; ///< the chooser's defaults until load_network
  std::string text = "defaults";
  AutoCache cache;
};
AutoState& auto_state() {
  static AutoState s;
  return s;
}

std::string scientific(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3e", value);
  return text;
}

/// The library's collective instead, counted as auto's.
Way to_library(const Call& call, int p, std::string why, std::string note = {}) {
  count({.collective = call.collective,
         .setting = "auto",
         .p = p,
         .bytes = call.bytes,
         .fell_back = true,
         .algorithm = "auto",
         .detail = std::move(why),
         .note = std::move(note)});
  return {};
}

} // namespace

void load_network() {
  AutoState& s = auto_state();
  int rank = 0;
  PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
  // α, β, whence (1: a file, 2: a file refused), LogGP's o and g: the same platform model as
  // collscope-run --algorithm auto with that file (auto_choice.cpp's platform_model).
  double values[5] = {s.model.alpha, s.model.beta, 0, 0, 0};
  std::string path;
  if (rank == 0) {
    try {
      const MeasuredNetwork network = measured_network();
      if (!network.path.empty()) {
        CostModel loggp;
        std::ifstream in(network.path);
        std::stringstream text;
        text << in.rdbuf();
        apply_network_loggp(loggp, text.str());
        // The file's α is the ping-pong's, o at both ends included; the model adds 2o itself.
        values[0] = std::max(0.0, network.alpha_s - 2 * loggp.o);
        values[1] = network.beta_s_per_byte, values[2] = 1;
        values[3] = loggp.o, values[4] = loggp.g;
        path = network.path;
      }
    } catch (const std::runtime_error& e) {
      std::fprintf(stderr, "collscope-tune: %s; auto uses the default α and β\n", e.what());
      values[2] = 2;
    }
  }
  PMPI_Bcast(values, 5, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  s.model.alpha = s.model.alpha_node = values[0];
  s.model.beta = s.model.beta_node = values[1];
  s.model.o = values[3];
  s.model.g = values[4];
  s.text = "α = " + scientific(values[0]) + " s, β = " + scientific(values[1]) + " s/B" +
           (values[3] > 0 || values[4] > 0
                ? ", o = " + scientific(values[3]) + " s, g = " + scientific(values[4]) + " s"
                : std::string()) +
           " (" +
           (values[2] == 1   ? (rank == 0 ? "network file " + path : "rank 0's network file")
            : values[2] == 2 ? std::string("defaults: the network file cannot be used")
                             : std::string("defaults: no network file")) +
           ")";
}

const std::string& network_text() {
  return auto_state().text;
}

Way by_auto(const Call& call, const Choice& setting, int p) {
  int inter = 0;
  if (call.comm == MPI_COMM_NULL || PMPI_Comm_test_inter(call.comm, &inter) != MPI_SUCCESS)
    return to_library(call, p, "arguments MPI rejects (the library reports them)");
  if (inter) return to_library(call, p, "intercommunicator");
  const MPI_Datatype element = call.element != MPI_DATATYPE_NULL ? call.element : call.datatype;
  int type_size = 1, commutative = 1;
  if (element != MPI_DATATYPE_NULL) PMPI_Type_size(element, &type_size);
  if (call.op != MPI_OP_NULL) PMPI_Op_commutative(call.op, &commutative);
  const AutoKey key{.collective = call.collective,
                    .p = p,
                    .bytes = call.bytes,
                    .type_size = type_size,
                    .commutative = commutative != 0,
                    .floating = call.op != MPI_OP_NULL && order_sensitive(call.datatype, call.op),
                    .floats_ok = setting.floats_ok};
  AutoState& s = auto_state();
  const AutoPick& pick = s.cache.lookup(key, s.model);
  if (pick.choice.algorithm == nullptr || pick.choice.algorithm->is_native())
    return to_library(call, p, pick.why.empty() ? "no algorithm fits" : pick.why, pick.note);
  return {.choice = &pick.choice, .by_auto = &pick, .p = p};
}

} // namespace collscope::tune
