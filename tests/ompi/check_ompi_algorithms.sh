#!/bin/sh
# Open MPI's own algorithms, end to end (tracer/README.md, "Open MPI's algorithms"):
#   list    collscope-run --list ompi shows Open MPI 4.1's names and numbers, lines ≤ 100 chars
#   run     collscope-run COLL --algorithm ompi:NAME verifies (forced through OMPI_MCA_*, read
#           back through MPI_T, checked against the fixed decision), at p = 8 and odd p with
#           root ≠ 0; bad ompi: command lines are one error line and exit 2
#   forced  a traced forced run names the algorithm on its native call (collscope::ompi_algorithm)
#           and its recorded messages are that algorithm's: basic_linear p − 1 messages all from
#           the root (a tree of depth 1), binomial p − 1 in ⌈log₂p⌉ rounds, pipeline the segments
#           along the chain, chain --fanout 2 a tree of depth ⌈(p−1)/2⌉
#   fixed   default bcast, allreduce, reduce and allgather at p = 8 and 5 and a few sizes: the
#           trace names Open MPI 4.1.4's fixed decision, and the recorded messages count as it;
#           p = 1 (coll self) and coll sm raised above tuned are named unknown, with the reason
#   rules   under a dynamic rules file (coll_tuned_use_dynamic_rules, _dynamic_rules_filename) the
#           trace names the algorithm the file selects for the call, with the file and its line;
#           where it has no rule, or cannot be read, Open MPI's fixed decision and why
# usage: check_ompi_algorithms.sh COLLSCOPE_RUN COLLSCOPE_TRACE MPIEXEC SECTION
# Every mpirun is bounded by `timeout`, so a hang fails the test instead of stalling it.
set -u
run=$1
trace=$2
mpiexec=$3
section=$4

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
  tail -n 12 "$tmp/out" | sed 's/^/      out| /'
  tail -n 12 "$tmp/err" | sed 's/^/      err| /'
}

mpi() {
  np=$1
  shift
  timeout 90 "$mpiexec" --oversubscribe -np "$np" "$run" "$@" </dev/null >"$tmp/out" 2>"$tmp/err"
}

expect_verified() {
  np=$1
  shift
  mpi "$np" "$@"
  status=$?
  if [ "$status" -eq 0 ] && [ "$(grep -cx 'verified: yes' "$tmp/out")" -eq 1 ]; then
    pass "p=$np $*"
  else
    fail "p=$np $* (exit $status, expected 0 and 'verified: yes')"
  fi
}

expect_usage_error() {
  np=$1
  words=$2
  shift 2
  mpi "$np" "$@"
  status=$?
  ours=$(grep -c '^collscope-run: error:' "$tmp/err")
  if [ "$status" -eq 2 ] && [ "$ours" -eq 1 ] && grep -qF -- "$words" "$tmp/err"; then
    pass "p=$np $* → exit 2: $(grep '^collscope-run:' "$tmp/err")"
  else
    fail "p=$np $* (exit $status, $ours error lines; expected exit 2, one line saying '$words')"
  fi
}

# traced NP ARGS...: a traced run of one timed repetition; its call 0 in $tmp/call.json, its
# statistics in $tmp/stats.txt.
traced() {
  np=$1
  shift
  rm -rf "$tmp/t"
  if ! mpi "$np" "$@" --repetitions 1 --warmup 0 --trace "$tmp/t" ||
    ! "$trace" calls "$tmp/t" --call 0 --json >"$tmp/call.json" 2>>"$tmp/err" ||
    ! "$trace" stats "$tmp/t" --call 0 >"$tmp/stats.txt" 2>>"$tmp/err"; then
    fail "p=$np $* (the traced run or its reading failed)"
    return 1
  fi
  return 0
}

