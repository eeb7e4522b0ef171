#!/bin/sh
# A rank's memory does not grow with the run's length: memory.c traced on 2 processes with
# SHORT and 10 x SHORT messages; each rank's peak resident set (VmHWM after MPI_Finalize, so
# writing the archive counts) must stay within 1.25 x between the two runs, and `record` must
# report every message.
# SHORT is 200000 by default: writing the archive at MPI_Finalize fills OTF2's chunk pool
# (4 MiB, tracer/record/README.md) over about the first 150 000 messages, so shorter runs sit
# below that fixed plateau (peaks of 18.0, 20.4, 22.9, 22.7 and 22.7 MiB at 50 000, 100 000,
# 200 000, 400 000 and 2 000 000 messages here) and a ratio against them measures the pool.
#   run_memory.sh MPIEXEC COLLSCOPE_TRACE_CLI PROGRAM WORKDIR [SHORT]
set -u
mpiexec=$1 cli=$2 program=$3 work=$4 short=${5:-200000}
limit=${SUITE_TIMEOUT:-150}
long=$((short * 10))
rm -rf "$work"
mkdir -p "$work"
failures=0
fail() { failures=$((failures + 1)); echo "FAIL  $*"; }
pass() { echo "ok    $*"; }

peak() { # the largest peak over the ranks of one run, in KiB
  sed -n 's/^rank [0-9]* peak_kib \([0-9]*\).*/\1/p' "$1" | sort -n | tail -n 1
}
for n in "$short" "$long"; do
  timeout "$limit" "$cli" record -o "$work/trace_$n" -- "$mpiexec" -np 2 "$program" "$n" \
    </dev/null >"$work/$n.out" 2>"$work/$n.err" && pass "$n messages traced" ||
    fail "$n messages traced (status $?)"
  grep -q "wrote .*, $n messages sent" "$work/$n.err" && pass "record reports $n messages" ||
    fail "record reports $n messages"
  rm -rf "$work/trace_$n"
done
small=$(peak "$work/$short.out") big=$(peak "$work/$long.out")
echo "      peak per rank: $small KiB for $short messages, $big KiB for $long"
[ -n "$small" ] && [ -n "$big" ] && [ $((big * 100)) -le $((small * 125)) ] &&
  pass "peak memory does not grow with the run (ratio $big/$small <= 1.25)" ||
  fail "peak memory grows with the run: ${big:-?} KiB vs ${small:-?} KiB"

if [ "$failures" -ne 0 ]; then
  for f in "$work"/*.err; do [ -s "$f" ] && { echo "$f:"; tail -n 15 "$f" | sed 's/^/      | /'; }; done
  exit 1
fi
