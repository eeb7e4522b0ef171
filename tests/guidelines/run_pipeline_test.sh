#!/bin/sh
# The pipeline end to end, with the commands docs/engineer.md shows ("A real program on
# simulated profiles, traced"): `collscope guidelines` simulates p = 4 (cluster:4, SMPI's
# SELECTOR) and writes profiles; a plain C program then runs on real MPI at p = 4 under
# `collscope tune --profiles` (libcollscope-tune with COLLSCOPE_TUNE_PROFILES pointing at them)
# inside `collscope record`: its results stay right, the tune report names each profile's
# mock-ups, and `collscope calls` holds as many annotated calls of each as the report counts.
#   run_pipeline_test.sh COLLSCOPE MPIEXEC PROGRAM WORKDIR SELECTOR COLLECTIVES SIZES
set -u
collscope=$1 mpiexec=$2 program=$3 work=$4 selector=$5 collectives=$6 sizes=$7
fail() { echo "FAIL: $*"; exit 1; }
rm -rf "$work" && mkdir -p "$work" || fail "cannot make $work"
timeout 300 "$collscope" guidelines --platform cluster:4 --selector "$selector" --collectives "$collectives" \
  --sizes "$sizes" --no-figures --out "$work/g" >"$work/g.out" 2>"$work/g.err" </dev/null ||
  { tail -5 "$work/g.err"; fail "collscope-guidelines failed"; }
profiles="$work/g/profiles/$selector"
ls "$profiles"/*.prf >/dev/null 2>&1 || { cat "$work/g.out"; fail "no profile in $profiles"; }
# Every range of every profile: the algorithm its id names is expected in the tune report.
expected=""
for f in "$profiles"/*.prf; do
  coll=$(sed -n 's/^MPI_\([A-Za-z_]*\).*/\1/p' "$f" | head -1 | tr 'A-Z' 'a-z')
  [ "$(grep -m1 '# nb. of processes' "$f" | cut -d' ' -f1)" = 4 ] || fail "$f: not a p = 4 profile"
  for alg in $(awk '/# nb. of mock-up impl./ { n = $1; next } n > 0 { print $2; n-- }' "$f"); do
    expected="$expected $coll:$alg"
  done
done
echo "profiles: $expected"
timeout 120 "$collscope" tune --profiles "$profiles" --report -- "$collscope" record -o "$work/T" \
  -- "$mpiexec" --oversubscribe -np 4 -x COLLSCOPE_TUNE_PROFILES -x COLLSCOPE_TUNE_REPORT \
  "$program" $(echo "$sizes" | tr ',' ' ') </dev/null \
  >"$work/run.out" 2>"$work/run.err" || { cat "$work/run.out" "$work/run.err"; fail "the tuned, traced program failed"; }
grep -q ", 0 wrong elements" "$work/run.out" || fail "wrong results: $(cat "$work/run.out")"
"$collscope" calls --wide "$work/T" >"$work/calls" 2>&1 || { cat "$work/calls"; fail "collscope calls failed"; }
for pair in $expected; do
  c=${pair%%:*} a=${pair#*:}
  reported=$(sed -n "s/^collscope-tune: rank 0 ran $c $a: \([0-9]*\) calls$/\1/p" "$work/run.err")
  [ -n "$reported" ] && [ "$reported" -gt 0 ] || fail "$c $a not run: $(cat "$work/run.err")"
  traced=$(grep -c " algorithm  *$c/$a " "$work/calls") # --wide: each call's kind, no name cut
  [ "$traced" = "$reported" ] || fail "$c $a: $reported calls reported, $traced in the trace"
  echo "ok    $c $a: $reported calls run and traced"
done
echo "ok: simulated profiles ran a real program's collectives, traced"
