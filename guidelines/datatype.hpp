// The datatype collscope-guidelines measures with (--datatype): every candidate runs on it, the
// sizes are bytes of it, and a profile records it. Floating-point data decide what may go into
// a profile: an algorithm whose sum depends on the rank (the registry's float_rank_dependent,
// which libcollscope-tune refuses for such data unless floats=ok) is measured, never written.
#pragma once

#include "collscope/algorithms/registry.hpp"

#include <string>
#include <string_view>

namespace collscope::guidelines {

struct DatatypeInfo {
  std::string_view name; ///< what --datatype takes
  std::string_view mpi;  ///< the MPI datatype the collectives get, as a profile records it
  int bytes = 4;         ///< one element
  bool floating = false; ///< a sum's bits depend on the order of the additions
  bool summable = true;  ///< MPI_SUM is defined on it (not on MPI_BYTE)
  std::string_view run;  ///< collscope-run's --datatype for it; "" when it has none yet
};

/// nullptr for a name not in the table.
const DatatypeInfo* find_datatype(std::string_view name);
const DatatypeInfo& default_datatype(); ///< int
/// "int, long, float, double, char, byte"
std::string datatype_names();

/// Why `algorithm` (a registry algorithm of `c`, with `floats_ok` from its candidate's
/// options) must stay out of a profile for `d` under MPI_SUM, or "" when it may go in: the
/// tune library's own refusal (route.cpp: float_rank_dependent, floating-point data, an
/// order-sensitive op), which a profile must not walk into on every call.
std::string rank_dependence(const Algorithm& algorithm, bool floats_ok, const DatatypeInfo& d);

} // namespace collscope::guidelines
