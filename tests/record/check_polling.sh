#!/bin/sh
# Polls that find nothing in a row are one region: rank 0 of polling_program.c spins in
# MPI_Test, then in MPI_Iprobe, for SECONDS in all; its trace must stay kilobytes, hold a
# handful of MPI_Test/MPI_Iprobe regions whose collscope::polls add up to the polls the
# program made, and still match both messages.
# usage: check_polling.sh MPIEXEC TRACER_LIB PROGRAM WORKDIR SECONDS
set -eu
mpiexec=$1 lib=$2 program=$3 work=$4 seconds=$5
rm -rf "$work"
mkdir -p "$work"
timeout 120 "$mpiexec" --oversubscribe -np 2 -x "LD_PRELOAD=$lib" -x "COLLSCOPE_TRACE=$work/trace" \
  "$program" "$seconds" </dev/null >"$work/out.txt" 2>"$work/err.txt" || { cat "$work/err.txt"; exit 1; }
${OTF2_PRINT:-otf2-print} "$work/trace/traces.otf2" >"$work/events.txt"
read -r _ tests _ probes _ <"$work/out.txt"
bytes=$(du -sk "$work/trace" | cut -f1)
regions=$(grep -c '^ENTER .*"MPI_\(Test\|Iprobe\)"' "$work/events.txt" || true)
counted=$(grep -A1 '^LEAVE .*"MPI_\(Test\|Iprobe\)"' "$work/events.txt" |
  sed -n 's/.*("collscope::polls" <[0-9]*>; UINT64; \([0-9]*\)).*/\1/p' | awk '{s += $1} END {print s + 0}')
single=$(grep -A1 '^LEAVE .*"MPI_\(Test\|Iprobe\)"' "$work/events.txt" | grep '^LEAVE' | wc -l)
echo "polls: $tests MPI_Test, $probes MPI_Iprobe; trace ${bytes} KiB; $regions poll regions, polls counted on them $counted"
[ "$tests" -gt 1000 ] || { echo "FAIL: the program polled only $tests times"; exit 1; }
[ "$bytes" -lt 200 ] || { echo "FAIL: trace of ${bytes} KiB"; exit 1; }
[ "$regions" -le 8 ] || { echo "FAIL: $regions poll regions"; exit 1; }
# A region with one poll carries no count: each region without the attribute stands for one.
with=$(grep -A1 '^LEAVE .*"MPI_\(Test\|Iprobe\)"' "$work/events.txt" | grep -c 'collscope::polls' || true)
total=$((counted + single - with))
[ "$total" -eq $((tests + probes)) ] || { echo "FAIL: regions stand for $total polls, not $((tests + probes))"; exit 1; }
[ "$(grep -c '^MPI_RECV \|^MPI_IRECV ' "$work/events.txt")" -eq 2 ] || { echo "FAIL: receives"; exit 1; }
echo ok
