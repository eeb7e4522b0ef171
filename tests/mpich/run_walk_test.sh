#!/bin/sh
# The end-to-end walk of docs/engineer.md at p = 4, with its commands (collscope guidelines,
# profiles, record, calls; build-mpich's tracer and tune library under MPICH): guidelines for
# doubles (simulated), the profile, its
# Open MPI rules file and MPICH JSON, tests/tune/double_program.c traced under Open MPI with the
# rules file (the trace names knomial and recursive_doubling from the file), under MPICH with
# the JSON, and under MPICH with the same profile through build-mpich's tune library (the trace
# names collscope's knomial and butterfly).
#   run_walk_test.sh COLLSCOPE MPIEXEC MPICC BUILD_MPICH MPIEXEC_MPICH MPICC_MPICH WORK
set -u
collscope=$1 mpiexec=$2 mpicc=$3 mpich=$4 mpiexec_mpich=$5 mpicc_mpich=$6 work=$7
here=$(cd "$(dirname "$0")" && pwd)
fail() { echo "FAIL: $*"; exit 1; }
rm -rf "$work" && mkdir -p "$work" || fail "cannot make $work"
for tool in "$mpich/bin/collscope-trace" "$mpich/lib/libcollscope-tune.so"; do
  [ -f "$tool" ] || fail "$tool is missing: build the MPICH tree first (cmake --build --preset mpich)"
done
sizes="8 1024 65536"

# 1-2. Guidelines for doubles: the profile never holds circulant, and says MPI_DOUBLE.
timeout 120 "$collscope" guidelines --platform cluster:4 --selector ompi --datatype double \
  --collectives bcast,allreduce --sizes 8,1024,65536 --no-figures --out "$work/g" \
  --candidates binomial,knomial,scatter-allgather,butterfly,ring,rabenseifner,circulant \
  </dev/null >"$work/g.out" 2>&1 || { tail -5 "$work/g.out"; fail "collscope-guidelines failed"; }
prf=$work/g/profiles/ompi
grep -q "^MPI_Allreduce MPI_DOUBLE " "$prf/MPI_Allreduce-p4.prf" || fail "no double allreduce profile"
! grep -q circulant "$prf"/*.prf || fail "circulant written for doubles: $(cat "$prf"/*.prf)"
grep -q "^[0-9]* knomial$" "$prf/MPI_Bcast-p4.prf" || fail "the bcast profile has no knomial: $(cat "$prf/MPI_Bcast-p4.prf")"
echo "ok    guidelines --datatype double: profiles without circulant, bcast knomial"

# 3. The exports.
"$collscope" profiles export --openmpi "$work/tuned.rules" "$prf" >"$work/export.out" 2>&1 &&
  "$collscope" profiles export --mpich "$work/tuned.json" "$prf" >>"$work/export.out" 2>&1 ||
  { cat "$work/export.out"; fail "collscope profiles export"; }
echo "ok    exported: $(grep -c '^wrote' "$work/export.out") files"

# 4-5. Open MPI with the rules file, traced.
"$mpicc" -O1 -o "$work/program" "$here/../tune/double_program.c" || fail "mpicc"
timeout 60 "$collscope" record -o "$work/ompi" -- "$mpiexec" --oversubscribe -np 4 \
  --mca coll_tuned_use_dynamic_rules 1 --mca coll_tuned_dynamic_rules_filename "$work/tuned.rules" \
  --mca coll_tuned_bcast_algorithm_knomial_radix 4 "$work/program" $sizes </dev/null \
  >"$work/ompi.out" 2>&1 || { cat "$work/ompi.out"; fail "the program under Open MPI"; }
grep -q "6 calls per rank, 0 wrong elements" "$work/ompi.out" || fail "Open MPI run: $(cat "$work/ompi.out")"
"$collscope" calls "$work/ompi" --call 0 >"$work/call0" 2>&1 || fail "calls --call 0"
grep -q "^open mpi      knomial (fanout 4; rules file $work/tuned.rules, line [0-9]*)$" "$work/call0" ||
  fail "the 8-byte bcast does not name the file's knomial: $(cat "$work/call0")"
"$collscope" calls "$work/ompi" --call 1 >"$work/call1" 2>&1 || fail "calls --call 1"
grep -q "^open mpi      recursive_doubling (rules file $work/tuned.rules, line [0-9]*)$" "$work/call1" ||
  fail "the 8-byte allreduce does not name the file's recursive_doubling: $(cat "$work/call1")"
echo "ok    Open MPI ran the rules file: knomial and recursive_doubling, named in the trace"

# 4-5. MPICH with the exported JSON as it is (written for the installed MPICH), traced.
"$mpicc_mpich" -O1 -o "$work/program.mpich" "$here/../tune/double_program.c" || fail "mpicc.mpich"
MPIR_CVAR_COLL_SELECTION_TUNING_JSON_FILE=$work/tuned.json timeout 60 \
  "$mpich/bin/collscope-trace" record -o "$work/mpich" -- "$mpiexec_mpich" -n 4 \
  "$work/program.mpich" $sizes </dev/null >"$work/mpich.out" 2>&1 ||
  { cat "$work/mpich.out"; fail "the program under MPICH with the JSON"; }
grep -q "6 calls per rank, 0 wrong elements" "$work/mpich.out" || fail "MPICH run: $(cat "$work/mpich.out")"
echo "ok    MPICH ran with the exported JSON"

# The same profile through build-mpich's tune library: collscope's algorithms in the trace.
LD_PRELOAD=$mpich/lib/libcollscope-tune.so COLLSCOPE_TUNE_PROFILES=$prf COLLSCOPE_TUNE_REPORT=1 \
  timeout 60 "$mpich/bin/collscope-trace" record -o "$work/tuned" -- "$mpiexec_mpich" -n 4 \
  "$work/program.mpich" $sizes </dev/null >"$work/tuned.out" 2>&1 ||
  { cat "$work/tuned.out"; fail "the program under MPICH with the tune library"; }
grep -q "6 calls per rank, 0 wrong elements" "$work/tuned.out" || fail "tuned run: $(cat "$work/tuned.out")"
! grep -q "fell back" "$work/tuned.out" || fail "a fallback: $(cat "$work/tuned.out")"
"$mpich/bin/collscope-trace" calls "$work/tuned" >"$work/calls" 2>&1 || fail "calls"
grep -q "^ *0  bcast/knomial .* = bcast/knomial$" "$work/calls" &&
  grep -q "^ *1  allreduce/butterfly .* = allreduce/butterfly$" "$work/calls" ||
  fail "the trace does not name knomial and butterfly: $(cat "$work/calls")"
echo "ok    MPICH with the profile through libcollscope-tune: knomial and butterfly in the trace"
