#!/bin/sh
# Records the traces the recorded-trace app tests render (FIXTURES_SETUP app_recorded): the
# default demo's binomial gather and pipelined broadcast, a ring allgather on 8 ranks, and the
# collective views' runs below.
# usage: record_traces.sh COLLSCOPE_RUN MPIEXEC OUTDIR
set -eu
run=$1 mpiexec=$2 out=$3
rm -rf "$out"
mkdir -p "$out"
record() { # record NAME ARGS...  (8 ranks)
  recordp 8 "$@"
}
recordp() { # recordp P NAME ARGS...
  np=$1 name=$2
  shift 2
  timeout 120 "$mpiexec" --oversubscribe -np "$np" "$run" "$@" --repetitions 1 --warmup 0 \
    --trace "$out/$name" </dev/null >"$out/$name.log" 2>&1 || {
    cat "$out/$name.log"
    echo "FAIL: recording $name"
    exit 1
  }
}
record gather_binomial_p8 gather --algorithm binomial --root 0 --count 1000
record bcast_pipeline_p8 bcast --algorithm pipeline --root 0 --count 100000
record allgather_ring_p8 allgather --algorithm ring --count 1000
# The collective views: trees, circulant patterns, data by origin, gather delays.
recordp 7 gather_binomial_p7 gather --algorithm binomial --root 0 --count 100
recordp 16 gather_binomial_p16 gather --algorithm binomial --root 0 --count 1000
recordp 7 scatter_binomial_p7 scatter --algorithm binomial --root 2 --count 100
recordp 7 allgather_dissemination_p7 allgather --algorithm dissemination --count 100
recordp 32 allgather_dissemination_p32 allgather --algorithm dissemination --count 10
recordp 16 gatherv_binomial_farthest_p16 gatherv --algorithm binomial --root 0 --problem farthest \
  --block 100000
# Pipelined trees: the two-tree with and without a relay, a binary pipeline, Jia's hypercube,
# the two-tree reduction (rounds mirrored).
recordp 7 bcast_two_tree_p7 bcast --algorithm two-tree --root 0 --count 600 --blocks 6
recordp 8 bcast_two_tree_p8 bcast --algorithm two-tree --root 3 --count 600 --blocks 6
recordp 7 bcast_binary_pipeline_p7 bcast --algorithm binary-pipeline --root 0 --count 600 \
  --blocks 4
recordp 8 bcast_jia_p8 bcast --algorithm jia --root 0 --count 600 --blocks 4
recordp 7 reduce_two_tree_p7 reduce --algorithm two-tree --root 0 --count 600 --blocks 6 \
  --op noncommutative
# A plain reduction tree off rank 0: its nodes carry no data lines, only their ranks.
recordp 6 reduce_binomial_p6 reduce --algorithm binomial --root 2 --count 4
# Reductions: partial-sum ranges in the data view, skips in the circulant view.
recordp 7 scan_hillis-steele_p7 scan --algorithm hillis-steele --count 100 --op noncommutative
recordp 7 allreduce_circulant_p7 allreduce --algorithm circulant --count 100
# Alltoall: the transpose in the data view (direct), Bruck's skips 1, 2, 4 in the circulant view.
recordp 5 alltoall_direct_p5 alltoall --algorithm direct --count 10
recordp 6 alltoall_bruck_p6 alltoall --algorithm bruck --count 10
# Nodes: the hierarchical allreduce on 3 nodes of 4 (the layout is in the trace's metadata).
recordp 12 allreduce_hierarchical_3x4 allreduce --algorithm hierarchical --count 1200 \
  --ranks-per-node 4
# Hypercube algorithms on the cube: the butterfly, Jia's broadcast off root 3, the alltoall.
recordp 8 allreduce_butterfly_p8 allreduce --algorithm butterfly --count 100
recordp 8 bcast_jia_root3_p8 bcast --algorithm jia --root 3 --count 600 --blocks 4
recordp 8 alltoall_hypercube_p8 alltoall --algorithm hypercube --count 10
echo "recorded 23 traces in $out"
