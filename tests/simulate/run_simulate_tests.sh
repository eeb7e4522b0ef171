#!/bin/sh
# scripts/simulate end to end on SimGrid SMPI.
# usage: run_simulate_tests.sh SOURCE_DIR COLLSCOPE_TRACE SECTION
#   alpha-beta: gather binomial and linear at p = 64 on cluster:64 against the α-β formulas
#               with the platform's α = 2·latency and β = 1/bandwidth
#   k-ported:   a 4-nomial bcast at p = 64 on cluster:64 against the k-ported formula (4 bytes:
#               the latencies of a level overlap) and the one-link charge (100 kB: its bytes
#               share the rank's link)
#   trace:      a traced simulated binomial gather at p = 64 opens in the trace model
#   bench-gatherv: the gatherv/scatterv benchmark at p = 16 (problems same and decreasing,
#               b = 1 and 1000): its report's structure, and every figure with an α-β
#               prediction within the tolerance below
#   multi-core: cluster:4x4 with --overhead 0.5us: a binomial bcast against the platform
#               model (loopback inside a node, o at each end), the loopback without overheads,
#               a traced round-robin run whose node layout collscope-trace stats reads, auto's
#               platform line
#   loggp-model: the chooser's platform model (o, g, node α and β) against SimGrid at p = 64
#               (cluster:4x16) and p = 256 (cluster:16x16) for exact formulas, within 5 %
#   smpi-internals: traced native MPI_Allreduce under SMPI's mpich selector at p = 64 and 12 on
#               cluster:p: the trace holds the messages SMPI's allreduce sent inside the call,
#               as many as its algorithm sends, in its rounds, under its name (see below)
#
# SMPI 3.32's mpich allreduce of a commutative op on a program's communicator is
# mvapich2_two_level; with one rank per host it is recursive doubling (allreduce__rdb) among the
# hosts' leaders: with pof2 the largest power of two ≤ p and rem = p − pof2, 2·rem messages fold
# the extra ranks in and out, pof2·log₂(pof2) are the doubling rounds, so log₂(pof2) rounds,
# plus 2 when rem > 0 (p = 64: 384 messages, 6 rounds; p = 12: 32 messages, 5 rounds).
#
# Tolerance: on a flat cluster SimGrid transfers a message when both sides have posted it,
# over two links (α = 2·latency) at the link's bandwidth, and scripts/simulate turns SMPI's
# calibration factors and local computation off, so binomial and linear gather take exactly
# ⌈log₂p⌉α + (p−1)/p·βm and (p−1)α + (p−1)/p·βm of simulated time. What the driver adds is
# SMPI's charge for its MPI_Wtime calls (tens of ns); the check is
# model ≤ simulated ≤ 1.01·model. On a fat tree the formula with the longest route's α is an
# upper bound: simulated ≤ model.
#
# The benchmark's figures (bench-gatherv) are minima over 2 repetitions that start together;
# SMPI charges about 4 ns per message the root handles (0.06 µs at p = 16). Linear and
# binomial gatherv/scatterv and SMPI's own MPI_Gatherv/MPI_Scatterv (model α + β·Σ non-root
# blocks: every transfer at once through the root's link) must lie in
# [model, 1.01·model + 0.1 µs]; traff and traff-degrade, whose model is their schedule's
# bound, at most 1.01·model + 0.1 µs.
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
k-ported)
  # A 4-nomial bcast at p = 64 (3 levels, the root's 3 sends of a level posted at once) on
  # cluster:64: small, the latencies of a level overlap (the k-ported formula ⌈log_k p⌉(α + βm));
  # large, the bytes of a level share the rank's one link: ⌈log_k p⌉α + (k−1)⌈log_k p⌉βm.
  for count in 1 25000; do
    what="bcast knomial --radix 4 p=64 count=$count on cluster:64"
    if ! sim --platform cluster:64 bcast --algorithm knomial --radix 4 --count "$count" \
      --repetitions 2 --warmup 1 || ! grep -q '^verified: yes' "$tmp/out"; then
      fail "$what: scripts/simulate failed or not verified"
      continue
    fi
    ported=$(sed -n 's/^#@model_cost_ported_s=\([0-9.e+-]*\).*/\1/p' "$tmp/out")
    link=$(awk -v m="$((count * 4))" 'BEGIN { printf "%.6e", 3 * 1e-6 + 3 * 3 * 2e-10 * m }')
    expected=$ported
    [ "$count" = 1 ] || expected=$link
    if awk -v t="$(value median_s)" -v e="$expected" 'BEGIN { exit !(t >= e && t <= 1.05 * e) }'; then
      echo "ok    $what: simulated $(value median_s) s, predicted $expected s (k-ported $ported s)"
    else
      fail "$what: simulated $(value median_s) s outside [1, 1.05]·$expected s (k-ported $ported s)"
    fi
  done
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
bench-gatherv)
  what="bench-gatherv p=16 on cluster:16, problems same and decreasing, b = 1 and 1000"
  if ! sim --platform cluster:16 bench-gatherv --problems same,decreasing --blocks 1,1000 \
    --model-p 16 --csv "$tmp/bench.csv"; then
    fail "$what: scripts/simulate failed"
  else
    ok=1
    for line in '^#@platform=cluster:16: flat cluster' '^#@clock=simulated' \
      '^# guidelines judged: a violation is a gap above 5 % of the faster time'; do
      grep -q "$line" "$tmp/out" || { ok=0; fail "$what: no line matching '$line'"; }
    done
    tables=$(grep -cE '^(gatherv|scatterv)  problem (same|decreasing)  b = (1|1000)$' "$tmp/out")
    rows=$(($(wc -l <"$tmp/bench.csv") - 1))
    [ "$tables" = 8 ] && [ "$rows" = 56 ] ||
      { ok=0; fail "$what: $tables instance tables and $rows CSV rows (expected 8 and 8·7 = 56)"; }
    # The closing count, the listed violations and the flags in the tables agree.
    count=$(sed -n 's/^# guideline violations (.*): \([0-9]*\)$/\1/p' "$tmp/out")
    listed=$(grep -c '^#   \(gatherv\|scatterv\) .*: GL[12] violated: ' "$tmp/out")
    flagged=$(grep -o 'GL[12]!' "$tmp/out" | wc -l)
    [ -n "$count" ] && [ "$count" = "$listed" ] && [ "$count" = "$flagged" ] ||
      { ok=0; fail "$what: violations counted ${count:-none}, listed $listed, flagged $flagged"; }
    spread=$(sed -n 's/^# largest spread (median − min) of any row: \(.*\) s$/\1/p' "$tmp/out")
    # A start skew would show as a spread of the order of α (1 µs). Binomial gatherv probes for
    # sizes, and SMPI's probe loop polls every 1 ns (growing while it fails); whether the first
    # poll of a parent released at the same simulated moment as its child sees the child's
    # message depends on which of them SimGrid runs first, so its repetitions may differ by a
    # few ns.
    awk -v s="${spread:-x}" 'BEGIN { exit !(s != "x" && s + 0 < 1e-8) }' ||
      { ok=0; fail "$what: simulated repetitions differ (largest spread ${spread:-missing} s)"; }
    # collective,problem,b,p,root,"variant",min_us,median_us,ratio_native_min,model_us,gl1,gl2
    off=$(awk -F, 'NR > 1 && $10 != "" {
        v = $6; gsub(/"/, "", v); t = $7; m = $10; high = 1.01 * m + 0.1
        bound = (v == "traff" || v == "traff-degrade")
        if (t > high || (!bound && t < m - 1e-3)) printf "%s %s b=%s %s: %s µs, model %s µs; ", $1, $2, $3, v, t, m
        n++ } END { if (n != 40) printf "%d rows with a model (expected 40)", n }' "$tmp/bench.csv")
    [ -z "$off" ] || { ok=0; fail "$what: outside the tolerance: $off"; }
    [ "$ok" = 1 ] && echo "ok    $what: 8 tables, $count guideline violations listed, all figures within the tolerance of the α-β model"
  fi
  ;;
smpi-internals)
  for p in 64 12; do
    pof2=1 log=0
    while [ $((pof2 * 2)) -le "$p" ]; do pof2=$((pof2 * 2)) log=$((log + 1)); done
    rem=$((p - pof2))
    want_msgs=$((2 * rem + pof2 * log)) want_rounds=$((log + (rem > 0 ? 2 : 0)))
    want_name="mpich: mvapich2_two_level (rdb between $p hosts, one rank each)"
    what="traced native allreduce, mpich selector, p=$p on cluster:$p"
    if ! sim --platform "cluster:$p" --selector mpich allreduce --algorithm native --count 1000 \
      --repetitions 1 --warmup 0 --trace "$tmp/t$p"; then
      fail "$what: scripts/simulate failed"
      continue
    fi
    "$trace_cli" calls --json "$tmp/t$p" >"$tmp/calls" 2>&1
    msgs=$(sed -n 's/^    "messages": \([0-9]*\),/\1/p' "$tmp/calls")
    rounds=$(sed -n 's/^    "rounds_inferred": \([0-9]*\),/\1/p' "$tmp/calls")
    name=$(sed -n 's/^    "library_algorithm": "\(.*\)",$/\1/p' "$tmp/calls")
    calls=$(grep -c '^    "index": ' "$tmp/calls")
    if [ "$calls" != 1 ] || [ "$msgs" != "$want_msgs" ] || [ "$rounds" != "$want_rounds" ] ||
      [ "$name" != "$want_name" ]; then
      cp "$tmp/calls" "$tmp/out"
      fail "$what: $calls calls, $msgs messages in $rounds rounds named '$name' (expected 1, $want_msgs, $want_rounds, '$want_name')"
    else
      echo "ok    $what: $msgs messages in $rounds rounds, named '$name'"
    fi
  done
  # Under SMPI's default selector the messages are recorded all the same; the algorithm is
  # not one whose choice collscope reproduces, so it is not named.
  what="traced native allreduce, default selector, p=8"
  if ! sim --platform cluster:8 allreduce --algorithm native --count 10 --repetitions 1 \
    --warmup 0 --trace "$tmp/d8"; then
    fail "$what: scripts/simulate failed"
  else
    "$trace_cli" calls --json "$tmp/d8" >"$tmp/calls" 2>&1
    msgs=$(sed -n 's/^    "messages": \([0-9]*\),/\1/p' "$tmp/calls")
    if [ "${msgs:-0}" -lt 7 ] || ! grep -q '^    "library_algorithm": null,$' "$tmp/calls"; then
      cp "$tmp/calls" "$tmp/out"
      fail "$what: ${msgs:-no} messages (expected at least p − 1 = 7) or a name given"
    else
      echo "ok    $what: $msgs messages, no algorithm named"
    fi
  fi
  ;;
