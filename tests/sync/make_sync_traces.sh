#!/bin/sh
# Records the traces test_sync_traces.cpp reads (FIXTURES_SETUP): every barrier, ibcast,
# iallreduce and ibarrier algorithm through collscope-run at the given process counts, and the
# overlap demo recorded as any program is, with collscope-trace record.
# usage: make_sync_traces.sh COLLSCOPE_RUN COLLSCOPE_TRACE DEMO MPIEXEC OUTDIR SIZES...
set -eu
run=$1 tracer=$2 demo=$3 mpiexec=$4 out=$5
shift 5
# shellcheck source-path=SCRIPTDIR source=../support/record_runs.sh
. "$(dirname "$0")/../support/record_runs.sh"
for p in "$@"; do
  for a in dissemination tree butterfly; do one "barrier_${a}_p$p" "$p" barrier --algorithm "$a"; done
  one "ibcast_binomial_p$p" "$p" ibcast --algorithm binomial --count 100 --root $((p - 1))
  one "iallreduce_butterfly_p$p" "$p" iallreduce --algorithm butterfly --count 100
  one "ibarrier_dissemination_p$p" "$p" ibarrier --algorithm dissemination
done
timeout 120 "$tracer" record -o "$out/overlap" -- "$mpiexec" --oversubscribe -np 5 "$demo" \
  </dev/null >"$out/overlap.log" 2>&1 || { cat "$out/overlap.log"; exit 1; }
recorded
