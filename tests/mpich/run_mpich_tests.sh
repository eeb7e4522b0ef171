#!/bin/sh
# collscope under MPICH (build-mpich/, preset mpich), beside the Open MPI build.
# usage: run_mpich_tests.sh BUILD_MPICH MPIEXEC_MPICH MPICC_MPICH WORK SECTION [PROFILES]
#   algorithms3, algorithms4  every registry algorithm verified by build-mpich/bin/collscope-run,
#               each at one p: every other one at p = 3, the rest at p = 4 (root 1 where rooted)
#   trace       collscope-trace record of a program under mpiexec.mpich: its messages are in
#               the archive; calls, stats and check read it; the archive says that the
#               messages inside MPICH's own collectives are not recorded
#   tune        libcollscope-tune routes a program's collectives under MPICH: same results
#               as MPICH's own collectives, the report says which algorithms ran (auto too)
#   json        MPICH runs the choice exported by PROFILES (build/bin/collscope-profiles)
#               export --mpich: its ranks send what the forced algorithm sends (ucx_send_count.c)
# Every run is bounded by `timeout`, so a hang fails the test instead of stalling it.
set -u
build=$1 mpiexec=$2 mpicc=$3 work=$4 section=$5 profiles=${6:-}
here=$(cd "$(dirname "$0")" && pwd)
failures=0
checks=0
rm -rf "$work" && mkdir -p "$work" || { echo "FAIL cannot make $work"; exit 1; }
for tool in "$build/bin/collscope-run" "$build/bin/collscope-trace" "$build/lib/libcollscope-trace.so"; do
  [ -x "$tool" ] || [ -f "$tool" ] || {
    echo "FAIL $tool is missing: build the MPICH tree first (cmake --preset mpich && cmake --build --preset mpich; scripts/setup does)"
    exit 1
  }
done
run=$build/bin/collscope-run
trace=$build/bin/collscope-trace

pass() { checks=$((checks + 1)); echo "ok    $*"; }
fail() {
  checks=$((checks + 1)); failures=$((failures + 1)); echo "FAIL  $*"
  tail -n 12 "$work/out" 2>/dev/null | sed 's/^/      out| /'
  tail -n 12 "$work/err" 2>/dev/null | sed 's/^/      err| /'
}
# mpi NP PROGRAM ARGS...: under mpiexec.mpich; output in $work/out, $work/err.
mpi() {
  np=$1; shift
  timeout 60 "$mpiexec" -n "$np" "$@" </dev/null >"$work/out" 2>"$work/err"
}

# The algorithms' runs, grouped into jobs (tests/support/algorithm_batches.sh).
batch_dir=$work batch_out=$work/out
batch_job() { np=$1; shift; mpi "$np" "$run" "$@"; }
. "$here/../support/algorithm_batches.sh"

section_algorithms() { # NP: the p of this half (3: odd entries, 4: even ones)
  half=$1
  timeout 30 "$run" --list --json >"$work/list" 2>"$work/err" || { fail "--list --json"; return; }
  awk -F'"' '{ for (i = 2; i < NF; i += 2) { if ($i == "collective") c = $(i + 2);
               if ($i == "name") print c, $(i + 2) } }' "$work/list" >"$work/pairs"
  [ "$(wc -l <"$work/pairs")" -ge 100 ] || { fail "--list --json names fewer than 100 algorithms"; return; }
  index=0
  while read -r collective name; do
    index=$((index + 1))
    np=$((3 + index % 2))
    [ "$name" = hypercube ] && np=4 # powers of two only
    [ "$np" = "$half" ] || continue
    case "$collective" in
    allgather | allgatherv | allreduce | reduce_scatter_block | reduce_scatter | scan | exscan | \
      alltoall | alltoallv | neighbor_allgather | neighbor_alltoall | iallreduce | barrier | ibarrier)
      root="" ;;
    *) root="--root 1" ;;
    esac
    count="--count 3"
    case "$collective" in barrier | ibarrier) count="" ;; esac
    # shellcheck disable=SC2086 # $root and $count are empty or two words
    batch_add "$np" "$name" "$collective" $root $count --repetitions 1 --warmup 0
  done <"$work/pairs"
  # This half's runs as one job (--runs), each verified.
  batch_run
}

# build NAME SOURCE: an MPICH program in $work.
build() {
  "$mpicc" -O1 -o "$work/$1" "$2" 2>"$work/err" || { fail "mpicc.mpich $2"; exit 1; }
}