# has WHAT PATTERN...: every pattern is in the call's JSON (fixed strings, one key a line).
has() {
  what=$1
  shift
  for pattern in "$@"; do
    if ! grep -qF -- "$pattern" "$tmp/call.json"; then
      cp "$tmp/call.json" "$tmp/out"
      fail "$what: no '$pattern' in calls --call 0 --json"
      return
    fi
  done
  pass "$what"
}

tree_depth() {
  sed -n 's/^tree  *from root \([0-9]*\), depth \([0-9]*\).*/\1 \2/p' "$tmp/stats.txt"
}

section_list() {
  "$run" --list ompi >"$tmp/out" 2>"$tmp/err"
  status=$?
  long=$(awk 'length > 100' "$tmp/out" | wc -l)
  if [ "$status" -eq 0 ] && [ "$long" -eq 0 ] &&
    grep -q '^bcast  *1 basic_linear  2 chain  3 pipeline' "$tmp/out" &&
    grep -q '6 binomial  7 knomial  8 scatter_allgather  9 scatter_allgather_ring' "$tmp/out" &&
    grep -q '^allreduce  *1 basic_linear  2 nonoverlapping  3 recursive_doubling  4 ring' "$tmp/out" &&
    grep -q '^reduce_scatter  *1 non-overlapping' "$tmp/out"; then
    pass "--list ompi: Open MPI's names and numbers, no line over 100 characters"
  else
    fail "--list ompi (exit $status, $long long lines)"
  fi
  "$run" --list >"$tmp/out" 2>"$tmp/err"
  if grep -q 'collscope-run --list ompi' "$tmp/out"; then
    pass "--list points at --list ompi"
  else
    fail "--list does not point at --list ompi"
  fi
}

section_run() {
  expect_verified 8 bcast --algorithm ompi:binomial --count 1000 --repetitions 2
  expect_verified 5 bcast --algorithm ompi:binomial --root 3 --count 1000 --repetitions 2
  expect_verified 7 bcast --algorithm ompi:pipeline --segment 8192 --count 10000 --root 6 --repetitions 2
  expect_verified 8 bcast --algorithm ompi:chain --fanout 2 --count 3000 --repetitions 2
  expect_verified 5 allreduce --algorithm ompi:recursive_doubling --count 333 --repetitions 2
  expect_verified 4 reduce --algorithm ompi:in-order_binary --op noncommutative --root 1 --repetitions 2
  expect_verified 6 allgather --algorithm ompi:ring --count 7 --repetitions 2
  if grep -q '^#@ompi_forced=coll_tuned_allgather_algorithm 4 (ring); read back through MPI_T$' "$tmp/out"; then
    pass "the report says what was forced and that MPI_T read it back"
  else
    fail "no #@ompi_forced line"
  fi
  expect_verified 6 bcast --algorithm ompi:knomial --fanout 3 --count 100 --repetitions 2
  if grep -q '^#@ompi_forced=coll_tuned_bcast_algorithm 7 (knomial), segmentsize 0, knomial_radix 3;' "$tmp/out"; then
    pass "knomial's --fanout is its radix (coll_tuned_bcast_algorithm_knomial_radix)"
  else
    fail "no knomial_radix 3 in #@ompi_forced"
  fi
  expect_verified 5 reduce --algorithm ompi:pipeline --segment 1024 --max-requests 2 --count 1000 --repetitions 2
  if grep -q 'segmentsize 1024, max_requests 2; read back' "$tmp/out"; then
    pass "reduce's --max-requests is forced beside its segment size"
  else
    fail "no max_requests 2 in #@ompi_forced"
  fi
  expect_usage_error 2 "unknown Open MPI algorithm 'fastest'" bcast --algorithm ompi:fastest
  expect_usage_error 2 "--fanout does not apply to Open MPI's bcast binomial (it takes --segment;" \
    bcast --algorithm ompi:binomial --fanout 2
  expect_usage_error 2 "bcast basic_linear (it takes no parameters;" bcast --algorithm ompi:basic_linear --segment 1024
  expect_usage_error 2 "--max-requests does not apply to Open MPI's alltoall pairwise" \
    alltoall --algorithm ompi:pairwise --max-requests 4
  expect_usage_error 2 "--fanout expects a whole number, 2 or more (radix), got '1'" \
    bcast --algorithm ompi:knomial --fanout 1
  expect_usage_error 2 "--segment applies to Open MPI's algorithms only" bcast --algorithm binomial --segment 1024
  expect_usage_error 2 "has no gatherv algorithms" gatherv --algorithm ompi:binomial
}

