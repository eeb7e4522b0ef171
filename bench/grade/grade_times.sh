#!/usr/bin/env bash
# What grading costs on this machine: seconds to grade each exercise's reference with --quick
# and with the full sweep, as collscope-grade reports them (results.json's execution_time),
# and the share of each phase from its terminal lines. Prints figures; asserts nothing.
#   bench/grade/grade_times.sh [BUILD_DIR] [EXERCISE…]
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
build="${1:-$root/build}"
shift || true
exercises=("$@")
[ ${#exercises[@]} -gt 0 ] || exercises=(gather scatter bcast_pipeline bcast_tree allgather allreduce)
. "$root/scripts/mpi-env"
out="$(mktemp -d)"
chmod 755 "$out" # the sandbox runs as nobody when this runs as root
trap 'rm -rf "$out"' EXIT
printf '%-16s %-6s %8s   %s\n' exercise sweep seconds phases
for ex in "${exercises[@]}"; do
  for sweep in quick full; do
    flag=()
    [ "$sweep" = quick ] && flag=(--quick)
    log="$out/$ex-$sweep.log"
    "$build/bin/collscope-grade" "$ex" "$root/exercises/$ex/reference.cpp" \
      --out "$out/$ex-$sweep" "${flag[@]}" >"$log" 2>&1
    seconds=$(sed -n 's/.*"execution_time": \([0-9.]*\).*/\1/p' "$out/$ex-$sweep/results.json")
    phases=$(sed -n 's/^  \(compile\|correctness\|synchronous send\|speed\) .*(\([0-9.]*\) s)$/\1 \2/p' "$log" |
      tr '\n' ',' | sed 's/,$//; s/,/, /g')
    printf '%-16s %-6s %8.1f   %s\n' "$ex" "$sweep" "$seconds" "$phases"
  done
done
echo "(machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg))"
