#!/bin/sh
# collscope-guidelines --datatype double never writes circulant (its sum depends on the rank
# for floating-point data) and says why; with circulant:floats=ok it does, with that option in
# the profile. Both profiles, recorded as MPI_DOUBLE, then run tests/tune/double_program.c (a
# bcast and an allreduce of doubles per size) at p = 5 under libcollscope-tune: every allreduce
# in a profile's range runs its algorithm, none falls back.
#   run_datatype_test.sh GUIDELINES MPIEXEC PROGRAM LIBRARY WORKDIR
set -u
guidelines=$1 mpiexec=$2 program=$3 library=$4 work=$5
fail() { echo "FAIL: $*"; exit 1; }
rm -rf "$work" && mkdir -p "$work" || fail "cannot make $work"
sizes=8,1024,65536
measure() { # NAME CANDIDATES
  timeout 120 "$guidelines" --platform cluster:5 --datatype double --collectives allreduce \
    --candidates "$2" --sizes "$sizes" --no-figures --out "$work/$1" >"$work/$1.out" \
    2>"$work/$1.err" </dev/null || { tail -5 "$work/$1.err"; fail "collscope-guidelines ($1) failed"; }
  prf="$work/$1/profiles/default/MPI_Allreduce-p5.prf"
  [ -f "$prf" ] || { cat "$work/$1.out"; fail "$1: no profile"; }
  grep -q "^MPI_Allreduce MPI_DOUBLE " "$prf" || fail "$1: the profile does not record MPI_DOUBLE"
}
run() { # NAME: the double program under that profile; prints the tune report
  LD_PRELOAD=$library COLLSCOPE_TUNE_PROFILES=$work/$1/profiles/default COLLSCOPE_TUNE_REPORT=1 \
    timeout 60 "$mpiexec" --oversubscribe -np 5 -x LD_PRELOAD -x COLLSCOPE_TUNE_PROFILES \
    -x COLLSCOPE_TUNE_REPORT "$program" $(echo "$sizes" | tr ',' ' ') </dev/null \
    >"$work/$1.run" 2>"$work/$1.runerr" || { cat "$work/$1.run" "$work/$1.runerr"; fail "$1: the program failed"; }
  grep -q "6 calls per rank, 0 wrong elements" "$work/$1.run" || fail "$1: $(cat "$work/$1.run")"
  ! grep -q "fell back" "$work/$1.runerr" || fail "$1: a fallback: $(grep "fell back" "$work/$1.runerr")"
  grep -q "skipped" "$work/$1.runerr" && fail "$1: the profile was skipped: $(cat "$work/$1.runerr")"
}
ran() { # NAME ALGORITHM CALLS
  grep -q "^collscope-tune: rank 0 ran allreduce $2: $3 calls$" "$work/$1.runerr" ||
    fail "$1: expected $3 calls of $2: $(cat "$work/$1.runerr")"
}

measure plain circulant,butterfly,ring,rabenseifner
cat "$work/plain/profiles/default/MPI_Allreduce-p5.prf"
! grep -q circulant "$work/plain/profiles/default/MPI_Allreduce-p5.prf" || fail "circulant written for double"
line="allreduce circulant: fastest at 8 B–1 KiB but not written: its sum depends on the rank for double (floats=ok in COLLSCOPE_TUNE allows it)"
grep -qF "$line" "$work/plain/report.txt" || { cat "$work/plain.out"; fail "the report does not say why circulant is left out"; }
grep -qF "| allreduce | — | \`circulant\` | 8–65536 |" "$work/plain/report.txt" ||
  fail "circulant's violation is not in the table"
echo "ok    --datatype double: circulant measured, fastest at 8 B–1 KiB, not written, and said why"

measure ok circulant:floats=ok,butterfly,ring,rabenseifner
grep -q "^[0-9]* circulant floats=ok$" "$work/ok/profiles/default/MPI_Allreduce-p5.prf" ||
  { cat "$work/ok/profiles/default/MPI_Allreduce-p5.prf"; fail "circulant:floats=ok not written"; }
echo "ok    circulant:floats=ok: written with its option"

run plain
ran plain butterfly 1
ran plain ring 1
echo "ok    the double profile routed 1 KiB to butterfly, 64 KiB to ring, no fallback"
run ok
ran ok circulant 2
echo "ok    the floats=ok profile routed 8 B and 1 KiB to circulant, no fallback"
echo "ok: guidelines for double never write circulant unless floats=ok; their profiles route double allreduces"
