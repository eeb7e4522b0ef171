#!/bin/sh
# Records the traces test_reduction_traces.cpp reads (FIXTURES_SETUP): every allreduce and
# reduce_scatter_block algorithm at the given process counts, one repetition each.
# allreduce: 5040 ints (divisible by every p ≤ 10, 12 and 16, so the ring's and the halving's
# parts are equal); reduce_scatter_block: 60 ints per rank.
# usage: make_reduction_traces.sh COLLSCOPE_RUN MPIEXEC OUTDIR SIZES...
set -eu
run=$1 mpiexec=$2 out=$3
shift 3
# shellcheck source-path=SCRIPTDIR source=../support/record_runs.sh
. "$(dirname "$0")/../support/record_runs.sh"
for p in "$@"; do
  for a in reduce-bcast butterfly ring circulant rabenseifner; do
    one "allreduce_${a}_p$p" "$p" allreduce --algorithm "$a" --count 5040
  done
  one "allreduce_tree-pipeline_p$p" "$p" allreduce --algorithm tree-pipeline --count 5040 \
    --blocks 5
  # The overlapped trees (test_overlapped_traces.cpp): float sums, reduce at the last rank.
  one "allreduce_doubly-pipelined_p$p" "$p" allreduce --algorithm doubly-pipelined --count 5040 \
    --blocks 5 --datatype double
  one "reduce_inorder-binary_p$p" "$p" reduce --algorithm inorder-binary --count 5040 \
    --root $((p - 1))
  for a in ring halving ordered-halving; do
    one "reduce_scatter_block_${a}_p$p" "$p" reduce_scatter_block --algorithm "$a" --count 60
  done
done
recorded
