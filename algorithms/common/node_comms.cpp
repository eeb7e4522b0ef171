#include "common/node_comms.hpp"

#include "collscope/algorithms/nodes.hpp"
#include "collscope/annotate.hpp"
#include "common/buffers.hpp"
#include "common/contract.hpp"

#include <algorithm>
#include <cstdlib>
#include <vector>

namespace collscope {

namespace {

constexpr const char* nodes_variable = "COLLSCOPE_NODES";
constexpr const char* per_node_variable = "COLLSCOPE_RANKS_PER_NODE";
constexpr const char* placement_variable = "COLLSCOPE_PLACEMENT";

const char* variable(const char* name) {
  const char* value = std::getenv(name);
  return value != nullptr && *value != '\0' ? value : nullptr;
}

} // namespace

std::optional<schedule::NodeSpec> node_spec_from_environment(std::string& error) {
  const char* sizes = variable(nodes_variable);
  const char* per_node = variable(per_node_variable);
  const char* placement = variable(placement_variable);
  if (sizes == nullptr && per_node == nullptr) {
    if (placement != nullptr)
      error = std::string(placement_variable) + " needs " + per_node_variable;
    return std::nullopt;
  }
  if (sizes != nullptr && per_node != nullptr) {
    error = std::string("set ") + nodes_variable + " or " + per_node_variable + ", not both";
    return std::nullopt;
  }
  schedule::NodeSpec spec;
  if (sizes != nullptr) {
    if (placement != nullptr) {
      error = std::string(placement_variable) + " applies to " + per_node_variable + " only";
      return std::nullopt;
    }
    const auto parsed = schedule::parse_node_sizes(sizes, error);
    if (!parsed) return std::nullopt;
    spec.sizes = *parsed;
    spec.placement = schedule::Placement::explicit_sizes;
    return spec;
  }
  const auto n = schedule::parse_per_node(per_node, error);
  if (!n) return std::nullopt;
  spec.per_node = *n;
  if (placement != nullptr) {
    const auto parsed = schedule::parse_placement(placement);
    if (!parsed) {
      error = std::string(placement_variable) + "='" + placement +
              "' is not consecutive or round-robin";
      return std::nullopt;
    }
    spec.placement = *parsed;
  }
  return spec;
}

void set_node_spec(const std::optional<schedule::NodeSpec>& spec) {
  ++detail::layout_generation;
  unsetenv(nodes_variable);
  unsetenv(per_node_variable);
  unsetenv(placement_variable);
  if (!spec) return;
  if (!spec->sizes.empty()) {
    std::string text;
    for (int s : spec->sizes) text += (text.empty() ? "" : ",") + std::to_string(s);
    setenv(nodes_variable, text.c_str(), 1);
    return;
  }
  setenv(per_node_variable, std::to_string(spec->per_node).c_str(), 1);
  setenv(placement_variable, std::string(schedule::to_string(spec->placement)).c_str(), 1);
}

namespace detail {

namespace {

/// The environment's description as one string: a change of it means a new layout.
std::string spec_key() {
  std::string key;
  for (const char* name : {nodes_variable, per_node_variable, placement_variable}) {
    const char* value = variable(name);
    key += std::string(value != nullptr ? value : "") + ";";
  }
  return key == ";;;" ? std::string() : key;
}

void free_comm(MPI_Comm& comm) {
  if (comm != MPI_COMM_NULL) MPI_Comm_free(&comm);
}

void free_all(NodeComms& nodes) {
  free_comm(nodes.node_comm);
  free_comm(nodes.lane_comm);
  for (auto& [root, leaders] : nodes.leaders_by_root) free_comm(leaders);
  nodes.leaders_by_root.clear();
}

int free_nodes(MPI_Comm, int, void* value, void*) {
  auto* nodes = static_cast<NodeComms*>(value);
  free_all(*nodes);
  delete nodes;
  return MPI_SUCCESS;
}

int keyval(int* key) {
  static int created = MPI_KEYVAL_INVALID;
  if (created == MPI_KEYVAL_INVALID)
    COLLSCOPE_TRY(MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, free_nodes, &created, nullptr));
  *key = created;
  return MPI_SUCCESS;
}

/// The real nodes: ranks sharing memory. A node's index is the order of its first rank.
int shared_memory_layout(MPI_Comm comm, NodeComms& nodes) {
  const auto [rank, p] = shape(comm);
  COLLSCOPE_TRY(
      MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &nodes.node_comm));
  int first = rank;
  COLLSCOPE_TRY(MPI_Allreduce(&rank, &first, 1, MPI_INT, MPI_MIN, nodes.node_comm));
  std::vector<int> firsts(static_cast<std::size_t>(p));
  COLLSCOPE_TRY(MPI_Allgather(&first, 1, MPI_INT, firsts.data(), 1, MPI_INT, comm));
  std::vector<int> distinct = firsts;
  std::sort(distinct.begin(), distinct.end());
  distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
  nodes.layout.placement = schedule::Placement::shared_memory;
  nodes.layout.node_of.clear();
  for (int f : firsts)
    nodes.layout.node_of.push_back(
        static_cast<int>(std::lower_bound(distinct.begin(), distinct.end(), f) - distinct.begin()));
  return MPI_SUCCESS;
}

int build(MPI_Comm comm, NodeComms& nodes) {
  const auto [rank, p] = shape(comm);
  if (nodes.spec.empty()) {
    COLLSCOPE_TRY(shared_memory_layout(comm, nodes));
  } else {
    std::string error;
    const auto spec = node_spec_from_environment(error);
    const auto layout = spec ? schedule::layout_for(*spec, p, error) : std::nullopt;
    if (!layout) return MPI_ERR_ARG;
    nodes.layout = *layout;
    COLLSCOPE_TRY(MPI_Comm_split(comm, nodes.layout.node_of[static_cast<std::size_t>(rank)], rank,
                                 &nodes.node_comm));
  }
  nodes.node = nodes.layout.node_of[static_cast<std::size_t>(rank)];
  MPI_Comm_rank(nodes.node_comm, &nodes.local_rank);
  return MPI_Comm_split(comm, nodes.local_rank, nodes.node, &nodes.lane_comm);
}

} // namespace

