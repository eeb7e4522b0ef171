#!/bin/sh
# Records the traces test_alltoall_traces.cpp reads (FIXTURES_SETUP): every alltoall algorithm
# (hypercube at powers of two only; scatter-dest with batches of 2) and every alltoallv
# algorithm at the given process counts, one repetition each, 60 ints per block (alltoallv:
# 60·((i+j+1) mod 3) from i to j).
# usage: make_alltoall_traces.sh COLLSCOPE_RUN MPIEXEC OUTDIR SIZES...
set -eu
run=$1 mpiexec=$2 out=$3
shift 3
# shellcheck source-path=SCRIPTDIR source=../support/record_runs.sh
. "$(dirname "$0")/../support/record_runs.sh"
for p in "$@"; do
  for a in direct one-factor bruck linear; do
    one "alltoall_${a}_p$p" "$p" alltoall --algorithm "$a" --count 60
  done
  case $p in 1 | 2 | 4 | 8 | 16 | 32 | 64)
    one "alltoall_hypercube_p$p" "$p" alltoall --algorithm hypercube --count 60 ;;
  esac
  # MPICH's throttle of 32 never binds at these p (scatter-dest would be linear): batches of 2.
  one "alltoall_scatter-dest-b2_p$p" "$p" alltoall --algorithm scatter-dest --count 60 --blocks 2
  for a in direct one-factor; do
    one "alltoallv_${a}_p$p" "$p" alltoallv --algorithm "$a" --count 60
  done
done
recorded
