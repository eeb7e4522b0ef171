#!/bin/sh
# Records the gatherv/scatterv/allgatherv traces test_recorded_irregular reads
# (FIXTURES_SETUP): Träff's algorithms on the paper's eight problem types at root ⌊p/2⌋, the
# worst case of fixed trees (only the rank farthest from the root has data) for the binomial
# tree and Träff's, and the pipelined and plain ring allgatherv.
# usage: make_traces.sh COLLSCOPE_RUN MPIEXEC OUTDIR
set -eu
run=$1 mpiexec=$2 out=$3
# shellcheck source-path=SCRIPTDIR source=../support/record_runs.sh
. "$(dirname "$0")/../support/record_runs.sh"

for problem in same random bucket spikes increasing decreasing alternating two-blocks; do
  one "gatherv_traff_${problem}_p8" 8 gatherv --algorithm traff --problem "$problem" \
    --block 1000 --root 4
  one "scatterv_traff_${problem}_p8" 8 scatterv --algorithm traff --problem "$problem" \
    --block 1000 --root 4
  one "gatherv_traff_${problem}_p11" 11 gatherv --algorithm traff --problem "$problem" \
    --block 100 --root 5 --displs gaps
done
for p in 8 16; do
  for algorithm in binomial traff; do
    one "gatherv_${algorithm}_farthest_p$p" "$p" gatherv --algorithm "$algorithm" \
      --problem farthest --block 10000 --root $((p / 2))
  done
done
# allgatherv: the pipelined ring on every problem type with a fixed piece (seed 3 draws two
# spikes at p = 7), with the lemma's piece, and with all data on one rank (the pipelining
# lemma's exact case), next to the plain ring on the same single large block.
for problem in same random bucket spikes increasing decreasing alternating two-blocks; do
  one "allgatherv_pipelined_${problem}_p7" 7 allgatherv --algorithm ring-pipelined \
    --problem "$problem" --block 100 --piece 30 --displs gaps --seed 3
done
one allgatherv_pipelined_lemma_p6 6 allgatherv --algorithm ring-pipelined --problem random \
  --block 20000
for p in 5 8; do
  one "allgatherv_pipelined_farthest_p$p" "$p" allgatherv --algorithm ring-pipelined \
    --problem farthest --block 100000
  one "allgatherv_ring_farthest_p$p" "$p" allgatherv --algorithm ring --problem farthest \
    --block 100000
  one "allgatherv_pipelined_single_p$p" "$p" allgatherv --algorithm ring-pipelined \
    --problem farthest --block 50 --piece 7
done
recorded