section_trace() {
  build program "$here/mpich_program.c"
  mpi 4 "$work/program" || { fail "the program untraced"; return; }
  cp "$work/out" "$work/untraced"
  timeout 60 "$trace" record -o "$work/trace" -- "$mpiexec" -n 4 "$work/program" </dev/null \
    >"$work/out" 2>"$work/err"
  status=$?
  if [ "$status" = 0 ] && cmp -s "$work/out" "$work/untraced"; then
    pass "record: exit 0, the program's output unchanged"
  else
    fail "record: exit $status or output changed"
  fi
  grep -q "wrote $work/trace: 4 ranks, 4 messages sent" "$work/err" &&
    pass "record: 4 ranks, the ring's 4 messages" || fail "record: not 4 ranks and 4 messages"
  grep -q "not recorded: the library is MPICH Version: 4" "$work/err" &&
    pass "record: says the inside of MPICH's collectives is not recorded" ||
    fail "record: no word on MPICH's insides"
  timeout 30 "$trace" calls "$work/trace" >"$work/out" 2>"$work/err" || fail "calls"
  for call in "0  point-to-point  4    -  0-3      4" "MPI_Bcast       4    1" "MPI_Allreduce   4    -"; do
    grep -q "$call" "$work/out" && pass "calls: $call" || fail "calls: no '$call'"
  done
  timeout 30 "$trace" stats "$work/trace" >"$work/out" 2>"$work/err" || fail "stats"
  grep -q "^inside collectives  messages not recorded: the library is MPICH Version: 4.*MPIC_\*" "$work/out" &&
    pass "stats: the archive says why MPICH's insides are not recorded" ||
    fail "stats: no NATIVE_INSIDE for MPICH"
  grep -q "^messages            4 between ranks" "$work/out" && pass "stats: 4 messages" ||
    fail "stats: not 4 messages"
  timeout 30 "$trace" check "$work/trace" --max-messages 4 >"$work/out" 2>"$work/err" &&
    pass "check --max-messages 4 holds" || fail "check --max-messages 4"
  timeout 30 "$trace" check "$work/trace" --max-messages 3 >"$work/out" 2>"$work/err"
  [ $? = 1 ] && pass "check --max-messages 3 exceeded (exit 1)" || fail "check --max-messages 3 not exit 1"
  # collscope's own algorithm, traced by collscope-run under MPICH: its messages and rounds.
  mpi 3 "$run" bcast --algorithm binomial --root 1 --count 10 --repetitions 1 --warmup 0 \
    --trace "$work/run-trace" || fail "collscope-run --trace"
  timeout 30 "$trace" calls "$work/run-trace" >"$work/out" 2>"$work/err"
  grep -q "bcast/binomial  3    1  0-2      2    80    2/2  = bcast/binomial" "$work/out" &&
    pass "collscope-run --trace: bcast/binomial, 2 messages in 2 rounds" ||
    fail "collscope-run --trace: not bcast/binomial's 2 messages"
}

