# shellcheck shell=sh disable=SC2154 # run, mpiexec and out are the caller's
# Sourced by the tests' make_*_traces.sh (FIXTURES_SETUP) after they read their arguments into
# run (collscope-run), mpiexec and out: empties the folder out and defines `one` and
# `recorded`.
rm -rf "$out"
mkdir -p "$out"

# one NAME NP COLLSCOPE-RUN-ARGS...: queues one timed repetition, no warm-up, traced as
# out/NAME (ARGS: words without spaces, tabs or #; NAME unique, without commas). `recorded`
# runs the queue.
one() {
  # Its own variable names: the calling scripts loop over name, np, algorithm, ….
  one_name=$1 one_np=$2
  shift 2
  one_algorithm="" one_rest=""
  while [ $# -gt 0 ]; do
    if [ "$1" = --algorithm ] && [ $# -ge 2 ]; then
      one_algorithm=$2
      shift 2
    else
      one_rest="$one_rest $1"
      shift
    fi
  done
  printf '%s\t%s\t%s\t%s\n' "$one_np" "$one_rest" "$one_algorithm" "$one_name" >>"$out/.queue"
}

# recorded: the last line of a recording script. Runs the queue: the runs of one process count
# go as one job (`collscope-run --runs FILE`, one start-up of MPI instead of one each) into one
# trace, out/.batch-K, and out/recorded.tsv names, for each NAME, the trace it is in and its
# place there (NAME <tab> TRACE <tab> K: the K-th algorithm run of the trace, from 0). A run
# alone at its process count, and a run that writes no algorithm region (native, and the
# nonblocking ibcast, iallreduce, ibarrier), is traced into out/NAME. Each run's report goes to
# out/NAME.log, which must say "verified: yes" (every rank's buffers against Open MPI's); a
# failed job prints its log and ends the script. Then says how many traces it wrote where.
recorded() {
  [ -s "$out/.queue" ] || { echo "FAIL: nothing was queued"; exit 1; }
  : >"$out/recorded.tsv"
  # One line per job: NP <tab> NAME,… (in the order queued); alone: NP <tab> NAME.
  awk -F'\t' '{ split($2, words, " "); alone = $3 == "" || $3 == "native" || words[1] ~ /^i/
                if (alone) { order[++n] = "alone " NR; np[order[n]] = $1; names[order[n]] = $4; next }
                key = "np " $1
                if (!(key in names)) { order[++n] = key; np[key] = $1; names[key] = $4 }
                else names[key] = names[key] "," $4 }
              END { for (i = 1; i <= n; ++i) print np[order[i]] "\t" names[order[i]] }' \
    "$out/.queue" >"$out/.groups"
  batch=0
  while IFS='	' read -r np names; do
    : >"$out/.runs"
    for name in $(echo "$names" | tr ',' ' '); do
      awk -F'\t' -v name="$name" '$4 == name {
          print $2 ($3 == "" ? "" : " --algorithm " $3); exit }' "$out/.queue" >>"$out/.runs"
    done
    case "$names" in
    *,*) batch=$((batch + 1)) trace=".batch-$batch" ;;
    *) trace=$names ;;
    esac
    cp "$out/.runs" "$out/$trace.runs"
    timeout 120 "$mpiexec" --oversubscribe -np "$np" "$run" --runs "$out/$trace.runs" \
      --repetitions 1 --warmup 0 --trace "$out/$trace" </dev/null >"$out/$trace.log" 2>&1 ||
      { cat "$out/$trace.log"; echo "FAIL: mpirun -np $np $run --runs $out/$trace.runs:"; cat "$out/$trace.runs"; exit 1; }
    # Each run's report, from its #@collective= line, into NAME.log.
    k=0
    for name in $(echo "$names" | tr ',' ' '); do
      [ "$name" = "$trace" ] ||
        awk -v k="$k" '/^#@collective=/ { ++seen } seen == k + 1' "$out/$trace.log" >"$out/$name.log"
      grep -q "^verified: yes" "$out/$name.log" ||
        { cat "$out/$trace.log"; echo "FAIL: $name (mpirun -np $np, the runs of $out/$trace.runs): not verified"; exit 1; }
      printf '%s\t%s\t%s\n' "$name" "$trace" "$k" >>"$out/recorded.tsv"
      k=$((k + 1))
    done
  done <"$out/.groups"
  rm -f "$out/.queue" "$out/.groups" "$out/.runs"
  echo "recorded $(wc -l <"$out/recorded.tsv") runs in $(find "$out" -mindepth 1 -maxdepth 1 -type d | wc -l) traces in $out"
}
