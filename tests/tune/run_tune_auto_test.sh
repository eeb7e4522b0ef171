#!/bin/sh
# auto in libcollscope-tune, on tune_auto_program.c at p = 4 (its results compared with the
# library's own inside the program), and the report over every rank:
#  1. COLLSCOPE_TUNE=auto routes every collective auto chooses for; the double reductions never
#     get an algorithm whose float results differ between ranks, nothing falls back; auto's
#     choice at p = 4 is collscope-run --algorithm auto's under the same network file.
#     A network file it cannot use is named once; auto then takes the defaults.
#  2. "bcast=auto;allreduce=auto" routes those two only.
#  3. A fallback on the communicator {1, 2, 3} only is reported, with the size and the ranks; a
#     bad entry is named once and left out, the good ones apply.
#   run_tune_auto_test.sh MPIEXEC PROGRAM LIBRARY TUNE_SETS COLLSCOPE_RUN WORKDIR
set -u
mpiexec=$1 program=$2 library=$3 sets=$4 runner=$5 work=$6
fail() { echo "FAIL: $*"; exit 1; }
rm -rf "$work" && mkdir -p "$work" || fail "cannot make $work"
# The network both auto and collscope-run read (collscope-calibrate's format, its LogGP
# estimates included): both charge o at each end, so their α is the file's minus 2o.
printf '{"alpha_s": 2e-06, "beta_s_per_byte": 5e-10, "loggp": {"o_s": 5e-07, "g_s": 6e-07}}\n' \
  >"$work/network.json"
export COLLSCOPE_NETWORK="$work/network.json"
run() { # NAME COLLSCOPE_TUNE
  timeout 60 "$mpiexec" --oversubscribe -np 4 -x "LD_PRELOAD=$library" -x "COLLSCOPE_TUNE=$2" \
    -x COLLSCOPE_TUNE_REPORT=1 -x COLLSCOPE_NETWORK "$program" </dev/null >"$work/$1.out" \
    2>"$work/$1.err" || { cat "$work/$1.out" "$work/$1.err"; fail "run $1 failed"; }
  grep -q "^tune_auto_program: [1-9][0-9]* cases, 0 differ$" "$work/$1.out" ||
    fail "$1: results differ from the library's: $(cat "$work/$1.out")"
}
all() { # NAME: the report's all-ranks lines
  sed -n 's/^collscope-tune: all ranks: //p' "$work/$1.err"
}