section_forced() {
  if traced 8 bcast --algorithm ompi:basic_linear --root 2 --count 5; then
    has "basic_linear forced: named, 7 messages" '"name": "basic_linear"' '"source": "forced"' \
      '"messages": 7,'
    [ "$(tree_depth)" = "2 1" ] && pass "basic_linear: all from root 2 (tree depth 1)" ||
      fail "basic_linear: tree '$(tree_depth)', expected from root 2, depth 1"
  fi
  if traced 8 bcast --algorithm ompi:binomial --root 5 --count 100; then
    has "binomial forced: named, 7 messages in 3 rounds" '"name": "binomial"' '"source": "forced"' \
      '"messages": 7,' '"rounds_inferred": 3,' '"algorithm": "binomial"'
  fi
  # 8192 ints = 32 KiB in segments of 8 KiB: 4 segments along the chain of 7 hops.
  if traced 8 bcast --algorithm ompi:pipeline --segment 8192 --count 8192; then
    has "pipeline forced: 4 segments × 7 hops" '"name": "pipeline"' '"segment": 8192,' \
      '"messages": 28,'
    [ "$(tree_depth)" = "0 7" ] && pass "pipeline: one chain from root 0 (depth 7)" ||
      fail "pipeline: tree '$(tree_depth)', expected from root 0, depth 7"
  fi
  if traced 8 bcast --algorithm ompi:chain --fanout 2 --root 1; then
    has "chain --fanout 2 forced: named with its fanout" '"name": "chain"' '"fanout": 2,' \
      '"messages": 7,'
    [ "$(tree_depth)" = "1 4" ] && pass "chain --fanout 2: two chains from root 1 (depth 4)" ||
      fail "chain: tree '$(tree_depth)', expected from root 1, depth 4"
  fi
  if traced 8 allreduce --algorithm ompi:recursive_doubling --count 8192; then
    has "allreduce recursive_doubling forced: p·log₂p messages" '"name": "recursive_doubling"' \
      '"source": "forced"' '"messages": 24,' '"algorithm": "butterfly"'
  fi
}

# fixed NP EXPECTED MESSAGES COLL ARGS...: the default run names EXPECTED as the fixed decision
# and sends MESSAGES.
fixed() {
  np=$1
  expected=$2
  messages=$3
  shift 3
  if traced "$np" "$@"; then
    has "p=$np $* → fixed decision $expected, $messages messages" "\"name\": \"$expected\"" \
      '"source": "fixed decision' "\"messages\": $messages,"
  fi
}

