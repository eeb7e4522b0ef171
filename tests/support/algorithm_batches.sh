# shellcheck shell=sh disable=SC2154 # batch_dir and batch_out are the caller's
# Sourced by test scripts that run many algorithms through collscope-run: runs that differ only
# in their algorithm go as one job (`--algorithm A,B,…`, one start-up of MPI instead of one
# each), and every algorithm is still judged on its own report.
#
# The caller defines `batch_job NP ARGS...` (runs collscope-run ARGS on NP processes, its
# stdout in $batch_out), `pass` and `fail`, and sets batch_dir to a folder of its own.
#
#   batch_add NP NAME ARGS...   queue collscope-run ARGS --algorithm NAME on NP processes
#                               (ARGS: words without spaces)
#   batch_run                   run the queue, one job per group of equal NP and ARGS in the
#                               order first queued; pass or fail once per algorithm

batch_add() {
  printf '%s\t%s\t%s\n' "$1" "$(shift 2; echo "$*")" "$2" >>"$batch_dir/queue"
}

batch_run() {
  [ -s "$batch_dir/queue" ] || return 0
  # One line per group: NP <tab> ARGS <tab> NAME,NAME,...
  awk -F'\t' '{ key = $1 "\t" $2
                if (!(key in names)) { order[++n] = key; names[key] = $3 }
                else names[key] = names[key] "," $3 }
              END { for (i = 1; i <= n; ++i) print order[i] "\t" names[order[i]] }' \
    "$batch_dir/queue" >"$batch_dir/groups"
  rm -f "$batch_dir/queue"
  while IFS='	' read -r np args list; do
    # shellcheck disable=SC2086 # ARGS are words without spaces
    batch_job "$np" $args --algorithm "$list"
    status=$?
    # Each report opens with #@collective= and says verified: yes at its end: the algorithms
    # in the order run, each with its verdict.
    awk '/^#@algorithm=/ { sub(/^#@algorithm=/, ""); name = $1 }
         /^verified: / { print name, $2 }' "$batch_out" >"$batch_dir/verdicts"
    for name in $(echo "$list" | tr ',' ' '); do
      if grep -qx "$name yes" "$batch_dir/verdicts"; then
        pass "p=$np $args --algorithm $name"
      else
        fail "p=$np $args --algorithm $name (job of --algorithm $list: exit $status, no 'verified: yes' for $name)"
      fi
    done
    if [ "$status" -ne 0 ] && [ "$(grep -c ' yes$' "$batch_dir/verdicts")" -eq "$(echo "$list" | tr ',' '\n' | wc -l)" ]; then
      fail "p=$np $args --algorithm $list (exit $status after every algorithm verified)"
    fi
  done <"$batch_dir/groups"
}
