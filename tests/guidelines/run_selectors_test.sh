#!/bin/sh
# collscope-guidelines simulated at p = 64 (cluster:64) under SMPI's ompi, mpich and mvapich2
# selectors: every library gets profiles for exactly p = 64, and every profile range is backed
# by measurements.csv (the chosen mock-up violates there: ratio below 1 − margin, p below α,
# and no other violating mock-up is faster); the figures are an SVG and a PNG; the violation
# table's times are the CSV's medians.
#   run_selectors_test.sh GUIDELINES WORKDIR COLLECTIVES SIZES
set -u
guidelines=$1 work=$2 collectives=$3 sizes=$4
fail() { echo "FAIL: $*"; exit 1; }
rm -rf "$work" && mkdir -p "$work" || fail "cannot make $work"
timeout 600 "$guidelines" --platform cluster:64 --selector ompi,mpich,mvapich2 \
  --collectives "$collectives" --sizes "$sizes" --out "$work/g" >"$work/out" 2>"$work/err" </dev/null ||
  { tail -5 "$work/err"; fail "collscope-guidelines failed"; }
cat "$work/out"
csv="$work/g/measurements.csv"
for lib in ompi mpich mvapich2; do
  ls "$work/g/profiles/$lib"/*.prf >/dev/null 2>&1 || fail "$lib: no profile written"
  for f in "$work/g/profiles/$lib"/*.prf; do
    [ "$(grep -m1 '# nb. of processes' "$f" | cut -d' ' -f1)" = 64 ] || fail "$f: not for p = 64"
    coll=$(sed -n 's/^MPI_\([A-Za-z_]*\).*/\1/p' "$f" | head -1 | tr 'A-Z' 'a-z')
    # id -> name, then each range: its ends are measured sizes where that mock-up was chosen.
    awk -v lib="$lib" -v coll="$coll" -v csv="$csv" '
      BEGIN { FS = ","; while ((getline line < csv) > 0) { split(line, c, ",");
                if (c[1] == lib && c[2] == coll) { key = c[3] SUBSEP c[4]; med[key] = c[8];
                  ratio[key] = c[12]; pv[key] = c[13]; vio[key] = c[14] } } FS = " " }
      /^#/ { next }
      /# nb. of mock-up impl./ { n = $1; next }
      n > 0 { name[$1] = $2; n--; next }
      /# byte_range_start/ {
        for (end = 1; end <= 2; end++) {
          b = end == 1 ? $1 : $2; a = name[$3]; key = b SUBSEP a
          if (vio[key] != "yes" || ratio[key] >= 0.95 || pv[key] >= 0.05) {
            print "range " $0 ": " a " at " b " B is no violation in the CSV"; bad = 1 }
          for (k in vio) { split(k, kk, SUBSEP)
            if (kk[1] == b && vio[k] == "yes" && med[k] + 0 < med[key] + 0) {
              print "range " $0 ": " kk[2] " is faster at " b " B"; bad = 1 } } } }
      END { exit bad }' "$f" || fail "$f: ranges not backed by the measurements"
  done
  for c in $(echo "$collectives" | tr ',' ' '); do
    png="$work/g/figures/$lib-$c.png" svg="$work/g/figures/$lib-$c.svg"
    [ "$(head -c 8 "$png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] || fail "$png is no PNG"
    grep -q "<svg" "$svg" || fail "$svg is no SVG"
  done
done
# A table row's native time is the CSV's native median at its first size (µs, 2 decimals).
sed -n '/^Violations/,/^Every/p' "$work/out" | grep '^| SMPI' | head -3 | while IFS='|' read -r _ lib coll _ _ bytes native _; do
  lib=$(echo $lib | sed 's/SMPI //') coll=$(echo $coll) first=$(echo $bytes | sed 's/–.*//')
  want=$(awk -F, -v l="$lib" -v c="$coll" -v b="$first" '$1 == l && $2 == c && $3 == b && $4 == "native" { printf "%.2f", $8 * 1e6 }' "$csv")
  got=$(echo $native | sed 's/–.*//')
  [ "$got" = "$want" ] || { echo "FAIL: table says $got µs, CSV $want µs ($lib $coll $first B)"; exit 1; }
done || exit 1
echo "ok: profiles for p = 64 under ompi, mpich and mvapich2, backed by the measurements"
