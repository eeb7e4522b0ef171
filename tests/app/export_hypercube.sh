#!/bin/sh
# `collscope --export --view hypercube` as users type it: PNG and SVG of recorded hypercube runs
# (not empty, the requested size, the rounds' dimensions in the captions) and, for p = 7, the
# circulant drawing with the note that says why.
# usage: export_hypercube.sh COLLSCOPE TRACES_DIR OUT_DIR
set -eu
app=$1 traces=$2 out=$3
rm -rf "$out"
mkdir -p "$out"
fail() {
  echo "FAIL: $*"
  exit 1
}
png_size() { # width x height from the IHDR chunk
  od -An -tu1 -j16 -N8 "$1" | awk '{ printf "%dx%d", $1*16777216+$2*65536+$3*256+$4, $5*16777216+$6*65536+$7*256+$8 }'
}
for trace in allreduce_butterfly_p8 bcast_jia_p8 alltoall_hypercube_p8; do
  "$app" --export "$out/$trace.png" --view hypercube --size 1280x720 "$traces/$trace" >/dev/null ||
    fail "export --view hypercube $trace"
  [ "$(png_size "$out/$trace.png")" = 1280x720 ] || fail "$trace.png is $(png_size "$out/$trace.png")"
  [ "$(wc -c <"$out/$trace.png")" -gt 20000 ] || fail "$trace.png is nearly empty"
  "$app" --export "$out/$trace.svg" --view hypercube --round 1 --size 1280x720 "$traces/$trace" \
    >/dev/null || fail "export --view hypercube --round 1 $trace"
  grep -q 'every message along a cube edge' "$out/$trace.svg" || fail "$trace.svg: messages off edges"
done
grep -q 'round 2: dim 2' "$out/allreduce_butterfly_p8.svg" || fail "butterfly: no 'round 2: dim 2'"
grep -q 'round 4: dim 1' "$out/bcast_jia_p8.svg" || fail "jia: no 'round 4: dim 1'"
grep -q 'round 0: dim 2' "$out/alltoall_hypercube_p8.svg" || fail "alltoall: no 'round 0: dim 2'"
"$app" --export "$out/p7.svg" --view hypercube --size 1280x720 "$traces/allgather_dissemination_p7" \
  >/dev/null || fail "export --view hypercube at p = 7"
grep -q 'p = 7 is not a power of two' "$out/p7.svg" || fail "p = 7: no note"
grep -q 'Circulant' "$out/p7.svg" || fail "p = 7: no circulant drawing"
echo "hypercube exports in $out"