multi-core)
  # cluster:4x4 (4 nodes of 4 cores, one link per node) with --overhead 0.5us: ranks on a node
  # talk through its loopback (0.25 µs, 10 GB/s), o is paid at each end of every message. The
  # binomial bcast of 1 int crosses nodes in its first 2 rounds (block placement) and stays
  # inside them in the last 2: 2(α + 2o) + 2(α_node + 2o) = 6.5 µs (plus the bytes, charged as
  # n = 4 ranks on the link: 13 ns), where α-β alone says 4 µs.
  what="bcast binomial p=16 count=1 on cluster:4x4, --overhead 0.5us"
  if ! sim --platform cluster:4x4 --overhead 0.5us bcast --algorithm binomial --count 1 \
    --repetitions 2 --warmup 1 || ! grep -q '^verified: yes' "$tmp/out"; then
    fail "$what: scripts/simulate failed or not verified"
  elif ! grep -q '^#@platform=cluster:4x4: cluster of 4 nodes of 4 cores' "$tmp/out" ||
    ! grep -q '^#@model_platform_s=6.51' "$tmp/out"; then
    fail "$what: no multi-core platform line or model_platform_s ≠ 6.5 µs + 4·nβm"
  elif ! within 1 1.01; then
    fail "$what: simulated $(value median_s) s outside [1, 1.01]·model $(value model_s) s"
  else
    echo "ok    $what: simulated $(value median_s) s, model $(value model_s) s (α-β alone 4 µs)"
  fi
  # Without the overhead the same bcast takes 2α + 2α_node = 2.5 µs: the loopback is used
  # (SMPI adds a few ns per message and per MPI_Wtime: within 3 %).
  what="bcast binomial p=16 count=1 on cluster:4x4, no overhead"
  if ! sim --platform cluster:4x4 bcast --algorithm binomial --count 1 --repetitions 2 \
    --warmup 1; then
    fail "$what: scripts/simulate failed"
  elif ! awk -v t="$(value median_s)" 'BEGIN { exit !(t >= 2.5e-6 && t <= 2.575e-6) }'; then
    fail "$what: simulated $(value median_s) s, expected 2.5 µs (2α + 2α_node)"
  else
    echo "ok    $what: simulated $(value median_s) s = 2α + 2α_node"
  fi
  # Round-robin placement, traced: the trace's node layout is the platform's (rank r on node
  # r mod 4), so collscope-trace stats counts 4 nodes from the trace itself.
  what="traced bcast binomial p=16 on cluster:4x4 --placement round-robin"
  if ! sim --platform cluster:4x4 --placement round-robin bcast --algorithm binomial \
    --count 100 --repetitions 1 --warmup 0 --trace "$tmp/rr"; then
    fail "$what: scripts/simulate failed"
  elif ! "$trace_cli" stats --json "$tmp/rr" >"$tmp/stats" 2>&1; then
    cp "$tmp/stats" "$tmp/out"
    fail "$what: collscope-trace stats cannot read the archive"
  else
    cp "$tmp/stats" "$tmp/out"
    nodes=$(sed -n 's/^  "nodes": \([0-9]*\),/\1/p' "$tmp/stats")
    from=$(sed -n 's/^  "node_layout_from": "\(.*\)",/\1/p' "$tmp/stats")
    of=$(tr -d ' \n' <"$tmp/stats" | sed -n 's/.*"node_of_rank":\[\([0-9,]*\)\].*/\1/p')
    if [ "$nodes" != 4 ] || [ "$from" != trace ] || [ "$of" != 0,1,2,3,0,1,2,3,0,1,2,3,0,1,2,3 ]; then
      fail "$what: nodes '$nodes' from '$from', node_of_rank '$of' (expected 4 from the trace, r mod 4)"
    else
      echo "ok    $what: 4 nodes from the trace, rank r on node r mod 4"
    fi
  fi
  # auto sees the platform: its line names o and the node's α and β, and the report compares
  # the time with the platform model.
  what="auto bcast p=16 count=1 on cluster:4x4, --overhead 0.5us"
  if ! sim --platform cluster:4x4 --overhead 0.5us bcast --algorithm auto --count 1 \
    --repetitions 2 --warmup 1 || ! grep -q '^verified: yes' "$tmp/out"; then
    fail "$what: scripts/simulate failed or not verified"
  elif ! grep -q '^#@model_platform_s=.*o=5e-07 s, g=5e-07 s per message, inside a node α=2.5e-07 s' "$tmp/out"; then
    fail "$what: no platform model line naming o and the node's α"
  elif ! within 0.95 1.05; then
    fail "$what: simulated $(value median_s) s outside [0.95, 1.05]·model $(value model_s) s"
  else
    echo "ok    $what: $(sed -n 's/^#@algorithm=//p' "$tmp/out"), simulated $(value median_s) s, model $(value model_s) s"
  fi
  ;;
