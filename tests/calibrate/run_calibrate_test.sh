#!/bin/sh
# collscope-calibrate at p = 2 with a tiny sweep: its network file is valid JSON with the fields
# docs/engineer.md documents ("Measuring the network"), its SVG is drawn, and collscope-trace
# stats and collscope-run --algorithm auto read the file through COLLSCOPE_NETWORK. Measured
# values are never asserted (a loaded 2-core machine): only structure, and that the readers
# use the file's numbers.
# usage: run_calibrate_test.sh MPIEXEC CALIBRATE TRACE_CLI TRACE_FILE [COLLSCOPE_RUN]
set -u
mpiexec=$1 calibrate=$2 trace=$3 fixture=$4 run=${5:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
fail() { echo "FAIL: $*"; exit 1; }

timeout 120 "$mpiexec" --oversubscribe -np 2 "$calibrate" -o "$tmp/net/network.json" \
  --slide-svg "$tmp/slide/fit.svg" --max-bytes 65536 --repetitions 5 </dev/null >"$tmp/out" 2>"$tmp/err" ||
  { cat "$tmp/out" "$tmp/err"; fail "collscope-calibrate failed"; }
cat "$tmp/out"
f=$tmp/net/network.json
[ -s "$f" ] || fail "no network file"
# 0, 1, 2, 4 … 65536: 18 sizes in each pattern, the fitted α and β positive, LogGP present.
jq -e '.format == "collscope-network 1" and .alpha_s > 0 and .beta_s_per_byte > 0
       and .alpha_stderr_s >= 0 and .r2 <= 1 and .ranks == 2
       and ([.patterns[] | .points | length] == [18, 18, 18])
       and ([.patterns.ping_pong.points[].bytes] | .[0] == 0 and .[17] == 65536)
       and (.loggp | .L_s >= 0 and .o_s > 0 and .g_s >= 0 and .G_s_per_byte == $b)' \
  --argjson b "$(jq .beta_s_per_byte "$f")" "$f" >/dev/null || fail "network file structure"
# The residual printed is the measured time minus the file's own fit.
jq -e '[.alpha_s, .beta_s_per_byte] as [$a, $b] | [.patterns.ping_pong.points[] |
       (.time_s - $a - $b * .bytes - .residual_s) | fabs < 1e-9] | all' "$f" >/dev/null ||
  fail "residuals are not measured - fit"
grep -q "linear model off by more than 25% at:" "$tmp/out" || fail "no misfit line"
svg=$tmp/net/network.svg
grep -q "<svg" "$svg" && grep -q "</svg>" "$svg" || fail "no SVG next to the file"
[ "$(grep -c "<circle" "$svg")" -ge 54 ] || fail "SVG has fewer than 3 × 18 points"
grep -q '<path fill="none"' "$svg" || fail "SVG has no fitted line"
# The slide's figure: 1250 × 384 in 22 px text (2500 × 768 pixels), the same points and line, and as many residual
# bars as sizes (the page's figure has 18 too).
slide=$tmp/slide/fit.svg
grep -q '<svg[^>]*width="2500.0" height="768.0" viewBox="0 0 1250.0 384.0"[^>]*font-size="22.0"' \
  "$slide" || fail "slide SVG is not 1250x384 (drawn at twice that) with 22 px text"
[ "$(grep -c "<circle" "$slide")" -eq "$(grep -c "<circle" "$svg")" ] ||
  fail "slide SVG and page SVG draw different points"
[ "$(grep -c '<rect [^>]*fill="#\(0072B2\|D55E00\)"' "$slide")" -eq 18 ] ||
  fail "slide SVG has not one residual bar per size"
grep -q '<path fill="none"' "$slide" || fail "slide SVG has no fitted line"
echo "ok    network file and SVG"

# stats: the file's α and β (as printed with %g) in the replay line, and the JSON's.
alpha=$(jq .alpha_s "$f") beta=$(jq .beta_s_per_byte "$f")
COLLSCOPE_NETWORK=$f "$trace" stats --json "$fixture" >"$tmp/stats.json" 2>"$tmp/err" ||
  { cat "$tmp/err"; fail "stats with COLLSCOPE_NETWORK"; }
jq -e --argjson a "$alpha" --argjson b "$beta" '.alpha == $a and .beta == $b' \
  "$tmp/stats.json" >/dev/null || fail "stats --json does not use the file's α and β"
grep -q "from $f" "$tmp/err" || fail "stats does not say where α and β came from"
"$trace" stats --json "$fixture" >"$tmp/default.json" 2>/dev/null
COLLSCOPE_NETWORK=$f "$trace" stats --json --alpha 1e-3 "$fixture" >"$tmp/given.json" 2>/dev/null
jq -e '.alpha == 1e-3' "$tmp/given.json" >/dev/null || fail "--alpha does not override the file"
# The replay changes with α: the file's replay differs from the default one unless α, β equal.
jq -e -s '.[0].replay_alpha_beta_s != .[1].replay_alpha_beta_s or .[0].alpha == .[1].alpha' \
  "$tmp/stats.json" "$tmp/default.json" >/dev/null || fail "replay ignores the file"
COLLSCOPE_NETWORK=$tmp/none.json "$trace" stats "$fixture" >/dev/null 2>"$tmp/err" &&
  fail "a missing COLLSCOPE_NETWORK file is not an error"
grep -q "cannot read network file" "$tmp/err" || fail "no clear line for a missing file"
echo "ok    stats reads COLLSCOPE_NETWORK"

# collscope-run --algorithm auto: the α it prints is the file's.
if [ -n "$run" ]; then
  COLLSCOPE_NETWORK=$f timeout 60 "$mpiexec" --oversubscribe -np 2 "$run" bcast \
    --algorithm auto --count 64 --repetitions 1 --warmup 0 </dev/null >"$tmp/run" 2>&1 ||
    { cat "$tmp/run"; fail "collscope-run auto with COLLSCOPE_NETWORK"; }
  printed=$(printf '%g' "$alpha")
  grep "^#@auto=" "$tmp/run" | grep -q "α=$printed s" ||
    { cat "$tmp/run"; fail "auto does not use the file's α ($printed)"; }
  echo "ok    collscope-run --algorithm auto reads COLLSCOPE_NETWORK"
fi
