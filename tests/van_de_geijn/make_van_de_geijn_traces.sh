#!/bin/sh
# Records the traces test_van_de_geijn_traces.cpp reads (FIXTURES_SETUP): each algorithm of the
# Van de Geijn family at the given process counts (6: two folded pairs; 8: none), one
# repetition each, verified against native MPI. Broadcast and reduce: 5040 ints (divisible by
# every p here, so the blocks are equal); gather, scatter, allgather: 60 ints per block.
# Roots: p − 1 (the chain and the tree wrap past p − 1); reduce also at root 0 (an even rank
# that folds out when p is not a power of two: the forward round).
# usage: make_van_de_geijn_traces.sh COLLSCOPE_RUN MPIEXEC OUTDIR SIZES...
set -eu
run=$1 mpiexec=$2 out=$3
shift 3
# shellcheck source-path=SCRIPTDIR source=../support/record_runs.sh
. "$(dirname "$0")/../support/record_runs.sh"
for p in "$@"; do
  last=$((p - 1))
  for a in scatter-allgather scatter-ring; do
    one "bcast_${a}_p${p}_r$last" "$p" bcast --algorithm "$a" --count 5040 --root "$last"
  done
  for r in 0 "$last"; do
    one "reduce_reduce-scatter-gather_p${p}_r$r" "$p" reduce --algorithm reduce-scatter-gather \
      --count 5040 --root "$r"
  done
  one "scatter_chain_p${p}_r$last" "$p" scatter --algorithm chain --count 60 --root "$last"
  one "gather_chain_p${p}_r$last" "$p" gather --algorithm chain --count 60 --root "$last"
  one "allgather_recursive-doubling_p${p}" "$p" allgather --algorithm recursive-doubling \
    --count 60
done
recorded
