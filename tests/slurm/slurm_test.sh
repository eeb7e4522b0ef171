#!/usr/bin/env bash
# The cluster tests of issue 40 against a real local Slurm (scripts/slurm-cluster): one step per
# ctest test, the cluster brought up and down by the fixture's first and last step.
#   slurm_test.sh STEP SOURCE_DIR BIN_DIR WORK_DIR
# Exits 77 (skipped) with one line where Slurm is not installed or namespaces need root.
set -euo pipefail
step=$1 src=$2 bin=$3 work=$4
cluster="$src/scripts/slurm-cluster"
export COLLSCOPE_SLURM_DIR="${COLLSCOPE_SLURM_DIR:-/tmp/collscope-slurm}"
export SLURM_CONF="$COLLSCOPE_SLURM_DIR/slurm.conf"
. "$src/scripts/mpi-env"

fail() {
  echo "FAIL: $*" >&2
  exit 1
}

if [ "$step" != down ]; then
  for t in slurmctld slurmd munged srun sbatch; do
    command -v "$t" >/dev/null || {
      echo "skipped: Slurm is not installed (no $t; scripts/setup installs slurm-wlm and munge)"
      exit 77
    }
  done
  [ "$(id -u)" -eq 0 ] || {
    echo "skipped: the local Slurm cluster needs root (network namespaces, a bridge)"
    exit 77
  }
  [ "$step" = up ] || [ -f "$COLLSCOPE_SLURM_DIR/nodes" ] || fail "the cluster is not up (fixture)"
fi
mkdir -p "$work"

case "$step" in
up)
  "$cluster" up 2
  ;;

nodes) # two nodes with distinct host names, srun and MPI across them
  [ "$(sinfo -h -N -t idle -o %N | sort -u | wc -l)" -eq 2 ] || fail "sinfo: not 2 idle nodes"
  hosts=$(srun -N 2 --ntasks-per-node=2 hostname | sort | uniq -c | awk '{print $2 "x" $1}' | paste -sd' ')
  echo "srun -N 2 --ntasks-per-node=2 hostname: $hosts"
  [ "$hosts" = "node1x2 node2x2" ] || fail "expected node1 and node2 twice each, got '$hosts'"
  [ "$(hostname)" != node1 ] || fail "the nodes' host names leaked into the host"
  ;;

trace) # srun -N 2 traced: 2 nodes, bytes between them; mpirun inside sbatch traced too
  rm -rf "$work/srun" "$work/srun.partial" "$work/sbatch" "$work/sbatch.partial"
  "$bin/collscope-trace" record -o "$work/srun" -- srun -N 2 --ntasks-per-node=2 \
    "$bin/collscope-run" bcast --algorithm binomial --count 1000 --repetitions 2 >/dev/null
  stats=$("$bin/collscope-trace" stats "$work/srun")
  echo "$stats" | grep -E '^(ranks|nodes|bytes between nodes|clocks)'
  echo "$stats" | grep -Eq '^nodes +2 ' || fail "srun trace: not 2 nodes"
  between=$(echo "$stats" | sed -n 's/^bytes between nodes *\([0-9]*\).*/\1/p')
  [ "${between:-0}" -gt 0 ] || fail "srun trace: no bytes between nodes"
  # The two nodes share this machine's clock, so the true offset is 0: each measured one must
  # lie within its own bound (half the kept round trip), and node2's ranks must have them.
  offsets=$(otf2-print -C "$work/srun/traces.otf2" | awk '$1 == "CLOCK_OFFSET" {
    gsub(/[,+]/, ""); print $2, $6, $8}')
  echo "$offsets" | awk '{ if ($2 < 0) $2 = -$2; if ($2 > $3) bad = bad " rank " $1 ": " $2 " > " $3 " ns";
    n++ } END { if (bad != "" || n != 8) { print "clock offsets:" bad " (" n " of 8)"; exit 1 } }' ||
    fail "srun trace: clock offsets beyond their bounds"
  cat >"$work/trace.sbatch" <<EOF
