#include "neighbor_run.hpp"

#include "collscope/algorithms/neighbor.hpp"
#include "collscope/cli/numbers.hpp"
#include "collscope/schedule/stencil.hpp"

#include <cstdio>

namespace collscope::run {

namespace {

std::string number(const char* format, double value) {
  char text[32];
  std::snprintf(text, sizeof text, format, value);
  return text;
}

void key(const char* name, const std::string& value) {
  std::printf("#@%s=%s\n", name, value.c_str());
}

} // namespace

std::string check_neighbor_options(std::optional<std::string_view> stencil,
                                   std::optional<std::string_view> dims,
                                   std::optional<std::string_view> topology, Options& o, int p) {
  if (!o.algorithm->neighborhood()) {
    if (stencil || dims || topology)
      return "--stencil, --dims and --topology apply to neighbor_allgather and "
             "neighbor_alltoall only";
    return "";
  }
  if (stencil && *stencil != "5" && *stencil != "9")
    return "--stencil must be 5 or 9, got '" + std::string(*stencil) + "'";
  o.stencil = stencil == "9" ? 9 : 5;
  if (topology && *topology != "cartesian" && *topology != "graph")
    return "unknown topology '" + std::string(*topology) + "'; choose one of: cartesian, graph";
  o.graph = o.stencil == 9 || topology == "graph";
  if (o.stencil == 9 && topology == "cartesian")
    return "--stencil 9 has no Cartesian topology (MPI_Cart_create gives the 4 edge neighbours "
           "only); use --topology graph";
  if (dims) {
    const std::size_t x = dims->find('x');
    int a = 0, b = 0;
    const auto parse = [](std::string_view text, int& out) {
      const std::optional<int> value = cli::whole<int>(text, 1);
      out = value.value_or(0);
      return value.has_value();
    };
    if (x == std::string_view::npos || !parse(dims->substr(0, x), a) ||
        !parse(dims->substr(x + 1), b))
      return "--dims expects AxB with positive whole numbers, got '" + std::string(*dims) + "'";
    if (static_cast<long long>(a) * b != p)
      return "--dims " + std::string(*dims) + " has " +
             std::to_string(static_cast<long long>(a) * b) +
             " places for p = " + std::to_string(p) + " processes";
    o.dims = {a, b};
  } else {
    o.dims = {0, 0};
    MPI_Dims_create(p, 2, o.dims.data());
  }
  return "";
}

int neighbor_count(const Options& o) {
  return o.stencil == 9 ? 8 : 4;
}

MPI_Comm run_communicator(const Options& o, MPI_Comm comm) {
  if (!o.algorithm->neighborhood()) return comm;
  MPI_Comm topology = MPI_COMM_NULL;
  if (o.graph) {
    stencil_graph_create(comm, o.stencil, o.dims.data(), &topology);
  } else {
    const int periods[2] = {1, 1};
    MPI_Cart_create(comm, 2, o.dims.data(), periods, 0, &topology);
  }
  MPI_Comm_set_errhandler(topology, MPI_ERRORS_RETURN);
  return topology;
}

std::optional<double> print_neighbor_header(const Options& o, const RunFacts& f, double m) {
  const Algorithm& a = *o.algorithm;
  const int s = neighbor_count(o), d = 2;
  key("topology", o.graph ? "distributed graph (MPI_Dist_graph_create_adjacent), periodic"
                          : "Cartesian (MPI_Cart_create), periodic");
  key("stencil", std::to_string(o.stencil) + "-point");
  key("dims", schedule::dims_text(o.dims) + (o.dims.size() == 2 ? " (torus)" : ""));
  key("neighbors", std::to_string(s) + " (s)");
  if (a.is_native()) {
    key("expected_rounds", "n/a (Open MPI decides)");
    key("model_cost_s", "n/a (Open MPI decides)");
    return std::nullopt;
  }
  const auto& formula = a.neighbor_formula;
  key("expected_rounds", std::to_string(formula.rounds(s, d)) + " (" +
                             std::string(formula.rounds_text) + ", s=" + std::to_string(s) +
                             ", d=" + std::to_string(d) + ")");
  const double model = formula.cost({.m = m,
                                     .alpha = f.tuning.alpha,
                                     .beta = f.tuning.beta,
                                     .neighbors = double(s),
                                     .dimensions = double(d)});
  key("model_cost_s", number("%.4e", model) + " (" + std::string(formula.cost_text) +
                          "; α=" + number("%g", f.tuning.alpha) +
                          " s, β=" + number("%g", f.tuning.beta) + " s/byte, m = one block)");
  return model;
}

} // namespace collscope::run
