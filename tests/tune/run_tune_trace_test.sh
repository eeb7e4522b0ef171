#!/bin/sh
# libcollscope-tune under `collscope-trace record`: the chosen algorithms' annotations appear in
# the program's trace, as many calls of each as the tune report counts.
#   run_tune_trace_test.sh MPIEXEC PROGRAM LIBRARY COLLSCOPE_TRACE WORKDIR
set -u
mpiexec=$1 program=$2 library=$3 trace=$4 work=$5
fail() { echo "FAIL: $*"; exit 1; }
rm -rf "$work" && mkdir -p "$work/out" || fail "cannot make $work"
LD_PRELOAD=$library COLLSCOPE_TUNE="bcast=jia;allreduce=rabenseifner;allgather=hierarchical" \
  COLLSCOPE_TUNE_REPORT=1 timeout 120 "$trace" record -o "$work/T" "$mpiexec" --oversubscribe \
  -np 4 -x COLLSCOPE_TUNE -x COLLSCOPE_TUNE_REPORT -x COLLSCOPE_RANKS_PER_NODE=2 "$program" \
  "$work/out" </dev/null >"$work/run.out" 2>"$work/run.err" || { cat "$work/run.err"; fail "record failed"; }
"$trace" calls "$work/T" --json >"$work/calls" 2>&1 || { cat "$work/calls"; fail "calls failed"; }
for pair in bcast:jia allreduce:rabenseifner allgather:hierarchical; do
  c=${pair%%:*} a=${pair#*:}
  reported=$(sed -n "s/^collscope-tune: rank 0 ran $c $a: \([0-9]*\) calls$/\1/p" "$work/run.err")
  [ -n "$reported" ] && [ "$reported" -gt 0 ] || fail "$c $a not reported: $(cat "$work/run.err")"
  # The report counts rank 0's calls; the trace has a call per communicator (the program
  # splits {0,2} and {1,3}), so those with rank 0 are compared.
  traced=$(/usr/bin/python3 -c 'import json, sys
calls = json.load(open(sys.argv[1]))
print(sum(1 for c in calls if c["kind"] == "algorithm" and c["name"] == sys.argv[2] and 0 in c["ranks"]))' \
    "$work/calls" "$c/$a")
  [ "$traced" = "$reported" ] ||
    fail "$c $a: $reported calls reported, $traced algorithm calls in the trace"
done
echo "ok: the tuned algorithms' calls are in the trace, as many as reported"