#!/bin/sh
#SBATCH -N 2
#SBATCH --ntasks-per-node=2
#SBATCH -o $work/trace-sbatch.log
exec "$bin/collscope-trace" record -o "$work/sbatch" -- mpirun "$bin/collscope-run" allreduce --algorithm ring --count 64 --repetitions 2
EOF
  # sbatch --wait polls every few seconds; squeue every 0.2 s ends the wait with the job.
  job=$(sbatch --parsable "$work/trace.sbatch") || fail "sbatch refused the job"
  for _ in $(seq 300); do
    [ -z "$(squeue -h -j "$job" 2>/dev/null)" ] && break
    sleep 0.2
  done
  scontrol show job "$job" | grep -q 'JobState=COMPLETED' ||
    fail "sbatch job $job failed: $(tail -3 "$work/trace-sbatch.log")"
  stats=$("$bin/collscope-trace" stats "$work/sbatch")
  echo "$stats" | grep -Eq '^nodes +2 ' || fail "mpirun inside sbatch: not 2 nodes"
  echo "mpirun inside sbatch: $(echo "$stats" | grep -E '^bytes between nodes')"
  ;;

grade) # 3 submissions as Slurm jobs; a cancelled task is a row with its reason
  ex="$src/exercises/gather"
  rm -rf "$work/class" "$work/class-graded"
  mkdir -p "$work/class"
  cp "$ex/reference.cpp" "$work/class/a_reference.cpp"
  cp "$ex/broken/linear.cpp" "$work/class/b_linear.cpp"
  cp "$ex/broken/off_by_one.cpp" "$work/class/c_off_by_one.cpp"
  "$bin/collscope-grade" gather --batch "$work/class" --smoke --slurm
  csv="$work/class-graded/grades.csv"
  cat "$csv" | cut -d, -f1-3
  score() { awk -F, -v n="$1" '$1 == n {print $2}' "$csv"; }
  # The reference gets every point but speed's, whose verdict is wall-clock time against native
  # MPI on shared cores (don't-care in tests; bench/ measures speed): gather's speed is worth 5.
  ref=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "speed") c = i }
    $1 == "a_reference" { print $2, $c }' "$csv")
  case "$ref" in "100 5" | "95 0") ;; *) fail "reference scored '$ref' (score, speed's points), not 100 but for speed" ;; esac
  for b in b_linear c_off_by_one; do
    s=$(score $b)
    [ -n "$s" ] && awk -v s="$s" 'BEGIN {exit !(s < 100)}' || fail "$b scored '$s'"
  done
  grep -q '^## Most common failures' "$work/class-graded/class-report.md" || fail "no class report"
  grep -q 'rounds' "$work/class-graded/class-report.md" || fail "class report misses linear's rounds"
  out=$("$bin/collscope-grade" gather --batch "$work/class" --smoke --slurm --partition nosuch 2>&1) &&
    fail "an unknown partition was accepted"
  echo "$out"
  echo "$out" | grep -q 'invalid partition' || fail "Slurm's error not passed on: $out"
  [ "$(echo "$out" | wc -l)" -eq 1 ] || fail "Slurm's refusal is not one line"
  mkdir -p "$work/no-slurm"
  out=$(PATH="$work/no-slurm" "$bin/collscope-grade" gather --batch "$work/class" --smoke --slurm 2>&1) &&
    fail "--slurm without Slurm was accepted"
  echo "$out"
  [ "$(echo "$out" | wc -l)" -eq 1 ] && echo "$out" | grep -q 'Slurm is not installed' ||
    fail "without Slurm: not one line saying so: $out"
  ;;

cancel) # a cancelled array task still gets its row, with Slurm's reason
  ex="$src/exercises/gather"
  rm -rf "$work/cancel" "$work/cancel-graded"
  mkdir -p "$work/cancel"
  cp "$ex/reference.cpp" "$work/cancel/a.cpp"
  cp "$ex/reference.cpp" "$work/cancel/b.cpp"
  cp "$ex/reference.cpp" "$work/cancel/c.cpp"
  "$bin/collscope-grade" gather --batch "$work/cancel" --smoke --slurm 2>"$work/cancel.err" &
  grader=$!
  job=""
  for _ in $(seq 100); do
    job=$(sed -n 's/.*Slurm job array \([0-9]*\).*/\1/p' "$work/cancel.err")
    [ -n "$job" ] && break
    sleep 0.1
  done
  [ -n "$job" ] || fail "no job array submitted: $(cat "$work/cancel.err")"
  scancel "${job}_2"
  wait "$grader" || fail "collscope-grade failed: $(cat "$work/cancel.err")"
  row=$(grep '^c,' "$work/cancel-graded/grades.csv") || fail "no row for the cancelled task"
  echo "$row"
  echo "$row" | grep -qi 'cancelled' || fail "the cancelled task's row does not say so"
  ;;

