#!/bin/sh
# Two checks of the decks against collscope's registry (`collscope-run --list --json`):
#   live:   every collective/algorithm pair of the registry is the `run:` of a scene in some
#           deck (slides/*.md but README.md and template.md), except the pairs EXEMPT names;
#   tables: every three-cell table row `| COLLECTIVE `NAME` | ROUNDS | COST |` of a deck, NAME one of
#           the registry's algorithms of COLLECTIVE, prints the registry's rounds and cost.
# A deck's printed cost is then the registry's formula, never one typed by hand.
# usage: live_coverage.sh live|tables COLLSCOPE_RUN DECK_FOLDER
set -eu
mode=$1 run=$2 decks=$3
fail() {
  echo "FAIL: $*"
  exit 1
}

# Algorithms no deck has to show live, one pattern (collective algorithm, shell glob) a line,
# each with its reason.
EXEMPT='* native
* ompi:*
* gl[0-9]*-*'
# * native   Open MPI's own MPI_Xxx: the yardstick every run is checked against, not an
#            algorithm of the lecture (deck 12 shows Open MPI's algorithms by name).
# * ompi:*   Open MPI's tuned algorithms forced by name (`--list ompi`): deck 12 shows the
#            ones the lecture compares with; the rest are Open MPI's, not the lecture's.
# * gl<N>-*  the guideline mock-ups (performance guidelines, e.g. gl1-gather-as-gatherv):
#            an MPI_X built from other collectives, a yardstick, not a lecture algorithm.

exempt() { # COLLECTIVE ALGORITHM
  echo "$EXEMPT" | while read -r c a; do
    # shellcheck disable=SC2254 # the patterns are globs on purpose
    case "$1" in $c) case "$2" in $a) echo yes && break ;; esac ;; esac
  done
}

json=$("$run" --list --json) || fail "$run --list --json failed"
# One object a line: "collective":"…","name":"…", … "rounds":"…","cost":"…"
registry=$(echo "$json" | sed -n \
  's/.*"collective":"\([^"]*\)","name":"\([^"]*\)".*"rounds":"\([^"]*\)","cost":"\([^"]*\)".*/\1	\2	\3	\4/p')
count=$(echo "$registry" | grep -c .)
[ "$count" -eq "$(echo "$json" | grep -c '"collective"')" ] ||
  fail "read $count of the registry's algorithms: has the JSON's layout changed?"
[ "$count" -ge 50 ] || fail "only $count algorithms in the registry"

deck_files=$(ls "$decks"/*.md | grep -v -e '/README\.md$' -e '/template\.md$')
[ -n "$deck_files" ] || fail "no decks in $decks"

# "collective algorithm" of every scene's run: line (inside ```scene blocks only); a run
# without --algorithm is Open MPI's native one.
scene_runs() {
  for deck in $deck_files; do
    awk '/^```scene/ { inside = 1; next }
         /^```/ { inside = 0; next }
         inside && /^run:/ {
           algorithm = "native"
           for (i = 3; i <= NF; i++) {
             if ($i == "--algorithm") algorithm = $(i + 1)
             else if ($i ~ /^--algorithm=/) { algorithm = $i; sub(/^--algorithm=/, "", algorithm) }
           }
           print $2, algorithm
         }' "$deck"
  done | sort -u
}

missing_from() { # RUNS: the registry's pairs not exempt and not in RUNS
  echo "$registry" | while IFS='	' read -r c a rounds cost; do
    echo "$1" | grep -qxF "$c $a" && continue
    [ -n "$(exempt "$c" "$a")" ] && continue
    echo "$c $a"
  done
}

case $mode in
live)
  runs=$(scene_runs)
  [ "$(echo "$runs" | grep -c .)" -ge 10 ] || fail "found only $(echo "$runs" | grep -c .) scene runs"
  missing=$(missing_from "$runs")
  [ -z "$missing" ] || fail "not shown live in any deck of $decks (add a scene, or an exemption with its reason):
$missing"
  # The check can fail: without one of the pairs it found, that pair is reported.
  shown=$(echo "$registry" | cut -f1,2 | tr '\t' ' ' | while read -r c a; do
    [ -z "$(exempt "$c" "$a")" ] && echo "$c $a" && break
  done)
  [ "$(missing_from "$(echo "$runs" | grep -vxF "$shown")")" = "$shown" ] ||
    fail "self-check: removing '$shown' from the scenes was not noticed"
  # The exemptions hold: native is in the registry and not reported.
  [ -n "$(exempt gather native)" ] && [ -z "$(exempt gather binomial)" ] ||
    fail "self-check: the exemption list does not match as intended"
  echo "ok: $(echo "$runs" | grep -c .) scene runs show every one of the registry's $count algorithms but the exempt"
  ;;
tables)
  rows=0
  for deck in $deck_files; do
    # | reduce_scatter `ring` | p−1 | (p−1)α + (p−1)/p·βm |
    # three cells: other tables (rounds, messages, replays of one run) are not formulas
    rows_of=$(grep -n '^| [a-z_]* `[^`]*` |[^|]*|[^|]*|$' "$deck" || true)
    [ -n "$rows_of" ] || continue
    while IFS= read -r line; do
      number=${line%%:*}
      text=${line#*:}
      c=$(echo "$text" | sed 's/^| \([a-z_]*\) `.*/\1/')
      a=$(echo "$text" | sed 's/^| [a-z_]* `\([^`]*\)`.*/\1/')
      entry=$(echo "$registry" | awk -F'\t' -v c="$c" -v a="$a" '$1 == c && $2 == a')
      [ -n "$entry" ] || continue # a table of something else
      want="| $c \`$a\` | $(echo "$entry" | cut -f3) | $(echo "$entry" | cut -f4) |"
      [ "$text" = "$want" ] || fail "$deck:$number: not the registry's rounds and cost:
  deck:     $text
  registry: $want"
      rows=$((rows + 1))
    done <<EOF
$rows_of
EOF
  done
  [ "$rows" -ge 1 ] || fail "no registry table rows in $decks"
  echo "ok: $rows table rows print the registry's rounds and cost"
  ;;
*) fail "mode live or tables, not '$mode'" ;;
esac
