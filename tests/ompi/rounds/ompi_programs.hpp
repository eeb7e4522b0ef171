// Each rank's program order of messages inside Open MPI 4.1.4's own collectives, generated from
// the algorithms' definitions in ompi/mca/coll/base/coll_base_*.c (tag v4.1.4) — never from a
// recorded trace. A send is an event where it is posted (send, isend); a receive where the
// collective learns it completed (recv returns; ompi_request_wait* returns it, in the order of
// the request array). Counts are in MPI_INTs (4 bytes), as rounds_program.c sends them.
#pragma once

#include "ompi_trees.hpp"
#include "one_ported_oracle.hpp"

#include <string>

namespace collscope::ompi_rounds {

/// One forced call: what the test passes to mpirun (coll tuned's forced algorithm and its
/// parameters) and to the collective.
struct Case {
  std::string collective; // bcast, reduce, allreduce, allgather, gather, scatter, barrier,
                          // alltoall, scan
  std::string algorithm;  // Open MPI's name (coll_tuned_<coll>_algorithm's enumerator)
  int p = 1;
  int root = 0;
  int count = 1;   // elements (MPI_INT) per rank and per block
  int segsize = 0; // bytes; 0: no segmentation
  int fanout = 4;  // chain fanout (bcast, reduce chain)
  int radix = 4;   // knomial radix
};

/// COLL_BASE_COMPUTED_SEGCOUNT (coll_base_functions.h) for MPI_INT: elements per segment.
int segment_count(int segsize, int count);
/// Segments of a count: ⌈count / segment_count⌉.
int segments(int segsize, int count);

/// The program of the case's algorithm; throws std::invalid_argument for one not known.
Program program_of(const Case& c);

Program bcast_program(const Case& c);  // ompi_programs_bcast.cpp
Program reduce_program(const Case& c); // ompi_programs_reduce.cpp (reduce, allreduce, scan)
Program allreduce_program(const Case& c);
Program scan_program(const Case& c);
Program allgather_program(const Case& c); // ompi_programs_gather.cpp (allgather, gather, scatter)
Program gather_program(const Case& c);
Program scatter_program(const Case& c);
Program barrier_program(const Case& c); // ompi_programs_sync.cpp (barrier, alltoall)
Program alltoall_program(const Case& c);

/// ompi_coll_base_bcast_intra_generic over a tree with `segments_n` segments.
Program bcast_generic(const Tree& tree, int root, int segments_n);
/// ompi_coll_base_reduce_generic over a tree with `segments_n` segments.
Program reduce_generic(const Tree& tree, int root, int segments_n);

} // namespace collscope::ompi_rounds
