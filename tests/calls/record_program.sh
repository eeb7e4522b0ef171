#!/bin/sh
# Records the plain program four_steps.c at p = 6 through `collscope-trace record`, as a user
# would (FIXTURES_SETUP of the calls tests).
# usage: record_program.sh COLLSCOPE_TRACE MPIEXEC PROGRAM OUTDIR
set -eu
tracecli=$1 mpiexec=$2 program=$3 out=$4
rm -rf "$out"
mkdir -p "$out"
timeout 120 "$tracecli" record -o "$out/four_steps_p6" -- \
  "$mpiexec" --oversubscribe -np 6 "$program" </dev/null >"$out/program.out" 2>"$out/record.err" ||
  { cat "$out/program.out" "$out/record.err"; echo "FAIL: collscope-trace record"; exit 1; }
# The program's own check that its exchanges are right: bcast 100..103, everyone's values
# gathered, the ring's values summed (0 + 1 + … + 5).
grep -qx 'bcast 100 101 102 103, gathered sum 2496, ring sum 15' "$out/program.out" ||
  { cat "$out/program.out"; echo "FAIL: the program's result"; exit 1; }
echo "recorded $out/four_steps_p6"
