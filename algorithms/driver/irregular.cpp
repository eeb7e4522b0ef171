#include "irregular.hpp"

#include "collscope/algorithms/tuning.hpp"
#include "collscope/schedule/irregular_cost.hpp"
#include "collscope/schedule/pipeline.hpp"
#include "collscope/schedule/ring_pipeline.hpp"

#include <algorithm>
#include <cstdio>
#include <string>

namespace collscope::run {

IrregularLayout irregular_layout(const Options& o, int p) {
  IrregularLayout layout;
  layout.counts = o.farthest
                      ? schedule::single_block(p, schedule::binomial_farthest(p, o.root), o.block)
                      : schedule::problem_blocks(o.problem, p, o.block, o.seed);
  layout.displs.resize(static_cast<std::size_t>(p));
  std::int64_t next = 0;
  for (int i = 0; i < p; ++i) {
    const int k = o.displs == Displs::reversed ? p - 1 - i : i;
    layout.displs[k] = static_cast<int>(next);
    next += layout.counts[k] + (o.displs == Displs::gaps ? 1 : 0);
  }
  layout.root_elements = next;
  return layout;
}

PieceChoice piece_choice(const Options& o, int p, MPI_Datatype datatype) {
  if (!o.algorithm->uses_piece()) return {};
  const IrregularLayout layout = irregular_layout(o, p);
  PieceChoice choice;
  choice.piece = allgatherv_piece_for(p, layout.counts.data(), datatype);
  const std::vector<std::int64_t> counts(layout.counts.begin(), layout.counts.end());
  choice.pieces = schedule::total_pieces(counts, choice.piece);
  return choice;
}

namespace {

std::string joined(const std::vector<int>& values) {
  std::string text;
  for (std::size_t i = 0; i < values.size(); ++i)
    text += (i == 0 ? "" : ",") + std::to_string(values[i]);
  return text;
}

/// allgatherv: the α-β time of the plain or the pipelined ring for these sizes, and the
/// pipelined schedule's exact round count.
std::optional<double> print_allgatherv_model(const Options& o, const IrregularLayout& layout, int p,
                                             int type_size, double alpha, double beta, int piece) {
  const std::vector<std::int64_t> counts(layout.counts.begin(), layout.counts.end());
  if (o.algorithm->is_native()) return std::nullopt;
  if (!o.algorithm->uses_piece()) {
    const double t = schedule::ring_allgatherv_plain_time(counts, type_size, alpha, beta);
    std::printf("#@model_time_s=%.4e (these block sizes: (p−1)(α + β·max mᵢ))\n", t);
    return t;
  }
  std::vector<std::int64_t> pieces;
  for (const std::int64_t m : counts) pieces.push_back(schedule::pieces_of(m, piece));
  const auto total = static_cast<int>(schedule::total_pieces(counts, piece));
  std::printf("#@schedule_rounds=%d (FIFO ring schedule of these pieces; p−1+M−1 = %d)\n",
              schedule::ring_allgatherv_rounds(pieces), schedule::pipeline_rounds(p, total));
  const double t = schedule::ring_allgatherv_time(counts, piece, type_size, alpha, beta);
  std::printf("#@model_time_s=%.4e (these block sizes: α-β time of the schedule, each round "
              "as long as its largest piece)\n",
              t);
  return t;
}

} // namespace

std::optional<double> print_irregular_header(const Options& o, int p, int type_size, double alpha,
                                             double beta, int piece) {
  const IrregularLayout layout = irregular_layout(o, p);
  const std::string problem = o.farthest ? "farthest" : std::string(to_string(o.problem));
  std::printf("#@problem=%s\n#@block=%d\n#@displs=%s\n", problem.c_str(), o.block,
              std::string(to_string(o.displs)).c_str());
  const bool everyone = o.algorithm->collective == Collective::allgatherv;
  std::printf("#@counts=%s\n#@%s=%s\n", joined(layout.counts).c_str(),
              everyone ? "recv_displs" : "root_displs", joined(layout.displs).c_str());
  if (everyone) return print_allgatherv_model(o, layout, p, type_size, alpha, beta, piece);
  if (o.algorithm->uses_threshold())
    std::printf("#@threshold_bytes=%lld\n", static_cast<long long>(o.threshold));
  if (o.algorithm->uses_network())
    std::printf("#@network=%s\n", o.calibrate ? "calibrated by ping-pong (empty and 64 KiB)"
                                  : o.network ? "from --network"
                                              : "none: every link α, β as above");
  const auto model = o.algorithm->irregular_model;
  if (!model) return std::nullopt;
  std::vector<std::int64_t> bytes(layout.counts.begin(), layout.counts.end());
  for (auto& b : bytes) b *= type_size;
  // The network, measured or described, is every algorithm's machine (calibrated: rank 0
  // holds the model like every rank).
  const schedule::NetworkModel* network =
      o.network && o.network->size() == p ? o.network.get() : nullptr;
  const double t =
      schedule::irregular_model_time(*model, o.algorithm->collective == Collective::scatterv, bytes,
                                     o.root, alpha, beta, o.threshold, network);
  const char* extra = "";
  if (*model >= schedule::IrregularAlgorithm::model_binomial_min)
    extra = ", plus the tree distribution ⌈log₂p⌉α + 8(p−1)(6 + 2⌈log₂p⌉)β";
  else if (*model >= schedule::IrregularAlgorithm::traff)
    extra = ", plus the construction, at most 2⌈log₂p⌉(α + 32β)";
  std::printf("#@model_time_s=%.4e (these block sizes: α-β time of the schedule%s%s)\n", t,
              network ? " on the --network" : "", extra);
  return t;
}

} // namespace collscope::run
