#!/bin/sh
# Records the plain program four_steps.c at p = 6 and regions.c at p = 3 through
# `collscope-trace record`, as a user would (FIXTURES_SETUP of the calls tests).
# usage: record_program.sh COLLSCOPE_TRACE MPIEXEC PROGRAM REGIONS_PROGRAM OUTDIR
set -eu
tracecli=$1 mpiexec=$2 program=$3 regions=$4 out=$5
rm -rf "$out"
mkdir -p "$out"
timeout 120 "$tracecli" record -o "$out/four_steps_p6" -- \
  "$mpiexec" --oversubscribe -np 6 "$program" </dev/null >"$out/program.out" 2>"$out/record.err" ||
  { cat "$out/program.out" "$out/record.err"; echo "FAIL: collscope-trace record"; exit 1; }
# The program's own check that its exchanges are right: bcast 100..103, everyone's values
# gathered, the ring's values summed (0 + 1 + … + 5).
grep -qx 'bcast 100 101 102 103, gathered sum 2496, ring sum 15' "$out/program.out" ||
  { cat "$out/program.out"; echo "FAIL: the program's result"; exit 1; }
timeout 120 "$tracecli" record -o "$out/regions_p3" -- \
  "$mpiexec" --oversubscribe -np 3 "$regions" </dev/null >"$out/regions.out" 2>"$out/record.err" ||
  { cat "$out/regions.out" "$out/record.err"; echo "FAIL: collscope-trace record (regions)"; exit 1; }
grep -qx 'sum 3' "$out/regions.out" || { cat "$out/regions.out"; echo "FAIL: regions' result"; exit 1; }
echo "recorded $out/four_steps_p6 and $out/regions_p3"