# 1. auto everywhere.
run everywhere auto
err="$work/everywhere.err"
[ "$(grep -c "^collscope-tune: all 4 ranks, each call counted once; auto's α = 1.000e-06 s, β = 5.000e-10 s/B, o = 5.000e-07 s, g = 6.000e-07 s (network file $COLLSCOPE_NETWORK):$" "$err")" = 1 ] ||
  fail "no single report header naming the network file: $(cat "$err")"
for c in bcast allreduce reduce allgather alltoall scan gather; do
  all everywhere | grep -q "^$c auto: [0-9]* calls\? → " || fail "auto did not route $c: $(cat "$err")"
done
! all everywhere | grep -q "fell back\|→ the library" || fail "a fallback under auto: $(cat "$err")"
"$sets" --float-rank-dependent >"$work/unsafe" || fail "tune_sets --float-rank-dependent failed"
[ -s "$work/unsafe" ] || fail "no float-rank-dependent algorithm listed"
for c in allreduce reduce; do
  for name in $(all everywhere | sed -n "s/^$c auto: [0-9]* calls\? → \([a-z0-9-]*\).*/\1/p"); do
    ! grep -qx "$c $name" "$work/unsafe" || fail "auto chose $c $name for doubles: $(cat "$err")"
  done
done
picked() { # COLLECTIVE P BYTES: auto's algorithm for that call
  all everywhere | sed -n "s/^$1 auto: [0-9]* calls\? → \([a-z0-9-]*\).* (p=$2, $3 B[;)].*/\1/p"
}
for call in "allreduce 3 p=4 1 double 8" "allreduce 3 p=4 65536 double 524288" \
            "bcast 3 p=4 65536 int 262144" "allreduce 2 p=3 4 double 32"; do
  set -- $call
  c=$1 calls=$2 p=${3#p=} count=$4 type=$5 bytes=$6
  line=$(all everywhere | grep "^$c auto: $calls calls → .* (p=$p, $bytes B[;)]") ||
    fail "no '$c auto: $calls calls' at p=$p, $bytes B: $(cat "$err")"
  echo "auto: $line"
  timeout 60 "$mpiexec" --oversubscribe -np "$p" -x COLLSCOPE_NETWORK "$runner" "$c" --algorithm auto \
    --count "$count" --datatype "$type" --repetitions 1 --warmup 0 </dev/null >"$work/run.out" 2>&1 ||
    { cat "$work/run.out"; fail "collscope-run $c --algorithm auto failed"; }
  theirs=$(sed -n 's/^#@algorithm=//p' "$work/run.out")
  [ "$(picked "$c" "$p" "$bytes")" = "$theirs" ] ||
    fail "$c at p=$p, $bytes B: the tune library chose $(picked "$c" "$p" "$bytes"), collscope-run $theirs"
done
all everywhere | grep -q "^allreduce auto: 2 calls → .* (p=3, 32 B.*) (world ranks 1-3)$" ||
  fail "the p = 3 communicator's ranks are not named: $(cat "$err")"

# A network file auto cannot use: one line naming it, the defaults, the program runs.
printf 'not json\n' >"$work/bad.json"
COLLSCOPE_NETWORK="$work/bad.json"
run badnet "bcast=auto"
COLLSCOPE_NETWORK="$work/network.json"
[ "$(grep -c "^collscope-tune: network file '$work/bad.json' .*; auto uses the default α and β$" "$work/badnet.err")" = 1 ] ||
  fail "the unusable network file is not named once: $(cat "$work/badnet.err")"
grep -q "^collscope-tune: all 4 ranks, each call counted once; auto's α = 1.000e-06 s, β = 2.000e-10 s/B (defaults: the network file cannot be used):$" "$work/badnet.err" ||
  fail "the report does not say the network file was not used: $(cat "$work/badnet.err")"
all badnet | grep -q "^bcast auto: " || fail "bcast=auto did not route with the defaults: $(cat "$work/badnet.err")"

# 2. auto for two collectives.
run two "bcast=auto;allreduce=auto"
err="$work/two.err"
all two | grep -q "^bcast auto: " && all two | grep -q "^allreduce auto: " ||
  fail "bcast and allreduce not both routed: $(cat "$err")"
! all two | grep -q "^\(reduce\|allgather\|alltoall\|scan\|gather\)[: ]" ||
  fail "collectives without an entry were routed: $(cat "$err")"

# 3. A fallback on ranks 1-3 only (doubles of 32 B there; ints of 16 B on the world run
#    circulant); a bad entry.
run fallback "allreduce=circulant@9-64;reduce=nosuch;bcast=binomial"
err="$work/fallback.err"
[ "$(grep -c "^collscope-tune: COLLSCOPE_TUNE: reduce has no algorithm 'nosuch' .*; entry 'reduce=nosuch' ignored, reduce uses the MPI library's collective$" "$err")" = 1 ] ||
  fail "the bad entry is not named once: $(cat "$err")"
all fallback | grep -q "^allreduce: 2 calls fell back from circulant to the library (floating-point data .*) on communicators of size 3 (world ranks 1-3)$" ||
  fail "the fallback on ranks 1-3 is not reported: $(cat "$err")"
all fallback | grep -q "^allreduce: 3 calls routed to circulant on communicators of size 4 (world ranks 0-3)$" ||
  fail "the int allreduce is not reported routed: $(cat "$err")"
all fallback | grep -q "^bcast: 6 calls routed to binomial on communicators of size 4 (world ranks 0-3)$" &&
  all fallback | grep -q "^bcast: 2 calls routed to binomial on communicators of size 3 (world ranks 1-3)$" ||
  fail "the good bcast entry did not apply on both communicators: $(cat "$err")"
! grep -q "^collscope-tune: rank 0 fell back" "$err" || fail "rank 0 fell back itself: $(cat "$err")"
echo "ok: auto routes, never unsafe for doubles, as collscope-run chooses; every rank reported"
