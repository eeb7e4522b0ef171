#!/bin/sh
# Every recorded hierarchical, full-lane and flat run: the α-β replay of its trace (α' = α,
# β' = β, as collscope-run evaluates the cost it prints) never exceeds the cost collscope-run
# printed for it (#@model_cost_s, the registry's two-level text).
# usage: check_cost_bounds.sh COLLSCOPE_TRACE TRACES_DIR
set -eu
trace=$1 dir=$2
checked=0 over=0
for log in "$dir"/*.log; do
  run=${log%.log}
  cost=$(sed -n 's/^#@model_cost_s=\([0-9.e+-]*\).*/\1/p' "$log")
  [ -n "$cost" ] || { echo "FAIL: no #@model_cost_s in $log"; exit 1; }
  replay=$("$trace" stats "$run" | sed -n 's/^α-β replay *\([0-9.e+-]*\) s.*/\1/p')
  [ -n "$replay" ] || { echo "FAIL: no α-β replay for $run"; exit 1; }
  if awk -v r="$replay" -v c="$cost" 'BEGIN { exit !(r > c * (1 + 1e-9)) }'; then
    echo "OVER: $(basename "$run"): replay $replay s > printed cost $cost s"
    over=$((over + 1))
  fi
  checked=$((checked + 1))
done
echo "$checked runs checked, $over over their printed cost"
[ "$checked" -ge 30 ] && [ "$over" -eq 0 ]