int node_comms(MPI_Comm comm, NodeComms** out) {
  int key = MPI_KEYVAL_INVALID;
  COLLSCOPE_TRY(keyval(&key));
  void* value = nullptr;
  int found = 0;
  COLLSCOPE_TRY(MPI_Comm_get_attr(comm, key, &value, &found));
  const std::string spec = spec_key();
  if (found) {
    auto* cached = static_cast<NodeComms*>(value);
    if (cached->spec == spec) {
      *out = cached;
      return MPI_SUCCESS;
    }
    COLLSCOPE_TRY(MPI_Comm_delete_attr(comm, key));
  }
  auto* nodes = new NodeComms;
  nodes->spec = spec;
  if (const int rc = build(comm, *nodes); rc != MPI_SUCCESS) {
    free_all(*nodes);
    delete nodes;
    return rc;
  }
  if (const int rc = MPI_Comm_set_attr(comm, key, nodes); rc != MPI_SUCCESS) {
    free_all(*nodes);
    delete nodes;
    return rc;
  }
  *out = nodes;
  return MPI_SUCCESS;
}

int leaders_comm(MPI_Comm comm, NodeComms& nodes, int root, MPI_Comm* leaders) {
  const auto [rank, p] = shape(comm);
  const auto& node_of = nodes.layout.node_of;
  // The root's node is represented by the root; with the root first on its node, that is the
  // default C (key −1).
  const bool root_first =
      root < 0 || nodes.layout.members(node_of[std::size_t(root)]).front() == root;
  const int key = root_first ? -1 : root;
  if (const auto it = nodes.leaders_by_root.find(key); it != nodes.leaders_by_root.end()) {
    *leaders = it->second;
    return MPI_SUCCESS;
  }
  const bool on_root_node = key >= 0 && node_of[std::size_t(rank)] == node_of[std::size_t(key)];
  const bool member = on_root_node ? rank == key : nodes.local_rank == 0;
  MPI_Comm made = MPI_COMM_NULL;
  COLLSCOPE_TRY(MPI_Comm_split(comm, member ? 0 : MPI_UNDEFINED, nodes.node, &made));
  nodes.leaders_by_root[key] = made;
  *leaders = made;
  return MPI_SUCCESS;
}

void record_layout(const schedule::NodeLayout& layout) {
  if (!trace::active()) return;
  trace::meta("nodes", schedule::nodes_text(layout));
  trace::meta("placement", std::string(schedule::to_string(layout.placement)));
}

std::optional<schedule::NodeLayout> environment_layout(int p) {
  // Every traced algorithm call asks, so the answer is kept: three getenv scans and a layout
  // cost more than the rest of the call's metadata. set_node_spec() starts a new generation.
  struct Cached {
    unsigned generation = ~0u;
    int p = -1;
    std::optional<schedule::NodeLayout> layout;
  };
  thread_local Cached cached;
  if (cached.generation != layout_generation || cached.p != p) {
    std::string error;
    const auto spec = node_spec_from_environment(error);
    cached = {layout_generation, p, spec ? schedule::layout_for(*spec, p, error) : std::nullopt};
  }
  return cached.layout;
}

} // namespace detail

int prepare_node_communicators(MPI_Comm comm, int root) {
  MPI_Comm own = MPI_COMM_NULL;
  COLLSCOPE_TRY(detail::private_comm(comm, &own));
  detail::NodeComms* nodes = nullptr;
  COLLSCOPE_TRY(detail::node_comms(own, &nodes));
  MPI_Comm leaders = MPI_COMM_NULL;
  COLLSCOPE_TRY(detail::leaders_comm(own, *nodes, -1, &leaders));
  int p = 0;
  MPI_Comm_size(own, &p);
  if (root >= 0 && root < p) COLLSCOPE_TRY(detail::leaders_comm(own, *nodes, root, &leaders));
  // The algorithms called on the node, lane and leaders' communicators make their private
  // duplicates on first use: make them now too.
  MPI_Comm ignored = MPI_COMM_NULL;
  for (MPI_Comm sub : {nodes->node_comm, nodes->lane_comm})
    COLLSCOPE_TRY(detail::private_comm(sub, &ignored));
  for (const auto& [key, sub] : nodes->leaders_by_root)
    if (sub != MPI_COMM_NULL) COLLSCOPE_TRY(detail::private_comm(sub, &ignored));
  return MPI_SUCCESS;
}

} // namespace collscope
