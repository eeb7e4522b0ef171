#!/bin/sh
# Open MPI's own algorithms, forced one by one (coll tuned's dynamic rules), traced from inside
# (the PML hook), and the rounds the model infers (`collscope-trace calls --json`) held to the
# count the algorithm takes under the one-ported rule (check_calls.cpp, round_formulas.hpp):
# every call's rounds_inferred, rounds_consistent true, the forced algorithm named. Then issue
# 36's table, three identical recordings for two of its rows, and `check --max-rounds 3` on the
# recursive-doubling barrier at p = 3.
# usage: check_ompi_rounds.sh MPIEXEC TRACER_LIB PROGRAM COLLSCOPE_TRACE CHECK
# Every mpirun is bounded by `timeout`, so a hang fails the test instead of stalling it.
set -u
mpiexec=$1 lib=$2 program=$3 cli=$4 check=$5
failures=0
checks=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

pass() {
  checks=$((checks + 1))
  echo "ok    $*"
}
fail() {
  checks=$((checks + 1))
  failures=$((failures + 1))
  echo "FAIL  $*"
}

# record DIR NP MCA COLL COUNT ROOTS [split]: one traced run, its calls in DIR.json.
record() {
  dir=$1 np=$2 mca=$3
  shift 3
  rm -rf "$dir"
  # shellcheck disable=SC2086 # the MCA options are words
  if ! timeout 30 "$mpiexec" -np "$np" --oversubscribe -x LD_PRELOAD="$lib" \
    -x COLLSCOPE_TRACE="$dir" --mca coll_tuned_use_dynamic_rules 1 $mca "$program" "$@" \
    </dev/null >"$dir.out" 2>&1; then
    sed 's/^/      | /' "$dir.out" | tail -n 10
    return 1
  fi
  "$cli" calls "$dir" --json >"$dir.json" 2>"$dir.err" || {
    sed 's/^/      | /' "$dir.err" | tail -n 10
    return 1
  }
}

# case NP COLL ALG NUMBER COUNT SEGSIZE FANOUT ROOTS [split]: Open MPI's algorithm NUMBER of
# COLL forced, one call per root (per half with split), each call checked.
case_() {
  np=$1 coll=$2 alg=$3 number=$4 count=$5 segsize=$6 fanout=$7 roots=$8 split=${9:-}
  mca="--mca coll_tuned_${coll}_algorithm $number"
  [ "$segsize" -gt 0 ] && mca="$mca --mca coll_tuned_${coll}_algorithm_segmentsize $segsize"
  [ "$coll" = bcast ] || [ "$coll" = reduce ] &&
    mca="$mca --mca coll_tuned_${coll}_algorithm_chain_fanout $fanout"
  [ "$coll" = alltoall ] && mca="$mca --mca coll_tuned_alltoall_algorithm_max_requests 0"
  # Algorithms that call the communicator's own collectives: those forced too.
  [ "$coll/$alg" = allreduce/nonoverlapping ] &&
    mca="$mca --mca coll_tuned_reduce_algorithm 5 --mca coll_tuned_bcast_algorithm 6"
  [ "$coll/$alg" = allgather/linear ] &&
    mca="$mca --mca coll_tuned_gather_algorithm 1 --mca coll_tuned_bcast_algorithm 1"
  calls=$(echo "$roots" | tr ',' '\n' | wc -l)
  [ -n "$split" ] && calls=$((calls * 2))
  what="p=$np $coll/$alg count=$count segsize=$segsize fanout=$fanout roots=$roots $split"
  if ! record "$tmp/t" "$np" "$mca" "$coll" "$count" "$roots" $split; then
    fail "$what: the traced run or its reading failed"
    return
  fi
  if "$check" "$tmp/t.json" "$coll" "$alg" "$count" "$segsize" "$fanout" "$calls" >"$tmp/check.txt"; then
    pass "$what"
  else
    fail "$what"
  fi
  sed 's/^/      /' "$tmp/check.txt"
}