loggp-model)
  # The chooser's model of a multi-core platform with overheads (model_platform_s) against
  # SimGrid, within 5 %: cluster:4x16 (p = 64) and cluster:16x16 (p = 256) with --overhead
  # 0.5us. The exact cases: trees whose bytes do not matter (1 int: rounds of α + 2o, inside a
  # node α_node + 2o), recursive doubling and halving (their n-rank rounds inside the node, the
  # others with all n ranks on the node's link) and the two-level formulas of the hierarchical
  # and full-lane algorithms. (A flat tree's bytes between nodes are charged as the worst case,
  # n ranks on the link: for a pre-order tree of large m that is a bound, not a prediction.)
  # An allgather's doubling keeps its small rounds in the node, a halving reduce-scatter its
  # small (`halving`) or large (`ordered-halving`) ones (Algorithm::nearest_first).
  # The Van de Geijn bcast (`hierarchical-scatter-allgather`) with rendezvous pieces (≥ 64 KiB)
  # and eager ones: across the leaders its scatter sends one piece at a time (below 64 KiB eager
  # sends of a binomial scatter would share the root's link, which the model does not charge;
  # bench/collectives/SIMULATED.md).
  # The alltoalls that post their requests at once (`linear`) or M at a time (`scatter-dest`):
  # a rank's posting overheads overlap the bytes on its node's link (the longer sets the pace),
  # and their node rounds stay inside the node (M is no pipeline).
  # The hypercube's and Bruck's alltoall of 1 int, their schedules replayed on the platform
  # (schedule/exchange_replay.hpp): the same formula, but the hypercube wins on 4x16 and Bruck,
  # whose ranks drift apart before they cross nodes, on 16x16.
  # Each line: PLATFORM COLLECTIVE ALGORITHM COUNT [collscope-run options].
  while read -r platform coll alg count extra; do
    [ -n "$platform" ] || continue
    what="$coll $alg count=$count on $platform --overhead 0.5us${extra:+ $extra}"
    # shellcheck disable=SC2086
    if ! sim --platform "$platform" --overhead 0.5us "$coll" --algorithm "$alg" --count "$count" \
      --repetitions 1 --warmup 1 $extra || ! grep -q '^verified: yes' "$tmp/out"; then
      fail "$what: scripts/simulate failed or not verified"
    elif ! grep -q '^#@model_platform_s=' "$tmp/out"; then
      fail "$what: no platform model"
    elif ! within 0.95 1.05; then
      fail "$what: simulated $(value median_s) s outside [0.95, 1.05]·model $(value model_s) s"
    else
      echo "ok    $what: simulated $(value median_s) s, model $(value model_s) s"
    fi
  done <<'CASES'
