#!/bin/sh
# Records the traces test_neighbor_traces.cpp reads (FIXTURES_SETUP): neighbor_allgather and
# neighbor_alltoall, direct and combining, on the 3 × 3 torus (p = 9) with the 5-point stencil
# (Cartesian) and the 9-point stencil (graph), one repetition, 60 ints per block.
# usage: make_neighbor_traces.sh COLLSCOPE_RUN MPIEXEC OUTDIR
set -eu
run=$1 mpiexec=$2 out=$3
rm -rf "$out"
mkdir -p "$out"
for c in neighbor_allgather neighbor_alltoall; do
  for a in direct combining; do
    for s in 5 9; do
      name="${c}_${a}_s$s"
      timeout 120 "$mpiexec" --oversubscribe -np 9 "$run" "$c" --algorithm "$a" --stencil "$s" \
        --dims 3x3 --count 60 --repetitions 1 --warmup 0 --trace "$out/$name" \
        </dev/null >"$out/$name.log" 2>&1 ||
        { cat "$out/$name.log"; echo "FAIL: $name"; exit 1; }
      grep -q "^verified: yes" "$out/$name.log" || { cat "$out/$name.log"; exit 1; }
    done
  done
done
echo "recorded $(ls -d "$out"/*/ | wc -l) traces in $out"
