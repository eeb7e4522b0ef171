#!/bin/sh
# The tune library on a plain C program (tune_program.c): every collective forced to each of
# its collscope algorithms (tune_sets: one mpirun per set) writes the same result digests as
# the program without the library; fallbacks are counted in the report, by reason; a bad
# COLLSCOPE_TUNE entry is one line from rank 0 naming it, and the other entries apply.
#   run_tune_test.sh MPIEXEC PROGRAM SETS LIBRARY WORKDIR "P..." EVERY_SET_P
# Every set runs at EVERY_SET_P; each other p runs every third set (sampled, to keep it short).
set -u
mpiexec=$1 program=$2 sets=$3 library=$4 work=$5 sizes=$6 every=$7
fail() { echo "FAIL: $*"; exit 1; }
rm -rf "$work" && mkdir -p "$work" || fail "cannot make $work"
run() { # DIR P [VAR=VALUE ...]: the program at p, its stderr in DIR.err
  dir=$1 p=$2; shift 2
  mkdir -p "$dir"
  exports=""
  for setting in "$@"; do exports="$exports -x $setting"; done
  # shellcheck disable=SC2086
  timeout 120 "$mpiexec" --oversubscribe -np "$p" -x COLLSCOPE_RANKS_PER_NODE=2 $exports \
    "$program" "$dir" </dev/null >"$dir.out" 2>"$dir.err" || { cat "$dir.err"; fail "run $dir failed"; }
}
"$sets" >"$work/sets" || fail "tune_sets failed"
count=$(wc -l <"$work/sets")
[ "$count" -ge 2 ] || fail "only $count sets"
runs=0
for p in $sizes; do
  run "$work/base-$p" "$p"
  k=0
  while IFS= read -r tune; do
    k=$((k + 1))
    [ "$p" = "$every" ] || [ $((k % 3)) = $((p % 3)) ] || continue
    dir="$work/set$k-p$p"
    run "$dir" "$p" "LD_PRELOAD=$library" "COLLSCOPE_TUNE=$tune" COLLSCOPE_TUNE_REPORT=1
    runs=$((runs + 1))
    diff -r "$work/base-$p" "$dir" >/dev/null ||
      fail "p=$p COLLSCOPE_TUNE='$tune': results differ from the library's ($dir)"
    err="$dir.err"
    grep -q "^collscope-tune: rank 0 ran bcast " "$err" || fail "p=$p set $k: no bcast ran: $(cat "$err")"
    # The intercommunicator: one broadcast and one allreduce, each counted once.
    for c in bcast allreduce; do
      grep -q "^collscope-tune: rank 0 fell back to the library instead of $c [a-z0-9_-]*: intercommunicator: 1 calls$" "$err" ||
        fail "p=$p set $k: the intercommunicator $c fallback is not counted once: $(cat "$err")"
    done
    case "$tune" in
    *"allreduce=ring@0-1023"*)
      grep -q "instead of allreduce ring: non-commutative op: " "$err" ||
        fail "p=$p set $k: allreduce ring on the affine op did not fall back" ;;
    esac
    case "$tune" in
    *"allreduce=circulant"* | *",circulant@"*)
      grep -q "instead of allreduce circulant: floating-point data" "$err" ||
        fail "p=$p set $k: allreduce circulant on doubles did not fall back" ;;
    esac
    case "$tune,$p" in
    *"alltoall=hypercube"*,3 | *"alltoall=hypercube"*,5)
      grep -q "instead of alltoall hypercube: p not a power of two: " "$err" ||
        fail "p=$p set $k: alltoall hypercube did not fall back" ;;
    esac
  done <"$work/sets"
done
# A mistake in COLLSCOPE_TUNE: one line (rank 0) naming the entry, which is left out; the
# others apply; same results.
p=$every
run "$work/bad" "$p" "LD_PRELOAD=$library" "COLLSCOPE_TUNE=bcast=jia;allreduce=nosuch" \
  COLLSCOPE_TUNE_REPORT=1
