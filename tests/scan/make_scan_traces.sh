#!/bin/sh
# Records the traces test_scan_traces.cpp reads (FIXTURES_SETUP): scan and exscan with every
# algorithm at the given process counts, 60 ints (the pipeline in 5 blocks of 12, so every
# message of a run has the same size), the non-commutative operation.
# usage: make_scan_traces.sh COLLSCOPE_RUN MPIEXEC OUTDIR SIZES...
set -eu
run=$1 mpiexec=$2 out=$3
shift 3
# shellcheck source-path=SCRIPTDIR source=../support/record_runs.sh
. "$(dirname "$0")/../support/record_runs.sh"
for p in "$@"; do
  for c in scan exscan; do
    one "${c}_hillis-steele_p$p" "$p" "$c" --algorithm hillis-steele --count 60 --op noncommutative
    one "${c}_binomial-updown_p$p" "$p" "$c" --algorithm binomial-updown --count 60 \
      --op noncommutative
    one "${c}_pipeline_p$p" "$p" "$c" --algorithm pipeline --count 60 --blocks 5 \
      --op noncommutative
  done
done
recorded
