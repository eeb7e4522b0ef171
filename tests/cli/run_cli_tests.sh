#!/bin/sh
# End-to-end tests of collscope-run under mpirun.
# usage: run_cli_tests.sh COLLSCOPE_RUN MPIEXEC SECTION...
#   SECTION: example | list | algorithms | errors | trace | noncommutative | prefix | float
# The caller provides OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 when running
# as root. Every mpirun is bounded by `timeout`, so a hang fails the test instead of stalling it.
set -u
run=$1
mpiexec=$2
shift 2

failures=0
checks=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

# mpi NP ARGS...: run collscope-run on NP processes; output in $tmp/out, $tmp/err. mpirun
# forwards stdin to rank 0, so it gets /dev/null: it would otherwise eat a `while read` list.
mpi() {
  np=$1
  shift
  timeout 60 "$mpiexec" --oversubscribe -np "$np" "$run" "$@" </dev/null >"$tmp/out" 2>"$tmp/err"
}

pass() {
  checks=$((checks + 1))
  echo "ok    $*"
}

fail() {
  checks=$((checks + 1))
  failures=$((failures + 1))
  echo "FAIL  $*"
  tail -n 15 "$tmp/out" | sed 's/^/      out| /'
  tail -n 15 "$tmp/err" | sed 's/^/      err| /'
}

# expect_verified NP ARGS...: exit 0 and "verified: yes" printed exactly once (rank 0 only).
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

# expect_usage_error NP ARGS...: exit 2 (not a hang: `timeout` would give 124), nothing on
# stdout, exactly one line from collscope-run on stderr and it says "error". mpirun's own
# banner may follow. How long the refusal takes is not judged: a busy machine is slow.
expect_usage_error() {
  np=$1
  shift
  timeout 120 "$mpiexec" --oversubscribe -np "$np" "$run" "$@" </dev/null >"$tmp/out" 2>"$tmp/err"
  status=$?
  ours=$(grep -c '^collscope-run:' "$tmp/err")
  if [ "$status" -eq 124 ]; then
    fail "p=$np $* (still running after 120 s: it hangs instead of refusing)"
  elif [ "$status" -ne 2 ]; then
    fail "p=$np $* (exit $status, expected 2)"
  elif [ "$ours" -ne 1 ] || ! grep '^collscope-run:' "$tmp/err" | grep -q 'error'; then
    fail "p=$np $* ($ours lines from collscope-run on stderr, expected one error line)"
  elif [ -s "$tmp/out" ]; then
    fail "p=$np $* (printed to stdout)"
  else
    pass "p=$np $* -> $(grep '^collscope-run:' "$tmp/err")"
  fi
}

section_example() {
  # The issue's example.
  expect_verified 7 gather --algorithm binomial --root 3 --count 5
}

section_list() {
  if timeout 60 "$run" --list >"$tmp/out" 2>"$tmp/err" &&
    [ "$(grep -c '^gather ' "$tmp/out")" -ge 2 ] && grep -q '^allgather ' "$tmp/out"; then
    pass "--list without mpirun (singleton)"
  else
    fail "--list without mpirun (singleton)"
  fi
  mpi 3 --list --json
  status=$?
  if [ "$status" -eq 0 ] && [ "$(head -n 1 "$tmp/out")" = "[" ] &&
    [ "$(tail -n 1 "$tmp/out")" = "]" ] &&
    [ "$(grep -c '"name": *"native"' "$tmp/out")" -eq \
      "$(grep -o '"collective": *"[a-z_]*"' "$tmp/out" | sort -u | wc -l)" ] &&
    grep -q '"commutative_only": *true' "$tmp/out"; then
    pass "p=3 --list --json: one array, printed once, a native entry per collective"
  else
    fail "p=3 --list --json (exit $status)"
  fi
}

# The algorithms' runs, grouped into jobs (tests/support/algorithm_batches.sh).
batch_dir=$tmp batch_out=$tmp/out
batch_job() { mpi "$@"; }
. "$(dirname "$0")/../support/algorithm_batches.sh"

