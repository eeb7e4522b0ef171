#!/bin/sh
# Records Open MPI's own collectives at p = 8 (oversubscribed) with the messages they send
# inside (tracer/README.md, "Inside the library"), for test_native_inside.cpp, and checks what
# a shell sees: each run prints the same as untraced ("verified: yes": the result is
# unchanged), otf2-print reads each archive without a warning, `collscope-trace stats` says the
# inside was recorded and counts its bytes, and a nonblocking collective is said, once on
# stderr and in the metadata, not to be recorded inside.
# usage: make_traces.sh MPIEXEC TRACER_LIB PROGRAM COLLSCOPE_TRACE OUTDIR
set -u
mpiexec=$1 lib=$2 program=$3 cli=$4 out=$5
otf2_print=${OTF2_PRINT:-otf2-print}
np=8
failures=0
rm -rf "$out"
mkdir -p "$out"

fail() {
  failures=$((failures + 1))
  echo "FAIL  $*"
}
pass() { echo "ok    $*"; }

dynamic="--mca coll_tuned_use_dynamic_rules 1"
# record NAME MCA_OPTIONS -- ARGS: the program untraced and traced, same output, verified.
record() {
  name=$1 mca=$2
  shift 2
  # shellcheck disable=SC2086 # the MCA options are words
  timeout 120 "$mpiexec" -np $np --oversubscribe $mca "$program" "$@" >"$out/$name.plain" 2>&1
  # shellcheck disable=SC2086
  timeout 120 "$mpiexec" -np $np --oversubscribe -x LD_PRELOAD="$lib" \
    -x COLLSCOPE_TRACE="$out/$name" $mca "$program" "$@" >"$out/$name.out" 2>"$out/$name.err"
  status=$?
  if [ $status -eq 0 ] && grep -qx "verified: yes" "$out/$name.out" &&
    cmp -s "$out/$name.plain" "$out/$name.out"; then
    pass "$name: traced run prints what the untraced one does, verified: yes"
  else
    fail "$name: traced run (status $status)"
    sed 's/^/      | /' "$out/$name.out" "$out/$name.err" | tail -n 20
  fi
  if "$otf2_print" "$out/$name/traces.otf2" >"$out/$name.print" 2>"$out/$name.print.err" &&
    ! grep -q -i "warning" "$out/$name.print.err"; then
    pass "$name: otf2-print reads the archive without a warning"
  else
    fail "$name: otf2-print"
    tail -n 5 "$out/$name.print.err"
  fi
  rm -f "$out/$name.print"
  "$cli" stats "$out/$name" --json >"$out/$name.json" 2>"$out/$name.stats.err" ||
    fail "$name: collscope-trace stats"
}

record bcast_linear "$dynamic --mca coll_tuned_bcast_algorithm 1" bcast 1000 3
record bcast_binomial "$dynamic --mca coll_tuned_bcast_algorithm 6" bcast 1000 3
record bcast_pipeline "$dynamic --mca coll_tuned_bcast_algorithm 3 \
  --mca coll_tuned_bcast_algorithm_segmentsize 1024" bcast 2500 5
record allreduce_default "" allreduce 1000
record allreduce_doubling "$dynamic --mca coll_tuned_allreduce_algorithm 3" allreduce 1000
record ibcast "" ibcast 1000 0
COLLSCOPE_TRACE_INSIDE=off
export COLLSCOPE_TRACE_INSIDE
record switched_off "-x COLLSCOPE_TRACE_INSIDE $dynamic --mca coll_tuned_bcast_algorithm 6" bcast 1000 3
unset COLLSCOPE_TRACE_INSIDE

for name in bcast_linear bcast_binomial bcast_pipeline allreduce_default allreduce_doubling; do
  if grep -q '"native_inside": "recorded (Open MPI [0-9.]*, pml ob1)"' "$out/$name.json"; then
    pass "$name: stats say the messages inside native collectives were recorded"
  else
    fail "$name: stats --json native_inside"
    grep native_inside "$out/$name.json"
  fi
  if grep -q "not recorded" "$out/$name.err"; then
    fail "$name: the run said something was not recorded"
    cat "$out/$name.err"
  fi
done
# The bcast's 4000 bytes reach each of the 7 other ranks (the verifying allreduce adds 24 × 4).
if grep -q '"bytes_total": 28096,' "$out/bcast_binomial.json"; then
  pass "stats count the native bcast's bytes from its messages (28096)"
else
  fail "stats bytes_total of the native bcast"
  grep bytes_total "$out/bcast_binomial.json"
fi
lines=$(grep -c "messages inside nonblocking collectives .* are not recorded" "$out/ibcast.err")
if [ "$lines" = 1 ] &&
  grep -q '"native_inside": "recorded (.*), except: nonblocking collectives' "$out/ibcast.json"; then
  pass "MPI_Ibcast: one line on stderr and the metadata say its inside is not recorded"
else
  fail "MPI_Ibcast: $lines lines on stderr"
  cat "$out/ibcast.err"
  grep native_inside "$out/ibcast.json"
fi

# Not recorded (here: switched off, as on another MPI or version): one line, the metadata,
# no message, never a crash.
lines=$(grep -c "messages inside native collectives are not recorded: switched off" \
  "$out/switched_off.err")
if [ "$lines" = 1 ] && [ "$(wc -l <"$out/switched_off.err")" = 1 ] &&
  grep -q '"native_inside": "not recorded: switched off' "$out/switched_off.json" &&
  grep -q '"messages": 0,' "$out/switched_off.json"; then
  pass "switched off: one line on stderr, the metadata says not recorded, no message"
else
  fail "switched off"
  cat "$out/switched_off.err"
  grep '"native_inside"\|"messages"' "$out/switched_off.json"
fi

[ $failures -eq 0 ] || {
  echo "$failures check(s) failed"
  exit 1
}
echo "all checks passed"
