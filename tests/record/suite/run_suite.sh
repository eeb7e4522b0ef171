#!/bin/sh
# One program of the tracer's regression suite at one process count:
#   run_suite.sh MPIEXEC NP COLLSCOPE_TRACE_CLI PROGRAM WORKDIR
# The program runs untraced and under `collscope-trace record`; both runs must end with the
# same exit status and the same standard output (which includes "No Errors"), and the trace's
# matched messages and bytes (collscope-trace stats --json) must equal what the program says
# it sent, with nothing unmatched. Every run is bounded by `timeout`: a hang fails the test.
set -u
mpiexec=$1 np=$2 cli=$3 program=$4 work=$5
limit=${SUITE_TIMEOUT:-60}
rm -rf "$work"
mkdir -p "$work"
failures=0
fail() { failures=$((failures + 1)); echo "FAIL  $*"; }
pass() { echo "ok    $*"; }

timeout "$limit" "$mpiexec" --oversubscribe -np "$np" "$program" </dev/null >"$work/plain.out" 2>"$work/plain.err"
plain=$?
timeout "$limit" "$cli" record -o "$work/trace" -- "$mpiexec" --oversubscribe -np "$np" "$program" \
  </dev/null >"$work/traced.out" 2>"$work/traced.err"
traced=$?
[ "$plain" -eq 0 ] && pass "untraced run exits 0" || fail "untraced run exits 0 (status $plain)"
[ "$traced" -eq "$plain" ] && pass "traced run exits $plain too" || fail "traced run exits $plain too (status $traced)"
if cmp -s "$work/plain.out" "$work/traced.out"; then pass "same output traced and untraced"
else fail "same output traced and untraced"; diff "$work/plain.out" "$work/traced.out" | head -n 10; fi
grep -q '^ No Errors$' "$work/plain.out" && pass "No Errors" || fail "No Errors"

"$cli" stats "$work/trace" --json >"$work/stats.json" 2>"$work/stats.err"
key() { sed -n "s/^ *\"$1\": \([0-9]*\).*/\1/p" "$work/stats.json"; }
said() { sed -n "s/^$1: //p" "$work/plain.out"; }
messages=$(key messages) bytes=$(key bytes_total) unmatched=$(key unmatched)
[ -n "$messages" ] && [ "$messages" = "$(said 'messages sent')" ] && pass "trace has $messages messages" ||
  fail "trace has ${messages:-?} messages, the program sent $(said 'messages sent')"
[ -n "$bytes" ] && [ "$bytes" = "$(said 'bytes sent')" ] && pass "trace has $bytes bytes" ||
  fail "trace has ${bytes:-?} bytes, the program sent $(said 'bytes sent')"
[ "${unmatched:-x}" = 0 ] && pass "nothing unmatched" || fail "${unmatched:-?} unmatched"

if [ "$failures" -ne 0 ]; then
  for f in "$work"/*.err; do [ -s "$f" ] && { echo "$f:"; tail -n 15 "$f" | sed 's/^/      | /'; }; done
  exit 1
fi
