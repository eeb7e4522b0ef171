#!/bin/sh
# Bounded traces: with COLLSCOPE_TRACE_LIMIT the ranks of a long ping-pong stop recording at
# the limit, the program's output is that of the untraced run, and the archive up to the
# limit is published incomplete in DIR.partial, INCOMPLETE naming the limit; the trace stays
# readable (otf2-print without a warning, collscope-trace stats says why it is incomplete).
# Then the same with a disk reserve no file system has: the free-space guard stops it.
# usage: check_size_limit.sh MPIEXEC TRACER_LIB TRACE_CLI PROGRAM WORKDIR
set -eu
mpiexec=$1 lib=$2 cli=$3 program=$4 work=$5
iterations=60000 # about 14 MiB of events per rank without a limit
rm -rf "$work" && mkdir -p "$work"
"$mpiexec" --oversubscribe -np 2 "$program" $iterations >"$work/plain.txt"
check() { # NAME ENV=VALUE PHRASE MAX_KIB
  name=$1 setting=$2 phrase=$3 max_kib=$4
  trace=$work/$name
  timeout 120 "$mpiexec" --oversubscribe -np 2 -x "LD_PRELOAD=$lib" -x "COLLSCOPE_TRACE=$trace" \
    -x COLLSCOPE_TRACE_BUFFER=256K -x "$setting" "$program" $iterations \
    </dev/null >"$work/$name.out" 2>"$work/$name.err" ||
    { echo "FAIL: $name: the traced run failed"; cat "$work/$name.err"; exit 1; }
  cmp -s "$work/plain.txt" "$work/$name.out" ||
    { echo "FAIL: $name: output differs from the untraced run"; exit 1; }
  [ ! -e "$trace" ] || { echo "FAIL: $name: a truncated trace was published as $trace"; exit 1; }
  grep -q "$phrase" "$trace.partial/INCOMPLETE" ||
    { echo "FAIL: $name: INCOMPLETE does not say '$phrase'"; cat "$trace.partial/INCOMPLETE"; exit 1; }
  grep -q "incomplete trace: .*$phrase" "$work/$name.err" ||
    { echo "FAIL: $name: the run did not say it"; cat "$work/$name.err"; exit 1; }
  kib=$(du -sk "$trace.partial" | cut -f1)
  [ "$kib" -le "$max_kib" ] || { echo "FAIL: $name: ${kib} KiB, limit ${max_kib}"; exit 1; }
  ${OTF2_PRINT:-otf2-print} "$trace.partial/traces.otf2" >"$work/$name.events" 2>"$work/$name.warn"
  [ ! -s "$work/$name.warn" ] || { echo "FAIL: $name: otf2-print warns"; cat "$work/$name.warn"; exit 1; }
  sends=$(grep -c '^MPI_SEND ' "$work/$name.events" || true)
  [ "$sends" -gt 100 ] || { echo "FAIL: $name: only $sends sends kept before the limit"; exit 1; }
  [ "$sends" -lt $((2 * iterations)) ] || { echo "FAIL: $name: nothing was cut ($sends sends)"; exit 1; }
  "$cli" stats "$trace.partial" >"$work/$name.stats" 2>&1
  grep -q "incomplete.*$phrase" "$work/$name.stats" ||
    { echo "FAIL: $name: stats does not say why"; cat "$work/$name.stats"; exit 1; }
  echo "$name: ${kib} KiB kept, $sends of $((2 * iterations)) sends; $(cat "$trace.partial/INCOMPLETE" | head -1)"
}
# 2 MiB of events per rank, written in laps of 256 KiB: at most 2 MiB + one lap per rank,
# and the archive is smaller than the raw events.
check limit COLLSCOPE_TRACE_LIMIT=2M "reached the trace size limit of 2 MiB" 6000
check disk COLLSCOPE_TRACE_DISK_RESERVE=1000000G "file system had less than 1000000 GiB free" 2000
echo ok
