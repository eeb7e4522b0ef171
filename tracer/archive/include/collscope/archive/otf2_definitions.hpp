// The archive's global definitions: strings, regions (MPI functions, annotations, rounds),
// attributes, communicators and the machine / rank / location tree, with the ids
// tracer/README.md fixes. Every rank builds the same tables from every rank's summary
// (unify), so each can write its own event file with global ids; one writes them out.
#pragma once

#include "collscope/archive/comm_def.hpp"
#include "collscope/archive/rank_input.hpp"
#include "collscope/ompi/tuned.hpp"

#include <cstdint>
#include <map>
#include <otf2/otf2.h>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace collscope::rec {

/// Attributes of sends in annotated algorithms, in collscope_trace_blocks() order, and the
/// reduction op of a native collective (on its MpiCollectiveBegin), and the polls that found
/// nothing an MPI_Test*/Iprobe region stands for (on its Leave), and the MPI library's own
/// algorithm of a native collective (on its MpiCollectiveBegin, where known).
enum BlockAttribute : OTF2_AttributeRef {
  origin_first,
  origin_count,
  element_begin,
  element_count,
  reduction_op,
  empty_polls,
  ompi_algorithm,        ///< on a native collective's MpiCollectiveBegin: Open MPI's name
  ompi_algorithm_source, ///< "forced", "fixed decision" or "unknown: <why>"
  ompi_segment,          ///< its segment size in bytes (0: whole messages), if it segments
  ompi_fanout,           ///< its chain fanout or k-nomial radix, if it has one
  library_algorithm ///< on a native collective's MpiCollectiveBegin: the library's algorithm (SMPI)
};

/// "forced", "fixed decision" or "unknown: <why>": collscope::ompi_algorithm_source.
std::string ompi_source_text(const ompi::Choice& choice);

class Definitions {
public:
  explicit Definitions(std::uint32_t world_size);

  OTF2_StringRef string(std::string_view s);
  OTF2_RegionRef mpi_region(std::uint32_t region);
  OTF2_RegionRef user_region(std::string_view name);
  OTF2_RegionRef round_region(std::uint32_t k);
  OTF2_AttributeRef meta_attribute(std::string_view key);
  /// The name of a reduction op code (reduction_ops.hpp), defined alike on every rank.
  OTF2_StringRef reduction_op_name(std::uint8_t code);

  /// Defines everything the ranks use, in rank order: the same ids on every rank.
  void unify(const std::vector<RankSummary>& ranks);
  void add_comms(const std::vector<CommDef>& comms);
  /// The archive's id of a communicator: dense (0, 1, 2, … with MPI_COMM_WORLD 0), every
  /// parent before its children, as OTF2 readers expect; the recorder's ids ((rank << 20) |
  /// counter) are sparse. OTF2_UNDEFINED_COMM for a communicator no rank defined. Call after
  /// unify: every rank then derives the same ids.
  OTF2_CommRef comm_ref(std::uint32_t id);
  void set_time_range(std::uint64_t first, std::uint64_t last);
  void set_event_count(std::uint32_t rank, std::uint64_t events);

  /// hosts: each rank's host name; ranks on more than one host get a system-tree node per host
  /// (under the root `machine`), which readers take as the run's node layout.
  void write(OTF2_GlobalDefWriter* writer, const std::vector<std::string>& hosts,
             std::int64_t realtime_offset);

private:
  struct Region {
    OTF2_StringRef name;
    OTF2_RegionRole role;
    OTF2_Paradigm paradigm;
  };
  struct Attribute {
    OTF2_StringRef name;
    OTF2_StringRef description;
    OTF2_Type type;
  };
  OTF2_RegionRef add_region(OTF2_StringRef name, OTF2_RegionRole role, OTF2_Paradigm paradigm);
  void write_comms(OTF2_GlobalDefWriter* writer,
                   const std::map<std::uint32_t, OTF2_StringRef>& names, OTF2_StringRef all_ranks);

  std::uint32_t world_size_;
  std::unordered_map<std::string, OTF2_StringRef> string_ids_;
  std::vector<std::string> strings_;
  std::vector<Region> regions_; // by id: ids are dense, in order of first use, as readers expect
  std::vector<OTF2_RegionRef> mpi_regions_;
  std::unordered_map<std::string, OTF2_RegionRef> user_regions_;
  std::unordered_map<std::uint32_t, OTF2_RegionRef> round_regions_;
  std::vector<Attribute> attributes_;
  std::unordered_map<std::string, OTF2_AttributeRef> meta_attributes_;
  std::map<std::uint32_t, CommDef> comms_;
  std::map<std::uint32_t, OTF2_CommRef> comm_refs_; // recorder id → archive id (comm_ref)
  std::vector<std::uint32_t> comm_order_;           // recorder ids by archive id
  std::vector<std::uint64_t> event_counts_;
  std::uint64_t first_ = UINT64_MAX;
  std::uint64_t last_ = 0;
};

} // namespace collscope::rec
