#!/bin/sh
# HPC Challenge (Debian's hpcc, linked to Open MPI) at p = 4 on a small problem: untraced, traced,
# and tuned and traced (every collective to collscope's algorithms, `auto` choices aside). Its
# verdicts must be the same in all three runs; the traces must read back, every call on its own
# communicator, and calls, stats and check must accept them.
# usage: run_hpcc.sh COLLSCOPE_TRACE MPIEXEC TUNE_LIBRARY HPCCINF OUTDIR
set -eu
tracecli=$1 mpiexec=$2 tune=$3 input=$4 out=$5
hpcc=$(command -v hpcc || true)
[ -n "$hpcc" ] || { echo "SKIP: hpcc is not installed"; exit 77; }
rm -rf "$out"
mkdir -p "$out"
run() { # NAME COMMAND…: runs hpcc in its own folder; keeps the verdict lines of hpccoutf.txt
  name=$1
  shift
  mkdir -p "$out/$name"
  cp "$input" "$out/$name/hpccinf.txt"
  (cd "$out/$name" && timeout 240 "$@" </dev/null >stdout.txt 2>stderr.txt) ||
    { cat "$out/$name/stdout.txt" "$out/$name/stderr.txt"; echo "FAIL: hpcc $name"; exit 1; }
  # The verdicts alone (timings and residuals differ from run to run), counted. PTRANS repeats
  # each WALL verdict on a CPU line only when its CPU timer read more than 0, so those are left out.
  grep -v '^CPU ' "$out/$name/hpccoutf.txt" | grep -oE 'PASSED|FAILED|Found [0-9]+ errors|Success=[0-9]+|Failure=[0-9]+|[A-Za-z_]*Errors=[0-9]+|Node\(s\) with error [0-9]+|Solution Validates' |
    sort | uniq -c >"$out/$name.verdicts" || true
  [ -s "$out/$name.verdicts" ] || { tail "$out/$name/hpccoutf.txt"; echo "FAIL: no verdicts"; exit 1; }
  if grep -q FAILED "$out/$name.verdicts"; then cat "$out/$name.verdicts"; echo "FAIL: hpcc $name failed a check"; exit 1; fi
}
run plain "$mpiexec" --oversubscribe -np 4 "$hpcc"
run traced "$tracecli" record -o "$out/traced.trace" -- "$mpiexec" --oversubscribe -np 4 "$hpcc"
export COLLSCOPE_TUNE="bcast=binomial;reduce=binomial;allreduce=butterfly;allgather=ring;alltoall=one-factor" COLLSCOPE_TUNE_REPORT=1
(export LD_PRELOAD="$tune"; run tuned "$tracecli" record -o "$out/tuned.trace" -- "$mpiexec" --oversubscribe \
  -np 4 -x COLLSCOPE_TUNE -x COLLSCOPE_TUNE_REPORT "$hpcc")
for name in traced tuned; do
  cmp -s "$out/plain.verdicts" "$out/$name.verdicts" ||
    { diff "$out/plain.verdicts" "$out/$name.verdicts"; echo "FAIL: hpcc's verdicts differ $name"; exit 1; }
  trace="$out/$name.trace"
  "$tracecli" calls "$trace" --json >"$out/$name.calls.json" 2>"$out/$name.calls.err" ||
    { cat "$out/$name.calls.err"; echo "FAIL: calls refused the $name trace"; exit 1; }
  "$tracecli" stats "$trace" >"$out/$name.stats" 2>&1 || { cat "$out/$name.stats"; echo "FAIL: stats $name"; exit 1; }
  "$tracecli" check "$trace" --max-messages 100000000 >"$out/$name.check" 2>&1 || { cat "$out/$name.check"; echo "FAIL: check $name"; exit 1; }
  /usr/bin/python3 - "$out/$name.calls.json" "$name" <<'PY'
import json, sys
calls = json.load(open(sys.argv[1]))
bad = [c for c in calls if c["size"] > c["comm_size"]]
for c in bad[:10]:
    print("FAIL: call %d %s lists %d ranks on a communicator of %d" % (c["index"], c["name"], c["size"], c["comm_size"]))
algorithms = sum(1 for c in calls if c["kind"] == "algorithm")
print("%s: %d calls, %d algorithm runs, %d on communicators smaller than the world" % (
    sys.argv[2], len(calls), algorithms, sum(1 for c in calls if c["comm_size"] < 4)))
if sys.argv[2] == "tuned" and algorithms == 0:
    print("FAIL: the tune library routed nothing")
    sys.exit(1)
sys.exit(1 if bad else 0)
PY
done
echo "hpcc: the same verdicts untraced, traced, tuned and traced ($(wc -l <"$out/plain.verdicts") lines)"
