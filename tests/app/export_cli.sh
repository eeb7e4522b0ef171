#!/bin/sh
# `collscope --export` as users type it: PNG and SVG of the recorded traces at the requested
# size, and one line with a non-zero status for a bad trace or option.
# usage: export_cli.sh COLLSCOPE TRACES_DIR OUT_DIR
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

for trace in gather_binomial_p8 bcast_pipeline_p8 allgather_ring_p8; do
  "$app" --export "$out/$trace.png" "$traces/$trace" >/dev/null || fail "export $trace.png"
  [ "$(png_size "$out/$trace.png")" = 1920x1080 ] || fail "$trace.png is $(png_size "$out/$trace.png")"
  "$app" --export "$out/$trace-rounds.svg" --axis rounds --round 2 --size 1280x720 \
    "$traces/$trace" >/dev/null || fail "export $trace-rounds.svg"
  grep -q 'viewBox="0 0 1280 720"' "$out/$trace-rounds.svg" || fail "$trace-rounds.svg size"
  grep -q 'rank 7' "$out/$trace-rounds.svg" || fail "$trace-rounds.svg has no rank labels"
done
"$app" --export "$out/cursor.png" --time 0.0001 --size 800x600 "$traces/gather_binomial_p8" >/dev/null ||
  fail "export at a time"
[ "$(png_size "$out/cursor.png")" = 800x600 ] || fail "cursor.png is $(png_size "$out/cursor.png")"

# The collective views: every view, PNG and SVG. --round K (from 0) means the same round in
# every view and on every axis: after round 1 of 4 each one says "2 of 4 rounds complete".
for view in timeline tree circulant data delays; do
  for trace in gather_binomial_p16 allgather_dissemination_p7 gatherv_binomial_farthest_p16; do
    "$app" --export "$out/$view-$trace.png" --view "$view" --size 1024x768 "$traces/$trace" \
      >/dev/null || fail "export --view $view $trace"
    [ "$(png_size "$out/$view-$trace.png")" = 1024x768 ] || fail "$view-$trace.png size"
  done
  "$app" --export "$out/$view-round.svg" --view "$view" --round 1 --size 1280x720 \
    "$traces/gather_binomial_p16" >/dev/null || fail "export --view $view --round 1"
  grep -q 'viewBox="0 0 1280 720"' "$out/$view-round.svg" || fail "$view-round.svg size"
done
for view in timeline tree circulant data delays; do
  grep -q '2 of 4 rounds complete' "$out/$view-round.svg" || fail "$view --round 1: not 2 of 4 rounds"
  for axis in rounds annotated; do
    "$app" --export "$out/$view-$axis-round.svg" --view "$view" --axis "$axis" --round 1 \
      --size 1280x720 "$traces/gather_binomial_p16" >/dev/null || fail "export --axis $axis"
    grep -q '2 of 4 rounds complete' "$out/$view-$axis-round.svg" ||
      fail "$view --axis $axis --round 1: not 2 of 4 rounds"
  done
done

expect_error() { # expect_error STATUS PATTERN ARGS...: exactly one line on stderr
  status=$1 pattern=$2
  shift 2
  set +e
  "$app" "$@" >"$out/stdout" 2>"$out/stderr"
  got=$?
  set -e
  [ "$got" -eq "$status" ] || fail "collscope $*: status $got, expected $status"
  [ "$(wc -l <"$out/stderr")" -eq 1 ] || fail "collscope $*: stderr is not one line: $(cat "$out/stderr")"
  grep -q -- "$pattern" "$out/stderr" || fail "collscope $*: '$(cat "$out/stderr")' lacks '$pattern'"
}
# A mistake on the command line (CLI11, collscope/cli/command.hpp): the error line, then where
# the usage is; status 2.
name=$(basename "$app")
expect_usage_error() { # expect_usage_error PATTERN ARGS...
  pattern=$1
  shift
  set +e
  "$app" "$@" >"$out/stdout" 2>"$out/stderr"
  got=$?
  set -e
  [ "$got" -eq 2 ] || fail "collscope $*: status $got, expected 2"
  [ "$(wc -l <"$out/stderr")" -eq 2 ] || fail "collscope $*: stderr is not two lines: $(cat "$out/stderr")"
  head -1 "$out/stderr" | grep -q -- "^$name: error: .*$pattern" ||
    fail "collscope $*: '$(head -1 "$out/stderr")' lacks '$name: error: …$pattern'"
  [ "$(sed -n 2p "$out/stderr")" = "Run '$name --help' for usage." ] ||
    fail "collscope $*: second line '$(sed -n 2p "$out/stderr")'"
}
"$app" --help >"$out/help" || fail "--help: status $?"
grep -q -- '--export OUT' "$out/help" && grep -q -- '--ranks-per-node N' "$out/help" ||
  fail "--help lacks the options: $(cat "$out/help")"
