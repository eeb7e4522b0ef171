#!/bin/sh
# Records the traces the analyses test reads (FIXTURES_SETUP of the trace tests), and checks
# on the way that otf2-print reads every one and that a foreign program traced through
# `collscope-trace record` behaves exactly as untraced.
# usage: make_traces.sh COLLSCOPE_RUN COLLSCOPE_TRACE MPIEXEC PLAIN_PROGRAM OUTDIR
set -eu
run=$1 tracecli=$2 mpiexec=$3 plain=$4 out=$5
. "$(dirname "$0")/../support/record_runs.sh"

fail() {
  echo "FAIL: $*"
  exit 1
}
mpi() {
  np=$1
  shift
  timeout 120 "$mpiexec" --oversubscribe -np "$np" "$@" </dev/null >"$out/last.log" 2>&1 ||
    { cat "$out/last.log"; fail "mpirun -np $np $*"; }
}

# Alone (the export and stats below read its archive whole).
mpi 7 "$run" gather --algorithm binomial --root 0 --count 1 --repetitions 1 --warmup 0 \
  --trace "$out/gather_binomial_p7"
for p in 5 6 7 8 9 10 11 12 13; do
  one "allgather_dissemination_p$p" "$p" allgather --algorithm dissemination --count 1
done
for p in 3 5 8; do one "allgather_ring_p$p" "$p" allgather --algorithm ring --count 2; done
for p in 4 6; do one "bcast_pipeline_p$p" "$p" bcast --algorithm pipeline --count 12 --blocks 3; done
for p in 2 4 8 16; do one "gather_binomial_m_p$p" "$p" gather --algorithm binomial --count 64; done
recorded # the runs above, each p's as one job (tests/support/record_runs.sh)

# A run across "hosts" (the tracer's test hook names each rank's host): its node layout comes
# from the host names, with no --nodes.
mpi 4 -x COLLSCOPE_TRACE_HOSTS=n0,n0,n1,n1 "$run" bcast --algorithm binomial --count 10 \
  --repetitions 1 --warmup 0 --trace "$out/hosts_p4"

# Clocks: a binomial broadcast with the clocks of odd ranks 5 ms ahead and gaining 100 ppm,
# of even ranks (not 0) 5 ms behind and losing 100 ppm (the tracer's test hook), and the same
# run unskewed; test_recorded_clocks.cpp compares them.
for p in 4 8; do
  skew="" r=1
  while [ "$r" -lt "$p" ]; do
    if [ $((r % 2)) -eq 1 ]; then s=0.005:100; else s=-0.005:-100; fi
    skew="$skew${skew:+,}$r:$s" r=$((r + 1))
  done
  for kind in plain skewed; do
    [ "$kind" = skewed ] && set -- -x "COLLSCOPE_TRACE_CLOCK_SKEW=$skew" || set --
    mpi "$p" "$@" "$run" bcast --algorithm binomial --count 10 --repetitions 5 --warmup 0 \
      --trace "$out/clock_${kind}_p$p"
  done
  # What stats --json says of it, and the offsets otf2-print shows (two per rank).
  "$tracecli" stats "$out/clock_skewed_p$p" --json >"$out/clock_p$p.json" ||
    fail "stats of the skewed run p = $p"
  grep -q '"backward_messages": 0,' "$out/clock_p$p.json" ||
    fail "p = $p: backward messages after the correction: $(grep backward "$out/clock_p$p.json")"
  grep -q '"backward_messages_before": [1-9]' "$out/clock_p$p.json" ||
    fail "p = $p: no backward message before the correction: $(grep backward "$out/clock_p$p.json")"
  offsets=$(otf2-print -C "$out/clock_skewed_p$p/traces.otf2" | grep -c '^CLOCK_OFFSET')
  [ "$offsets" -eq $((2 * p)) ] || fail "p = $p: $offsets ClockOffset definitions, not $((2 * p))"
done

# A program the tracer never saw, through collscope-trace record.
timeout 60 "$mpiexec" --oversubscribe -np 4 "$plain" </dev/null >"$out/plain_untraced.txt" ||
  fail "plain program untraced"
timeout 60 "$tracecli" record -o "$out/plain_p4" -- "$mpiexec" --oversubscribe -np 4 "$plain" \
  </dev/null >"$out/plain_traced.txt" 2>"$out/plain_record.err" ||
  { cat "$out/plain_record.err"; fail "collscope-trace record of the plain program"; }
cmp -s "$out/plain_untraced.txt" "$out/plain_traced.txt" ||
  fail "traced output differs: $(diff "$out/plain_untraced.txt" "$out/plain_traced.txt")"
grep -q "wrote $out/plain_p4" "$out/plain_record.err" || fail "record did not report the trace"
sed -n 's/^point-to-point messages //p' "$out/plain_untraced.txt" >"$out/plain_expected_messages"

# The exports number rounds from 0, as the lecture and the `round k` regions do: the binomial
# gather p = 7 has rounds 0, 1, 2 (inferred and annotated) and nothing else.
"$tracecli" export "$out/gather_binomial_p7" --perfetto "$out/p7.json" >/dev/null ||
  fail "collscope-trace export"
# (Counted on the messages' flow arrows; the MPI calls' slices repeat them in their args.)
rounds=$(grep '"ph":"s"' "$out/p7.json" | grep -o '"round_\(inferred\|annotated\)":[0-9]*' | sort | uniq -c | tr -s ' ')
[ "$rounds" = "$(printf ' 3 "round_annotated":0\n 2 "round_annotated":1\n 1 "round_annotated":2\n 3 "round_inferred":0\n 2 "round_inferred":1\n 1 "round_inferred":2')" ] ||
  fail "perfetto export: message rounds not 0, 1, 2: $rounds"
"$tracecli" stats "$out/gather_binomial_p7" | grep -qx 'rounds  *3 inferred, 3 annotated (numbered from 0)' ||
  fail "stats: rounds line"

for archive in "$out"/*/ "$out"/.batch-*/; do
  otf2-print "$archive/traces.otf2" >/dev/null 2>"$out/otf2-print.err" ||
    { cat "$out/otf2-print.err"; fail "otf2-print cannot read $archive"; }
done
echo "recorded $(ls -d "$out"/*/ "$out"/.batch-*/ | wc -l) traces in $out; otf2-print reads them all"
