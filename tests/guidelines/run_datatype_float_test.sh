#!/bin/sh
# collscope-guidelines --datatype float, simulated at p = 5: every run moves and sums
# MPI_FLOAT (collscope-run --datatype float), the profile records MPI_FLOAT, and circulant
# (its sum depends on the rank for floating-point data) is measured but never written, with
# the reason in the report, exactly as for double (run_datatype_test.sh).
#   run_datatype_float_test.sh GUIDELINES WORKDIR
set -u
guidelines=$1 work=$2
fail() { echo "FAIL: $*"; exit 1; }
rm -rf "$work" && mkdir -p "$work" || fail "cannot make $work"
timeout 120 "$guidelines" --platform cluster:5 --datatype float --collectives allreduce \
  --candidates circulant,butterfly,ring --sizes 4,1024,65536 --no-figures --out "$work/g" \
  >"$work/g.out" 2>"$work/g.err" </dev/null || { tail -5 "$work/g.err"; fail "collscope-guidelines failed"; }
commands=$work/g/raw/commands.txt
runs=$(grep -c -- ' --algorithm ' "$commands")
[ "$runs" -gt 0 ] && [ "$(grep -c -- ' --datatype float ' "$commands")" -eq "$runs" ] ||
  fail "not every run measured --datatype float: $(head -3 "$commands")"
grep -q "MPI_FLOAT (4 B per element: count = bytes / 4)" "$work/g/report.txt" ||
  fail "the report does not say MPI_FLOAT"
prf=$work/g/profiles/default/MPI_Allreduce-p5.prf
[ -f "$prf" ] || { cat "$work/g.out"; fail "no profile"; }
cat "$prf"
grep -q "^MPI_Allreduce MPI_FLOAT " "$prf" || fail "the profile does not record MPI_FLOAT"
! grep -q circulant "$prf" || fail "circulant written for float"
grep -q "^ *allreduce circulant: fastest at .* but not written: its sum depends on the rank for float (floats=ok in COLLSCOPE_TUNE allows it)$" \
  "$work/g/report.txt" || { cat "$work/g/report.txt"; fail "the report does not say why circulant is left out"; }
echo "ok: --datatype float measured MPI_FLOAT, circulant left out of the profile and said why"