section_tune() {
  tune=$build/lib/libcollscope-tune.so
  [ -f "$tune" ] || { fail "$tune is missing"; return; }
  build program "$here/mpich_program.c"
  build tune_program "$here/../tune/tune_program.c"
  for p in 3 4; do
    mpi "$p" "$work/program" 1000 || { fail "p=$p the program natively"; continue; }
    cp "$work/out" "$work/native"
    for setting in "bcast=binomial;allreduce=ring" "bcast=scatter-ring;allreduce=rabenseifner"; do
      mpi "$p" env LD_PRELOAD="$tune" COLLSCOPE_TUNE="$setting" COLLSCOPE_TUNE_REPORT=1 \
        "$work/program" 1000
      status=$?
      bcast=${setting%%;*} bcast=${bcast#bcast=} allreduce=${setting##*=}
      if [ "$status" = 0 ] && cmp -s "$work/out" "$work/native" &&
        grep -q "ran bcast $bcast" "$work/err" && grep -q "ran allreduce $allreduce" "$work/err"; then
        pass "p=$p COLLSCOPE_TUNE=$setting: routed, results equal MPICH's"
      else
        fail "p=$p COLLSCOPE_TUNE=$setting: exit $status, results or report differ"
      fi
    done
  done
  # auto on tests/tune's auto program (each call against PMPI's, then {1, 2, 3} split off):
  # routed under MPICH too, and the report counts the calls of ranks 1-3 alone.
  build tune_auto_program "$here/../tune/tune_auto_program.c"
  mpi 4 env LD_PRELOAD="$tune" COLLSCOPE_TUNE=auto COLLSCOPE_TUNE_REPORT=1 "$work/tune_auto_program"
  status=$?
  if [ "$status" = 0 ] && grep -q "^tune_auto_program: [1-9][0-9]* cases, 0 differ$" "$work/out" &&
    grep -q "^collscope-tune: all ranks: bcast auto: [0-9]* calls\? → " "$work/err" &&
    grep -q "^collscope-tune: all ranks: allreduce auto: 2 calls → .* (p=3, 32 B.*) (world ranks 1-3)$" "$work/err" &&
    ! grep -q "fell back\|→ the library" "$work/err"; then
    pass "p=4 COLLSCOPE_TUNE=auto: routed, results equal MPICH's, ranks 1-3's calls reported"
  else
    fail "p=4 COLLSCOPE_TUNE=auto: exit $status, results or report differ"
  fi
  # tests/tune's program (every root, in place, a non-commutative op, a split communicator, an
  # intercommunicator): MPICH's collectives and collscope's write the same digests.
  mkdir -p "$work/native-digests" "$work/tuned-digests"
  mpi 4 "$work/tune_program" "$work/native-digests" || fail "tune_program natively"
  mpi 4 env LD_PRELOAD="$tune" COLLSCOPE_TUNE="bcast=jia;allreduce=butterfly;gather=binomial;scatter=binomial;allgather=ring;alltoall=bruck;reduce=binomial;scan=hillis-steele" \
    COLLSCOPE_TUNE_REPORT=1 "$work/tune_program" "$work/tuned-digests"
  status=$?
  if [ "$status" = 0 ] && diff -r "$work/native-digests" "$work/tuned-digests" >/dev/null &&
    grep -q "ran bcast jia" "$work/err"; then
    pass "tests/tune/tune_program.c p=4: tuned digests equal MPICH's"
  else
    fail "tests/tune/tune_program.c p=4 tuned: exit $status, or digests differ"
  fi
}

# counts NAME: the sorted "ucx-sends RANK MESSAGES BYTES" lines of the last run, in $work/NAME.
counts() {
  grep '^ucx-sends ' "$work/err" | sort >"$work/$1"
  [ -s "$work/$1" ] || fail "no ucx-sends lines ($1)"
}

section_json() {
  [ -x "$profiles" ] || { fail "collscope-profiles ($profiles) is missing"; return; }
  build bcast "$here/bcast_program.c"
  cc -O1 -shared -fPIC -o "$work/ucx_send_count.so" "$here/ucx_send_count.c" -ldl 2>"$work/err" ||
    { fail "cc ucx_send_count.c"; return; }
  count="LD_PRELOAD=$work/ucx_send_count.so"
  # What each of MPICH's two broadcasts sends, forced by its own control variable.
  for ints in 100 100000; do
    for algorithm in binomial scatter_ring_allgather; do
      mpi 4 env "$count" MPIR_CVAR_BCAST_INTRA_ALGORITHM=$algorithm "$work/bcast" "$ints" 1 ||
        fail "forced $algorithm, $ints ints"
      counts "forced-$algorithm-$ints"
    done
    cmp -s "$work/forced-binomial-$ints" "$work/forced-scatter_ring_allgather-$ints" &&
      fail "$ints ints: binomial and scatter_ring_allgather send the same (the test cannot tell them apart)"
  done
  # The export: binomial below 1 KiB, scatter-ring from 1 KiB on.
  timeout 30 "$profiles" export --mpich "$work/selection.json" \
    --tune "bcast=binomial@0-1023,scatter-ring@1024-" >"$work/out" 2>"$work/err" ||
    { fail "collscope-profiles export --mpich"; return; }
  grep -q '"algorithm=MPIR_Bcast_intra_scatter_ring_allgather"' "$work/selection.json" ||
    fail "the export has no scatter_ring_allgather"
  # Written for the installed MPICH (mpichversion), read by it as it is.
  grep -q "for MPICH $("$mpiexec" --version | sed -n 's/^ *Version: *\([0-9]*\.[0-9]*\).*/\1/p' | head -1)" "$work/out" ||
    fail "the export is not for the installed MPICH: $(head -1 "$work/out")"
  for pair in "100 binomial" "100000 scatter_ring_allgather"; do
    ints=${pair% *} algorithm=${pair#* }
    mpi 4 env "$count" MPIR_CVAR_COLL_SELECTION_TUNING_JSON_FILE="$work/selection.json" \
      "$work/bcast" "$ints" 1
    status=$?
    counts "json-$ints"
    if [ "$status" = 0 ] && cmp -s "$work/json-$ints" "$work/forced-$algorithm-$ints"; then
      pass "exported JSON, $ints ints: MPICH ran $algorithm ($(awk '{ m += $3 } END { print m }' "$work/json-$ints") messages)"
    else
      fail "exported JSON, $ints ints: exit $status, sends differ from $algorithm's"
      sed 's/^/      json| /' "$work/json-$ints"
      sed 's/^/      want| /' "$work/forced-$algorithm-$ints"
    fi
  done
}

case "$section" in
algorithms3) section_algorithms 3 ;;
algorithms4) section_algorithms 4 ;;
trace) section_trace ;;
tune) section_tune ;;
json) section_json ;;
*) echo "FAIL unknown section $section"; exit 2 ;;
esac
echo "$checks checks, $failures failures (MPICH: $("$mpiexec" --version 2>/dev/null | sed -n 's/^ *Version: *//p' | head -1))"
[ "$failures" = 0 ]