node_dies) # a rank's node fails mid-run: its trace is partial, the other's kept, the cause named
  rm -rf "$work/dies" "$work/dies.partial"
  "$bin/collscope-trace" record -o "$work/dies" -- srun -N 2 --ntasks-per-node=1 --kill-on-bad-exit=1 \
    "$bin/collscope-run" allreduce --algorithm ring --count 1000 --repetitions 10000000 --no-verify \
    >/dev/null 2>"$work/dies.err" &
  record=$!
  victim=""
  for _ in $(seq 100); do
    for pid in $(ip netns pids cs-node2); do
      [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = collscope-run ] && victim=$pid
    done
    [ -n "$victim" ] && break
    sleep 0.1
  done
  [ -n "$victim" ] || fail "no rank started on node2"
  sleep 1
  kill -9 "$victim"
  if wait "$record"; then fail "record exited 0 though a rank was killed"; fi
  grep 'incomplete trace' "$work/dies.err"
  grep -q 'rank 1 died first' "$work/dies.err" || fail "the dead node's rank is not named"
  grep -q '2 of 2 ranks left events' "$work/dies.err" || fail "not every rank's events were kept"
  "$bin/collscope-trace" stats "$work/dies.partial" 2>/dev/null | grep -Eq '^nodes +2 ' ||
    fail "the partial trace lost the node layout"
  ;;

calibrate) # the network between two nodes
  rm -f "$work/network.json"
  srun -N 2 --ntasks-per-node=1 "$bin/collscope-calibrate" -o "$work/network.json" \
    --max-bytes 4096 --repetitions 5 --quiet
  grep -E '"(host|peer_host|alpha_s)"' "$work/network.json" | head -3
  grep -q '"peer_host": "node2"' "$work/network.json" || fail "not measured between node1 and node2"
  ;;

guidelines) # collscope-guidelines --launcher "srun …": every measurement a job step on 2 nodes
  rm -rf "$work/guidelines"
  before=$(scontrol show jobs -o 2>/dev/null | grep -c 'JobName=collscope-run .*NodeList=node\[1-2\]' || true)
  "$bin/collscope-guidelines" --launcher "srun -N 2 --ntasks-per-node=1" --np 2 \
    --collectives bcast --sizes 64 --candidates gl10-scatter-allgather --mpiruns 1 --first-cap 5 \
    --pilot 3,3 --max-nrep 5 --no-figures --out "$work/guidelines" >"$work/guidelines.log" 2>&1 ||
    fail "collscope-guidelines failed: $(tail -3 "$work/guidelines.log")"
  head -2 "$work/guidelines/raw/commands.txt"
  runs=$(wc -l <"$work/guidelines/raw/commands.txt")
  [ "$(grep -c '^srun -N 2 --ntasks-per-node=1 -n 2 ' "$work/guidelines/raw/commands.txt")" -eq "$runs" ] ||
    fail "not every run started with the launcher"
  after=$(scontrol show jobs -o | grep -c 'JobName=collscope-run .*NodeList=node\[1-2\]' || true)
  echo "$runs runs; Slurm jobs of collscope-run on node[1-2]: $((after - before)) new"
  [ $((after - before)) -eq "$runs" ] || fail "$runs runs, but $((after - before)) Slurm jobs on both nodes"
  grep -q 'bcast' "$work/guidelines/report.txt" || fail "no report"
  ;;

down) # down stops everything up started, and is a no-op when nothing is up
  "$cluster" down
  "$cluster" down || fail "a second down did not exit 0"
  ! ip netns list | grep -q '^cs-node' || fail "a node's network namespace is left"
  if pgrep -f "$COLLSCOPE_SLURM_DIR/slurm.conf" >/dev/null; then fail "a Slurm daemon is left"; fi
  [ ! -e "$COLLSCOPE_SLURM_DIR" ] || fail "$COLLSCOPE_SLURM_DIR is left"
  ;;
*) fail "unknown step $step" ;;
esac