# bcast (coll_base_bcast.c): 100 ints; segments of 40 bytes are 10.
case_ 3 bcast basic_linear 1 100 0 4 0,2
case_ 8 bcast basic_linear 1 100 0 4 3
case_ 5 bcast chain 2 100 40 2 0,4
case_ 12 bcast chain 2 100 0 4 7
case_ 4 bcast pipeline 3 100 40 4 0,3
case_ 7 bcast pipeline 3 100 0 4 5
case_ 8 bcast pipeline 3 100 40 4 0,3 split
case_ 6 bcast split_binary_tree 4 100 40 4 0,5
case_ 7 bcast split_binary_tree 4 100 0 4 3
case_ 5 bcast binary_tree 5 100 40 4 0,2
case_ 12 bcast binary_tree 5 100 0 4 11
case_ 6 bcast binomial 6 100 0 4 0,1
case_ 12 bcast binomial 6 100 40 4 5
case_ 7 bcast knomial 7 100 0 4 0,6
case_ 12 bcast knomial 7 100 40 4 3
case_ 5 bcast scatter_allgather 8 100 0 4 0,3
case_ 6 bcast scatter_allgather 8 100 0 4 2
case_ 8 bcast scatter_allgather_ring 9 100 0 4 0,7
case_ 3 bcast scatter_allgather_ring 9 100 0 4 1
# reduce (coll_base_reduce.c)
case_ 4 reduce linear 1 100 0 4 0,2
case_ 6 reduce chain 2 100 40 2 0,5
case_ 7 reduce pipeline 3 100 40 4 0,6
case_ 8 reduce binary 4 100 0 4 0,3
case_ 5 reduce binomial 5 100 0 4 0,4
case_ 12 reduce binomial 5 100 40 4 7
case_ 6 reduce in-order_binary 6 100 0 4 0,5
case_ 10 reduce in-order_binary 6 100 0 4 2,9 split
# allreduce (coll_base_allreduce.c)
case_ 5 allreduce basic_linear 1 100 0 4 0
case_ 6 allreduce nonoverlapping 2 100 0 4 0
case_ 3 allreduce recursive_doubling 3 100 0 4 0
case_ 7 allreduce recursive_doubling 3 100 0 4 0
case_ 12 allreduce recursive_doubling 3 100 0 4 0 split
case_ 4 allreduce ring 4 100 0 4 0
case_ 7 allreduce ring 4 100 0 4 0
# allgather (coll_base_allgather.c)
case_ 4 allgather linear 1 10 0 4 0
case_ 7 allgather bruck 2 10 0 4 0
case_ 8 allgather recursive_doubling 3 10 0 4 0
case_ 6 allgather recursive_doubling 3 10 0 4 0
case_ 5 allgather ring 4 10 0 4 0
case_ 6 allgather neighbor 5 10 0 4 0
case_ 5 allgather neighbor 5 10 0 4 0
# gather, scatter (coll_base_gather.c, coll_base_scatter.c)
case_ 5 gather basic_linear 1 10 0 4 0,3
case_ 4 gather binomial 2 10 0 4 0,3
case_ 7 gather binomial 2 10 0 4 4
case_ 12 gather binomial 2 10 0 4 0,5 split
case_ 6 gather linear_sync 3 10 0 4 0,4
case_ 6 scatter basic_linear 1 10 0 4 0,5
case_ 5 scatter binomial 2 10 0 4 0,2
case_ 8 scatter binomial 2 10 0 4 6
case_ 7 scatter linear_nb 3 10 0 4 3
# barrier (coll_base_barrier.c)
case_ 5 barrier linear 1 1 0 4 0
case_ 6 barrier double_ring 2 1 0 4 0
case_ 3 barrier recursive_doubling 3 1 0 4 0
case_ 8 barrier recursive_doubling 3 1 0 4 0
case_ 6 barrier recursive_doubling 3 1 0 4 0
case_ 7 barrier bruck 4 1 0 4 0
case_ 5 barrier tree 6 1 0 4 0
# alltoall (coll_base_alltoall.c)
case_ 5 alltoall linear 1 10 0 4 0
case_ 6 alltoall pairwise 2 10 0 4 0
case_ 7 alltoall modified_bruck 3 10 0 4 0
case_ 4 alltoall linear_sync 4 10 0 4 0
# scan (coll_base_scan.c; coll basic's MPI_Scan is the linear one)
case_ 4 scan linear 1 10 0 4 0
case_ 8 scan linear 1 10 0 4 0 split
case_ 5 scan recursive_doubling 2 10 0 4 0

# Issue 36's table: one call each, the count it names; the same rounds in three recordings.
# table NP MCA COLL COUNT ROOT ROUNDS RUNS
table() {
  np=$1 mca=$2 coll=$3 count=$4 root=$5 rounds=$6 runs=$7
  first=""
  run=1
  while [ "$run" -le "$runs" ]; do
    if ! record "$tmp/r$run" "$np" "$mca" "$coll" "$count" "$root"; then
      fail "table p=$np $coll ($mca): run $run failed"
      return
    fi
    got=$(grep -o '"rounds_inferred": [0-9]*' "$tmp/r$run.json" | tr '\n' ' ')
    consistent=$(grep -c '"rounds_consistent": true' "$tmp/r$run.json")
    if [ "$got" = "\"rounds_inferred\": $rounds " ] && [ "$consistent" -eq 1 ]; then
      pass "table p=$np $coll ($mca) run $run: $rounds rounds, consistent"
    else
      fail "table p=$np $coll ($mca) run $run: $got, $consistent consistent; expected $rounds"
    fi
    if [ -z "$first" ]; then
      first=$got
    elif [ "$got" != "$first" ]; then
      fail "table p=$np $coll: run $run gives $got, run 1 gave $first"
    fi
    run=$((run + 1))
  done
}
table 6 "--mca coll_tuned_allreduce_algorithm 3" allreduce 100 0 4 3
table 4 "--mca coll_tuned_gather_algorithm 2" gather 10 0 2 1
table 4 "--mca coll_tuned_scan_algorithm 1" scan 10 0 3 1
table 8 "--mca coll_tuned_bcast_algorithm 3 --mca coll_tuned_bcast_algorithm_segmentsize 40" \
  bcast 100 0 16 3
table 3 "--mca coll_tuned_barrier_algorithm 3" barrier 1 0 3 1
if "$cli" check "$tmp/r1" --max-rounds 3 >"$tmp/check.out" 2>&1; then
  pass "check --max-rounds 3 passes for the recursive-doubling barrier at p = 3"
else
  fail "check --max-rounds 3 on the recursive-doubling barrier at p = 3"
  sed 's/^/      | /' "$tmp/check.out" | tail -n 8
fi

echo "$checks checks, $failures failed"
[ "$failures" -eq 0 ]