section_algorithms() {
  if ! timeout 60 "$run" --list --json >"$tmp/list" 2>"$tmp/err"; then
    fail "--list --json"
    return
  fi
  # One "collective" and one "name" key per entry, on lines of their own or not.
  awk -F'"' '{ for (i = 2; i < NF; i += 2) { if ($i == "collective") c = $(i + 2);
               if ($i == "name") print c, $(i + 2) } }' "$tmp/list" >"$tmp/pairs"
  if [ "$(wc -l <"$tmp/pairs")" -lt 15 ]; then
    fail "--list --json names fewer than 15 algorithms"
    return
  fi
  # Every algorithm runs once through the command line, the form sampled in turn: the
  # non-contiguous vector type, the vector type in place (where the collective has an in-place
  # form), int, double; so each form is run for a quarter of the registry. The MPI harness
  # (tests/mpi) runs every algorithm with every datatype at every size through the library;
  # this is the command line's path. COLLSCOPE_TEST_EXHAUSTIVE=1 (ctest -L exhaustive) runs
  # every form for every algorithm.
  #
  # Sampled: the algorithms tests/resemblance records (neither native, nor a guideline mock-up,
  # nor a barrier or a nonblocking schedule) are checked there, by the same command line with
  # its form turning the same way and 'verified: yes' required; here the others.
  index=0
  while read -r collective name; do
    if [ "${COLLSCOPE_TEST_EXHAUSTIVE:-0}" != 1 ] && [ "$name" != native ]; then
      case "$collective:$name" in
      barrier:* | ibarrier:* | ibcast:* | iallreduce:* | *:gl[0-9]*-*) ;;
      *) continue ;; # recorded and verified by tests/resemblance
      esac
    fi
    case "$collective" in
    allgather | allgatherv | allreduce | reduce_scatter_block | reduce_scatter | scan | exscan | \
      alltoall | alltoallv | neighbor_allgather | neighbor_alltoall | iallreduce)
      root="" ;; # collectives without a root
    barrier | ibarrier) # no data: verified by the order of entries and exits
      batch_add 5 "$name" "$collective" --repetitions 2 --warmup 1
      continue ;;
    *) root="--root 3" ;;
    esac
    np=5
    [ "$name" = hypercube ] && np=4 # powers of two only
    index=$((index + 1))
    # Guideline mock-ups (gl<N>-…) call the library's collectives: one run each here, the
    # vector type in place (tests/mpi and tests/guidelines run them through the library).
    case "$name" in gl[0-9]*-*)
      in_place="--in-place"
      [ "$collective" = bcast ] && in_place=""
      # shellcheck disable=SC2086
      batch_add "$np" "$name" "$collective" $root --count 3 --datatype vector --repetitions 2 \
        --warmup 1 $in_place
      [ "${COLLSCOPE_TEST_EXHAUSTIVE:-0}" = 1 ] || continue ;;
    esac
    if [ "${COLLSCOPE_TEST_EXHAUSTIVE:-0}" != 1 ]; then
      in_place=""
      case $((index % 4)) in
      0) datatype=vector ;;
      1) datatype=vector in_place="--in-place" ;;
      2) datatype=int ;;
      *) datatype=double ;;
      esac
      case "$collective" in bcast | ibcast | neighbor_*) in_place="" ;; esac # no MPI_IN_PLACE
      # shellcheck disable=SC2086
      batch_add "$np" "$name" "$collective" $root --count 3 --datatype "$datatype" \
        --repetitions 2 --warmup 1 $in_place
      continue
    fi
    for datatype in int vector double; do
      # shellcheck disable=SC2086 # $root is empty or two words
      batch_add "$np" "$name" "$collective" $root --count 3 --datatype "$datatype" \
        --repetitions 2 --warmup 1
      [ "$collective" = bcast ] || [ "$collective" = ibcast ] || [ "$datatype" = double ] && continue
      case "$collective" in neighbor_*) continue ;; esac # MPI_Neighbor_* have no MPI_IN_PLACE
      # shellcheck disable=SC2086
      batch_add "$np" "$name" "$collective" $root --count 3 --datatype "$datatype" \
        --repetitions 2 --warmup 1 --in-place
    done
  done <"$tmp/pairs"
  # The runs of each p as one job (--runs), each verified.
  batch_run
  # --runs: four runs in one job, each from the job's settings (the second hierarchical run
  # on the real nodes, not the first's --ranks-per-node; the pipeline's blocks by the lemma,
  # not the two-tree's --blocks), every run verified.
  printf '%s\n' 'allreduce --algorithm hierarchical --count 9 --ranks-per-node 2' \
    'allreduce --algorithm hierarchical --count 9  # the real nodes' '' \
    'bcast --algorithm two-tree --count 60 --blocks 5 --root 1' \
    'bcast --algorithm pipeline --count 60 --root 1' >"$tmp/runs"
  mpi 4 --runs "$tmp/runs" --repetitions 1 --warmup 0 --trace "$tmp/runs-trace"
  status=$?
  if [ "$status" -eq 0 ] && [ "$(grep -cx 'verified: yes' "$tmp/out")" -eq 4 ] &&
    [ "$(grep -c '^#@collective=' "$tmp/out")" -eq 4 ] &&
    grep -qx '#@blocks=5 (--blocks)' "$tmp/out" && grep -q '^#@blocks=1 (pipelining lemma' "$tmp/out" &&
    grep -qx '#@nodes=2 nodes of 2,2 ranks (consecutive)' "$tmp/out"; then
    pass "p=4 --runs: four runs in one job, each verified"
  else
    fail "p=4 --runs: four runs in one job (exit $status)"
  fi
  expect_verified 5 bcast --algorithm pipeline --root 3 --count 7 --blocks 3 --repetitions 2
  expect_verified 5 bcast --algorithm pipeline --root 3 --count 1000 --datatype vector \
    --repetitions 2
  expect_verified 3 gather --algorithm dnc --root 2 --count 0 --repetitions 2
  expect_verified 7 scatter --algorithm knomial --radix 3 --root 5 --count 4 --repetitions 2
  expect_verified 7 alltoall --algorithm bruck-radix --radix 3 --count 2 --repetitions 2
  expect_verified 8 allgather --algorithm hierarchical --nodes 3,3,2 --repetitions 2
  expect_verified 8 bcast --algorithm full-lane --root 5 --ranks-per-node 2 --placement round-robin \
    --count 9 --repetitions 2
  expect_verified 1 scatter --algorithm binomial --count 4 --repetitions 2
  for problem in random spikes two-blocks farthest; do
    for displs in packed gaps reversed; do
      expect_verified 6 allgatherv --algorithm ring-pipelined --problem "$problem" --block 40 \
        --displs "$displs" --piece 7 --repetitions 2
    done
  done
  expect_verified 4 allgatherv --algorithm ring-pipelined --problem random --block 9 --piece 1 \
    --datatype vector --in-place --repetitions 2
  expect_verified 4 allgatherv --algorithm ring --problem increasing --block 50 --displs gaps \
    --datatype double --repetitions 2
  mpi 7 allgatherv --algorithm ring-pipelined --problem farthest --block 40 --piece 10 \
    --repetitions 1
  if grep -qx '#@schedule_rounds=9 (FIFO ring schedule of these pieces; p−1+M−1 = 9)' "$tmp/out"; then
    pass "p=7 allgatherv ring-pipelined, one block of 40 in pieces of 10: p−1+M−1 = 9 rounds"
  else
    fail "p=7 allgatherv ring-pipelined, one block of 40 in pieces of 10: p−1+M−1 = 9 rounds"
  fi
}

