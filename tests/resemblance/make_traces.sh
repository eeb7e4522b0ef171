#!/bin/sh
# Records every non-native algorithm of the registry (collscope-run --list --json) once, for
# the "resembles itself" test (FIXTURES_SETUP), at one of p = 5, 6 and 8 in turn (all three
# with COLLSCOPE_TEST_EXHAUSTIVE=1, ctest -L exhaustive)
# (hierarchical and full-lane ones on 3 nodes of 3, 2 of 3 and 2 of 4, layouts every one of them accepts);
# rooted collectives at a root ≠ 0 for p = 5 and 6, at 0 for p = 8; algorithms with pipeline
# blocks with --count 12 --blocks 3 (count 6 would give one block).
# Runs are named COLLECTIVE~ALGORITHM~pP~rR (R = - for rootless collectives), recorded by
# tests/support/record_runs.sh: the runs of one p as one job, recorded.tsv saying where each is.
# Also a plain C program of hand-written collectives at p = 6 (hand_written.c), recorded through
# `collscope-trace record` as plain/ (the issue's program).
# usage: make_traces.sh COLLSCOPE_RUN COLLSCOPE_TRACE MPIEXEC HAND_WRITTEN OUTDIR
set -eu
run=$1 tracecli=$2 mpiexec=$3 hand=$4 out=$5
. "$(dirname "$0")/../support/record_runs.sh"

fail() {
  echo "FAIL: $*"
  exit 1
}
rootless() {
  case $1 in
  allgather | allgatherv | allreduce | reduce_scatter_block | reduce_scatter | scan | exscan | \
    alltoall | alltoallv | neighbor_allgather | neighbor_alltoall) return 0 ;;
  esac
  return 1
}
record() { # record COLL NAME P ROOT EXTRA...: queued (record_runs.sh's one)
  coll=$1 name=$2 np=$3 root=$4
  shift 4
  rootarg=""
  [ "$root" = - ] || rootarg="--root $root"
  # shellcheck disable=SC2086
  one "$coll~$name~p$np~r$root" "$np" "$coll" --algorithm "$name" $rootarg --count "$count" "$@"
}

timeout 60 "$tracecli" record -o "$out/plain" -- "$mpiexec" --oversubscribe -np 6 "$hand" \
  </dev/null >"$out/plain.txt" 2>"$out/plain.err" ||
  { cat "$out/plain.err"; fail "collscope-trace record of the hand-written program"; }
[ "$(cat "$out/plain.txt")" = "sum 594" ] || fail "hand-written program: $(cat "$out/plain.txt")"

# Guideline mock-ups (seeds/004) are left out: their messages are the library's collectives'.
"$run" --list --json | grep '"native":false' | grep -v '"guideline":[1-9]' |
  sed 's/.*"collective":"\([^"]*\)","name":"\([^"]*\)".*"hierarchical":\([a-z]*\).*"parameter":"\([a-z]*\)".*/\1 \2 \3 \4/' \
    >"$out/algorithms.txt.all"
# Barriers move no data (no --count) and the nonblocking schedules write no algorithm region:
# tests/sync records and checks those. The barriers' patterns (empty messages) are held to the
# schedules in tests/unit and to resemble() in test_resemblance_property.cpp.
grep -v -E '^(barrier|ibcast|iallreduce|ibarrier) ' "$out/algorithms.txt.all" >"$out/algorithms.txt"
[ "$(wc -l <"$out/algorithms.txt")" -gt 40 ] || fail "collscope-run --list --json lists too few"

# Each recording is also the command line's check of its algorithm (tests/cli runs the others:
# mock-ups, barriers, nonblocking): collscope-run verifies every rank's buffers against Open
# MPI's, and the form turns with the algorithm, as in tests/cli: the non-contiguous vector type,
# the vector type in place (where the collective has an in-place form), int, double (every
# form for every algorithm with COLLSCOPE_TEST_EXHAUSTIVE=1, tests/cli).
#
# Every algorithm at one of p = 5, 6 and 8 in turn (all three: COLLSCOPE_TEST_EXHAUSTIVE=1), so
# that each of a non-power of two with a root ≠ 0 and a power of two with root 0 is recorded
# for a third of the registry (the algorithms of one collective are listed together, so each
# collective meets several p); alltoall's hypercube (powers of two only) at p = 8.
index=0
while read -r coll name hierarchical parameter; do
  count=6 blocks=""
  if [ "$parameter" = blocks ]; then count=12 blocks="--blocks 3"; fi
  index=$((index + 1))
  case $((index % 3)) in 0) sizes=8 ;; 1) sizes=5 ;; *) sizes=6 ;; esac
  form=""
  case $((index % 4)) in
  0) form="--datatype vector" ;;
  1) form="--datatype vector --in-place" ;;
  3) form="--datatype double" ;;
  esac
  case "$coll" in bcast | neighbor_*) form=${form% --in-place} ;; esac # no MPI_IN_PLACE
  [ "$name" = hypercube ] && sizes=8
  [ "${COLLSCOPE_TEST_EXHAUSTIVE:-0}" = 1 ] && sizes="5 6 8"
  for np in $sizes; do
    root=-
    if ! rootless "$coll"; then
      case $np in 5) root=3 ;; 6) root=5 ;; *) root=0 ;; esac
    fi
    if [ "$hierarchical" = true ]; then
      case $np in 5) np=9 per=3 ;; 6) per=3 ;; *) per=4 ;; esac
      [ "$root" = - ] || [ "$root" -lt "$np" ] || root=0
      # shellcheck disable=SC2086
      record "$coll" "$name" "$np" "$root" --ranks-per-node "$per" $form
    elif [ "$name" = hypercube ] && [ "$np" != 8 ]; then
      continue # powers of two only
    else
      # shellcheck disable=SC2086
      record "$coll" "$name" "$np" "$root" $blocks $form
    fi
  done
done <"$out/algorithms.txt"
recorded
