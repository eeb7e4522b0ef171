#include "attributes.hpp"

#include <string_view>

namespace collscope::model::detail {

namespace {

constexpr std::string_view meta_prefix = "collscope::meta::";

Blocks& blocks(EventAttributes& out) {
  return out.blocks ? *out.blocks : out.blocks.emplace();
}

std::optional<std::uint64_t> as_integer(OTF2_Type type, const OTF2_AttributeValue& v) {
  switch (type) {
  case OTF2_TYPE_UINT8:
    return v.uint8;
  case OTF2_TYPE_UINT16:
    return v.uint16;
  case OTF2_TYPE_UINT32:
    return v.uint32;
  case OTF2_TYPE_UINT64:
    return v.uint64;
  case OTF2_TYPE_INT8:
    return static_cast<std::uint64_t>(v.int8);
  case OTF2_TYPE_INT16:
    return static_cast<std::uint64_t>(v.int16);
  case OTF2_TYPE_INT32:
    return static_cast<std::uint64_t>(v.int32);
  case OTF2_TYPE_INT64:
    return static_cast<std::uint64_t>(v.int64);
  default:
    return std::nullopt;
  }
}

std::string as_text(const Definitions& defs, OTF2_Type type, const OTF2_AttributeValue& v) {
  if (type == OTF2_TYPE_STRING) return defs.str(v.stringRef);
  if (type == OTF2_TYPE_DOUBLE) return std::to_string(v.float64);
  if (type == OTF2_TYPE_FLOAT) return std::to_string(v.float32);
  if (const auto n = as_integer(type, v)) return std::to_string(*n);
  return {};
}

} // namespace

EventAttributes read_attributes(const Definitions& defs, OTF2_AttributeList* list) {
  EventAttributes out;
  const uint32_t count = OTF2_AttributeList_GetNumberOfElements(list);
  for (uint32_t i = 0; i < count; ++i) {
    OTF2_AttributeRef ref = OTF2_UNDEFINED_ATTRIBUTE;
    OTF2_Type type = OTF2_TYPE_NONE;
    OTF2_AttributeValue value{};
    if (OTF2_AttributeList_GetAttributeByIndex(list, i, &ref, &type, &value) != OTF2_SUCCESS)
      continue;
    const auto def = defs.attributes.find(ref);
    if (def == defs.attributes.end()) continue;
    const std::string& name = defs.str(def->second.name);
    if (name.starts_with(meta_prefix)) {
      out.meta[name.substr(meta_prefix.size())] = as_text(defs, type, value);
      continue;
    }
    if (name == "collscope::op") {
      out.reduction = as_text(defs, type, value);
      continue;
    }
    if (name == "collscope::ompi_algorithm") {
      out.ompi.name = as_text(defs, type, value);
      continue;
    }
    if (name == "collscope::ompi_algorithm_source") {
      out.ompi.source = as_text(defs, type, value);
      continue;
    }
    if (name == "collscope::library_algorithm") {
      out.library_algorithm = as_text(defs, type, value);
      continue;
    }
    const auto n = as_integer(type, value);
    if (!n) continue;
    if (name == "collscope::origin_first")
      blocks(out).origin_first = static_cast<std::uint32_t>(*n);
    if (name == "collscope::origin_count")
      blocks(out).origin_count = static_cast<std::uint32_t>(*n);
    if (name == "collscope::element_begin") blocks(out).element_begin = *n;
    if (name == "collscope::element_count") blocks(out).element_count = *n;
    if (name == "collscope::ompi_segment") out.ompi.segment = *n;
    if (name == "collscope::ompi_fanout") out.ompi.fanout = *n;
  }
  return out;
}

} // namespace collscope::model::detail
