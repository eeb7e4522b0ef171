#!/bin/sh
# slides/tools/logp-figures (deck 11's LogP/LogGP numbers) on network files whose answers are
# known in closed form: binomial broadcast log2(P)·max(g, 2o+L+(m−1)G), the binomial scatter's
# level sum, the α-β figures, and the DP's best broadcast tree (g = 0: everyone at 2o + L; the
# lecture's recurrence by hand for P = 4).
# usage: logp_figures_test.sh PYTHON3 TOOL
set -u
python=$1 tool=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
fail() { echo "FAIL: $*"; cat "$tmp/out"; exit 1; }
net() { # L o g G alpha beta
  printf '{"alpha_s": %s, "beta_s_per_byte": %s, "loggp": {"L_s": %s, "o_s": %s, "g_s": %s, "G_s_per_byte": %s}}\n' \
    "$5" "$6" "$1" "$2" "$3" "$4" >"$tmp/net.json"
}
# L = 1 µs, o = 0.5 µs, g = 0.25 µs, G = 1 ns/byte: 2o + L = 2 µs.
net 1e-6 0.5e-6 0.25e-6 1e-9 2e-6 1e-9
"$python" "$tool" "$tmp/net.json" 8 1001 100 >"$tmp/out" || fail "tool failed"
# Binomial, one item: 3 · 2 µs; m = 1001 bytes: 3 · (2 µs + 1000 ns) = 9 µs; α-β 3(2 + 1.001).
grep -q "one item (LogP): binomial 6.000 µs" "$tmp/out" || fail "binomial one item"
grep -q "(LogGP binomial): 9.000 µs; alpha-beta 3 (alpha + beta m) = 9.003 µs" "$tmp/out" ||
  fail "binomial broadcast of 1001 bytes"
# Scatter, b = 100: levels 2 + 0.099, 2 + 0.199, 2 + 0.399 µs = 6.697 µs; α-β 6 + 0.7 µs.
grep -q "(LogGP binomial): 6.697 µs; alpha-beta 3 alpha + (P-1) b beta = 6.700 µs" "$tmp/out" ||
  fail "binomial scatter of 100 bytes a rank"
# The DP by hand, P = 4: T(2) = 2, T(3) = min(max(g + T(2), 2), max(g, 2 + T(2))) = 2.25,
# T(4) = min(max(g + T(3), 2), max(g + T(2), 2 + T(2)), max(g, 2 + T(3))) = 2.5, a part of 1.
"$python" "$tool" "$tmp/net.json" 4 1 1 >"$tmp/out" || fail "tool failed at P = 4"
grep -q "best tree by the DP 2.500 µs (root first sends to 1 of 4)" "$tmp/out" ||
  fail "DP at P = 4"
# g = 0: the root reaches every rank at once, T(P) = 2o + L for any P.
net 1e-6 0.5e-6 0 1e-9 2e-6 1e-9
"$python" "$tool" "$tmp/net.json" 13 1 1 >"$tmp/out" || fail "tool failed at g = 0"
grep -q "best tree by the DP 2.000 µs" "$tmp/out" || fail "DP with g = 0"
grep -q "one item (LogP): binomial 8.000 µs" "$tmp/out" || fail "binomial at P = 13: 4 levels"
echo "ok    logp-figures"
