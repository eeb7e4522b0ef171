#!/bin/sh
# COLLSCOPE_TRACE_BUFFER: a value the recorder does not understand is said once and the run is
# traced with the default ring; a valid one is taken without a word.
# usage: check_buffer_setting.sh MPIEXEC TRACE_CLI PROGRAM WORKDIR
set -eu
mpiexec=$1 cli=$2 program=$3 work=$4
rm -rf "$work" && mkdir -p "$work"
for value in abc 1x -5 2M; do
  COLLSCOPE_TRACE_BUFFER=$value "$cli" record -o "$work/t_$value" -- \
    "$mpiexec" --oversubscribe -np 3 "$program" >"$work/out_$value" 2>&1 ||
    { echo "FAIL: the run with COLLSCOPE_TRACE_BUFFER=$value failed"; cat "$work/out_$value"; exit 1; }
  said=$(grep -c "COLLSCOPE_TRACE_BUFFER=$value: expected bytes" "$work/out_$value" || true)
  case $value in
  2M) want=0 ;;
  *) want=1 ;;
  esac
  [ "$said" = "$want" ] ||
    { echo "FAIL: COLLSCOPE_TRACE_BUFFER=$value said $said times, want $want"; cat "$work/out_$value"; exit 1; }
  grep -q "wrote $work/t_$value" "$work/out_$value" ||
    { echo "FAIL: no trace with COLLSCOPE_TRACE_BUFFER=$value"; cat "$work/out_$value"; exit 1; }
done
echo "ok: invalid ring sizes are said once and traced with the default; 2M is taken silently"