section_errors() {
  expect_usage_error 3 gatherr
  expect_usage_error 3
  expect_usage_error 3 gather --algorithm nosuch
  # A list of algorithms (--algorithm A,B): every name checked before any runs; Open MPI's
  # (ompi:NAME) only alone, since Open MPI reads its choice at MPI_Init.
  expect_usage_error 3 gather --algorithm binomial,nosuch
  expect_usage_error 3 gather --algorithm binomial,,linear
  expect_usage_error 3 gather --algorithm=binomial,
  expect_usage_error 3 bcast --algorithm ompi:binomial,binomial
  expect_usage_error 3 bcast --algorithm binomial,pipeline --count 4 --blocks 0
  # --runs FILE: a file that is not there or holds no run, --trace or ompi:NAME in a line, a
  # line a run refuses (named by its number), --runs twice.
  expect_usage_error 3 --runs "$tmp/no-such-file"
  printf '# nothing\n\n' >"$tmp/runs"
  expect_usage_error 3 --runs "$tmp/runs"
  printf 'bcast --count 4\nbcast --count 4 --trace %s/t\n' "$tmp" >"$tmp/runs"
  expect_usage_error 3 --runs "$tmp/runs"
  printf 'bcast --algorithm ompi:binomial\n' >"$tmp/runs"
  expect_usage_error 3 --runs "$tmp/runs"
  printf 'bcast --count 4\nbcast --algorithm binomial --blocks 4\n' >"$tmp/runs"
  expect_usage_error 3 --runs "$tmp/runs"
  grep -q "line 2: --blocks applies only" "$tmp/err" && pass "--runs: the refused line named" ||
    fail "--runs: the refused line not named"
  expect_usage_error 3 --runs "$tmp/runs" --runs "$tmp/runs"
  # A runs file that reads differently on some ranks (another node's copy, or none there): every
  # rank refuses, exit 2, instead of running different runs or waiting for a rank that refused.
  printf 'bcast --count 4\n' >"$tmp/runs-a"
  printf 'bcast --count 5\n' >"$tmp/runs-b"
  for other in "$tmp/runs-b" "$tmp/no-such-runs"; do
    timeout 120 "$mpiexec" --oversubscribe -np 1 "$run" --runs "$tmp/runs-a" : -np 2 "$run" \
      --runs "$other" </dev/null >"$tmp/out" 2>"$tmp/err"
    status=$?
    if [ "$status" -eq 2 ] && grep -q '^collscope-run: error: the ranks read different runs' "$tmp/err"; then
      pass "--runs read differently on ranks 1-2 ($other): all refuse, exit 2"
    else
      fail "--runs read differently on ranks 1-2 ($other): exit $status (124: a hang)"
    fi
  done
  # Node layouts: sizes that do not sum to p, malformed lists, full-lane on irregular nodes,
  # a hierarchical scan on round-robin nodes, --placement without --ranks-per-node.
  expect_usage_error 8 bcast --algorithm hierarchical --nodes 3,3
  expect_usage_error 8 bcast --algorithm hierarchical --nodes 3,x,2
  expect_usage_error 8 bcast --algorithm hierarchical --ranks-per-node 0
  expect_usage_error 8 bcast --algorithm full-lane --nodes 3,3,2
  expect_usage_error 4 scan --algorithm hierarchical --ranks-per-node 2 --placement round-robin
  expect_usage_error 4 bcast --placement round-robin
  expect_usage_error 4 bcast --nodes 2,2 --ranks-per-node 2
  expect_usage_error 3 gather --root 3
  expect_usage_error 3 gather --root -1
  expect_usage_error 3 gather --count -1
  expect_usage_error 3 gather --repetitions -1
  expect_usage_error 3 gather --count five
  expect_usage_error 3 gather --count 99999999999
  expect_usage_error 3 gather --root
  expect_usage_error 3 gather --count --root 1
  expect_usage_error 3 gather --bogus 1
  expect_usage_error 3 gather --datatype long
  expect_usage_error 3 reduce --op prod
  expect_usage_error 3 gather --op sum
  expect_usage_error 3 bcast --algorithm binomial --blocks 4
  expect_usage_error 3 bcast --in-place
  expect_usage_error 3 allgather --root 0
  expect_usage_error 3 allgatherv --root 0
  expect_usage_error 3 alltoall --algorithm bruck --root 0
  expect_usage_error 6 alltoall --algorithm hypercube
  expect_usage_error 3 scan --root 0
  expect_usage_error 3 exscan --algorithm hillis-steele --blocks 4
  expect_usage_error 3 allgatherv --algorithm ring --piece 4
  expect_usage_error 3 allgatherv --algorithm ring-pipelined --piece 0
  expect_usage_error 3 gather --piece 3
  expect_usage_error 3 allgather --problem random
  expect_usage_error 3 gather --json
  expect_usage_error 3 bcast --algorithm knomial --radix 1
  expect_usage_error 3 bcast --algorithm knomial --radix four
  expect_usage_error 3 bcast --algorithm binomial --radix 3
  expect_usage_error 3 reduce --algorithm knomial --op noncommutative
}

