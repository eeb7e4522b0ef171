#!/bin/sh
# One program of the tracer's regression suite at one process count:
#   run_suite.sh MPIEXEC NP COLLSCOPE_TRACE_CLI PROGRAM WORKDIR      ($OTF2_PRINT: otf2-print)
# The program runs untraced and under `collscope-trace record`; both runs must end with the
# same exit status and the same standard output (which includes "No Errors"), and the trace's
# matched messages and bytes (collscope-trace stats --json), less those the library sent inside
# its native collectives, must equal what the program says it sent, with nothing unmatched. A program that prints "collectives: N" must leave N
# MpiCollectiveEnd records, and one that prints "calls MPI_X: N" N Enters of region MPI_X
# (summed over ranks). Every run is bounded by `timeout`: a hang fails the test.
set -u
mpiexec=$1 np=$2 cli=$3 program=$4 work=$5
limit=${SUITE_TIMEOUT:-60}
rm -rf "$work"
mkdir -p "$work"
[ -x "$program" ] || { echo "FAIL  no program $program"; exit 1; }
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
# The program's own messages: without those the library sent inside its native collectives.
messages=$(key messages) bytes=$(key bytes_total)
native_messages=$(key native_messages) native_bytes=$(key native_bytes)
[ -n "$messages" ] && [ -n "$native_messages" ] && messages=$((messages - native_messages))
[ -n "$bytes" ] && [ -n "$native_bytes" ] && bytes=$((bytes - native_bytes))
unmatched=$(key unmatched)
[ -n "$messages" ] && [ "$messages" = "$(said 'messages sent')" ] && pass "trace has $messages messages" ||
  fail "trace has ${messages:-?} messages, the program sent $(said 'messages sent')"
[ -n "$bytes" ] && [ "$bytes" = "$(said 'bytes sent')" ] && pass "trace has $bytes bytes" ||
  fail "trace has ${bytes:-?} bytes, the program sent $(said 'bytes sent')"
[ "${unmatched:-x}" = 0 ] && pass "nothing unmatched" || fail "${unmatched:-?} unmatched"

otf2_print=${OTF2_PRINT:-otf2-print}
"$otf2_print" "$work/trace/traces.otf2" >"$work/events.txt" 2>"$work/print.err" ||
  fail "otf2-print reads the trace"
collectives=$(said collectives)
if [ -n "$collectives" ]; then
  ends=$(grep -c '^MPI_COLLECTIVE_END ' "$work/events.txt")
  [ "$ends" = "$collectives" ] && pass "$ends collective records" ||
    fail "$ends collective records, the program made $collectives collective calls"
fi
sed -n 's/^calls \(MPI_[A-Za-z_]*\): \([0-9]*\)$/\1 \2/p' "$work/plain.out" | while read -r name n; do
  enters=$(grep -c "^ENTER .*Region: \"$name\"" "$work/events.txt")
  [ "$enters" = "$n" ] && echo "ok    $n calls of $name shown" ||
    { echo "FAIL  $enters calls of $name shown, the program made $n"; touch "$work/calls.failed"; }
done
[ -e "$work/calls.failed" ] && failures=$((failures + 1))

if [ "$failures" -ne 0 ]; then
  for f in "$work"/*.err; do [ -s "$f" ] && { echo "$f:"; tail -n 15 "$f" | sed 's/^/      | /'; }; done
  exit 1
fi
