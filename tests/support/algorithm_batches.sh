# shellcheck shell=sh disable=SC2154 # batch_dir and batch_out are the caller's
# Sourced by test scripts that run many algorithms through collscope-run: the runs of one
# process count go as one job (`collscope-run --runs FILE`, one start-up of MPI instead of one
# each), and every run is still judged on its own report.
#
# The caller defines `batch_job NP ARGS...` (runs collscope-run ARGS on NP processes, its
# stdout in $batch_out), `pass` and `fail`, and sets batch_dir to a folder of its own.
#
#   batch_add NP NAME ARGS...   queue collscope-run ARGS --algorithm NAME on NP processes
#                               (ARGS: words without spaces or #)
#   batch_run                   run the queue, one job per process count in the order first
#                               queued; pass or fail once per run

batch_add() {
  printf '%s\t%s --algorithm %s\n' "$1" "$(shift 2; echo "$*")" "$2" >>"$batch_dir/queue"
}

batch_run() {
  [ -s "$batch_dir/queue" ] || return 0
  for batch_np in $(cut -f1 "$batch_dir/queue" | awk '!seen[$0]++'); do # process counts: words
    awk -F'\t' -v np="$batch_np" '$1 == np { print $2 }' "$batch_dir/queue" >"$batch_dir/runs"
    batch_job "$batch_np" --runs "$batch_dir/runs"
    batch_status=$?
    # Each report opens with #@collective= and ends with its verdict: the runs in order.
    awk '/^#@collective=/ { ++n } /^verified: / { verdict[n] = $2 }
         END { for (i = 1; i <= n; ++i) print (i in verdict ? verdict[i] : "none") }' \
      "$batch_out" >"$batch_dir/verdicts"
    batch_k=0 batch_verified=0
    while read -r batch_line; do
      batch_k=$((batch_k + 1))
      if [ "$(sed -n "${batch_k}p" "$batch_dir/verdicts")" = yes ]; then
        pass "p=$batch_np $batch_line"
        batch_verified=$((batch_verified + 1))
      else
        fail "p=$batch_np $batch_line (run $batch_k of the job of $batch_dir/runs: exit $batch_status, no 'verified: yes')"
      fi
    done <"$batch_dir/runs"
    [ "$batch_status" -eq 0 ] || [ "$batch_verified" -ne "$batch_k" ] ||
      fail "p=$batch_np --runs of $batch_k runs: exit $batch_status after every run verified"
  done
  rm -f "$batch_dir/queue"
}