section_trace() {
  # --trace makes the folders above the trace, as `mkdir -p` would.
  mpi 3 gather --algorithm binomial --root 1 --count 4 --repetitions 1 --warmup 0 \
    --trace "$tmp/runs/today/p3/"
  status=$?
  if [ "$status" -eq 0 ] && [ -f "$tmp/runs/today/p3/traces.otf2" ] &&
    [ -z "$(find "$tmp/runs" -name '*.probe.*')" ]; then
    pass "p=3 --trace into folders that do not exist yet"
  else
    fail "p=3 --trace into folders that do not exist yet (exit $status)"
  fi
  # Where the folders cannot be made: one line that names the folder, exit 2 on every rank.
  : >"$tmp/a-file"
  for where in "$tmp/a-file/sub/trace" /proc/nope/trace; do
    expect_usage_error 3 gather --algorithm binomial --trace "$where"
    if grep -q "^collscope-run: error: --trace $where: cannot create the folder $(dirname "$where"): " \
      "$tmp/err"; then
      pass "--trace $where: the error names the folder it could not make"
    else
      fail "--trace $where: the error names the folder it could not make"
    fi
  done
  # A run refused on its arguments ran no collective: it leaves no trace, neither an empty one
  # that collscope-trace would open nor the older trace that was in its place.
  mpi 3 gather --algorithm linear --count 1 --repetitions 1 --warmup 0 --trace "$tmp/refused"
  for bad in "--root 99" "--algorithm nope" "--count -1"; do
    # shellcheck disable=SC2086 # $bad is two words on purpose
    expect_usage_error 3 gather $bad --trace "$tmp/refused"
    if [ ! -e "$tmp/refused" ] && [ ! -e "$tmp/refused.partial" ]; then
      pass "gather $bad --trace: no trace left"
    else
      fail "gather $bad --trace: a trace was left ($(ls -d "$tmp"/refused* | tr '\n' ' '))"
    fi
  done
}