"$app" --version >"$out/version" || fail "--version: status $?"
grep -qx 'collscope view [0-9][0-9.]*' "$out/version" || fail "--version: $(cat "$out/version")"
expect_error 2 "trace not found" --export "$out/x.png" /nonexistent/trace
mkdir -p "$out/notatrace"
expect_error 2 "not an OTF2 archive" --export "$out/x.png" "$out/notatrace"
expect_usage_error "must end in .png or .svg" --export "$out/x.gif" "$traces/gather_binomial_p8"
expect_error 2 "unknown view" --export "$out/x.png" --view nope "$traces/gather_binomial_p8"
expect_usage_error "unknown option '--bogus'" --export "$out/x.png" --bogus "$traces/gather_binomial_p8"
expect_usage_error "--export: 1 required OUT missing" --export
expect_error 2 "the trace has rounds 0..2" --export "$out/x.png" --round 9 "$traces/gather_binomial_p8"
expect_error 2 "the trace has rounds 0..2" --export "$out/x.png" --view tree --round 9 \
  "$traces/gather_binomial_p8"
# Calls: one call alone (its own trace, the title naming it), two traces on one axis, and a
# call the trace does not have: one line, status 2 — with --export and in the window.
"$app" --export "$out/call.svg" --call 0 --size 1280x720 "$traces/gather_binomial_p8" >/dev/null ||
  fail "export --call 0"
grep -q 'call 0 · gather/binomial' "$out/call.svg" || fail "call.svg does not name the call"
"$app" --export "$out/compare.svg" --axis rounds --size 1280x720 "$traces/gather_binomial_p8" \
  "$traces/bcast_pipeline_p8" >/dev/null || fail "export two traces"
grep -q 'gather/binomial' "$out/compare.svg" || fail "compare.svg lacks the first trace"
grep -q 'bcast/pipeline' "$out/compare.svg" || fail "compare.svg lacks the second trace"
expect_error 2 "no call 9: the trace has" --export "$out/x.png" --call 9 \
  "$traces/gather_binomial_p8"
expect_error 2 "expects a call number" --export "$out/x.png" --call two "$traces/gather_binomial_p8"
set +e
timeout 60 "$app" --call 9 "$traces/gather_binomial_p8" >/dev/null 2>"$out/stderr"
got=$?
set -e
[ "$got" -eq 2 ] || fail "collscope --call 9 TRACE (window): status $got, expected 2"
grep -q "^collscope: --call 9: no call 9" "$out/stderr" || fail "window --call 9: $(cat "$out/stderr")"
# Each side of `collscope A B` has its own call: --call2 names B's.
set +e
timeout 60 "$app" "$traces/bcast_pipeline_p8" --call2 9 "$traces/gather_binomial_p8" \
  >/dev/null 2>"$out/stderr"
got=$?
set -e
[ "$got" -eq 2 ] || fail "collscope A --call2 9 B (window): status $got, expected 2"
grep -q "^collscope: --call2 9: no call 9" "$out/stderr" || fail "window --call2 9: $(cat "$out/stderr")"
"$app" --export "$out/compare-calls.png" --axis rounds --round 1 --call 0 --call2 0 \
  "$traces/gather_binomial_p8" "$traces/bcast_pipeline_p8" >/dev/null ||
  fail "export two traces, a call of each, the cursor after round 1"
env -u DISPLAY -u WAYLAND_DISPLAY -u QT_QPA_PLATFORM "$app" "$traces/gather_binomial_p8" \
  >/dev/null 2>"$out/stderr" && fail "the window started without a display"
grep -q "no display" "$out/stderr" || fail "no-display message: $(cat "$out/stderr")"
echo "collscope --export: all checks passed"
