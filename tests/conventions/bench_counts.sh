#!/bin/sh
# collscope-bench-collectives: --counts when every chosen collective is blockwise, or
# --block-counts when none is, is a usage error (exit 2) naming the option they take.
bin=$1
status=0
# refused WHAT NAMES ARGS...: the run exits 2 and its message contains NAMES.
refused() {
  what=$1 names=$2
  shift 2
  out=$("$bin" "$@" 2>&1)
  rc=$?
  if [ "$rc" = 2 ] && echo "$out" | grep -q -- "$names"; then
    echo "ok    $what: exit 2, names $names"
  else
    echo "FAIL  $what: exit $rc: $out"
    status=1
  fi
}
refused "--counts with blockwise collectives only" "take --block-counts" \
  --collectives alltoall,allgather --counts 64
refused "--block-counts with no blockwise collective" "take --counts" \
  --collectives bcast,reduce --block-counts 64
exit $status