section_noncommutative() {
  # The runs of each p as one job (--runs), each verified; the refusals one job each.
  for datatype in int double vector; do
    batch_add 5 ordered reduce --op noncommutative --root 3 --count 4 --datatype "$datatype" \
      --repetitions 2
    batch_add 5 ordered reduce --op noncommutative --root 3 --count 4 --datatype "$datatype" \
      --repetitions 2 --in-place
  done
  batch_add 5 native reduce --op noncommutative --root 1 --count 3
  for collective in reduce_scatter_block reduce_scatter; do
    for datatype in int double vector; do
      batch_add 5 ordered-halving "$collective" --op noncommutative --count 4 \
        --datatype "$datatype" --repetitions 2
    done
    expect_usage_error 5 "$collective" --algorithm halving --op noncommutative --count 4
    expect_usage_error 5 "$collective" --root 1
  done
  batch_add 5 rabenseifner allreduce --op noncommutative --count 4 --repetitions 2
  batch_add 7 doubly-pipelined allreduce --op noncommutative --count 40 --blocks 7 --repetitions 2
  batch_add 6 inorder-binary reduce --op noncommutative --root 0 --count 4 --datatype vector \
    --repetitions 2
  batch_run
  expect_usage_error 5 reduce --algorithm binomial --op noncommutative --root 3 --count 4
  if grep -q -- '--algorithm ordered' "$tmp/err"; then
    pass "the error suggests --algorithm ordered"
  else
    fail "the error suggests --algorithm ordered"
  fi
}

