#!/bin/sh
# The guideline mock-ups under libcollscope-tune, chosen by name (COLLSCOPE_TUNE=
# "allgather=gl1-gather-bcast;…"), on the plain C program of tests/tune: the same results as the
# library alone, and no recursion although the mock-ups call each other's collectives (GL1's
# MPI_Gather is routed to GL11, whose MPI_Allgather is routed to GL1, …): every collective is
# counted (ran + fell back) exactly as often as with plain collscope algorithms, which call no
# collective, so a mock-up's inner calls were the library's. Then a profile naming a mock-up.
#   run_mockup_tune_test.sh MPIEXEC PROGRAM LIBRARY WORKDIR P
set -u
mpiexec=$1 program=$2 library=$3 work=$4 p=$5
fail() { echo "FAIL: $*"; exit 1; }
rm -rf "$work" && mkdir -p "$work" || fail "cannot make $work"
run() { # NAME [VAR=VALUE ...]
  dir="$work/$1"; shift
  mkdir -p "$dir"
  exports=""
  for setting in "$@"; do exports="$exports -x $setting"; done
  # shellcheck disable=SC2086
  timeout 120 "$mpiexec" --oversubscribe -np "$p" $exports "$program" "$dir" </dev/null \
    >"$dir.out" 2>"$dir.err" || { cat "$dir.err"; fail "run $1 failed"; }
}
# calls ERR COLLECTIVE: the calls the report counts for the collective, ran and fell back.
calls() {
  sed -n "s/^collscope-tune: rank 0 \(ran\|fell back to the library instead of\) $2 [a-z0-9_-]*:.* \([0-9]*\) calls$/\2/p" "$1" |
    awk '{ n += $1 } END { print n + 0 }'
}
mockups="allgather=gl1-gather-bcast;gather=gl11-allgather;bcast=gl9-allgatherv;scatter=gl21-bcast"
mockups="$mockups;allreduce=gl5-reduce-bcast;reduce=gl14-allreduce;alltoall=gl8-alltoallv"
mockups="$mockups;reduce_scatter_block=gl19-allreduce;scan=gl20-exscan-reduce_local"
plain="allgather=ring;gather=linear;bcast=binomial;scatter=linear;allreduce=butterfly"
plain="$plain;reduce=ordered;alltoall=direct;reduce_scatter_block=ordered-halving"
plain="$plain;scan=hillis-steele"
run base
run mockups "LD_PRELOAD=$library" "COLLSCOPE_TUNE=$mockups" COLLSCOPE_TUNE_REPORT=1
run plain "LD_PRELOAD=$library" "COLLSCOPE_TUNE=$plain" COLLSCOPE_TUNE_REPORT=1
diff -r "$work/base" "$work/mockups" >/dev/null || fail "the mock-ups changed results"
diff -r "$work/base" "$work/plain" >/dev/null || fail "the plain algorithms changed results"
for setting in $(echo "$mockups" | tr ';' ' '); do
  c=${setting%%=*} name=${setting#*=}
  grep -q "^collscope-tune: rank 0 ran $c $name: [1-9][0-9]* calls$" "$work/mockups.err" ||
    fail "$c $name did not run: $(cat "$work/mockups.err")"
  with=$(calls "$work/mockups.err" "$c") without=$(calls "$work/plain.err" "$c")
  [ "$with" -gt 0 ] && [ "$with" = "$without" ] ||
    fail "$c: $with calls counted under the mock-ups, $without under plain algorithms (recursion?)"
done
# PGMPITuneLib's profile format names collscope's algorithms: GL3 for small allgathers.
mkdir -p "$work/profiles"
printf 'MPI_Allgather # name\n%s # procs\n1\n3 gl3-allreduce\n1 # ranges\n0 100000000 3\n' "$p" \
  >"$work/profiles/allgather.prf"
run profiled "LD_PRELOAD=$library" "COLLSCOPE_TUNE_PROFILES=$work/profiles" COLLSCOPE_TUNE_REPORT=1
diff -r "$work/base" "$work/profiled" >/dev/null || fail "the profiled mock-up changed results"
grep -q "^collscope-tune: rank 0 ran allgather gl3-allreduce: [1-9][0-9]* calls$" \
  "$work/profiled.err" || fail "the profile's mock-up did not run: $(cat "$work/profiled.err")"
echo "ok: p=$p, mock-ups chosen by name and by profile agree with the library, no recursion"
