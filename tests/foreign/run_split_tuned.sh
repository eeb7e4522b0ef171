#!/bin/sh
# mpi4py's split-communicator program (split_tuned.py) at p = 4: untraced, tuned, and tuned and
# traced. Its output must be the same in all three; the trace must read back with every call on
# its own communicator (no call lists more ranks than its communicator has), and calls, stats
# and check must accept it.
# usage: run_split_tuned.sh COLLSCOPE_TRACE MPIEXEC TUNE_LIBRARY SCRIPT OUTDIR
set -eu
tracecli=$1 mpiexec=$2 tune=$3 script=$4 out=$5
python=/usr/bin/python3
"$python" -c 'from mpi4py import MPI' 2>/dev/null || { echo "SKIP: python3-mpi4py is not installed"; exit 77; }
rm -rf "$out"
mkdir -p "$out"
run() { # NAME COMMAND…: the program's lines, sorted (ranks print in any order)
  name=$1
  shift
  timeout 120 "$@" </dev/null >"$out/$name.raw" 2>"$out/$name.err" ||
    { cat "$out/$name.raw" "$out/$name.err"; echo "FAIL: $name run"; exit 1; }
  grep '^rank ' "$out/$name.raw" | sort >"$out/$name.txt"
}
run plain "$mpiexec" --oversubscribe -np 4 "$python" "$script"
[ "$(wc -l <"$out/plain.txt")" -eq 4 ] || { cat "$out/plain.txt"; echo "FAIL: 4 lines expected"; exit 1; }
export COLLSCOPE_TUNE="alltoall=one-factor;reduce=binomial" COLLSCOPE_TUNE_REPORT=1
run tuned env LD_PRELOAD="$tune" "$mpiexec" --oversubscribe -np 4 -x COLLSCOPE_TUNE \
  -x COLLSCOPE_TUNE_REPORT "$python" "$script"
LD_PRELOAD="$tune" run traced "$tracecli" record -o "$out/trace" -- "$mpiexec" --oversubscribe \
  -np 4 -x COLLSCOPE_TUNE -x COLLSCOPE_TUNE_REPORT "$python" "$script"
for name in tuned traced; do
  cmp -s "$out/plain.txt" "$out/$name.txt" ||
    { diff "$out/plain.txt" "$out/$name.txt"; echo "FAIL: $name output differs"; exit 1; }
done
grep -q "ran alltoall one-factor" "$out/tuned.err" && grep -q "ran alltoall one-factor" "$out/traced.err" ||
  { cat "$out/tuned.err"; echo "FAIL: the tune library did not route the alltoall"; exit 1; }

"$tracecli" calls "$out/trace" --json >"$out/calls.json" 2>"$out/calls.err" ||
  { cat "$out/calls.err"; echo "FAIL: calls refused the trace"; exit 1; }
"$tracecli" stats "$out/trace" >"$out/stats.txt" 2>&1 || { cat "$out/stats.txt"; echo "FAIL: stats"; exit 1; }
"$tracecli" check "$out/trace" --max-messages 1000 >"$out/check.txt" 2>&1 || { cat "$out/check.txt"; echo "FAIL: check"; exit 1; }
"$python" - "$out/calls.json" <<'PY'
import json, sys
calls = json.load(open(sys.argv[1]))
algorithms = [c for c in calls if c["kind"] == "algorithm"]
bad = [c for c in calls if c["size"] > c["comm_size"]]
for c in bad:
    print("FAIL: call %d %s lists %d ranks on a communicator of %d" % (c["index"], c["name"], c["size"], c["comm_size"]))
# The alltoall and the reduce on each part: 2 calls on {0}, 2 on {1, 2, 3}.
runs = sorted((c["name"], tuple(c["ranks"])) for c in algorithms
              if c["collective"] in ("alltoall", "reduce"))
want = sorted([("alltoall/one-factor", (0,)), ("alltoall/one-factor", (1, 2, 3)),
               ("reduce/binomial", (0,)), ("reduce/binomial", (1, 2, 3))])
if runs != want:
    print("FAIL: algorithm calls %s, expected %s" % (runs, want))
    sys.exit(1)
roots = {tuple(c["ranks"]): c["root"] for c in algorithms if c["collective"] == "reduce"}
if roots != {(0,): 0, (1, 2, 3): 1}:
    print("FAIL: reduce roots %s" % roots)
    sys.exit(1)
sys.exit(1 if bad else 0)
PY
echo "split communicators: same output untraced, tuned, tuned and traced; 4 calls on their own communicators"