section_prefix() {
  # Scan and exscan keep rank order: every algorithm with the non-commutative op at the process
  # counts the traced runs of tests/scan leave out (they record and verify every one at p = 2, 5,
  # 7, 8 and 12; every p of the MPI harness here with COLLSCOPE_TEST_EXHAUSTIVE=1), counts 0, 1,
  # 7 and 1000, every datatype. collscope-run compares exscan on ranks ≥ 1 only (MPI leaves rank
  # 0's receive buffer undefined).
  sizes="1 3 4 9"
  [ "${COLLSCOPE_TEST_EXHAUSTIVE:-0}" = 1 ] && sizes="1 2 3 4 5 7 8 9 12 16"
  for collective in scan exscan; do
    for name in hillis-steele binomial-updown pipeline; do
      for p in $sizes; do
        batch_add "$p" "$name" "$collective" --op noncommutative --count 7 --repetitions 1 \
          --warmup 0
      done
      for datatype in int double vector; do
        batch_add 6 "$name" "$collective" --op noncommutative --count 1000 \
          --datatype "$datatype" --repetitions 1 --warmup 0
      done
      batch_add 5 "$name" "$collective" --op noncommutative --count 0 --repetitions 1 --warmup 0
      batch_add 5 "$name" "$collective" --op noncommutative --count 1 --in-place --repetitions 1 \
        --warmup 0
    done
  done
  batch_add 9 pipeline scan --op noncommutative --count 1000 --blocks 7 --repetitions 1 \
    --warmup 0
  batch_run # the runs of each p as one job (--runs), each verified
}

section_float() {
  # --datatype float at p = 3, compared bit for bit with Open MPI's MPI_FLOAT result: sums of
  # small integers are exact in any order, so circulant (rank-dependent for real data) verifies
  # as it does for double; the noncommutative op's maps packed as a·2^12 + b stay exact.
  for name in ring rabenseifner circulant reduce-bcast; do
    expect_verified 3 allreduce --algorithm "$name" --datatype float --count 1000 \
      --repetitions 1 --warmup 0
  done
  if grep -qx '#@datatype=float' "$tmp/out"; then
    pass "the report names the datatype float"
  else
    fail "the report names the datatype float"
  fi
  expect_verified 3 allreduce --algorithm butterfly --datatype float --op noncommutative \
    --count 1000 --repetitions 1 --warmup 0
  expect_verified 3 reduce --algorithm binomial --datatype float --root 2 --count 1000 \
    --repetitions 1 --warmup 0
  expect_verified 3 reduce --algorithm binomial --datatype float --op max --root 1 --count 7 \
    --in-place --repetitions 1 --warmup 0
  expect_verified 3 reduce --algorithm ordered --datatype float --op noncommutative --root 1 \
    --count 1000 --repetitions 1 --warmup 0
  expect_verified 3 scan --algorithm hillis-steele --datatype float --op noncommutative \
    --count 1000 --repetitions 1 --warmup 0
  expect_verified 3 gather --algorithm binomial --datatype float --root 1 --count 5 \
    --repetitions 1 --warmup 0
  # auto leaves rank-dependent sums (circulant) out for float as for double.
  expect_verified 3 allreduce --algorithm auto --datatype float --count 10 --repetitions 1 \
    --warmup 0
  if grep -q '^#@algorithm=' "$tmp/out" && ! grep -q '^#@algorithm=circulant' "$tmp/out"; then
    pass "auto picks no rank-dependent sum for float ($(sed -n 's/^#@algorithm=//p' "$tmp/out"))"
  else
    fail "auto for a float allreduce: $(grep '^#@algorithm=' "$tmp/out" || echo 'no #@algorithm line')"
  fi
}

[ $# -gt 0 ] || set -- example list algorithms errors noncommutative prefix float
for section in "$@"; do
  case $section in
  example | list | algorithms | errors | trace | noncommutative | prefix | float) "section_$section" ;;
  *)
    echo "run_cli_tests.sh: unknown section '$section'" >&2
    exit 2
    ;;
  esac
done
echo "$((checks - failures)) of $checks checks passed"
[ "$failures" -eq 0 ]
