#!/bin/sh
# Every completion is recorded, whatever request handles the library hands out: the program
# (completions_program.c) completes 9 small Isends and 9 Irecvs with each completion call;
# the trace must hold one MpiIsendComplete per send and one MpiIrecv per receive it completed.
# usage: check_completions.sh MPIEXEC NP TRACER_LIB PROGRAM WORKDIR
set -eu
mpiexec=$1 np=$2 lib=$3 program=$4 work=$5
rm -rf "$work"
mkdir -p "$work"
# The program's own completions only: not those of the messages inside its native collectives.
timeout 100 "$mpiexec" --oversubscribe -np "$np" -x "LD_PRELOAD=$lib" -x "COLLSCOPE_TRACE=$work/trace" \
  -x COLLSCOPE_TRACE_INSIDE=off \
  "$program" </dev/null >"$work/out.txt" 2>"$work/err.txt" || { cat "$work/err.txt"; exit 1; }
${OTF2_PRINT:-otf2-print} "$work/trace/traces.otf2" >"$work/events.txt"
want_sends=$(sed -n 's/^send completions //p' "$work/out.txt")
want_receives=$(sed -n 's/^receive completions //p' "$work/out.txt")
sends=$(grep -c '^MPI_ISEND_COMPLETE ' "$work/events.txt" || true)
receives=$(grep -c '^MPI_IRECV ' "$work/events.txt" || true)
isends=$(grep -c '^MPI_ISEND ' "$work/events.txt" || true)
echo "isends $isends, send completions $sends of $want_sends, receive completions $receives of $want_receives"
[ "$sends" = "$want_sends" ] && [ "$receives" = "$want_receives" ] && [ "$isends" = "$want_sends" ]
