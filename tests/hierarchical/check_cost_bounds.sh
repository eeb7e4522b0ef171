#!/bin/sh
# Every recorded hierarchical, full-lane and flat run: the α-β replay of its trace (α' = α,
# β' = β, as collscope-run evaluates the cost it prints) never exceeds the cost collscope-run
# printed for it (#@model_cost_s, the registry's two-level text).
# usage: check_cost_bounds.sh COLLSCOPE_TRACE TRACES_DIR
set -eu
trace=$1 dir=$2
checked=0 over=0
# recorded.tsv (tests/support/record_runs.sh): NAME, the archive it is in, and its place there
# (the K-th algorithm run of a job of several, which `stats --call` takes alone).
while IFS='	' read -r name archive k; do
  log=$dir/$name.log run=$dir/$archive
  call=""
  [ "$archive" = "$name" ] || call="--call $("$trace" calls "$run" --json | python3 -c '
import json, sys
runs = [c["index"] for c in json.load(sys.stdin) if c["kind"] == "algorithm" and c["parent"] is None]
print(runs[int(sys.argv[1])])' "$k")"
  cost=$(sed -n 's/^#@model_cost_s=\([0-9.e+-]*\).*/\1/p' "$log")
  [ -n "$cost" ] || { echo "FAIL: no #@model_cost_s in $log"; exit 1; }
  # shellcheck disable=SC2086 # $call is empty or two words
  replay=$("$trace" stats "$run" $call | sed -n 's/^α-β replay *\([0-9.e+-]*\) s.*/\1/p')
  [ -n "$replay" ] || { echo "FAIL: no α-β replay for $name ($run $call)"; exit 1; }
  if awk -v r="$replay" -v c="$cost" 'BEGIN { exit !(r > c * (1 + 1e-9)) }'; then
    echo "OVER: $name: replay $replay s > printed cost $cost s"
    over=$((over + 1))
  fi
  checked=$((checked + 1))
done <"$dir/recorded.tsv"
echo "$checked runs checked, $over over their printed cost"
[ "$checked" -ge 30 ] && [ "$over" -eq 0 ]
