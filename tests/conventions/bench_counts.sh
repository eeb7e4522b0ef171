#!/bin/sh
# collscope-bench-collectives: --counts when every chosen collective is blockwise, or
# --block-counts when none is, is a usage error (exit 2) naming the option they take.
bin=$1
status=0
out=$("$bin" --collectives alltoall,allgather --counts 64 2>&1)
rc=$?
if [ "$rc" = 2 ] && echo "$out" | grep -q "take --block-counts"; then
  echo "ok    --counts with blockwise collectives only: exit 2, names --block-counts"
else
  echo "FAIL  --counts with blockwise collectives only: exit $rc: $out"
  status=1
fi
out=$("$bin" --collectives bcast,reduce --block-counts 64 2>&1)
rc=$?
if [ "$rc" = 2 ] && echo "$out" | grep -q "take --counts"; then
  echo "ok    --block-counts with no blockwise collective: exit 2, names --counts"
else
  echo "FAIL  --block-counts with no blockwise collective: exit $rc: $out"
  status=1
fi
exit $status