section_fixed() {
  # bcast p < 16: < 8 bytes knomial, < 64 binary_tree, … < 16384 binary_tree
  fixed 8 knomial 7 bcast --count 1
  fixed 8 binary_tree 7 bcast --count 2048
  # bcast p < 8: < 64 bytes binary_tree, 8192 … 1 MiB basic_linear (p − 1 from the root)
  fixed 5 binary_tree 4 bcast --count 1 --root 3
  fixed 5 basic_linear 4 bcast --count 4096 --root 3
  [ "$(tree_depth)" = "3 1" ] && pass "p=5 basic_linear: all from root 3" ||
    fail "p=5 basic_linear: tree '$(tree_depth)'"
  # allreduce p < 16: < 8192 bytes recursive_doubling (p log₂p), else rabenseifner (2 p log₂p)
  fixed 8 recursive_doubling 24 allreduce --count 1
  fixed 8 rabenseifner 48 allreduce --count 8192
  # allreduce p < 8: < 16 bytes ring, which hands 1 element < 5 processes to recursive
  # doubling: the extra rank folds in and out, 2 + 4·2 messages
  fixed 5 recursive_doubling 10 allreduce --count 1
  has "p=5 allreduce says the ring handed over" 'ring switches to recursive_doubling'
  # reduce p < 16: < 8192 bytes binary, else binomial; p < 8: 4096 … 65536 chain (fanout 1)
  fixed 8 binary 7 reduce --count 1
  fixed 8 binomial 7 reduce --count 16384
  fixed 5 chain 4 reduce --count 2048 --root 2
  # allgather p < 32: recursive_doubling, which runs Bruck's off powers of two
  fixed 8 recursive_doubling 24 allgather --count 1
  fixed 5 bruck 15 allgather --count 1
  # Where coll tuned does not decide, the trace says unknown and why: p = 1 is coll self's,
  # and coll sm raised above tuned's priority 30 takes the broadcast (Open MPI 4.1.4: sm 0).
  if traced 1 bcast --count 4; then
    has "p=1 bcast → unknown: coll self" '"name": "unknown"' '"source": "unknown: p = 1: coll self"'
  fi
  export OMPI_MCA_coll_sm_priority=50
  if traced 4 bcast --count 4; then
    has "coll sm at priority 50 → unknown" '"name": "unknown"' \
      '"source": "unknown: coll tuned does not serve this communicator"'
  fi
  unset OMPI_MCA_coll_sm_priority
}

section_rules() {
  rules=$tmp/rules.conf
  cat >"$rules" <<'EOF'
# collscope's test: bcast at 4 processes, binomial (6) from 0 bytes, knomial (7) from 1 MiB
1          # collectives
7          # bcast (COLLTYPE 7)
1          # communicator sizes
4 2        # p = 4, two message sizes
0 6 0 0    # from 0 bytes: binomial (line 6)
1048576 7 0 0
EOF
  export OMPI_MCA_coll_tuned_use_dynamic_rules=1 OMPI_MCA_coll_tuned_dynamic_rules_filename="$rules"
  # Root 1: binomial sends p − 1 = 3 messages, none from a rank to itself.
  if traced 4 bcast --count 100 --root 1; then
    has "rules file: bcast at p = 4 is binomial, by line 6" '"name": "binomial"' \
      "\"source\": \"rules file $rules, line 6\"" '"messages": 3,'
    if "$trace" calls "$tmp/t" --call 0 >"$tmp/out" 2>>"$tmp/err" &&
      grep -qxF "open mpi      binomial (rules file $rules, line 6)" "$tmp/out"; then
      pass "calls --call 0 says: binomial (rules file …, line 6)"
    else
      fail "calls --call 0 does not say 'binomial (rules file $rules, line 6)'"
    fi
  fi
  # No allreduce rule: coll tuned's fixed decision (at p = 4, 4 bytes the ring, which hands
  # one element to recursive doubling), and why.
  if traced 4 allreduce --count 1; then
    has "rules file without an allreduce rule: the fixed decision, and why" \
      '"name": "recursive_doubling"' '"source": "fixed decision; ring switches' \
      "; rules file $rules has no rule for allreduce at p = 4\""
  fi
  # A file Open MPI cannot open: it runs without it, and the trace says so.
  export OMPI_MCA_coll_tuned_dynamic_rules_filename="$tmp/missing.conf"
  if traced 4 bcast --count 100 --root 1; then
    has "a missing rules file: the fixed decision, and why" '"source": "fixed decision; rules file' \
      "cannot be read: Open MPI runs without it"
  fi
  unset OMPI_MCA_coll_tuned_use_dynamic_rules OMPI_MCA_coll_tuned_dynamic_rules_filename
}

"section_$section"
echo "$checks checks, $failures failed"
[ "$failures" -eq 0 ]
