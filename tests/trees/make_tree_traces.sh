#!/bin/sh
# Records the traces test_tree_traces.cpp reads (FIXTURES_SETUP): every tree and hypercube
# broadcast and the two-tree reduction at the given process counts with a forced block
# count, root p − 1 (so the shift towards 0 is exercised), and the large-message runs at the
# pipelining lemma's own block counts for the α-β comparison.
# usage: make_tree_traces.sh COLLSCOPE_RUN MPIEXEC OUTDIR SIZES...
set -eu
run=$1 mpiexec=$2 out=$3
shift 3
# shellcheck source-path=SCRIPTDIR source=../support/record_runs.sh
. "$(dirname "$0")/../support/record_runs.sh"
for p in "$@"; do
  root=$((p - 1))
  for a in binary-pipeline fibonacci-pipeline two-tree jia; do
    one "bcast_${a}_p$p" "$p" bcast --algorithm "$a" --count 60 --blocks 5 --root "$root"
  done
  one "reduce_two-tree_p$p" "$p" reduce --algorithm two-tree --count 60 --blocks 5 \
    --root "$root" --op noncommutative
done
for p in 8 12 16; do
  for a in pipeline binary-pipeline two-tree jia; do
    one "large_${a}_p$p" "$p" bcast --algorithm "$a" --count 1000000
  done
done
# The k-nomial trees (test_knomial_traces.cpp), root p − 1: k = 3 at p = 5 and 9 = 3², k = 4
# at p = 16 = 4² (where the one-ported formulas are exact).
for pk in 5:3:"bcast reduce gather scatter" 9:3:"bcast reduce gather scatter" 16:4:"bcast gather"; do
  p=${pk%%:*} rest=${pk#*:}
  k=${rest%%:*}
  for c in ${rest#*:}; do
    one "${c}_knomial_p${p}_k$k" "$p" "$c" --algorithm knomial --radix "$k" --count 6 \
      --root $((p - 1))
  done
done
for p in 5 9; do
  one "alltoall_bruck-radix_p${p}_k3" "$p" alltoall --algorithm bruck-radix --radix 3 --count 6
done
recorded
