#include "datatype.hpp"

#include <array>

namespace collscope::guidelines {

namespace {

// char is MPI_SIGNED_CHAR: MPI's reductions take it as an integer (MPI_CHAR is text, which
// they refuse). collscope-run measures int, float and double so far; the others wait for its
// --datatype (algorithms/driver) and are refused until then, with that reason.
constexpr std::array<DatatypeInfo, 6> table = {{
    {"int", "MPI_INT", 4, false, true, "int"},
    {"long", "MPI_LONG", 8, false, true, ""},
    {"float", "MPI_FLOAT", 4, true, true, "float"},
    {"double", "MPI_DOUBLE", 8, true, true, "double"},
    {"char", "MPI_SIGNED_CHAR", 1, false, true, ""},
    {"byte", "MPI_BYTE", 1, false, false, ""},
}};

} // namespace

const DatatypeInfo* find_datatype(std::string_view name) {
  for (const DatatypeInfo& d : table)
    if (d.name == name) return &d;
  return nullptr;
}

const DatatypeInfo& default_datatype() {
  return table[0];
}

std::string datatype_names() {
  std::string names;
  for (const DatatypeInfo& d : table) names += (names.empty() ? "" : ", ") + std::string(d.name);
  return names;
}

std::string rank_dependence(const Algorithm& a, bool floats_ok, const DatatypeInfo& d) {
  if (!a.float_rank_dependent || floats_ok || !d.floating || !a.reduces()) return "";
  return "its sum depends on the rank for " + std::string(d.name) +
         " (floats=ok in COLLSCOPE_TUNE allows it)";
}

} // namespace collscope::guidelines
