#!/bin/sh
# scripts/simulate end to end on SimGrid SMPI.
# usage: run_simulate_tests.sh SOURCE_DIR COLLSCOPE_TRACE SECTION
#   alpha-beta: gather binomial and linear at p = 64 on cluster:64 against the α-β formulas
#               with the platform's α = 2·latency and β = 1/bandwidth
#   trace:      a traced simulated binomial gather at p = 64 opens in the trace model
#
# Tolerance: on a flat cluster SimGrid transfers a message when both sides have posted it,
# over two links (α = 2·latency) at the link's bandwidth, and scripts/simulate turns SMPI's
# calibration factors and local computation off, so binomial and linear gather take exactly
# ⌈log₂p⌉α + (p−1)/p·βm and (p−1)α + (p−1)/p·βm of simulated time. What the driver adds is
# SMPI's charge for its MPI_Wtime calls (tens of ns); the check is
# model ≤ simulated ≤ 1.01·model. On a fat tree the formula with the longest route's α is an
# upper bound: simulated ≤ model.
set -u
src=$1
trace_cli=$2
section=$3
simulate="$src/scripts/simulate"
failures=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

fail() {
  failures=$((failures + 1))
  echo "FAIL  $*"
  tail -n 20 "$tmp/out" | sed 's/^/      out| /'
}

# sim ARGS...: scripts/simulate, output in $tmp/out
sim() {
  timeout 600 "$simulate" "$@" >"$tmp/out" 2>&1 </dev/null
}

value() { # KEY: the number after KEY= in $tmp/out
  sed -n "s/^$1=\([0-9.e+-]*\).*/\1/p" "$tmp/out" | head -1
}

# within LOW HIGH: LOW·model ≤ median ≤ HIGH·model
within() {
  awk -v t="$(value median_s)" -v m="$(value model_s)" -v lo="$1" -v hi="$2" \
    'BEGIN { exit !(t != "" && m != "" && t >= lo * m && t <= hi * m) }'
}

case "$section" in
alpha-beta)
  for alg in binomial linear; do
    for count in 1 1000; do
      what="gather $alg p=64 count=$count on cluster:64"
      if ! sim --platform cluster:64 gather --algorithm "$alg" --count "$count" --repetitions 2 \
        --warmup 1; then
        fail "$what: scripts/simulate failed"
      elif ! grep -q '^#@platform=cluster:64' "$tmp/out" || ! grep -q '^verified: yes' "$tmp/out"; then
        fail "$what: no platform line or not verified"
      elif ! within 1 1.01; then
        fail "$what: simulated $(value median_s) s outside [1, 1.01]·model $(value model_s) s"
      else
        echo "ok    $what: simulated $(value median_s) s, model $(value model_s) s"
        eval "t_${alg}_${count}=$(value median_s)"
      fi
    done
  done
  # At count 1 the formulas differ by their α terms only: 63α against 6α.
  if awk -v b="${t_binomial_1:-0}" -v l="${t_linear_1:-0}" 'BEGIN { exit !(b > 0 && l > 9 * b) }'; then
    echo "ok    linear is more than 9× binomial at count 1 (63α against 6α)"
  else
    fail "linear ${t_linear_1:-?} s is not more than 9× binomial ${t_binomial_1:-?} s at count 1"
  fi
  what="gather linear p=64 on fat-tree:2;8,8;1,8;1,1"
  if ! sim --platform "fat-tree:2;8,8;1,8;1,1" gather --algorithm linear --count 100 \
    --repetitions 1 --warmup 0; then
    fail "$what: scripts/simulate failed"
  elif ! within 0.5 1; then
    fail "$what: simulated $(value median_s) s not within [0.5, 1]·model $(value model_s) s"
  else
    echo "ok    $what: simulated $(value median_s) s ≤ model $(value model_s) s (longest route's α)"
  fi
  ;;
trace)
  what="traced gather binomial p=64 count=1000 on cluster:64"
  if ! sim --platform cluster:64 gather --algorithm binomial --count 1000 --repetitions 1 \
    --warmup 0 --trace "$tmp/trace"; then
    fail "$what: scripts/simulate failed"
  elif ! "$trace_cli" stats --json "$tmp/trace" >"$tmp/stats" 2>&1; then
    cp "$tmp/stats" "$tmp/out"
    fail "$what: collscope-trace stats cannot read the archive"
  else
    model=$(value model_s)
    cp "$tmp/stats" "$tmp/out"
    ranks=$(sed -n 's/^  "ranks": \([0-9]*\),/\1/p' "$tmp/stats")
    messages=$(sed -n 's/^  "messages": \([0-9]*\),/\1/p' "$tmp/stats")
    rounds=$(sed -n 's/^  "rounds_inferred": \([0-9]*\),/\1/p' "$tmp/stats")
    path=$(sed -n 's/^  "critical_path_s": \([0-9.e+-]*\),/\1/p' "$tmp/stats")
    if [ "$ranks" != 64 ] || [ "$messages" != 63 ] || [ "$rounds" != 6 ]; then
      fail "$what: ranks $ranks messages $messages rounds $rounds (expected 64, 63, 6)"
    # Stamped with the simulated clock, the critical path is the simulated time, not this
    # machine's (which is thousands of times longer for 64 ranks on 2 cores).
    elif ! awk -v c="$path" -v m="$model" 'BEGIN { exit !(c >= 0.9 * m && c <= 1.1 * m) }'; then
      fail "$what: critical path $path s is not the simulated time (model $model s)"
    else
      echo "ok    $what: 64 lanes, 63 messages, 6 rounds, critical path $path s (model $model s)"
    fi
  fi
  ;;
*)
  echo "unknown section $section"
  exit 2
  ;;
esac
exit $((failures > 0))
