// The archive's global definitions: strings, regions (MPI functions, annotations, rounds),
// attributes, communicators and the machine / rank / location tree, with the ids
// tracer/README.md fixes. Every rank builds the same tables from every rank's summary
// (unify), so each can write its own event file with global ids; one writes them out.
#pragma once

#include "comm_def.hpp"
#include "rank_input.hpp"

#include <cstdint>
#include <map>
#include <otf2/otf2.h>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace collscope::rec {

/// Attributes of sends in annotated algorithms, in collscope_trace_blocks() order, and the
/// reduction op of a native collective (on its MpiCollectiveBegin).
enum BlockAttribute : OTF2_AttributeRef {
  origin_first,
  origin_count,
  element_begin,
  element_count,
  reduction_op
};

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
  void set_time_range(std::uint64_t first, std::uint64_t last);
  void set_event_count(std::uint32_t rank, std::uint64_t events);

  void write(OTF2_GlobalDefWriter* writer, const std::string& host, std::int64_t realtime_offset);

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
  std::vector<std::uint64_t> event_counts_;
  std::uint64_t first_ = UINT64_MAX;
  std::uint64_t last_ = 0;
};

} // namespace collscope::rec