[ "$(grep -c "COLLSCOPE_TUNE: allreduce has no algorithm 'nosuch' .*; entry 'allreduce=nosuch' ignored, allreduce uses the MPI library's collective$" "$work/bad.err")" = 1 ] ||
  fail "bad entry not named once: $(cat "$work/bad.err")"
grep -q "rank 0 ran bcast jia: " "$work/bad.err" ||
  fail "the good entry did not apply: $(cat "$work/bad.err")"
! grep -q "ran allreduce" "$work/bad.err" || fail "the bad entry ran: $(cat "$work/bad.err")"
diff -r "$work/base-$p" "$work/bad" >/dev/null || fail "bad configuration changed results"
# PGMPITuneLib profiles: the p = 4 one applies at p = 4, the p = 3 one does not; a profile
# naming an algorithm collscope lacks is named once and skipped.
profiles="$work/profiles"
mkdir -p "$profiles"
printf '# bcast at p = 4\nMPI_Bcast # name\n4 # procs\n2\n1 binomial\n2 jia\n2 # ranges\n0 1023 1\n1024 100000000 2\n' >"$profiles/bcast4.prf"
printf 'MPI_Allreduce\n3\n1\n7 ring\n1\n0 100000000 7\n' >"$profiles/allreduce3.prf"
printf 'MPI_Allgather\n4\n1\n1 allgather_as_allreduce\n1\n0 100 1\n' >"$profiles/mockup.prf"
run "$work/profiled" "$p" "LD_PRELOAD=$library" "COLLSCOPE_TUNE_PROFILES=$profiles" \
  COLLSCOPE_TUNE_REPORT=1
diff -r "$work/base-$p" "$work/profiled" >/dev/null || fail "profiles changed results"
err="$work/profiled.err"
grep -q "rank 0 ran bcast binomial: " "$err" && grep -q "rank 0 ran bcast jia: " "$err" ||
  fail "the p = 4 bcast profile did not apply: $(cat "$err")"
! grep -q "ran allreduce" "$err" || fail "the p = 3 allreduce profile applied at p = 4"
[ "$(grep -c "mockup.prf: allgather has no algorithm 'allgather_as_allreduce'; profile skipped" "$err")" = 1 ] ||
  fail "the bad profile is not named once: $(cat "$err")"
# Node layouts the hierarchical algorithms cannot serve: interleaved nodes of 2 and 1 ranks
# (p = 5, round-robin), and a layout of 6 ranks at p = 4.
layouts="bcast=hierarchical;allreduce=full-lane;scan=hierarchical"
if echo "$sizes" | grep -qw 5; then
  run "$work/interleaved" 5 "LD_PRELOAD=$library" "COLLSCOPE_TUNE=$layouts" \
    COLLSCOPE_TUNE_REPORT=1 COLLSCOPE_PLACEMENT=round-robin
  diff -r "$work/base-5" "$work/interleaved" >/dev/null || fail "interleaved nodes changed results"
  for reason in "allreduce full-lane: nodes of different sizes" \
                "scan hierarchical: nodes are not runs of consecutive ranks"; do
    grep -q "instead of $reason" "$work/interleaved.err" ||
      fail "no fallback '$reason': $(cat "$work/interleaved.err")"
  done
fi
run "$work/unfit" "$p" "LD_PRELOAD=$library" "COLLSCOPE_TUNE=$layouts" COLLSCOPE_TUNE_REPORT=1 \
  COLLSCOPE_NODES=3,3
diff -r "$work/base-$p" "$work/unfit" >/dev/null || fail "an unfit layout changed results"
grep -q "instead of bcast hierarchical: the node layout does not fit the communicator" \
  "$work/unfit.err" || fail "no fallback for an unfit layout: $(cat "$work/unfit.err")"
echo "ok: $runs tuned runs of $count sets agree with the library; fallbacks counted"
