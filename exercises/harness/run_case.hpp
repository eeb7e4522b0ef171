// One graded call of the submission, checked against the native collective on identical
// input, and the verdict every rank of MPI_COMM_WORLD agrees on.
#pragma once

#include "calls.hpp"
#include "collscope/grade/case.hpp"

#include <cstdint>
#include <mpi.h>
#include <string>
#include <vector>

namespace collscope::grade {

struct Verdict {
  std::string outcome; ///< "ok", "wrong" or "error" (the function returned an error code)
  std::string detail;  ///< the lowest failing rank's first difference or error
  long long heap_peak = 0;
  int heap_peak_rank = 0;
  long long heap_live = 0;
  bool heap_overflow = false;
  std::uint64_t banned = 0;
  struct Map {
    int rank = 0;
    std::string got, expected; ///< block_map of the receive buffer after the call
  };
  std::vector<Map> maps; ///< every wrong rank's, for a wrong result
};

/// Runs case `c` on `comm` (the first c.p ranks of the world; MPI_COMM_NULL elsewhere) with
/// the call traced as region "algorithm <collective>/submission" tagged `case=ID`. Collective
/// over MPI_COMM_WORLD; the verdict is complete on world rank 0.
Verdict run_case(Kind kind, const Case& c, MPI_Comm comm, const Datatypes& types);

/// "case ID OUTCOME ..." as log.hpp describes.
std::string log_line(const Case& c, const Verdict& v);
/// "map ID RANK GOT EXPECTED", one per wrong rank (log.hpp).
std::vector<std::string> map_lines(const Case& c, const Verdict& v);

} // namespace collscope::grade
