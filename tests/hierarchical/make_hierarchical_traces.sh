#!/bin/sh
# Records the traces test_hierarchical_traces.cpp reads (FIXTURES_SETUP): the hierarchical and
# full-lane algorithms on regular (3 nodes of 4, 4 nodes of 2 round-robin, 2 nodes of 3) and
# irregular (3,3,2) layouts, roots off the nodes' first ranks, and two flat algorithms on the
# same layout for contrast; the Van de Geijn bcast and Rabenseifner reduce on every layout.
# 1200 ints per vector (divisible by every n), 10 ints per block.
# usage: make_hierarchical_traces.sh COLLSCOPE_RUN MPIEXEC OUTDIR
set -eu
run=$1 mpiexec=$2 out=$3
# shellcheck source-path=SCRIPTDIR source=../support/record_runs.sh
. "$(dirname "$0")/../support/record_runs.sh"
layout() { # layout TAG NP ROOT LAYOUT-OPTIONS... for every algorithm that fits
  tag=$1 np=$2 root=$3 kind=$4
  shift 4
  for a in hierarchical full-lane; do
    [ "$a" = full-lane ] && [ "$kind" = irregular ] && continue
    one "bcast_${a}_$tag" "$np" bcast --algorithm $a --root "$root" --count 1200 "$@"
    one "reduce_${a}_$tag" "$np" reduce --algorithm $a --root "$root" --count 1200 "$@"
    one "allreduce_${a}_$tag" "$np" allreduce --algorithm $a --count 1200 "$@"
    one "allgather_${a}_$tag" "$np" allgather --algorithm $a --count 10 "$@"
  done
  # The Van de Geijn bcast and Rabenseifner reduce on both levels (long messages).
  one "bcast_hierarchical-scatter-allgather_$tag" "$np" bcast \
    --algorithm hierarchical-scatter-allgather --root "$root" --count 1200 "$@"
  one "reduce_hierarchical-scatter-gather_$tag" "$np" reduce \
    --algorithm hierarchical-scatter-gather --root "$root" --count 1200 "$@"
  [ "$kind" = round-robin ] || one "scan_hierarchical_$tag" "$np" scan --algorithm hierarchical \
    --count 1200 "$@"
}
layout 3x4 12 6 regular --ranks-per-node 4
layout 4x2rr 8 5 round-robin --ranks-per-node 2 --placement round-robin
layout 2x3 6 4 regular --ranks-per-node 3
layout 332 8 4 irregular --nodes 3,3,2
one alltoall_hierarchical_3x4 12 alltoall --algorithm hierarchical --count 10 --ranks-per-node 4
one alltoall_hierarchical_332 8 alltoall --algorithm hierarchical --count 10 --nodes 3,3,2
one bcast_binomial_3x4 12 bcast --algorithm binomial --count 1200 --ranks-per-node 4
one allreduce_butterfly_3x4 12 allreduce --algorithm butterfly --count 1200 --ranks-per-node 4
recorded
