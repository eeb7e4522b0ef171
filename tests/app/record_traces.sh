#!/bin/sh
# Records the traces the recorded-trace app tests render (FIXTURES_SETUP app_recorded): the
# default demo's binomial gather and pipelined broadcast, and a ring allgather, on 8 ranks.
# usage: record_traces.sh COLLSCOPE_RUN MPIEXEC OUTDIR
set -eu
run=$1 mpiexec=$2 out=$3
rm -rf "$out"
mkdir -p "$out"
record() { # record NAME ARGS...
  name=$1
  shift
  timeout 120 "$mpiexec" --oversubscribe -np 8 "$run" "$@" --repetitions 1 --warmup 0 \
    --trace "$out/$name" </dev/null >"$out/$name.log" 2>&1 || {
    cat "$out/$name.log"
    echo "FAIL: recording $name"
    exit 1
  }
}
record gather_binomial_p8 gather --algorithm binomial --root 0 --count 1000
record bcast_pipeline_p8 bcast --algorithm pipeline --root 0 --count 100000
record allgather_ring_p8 allgather --algorithm ring --count 1000
echo "recorded 3 traces in $out"