cluster:4x16 bcast binomial 1
cluster:4x16 reduce binomial 1
cluster:4x16 bcast knomial 1 --radix 4
cluster:4x16 allreduce butterfly 1
cluster:4x16 bcast hierarchical 1
cluster:4x16 allreduce hierarchical 1
cluster:16x16 bcast binomial 1
cluster:16x16 allreduce butterfly 256
cluster:16x16 allreduce rabenseifner 16384
cluster:16x16 reduce full-lane 16384
cluster:4x16 bcast hierarchical-scatter-allgather 262144
cluster:4x16 bcast hierarchical-scatter-allgather 16384
cluster:4x16 reduce hierarchical-scatter-gather 16384
cluster:4x16 reduce hierarchical-scatter-gather 262144
cluster:4x16 allgather recursive-doubling 64
cluster:4x16 reduce_scatter_block halving 64
cluster:4x16 reduce_scatter_block ordered-halving 1024
cluster:4x16 alltoall linear 64
cluster:4x16 alltoall scatter-dest 64 --blocks 16
cluster:4x16 alltoall scatter-dest 1024 --blocks 16
cluster:4x16 alltoall hypercube 1
cluster:4x16 alltoall bruck 1
cluster:16x16 alltoall bruck 1
CASES
  ;;
*)
  echo "unknown section $section"
  exit 2
  ;;
esac
exit $((failures > 0))
