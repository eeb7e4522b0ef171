# Sourced by the tests' make_*_traces.sh (FIXTURES_SETUP) after they read their arguments into
# run (collscope-run), mpiexec and out: empties the folder out and defines `one`.
rm -rf "$out"
mkdir -p "$out"

# one NAME NP COLLSCOPE-RUN-ARGS...: one timed repetition, no warm-up, traced into out/NAME;
# its output in out/NAME.log, which must say "verified: yes" (every rank's buffers against Open
# MPI's). A failed run prints its log and ends the script.
one() {
  name=$1 np=$2
  shift 2
  timeout 120 "$mpiexec" --oversubscribe -np "$np" "$run" "$@" --repetitions 1 --warmup 0 \
    --trace "$out/$name" </dev/null >"$out/$name.log" 2>&1 ||
    { cat "$out/$name.log"; echo "FAIL: mpirun -np $np $run $*"; exit 1; }
  grep -q "^verified: yes" "$out/$name.log" ||
    { cat "$out/$name.log"; echo "FAIL: mpirun -np $np $run $* (not verified)"; exit 1; }
}

# recorded: the last line of a recording script, how many traces it wrote where.
recorded() {
  echo "recorded $(find "$out" -mindepth 1 -maxdepth 1 -type d | wc -l) traces in $out"
}
