// A heterogeneous network as the model-based trees of seeds/002 see it: the predicted time
// t(i, j, m) = α_ij + β_ij·m of sending m bytes from rank i to rank j (Hockney's model, as in
// the paper's experiments), given per pair, per group of ranks, or measured by ping-pong.
//
// Network description file (text; '#' starts a comment; later lines override earlier ones):
//
//   default ALPHA BETA            every pair of distinct ranks (required, first)
//   group FIRST-LAST ALPHA BETA   every pair inside ranks FIRST..LAST (e.g. one node)
//   nodes SIZE ALPHA BETA         every pair inside each block of SIZE consecutive ranks
//   pair I J ALPHA BETA           ranks I and J, both directions
//   link I J ALPHA BETA           from I to J only
//
// ALPHA in seconds, BETA in seconds per byte. Example, two 4-core nodes on a slow network:
//
//   default 2e-5 1e-9
//   nodes 4 5e-7 1e-10
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace collscope::schedule {

struct LinkCost {
  double alpha = 0.0;
  double beta = 0.0;
};

class NetworkModel {
public:
  NetworkModel() = default;
  /// p ranks, every link costing `everywhere`.
  NetworkModel(int p, LinkCost everywhere);

  int size() const { return p_; }
  LinkCost link(int from, int to) const { return links_[index(from, to)]; }
  /// t(from, to, bytes); 0 from a rank to itself.
  double time(int from, int to, std::int64_t bytes) const;

  void set_link(int from, int to, LinkCost cost) { links_[index(from, to)] = cost; }
  void set_pair(int i, int j, LinkCost cost);
  /// Every pair inside ranks [first, last].
  void set_group(int first, int last, LinkCost cost);

private:
  std::size_t index(int from, int to) const {
    return static_cast<std::size_t>(from) * static_cast<std::size_t>(p_) + to;
  }
  int p_ = 0;
  std::vector<LinkCost> links_;
};

/// A description that cannot be used: "line N: what is wrong".
class NetworkError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

/// The model of a description for p ranks; throws NetworkError.
NetworkModel parse_network(std::string_view text, int p);

/// The description of a model, one `link` line per pair after a `default` line (what a
/// ping-pong calibration writes, so it can be edited and reused).
std::string describe_network(const NetworkModel& model);

} // namespace collscope::schedule
