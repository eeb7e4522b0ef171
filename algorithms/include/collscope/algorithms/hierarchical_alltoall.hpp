// MPI_Alltoall composed for nodes (seeds/001, "Hierarchical collectives"): alltoall_hierarchical,
// declared in alltoall.hpp with the other alltoalls; this header stays for the code that
// included it.
#pragma once

#include "collscope/algorithms/alltoall.hpp"
