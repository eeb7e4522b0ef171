#!/bin/sh
# Every deck renders to PDF headless: page count as collscope says and pdfinfo reads it, and
# no page blank (pdftoppm). Decks are found when the test runs, so a new deck in slides/ is
# tested without touching this file.
# usage: export_decks.sh COLLSCOPE OUT_DIR DECK_OR_FOLDER...
#   a folder stands for its *.md decks but README.md, and must hold at least one
set -eu
app=$1 out=$2
shift 2
rm -rf "$out"
mkdir -p "$out"
fail() {
  echo "FAIL: $*"
  exit 1
}
command -v pdfinfo >/dev/null && command -v pdftoppm >/dev/null ||
  fail "pdfinfo and pdftoppm are missing (apt-get install poppler-utils; scripts/setup does)"

# Share of non-white pixels of a PPM page, from pdftoppm at 24 dpi: a page with a heading
# and a figure has far more than 0.5 %.
ink_permille() {
  probe="$out/probe-$(basename "$1" .pdf)"
  pdftoppm -r 24 -f "$2" -l "$2" "$1" "$probe"
  od -An -v -tu1 -w3 "$(ls "$probe"*.ppm)" | awk '
    NR > 0 { if (NF == 3 && ($1 < 200 || $2 < 200 || $3 < 200)) ink++; n++ }
    END { printf "%d", 1000 * ink / n }'
  rm -f "$probe"*.ppm
}

export_deck() { # DECK
  deck=$1
  name=$(basename "$deck" .md)
  log="$out/$name.log"
  "$app" slides "$deck" --pdf "$out/$name.pdf" >"$log" 2>&1 || {
    cat "$log"
    fail "$deck does not export cleanly"
  }
  pages=$(sed -n 's/^wrote .* (\([0-9]*\) pages.*/\1/p' "$log")
  [ -n "$pages" ] && [ "$pages" -ge 1 ] || fail "$deck: no page count in: $(cat "$log")"
  [ "$(pdfinfo "$out/$name.pdf" | awk '/^Pages:/ { print $2 }')" = "$pages" ] ||
    fail "$deck: the PDF does not have the $pages pages collscope wrote"
  page=1
  while [ "$page" -le "$pages" ]; do
    ink=$(ink_permille "$out/$name.pdf" "$page")
    [ "$ink" -ge 5 ] || fail "$deck: page $page is blank ($ink per mille ink)"
    page=$((page + 1))
  done
  echo "ok: $deck, $pages pages"
}

# Decks are exported two at a time: a deck's recording is mostly mpirun starting up, so two
# share the machine's two cores well (each export's log stays whole: it is printed at the end).
# Each of the two has its own scene cache, so they never record into the same folder.
cache=${XDG_CACHE_HOME:-$HOME/.cache}
list=""
for arg in "$@"; do
  if [ -d "$arg" ]; then
    found=0
    for deck in "$arg"/*.md; do
      [ -f "$deck" ] && [ "$(basename "$deck")" != README.md ] || continue
      list="$list $deck"
      found=$((found + 1))
    done
    [ "$found" -ge 1 ] || fail "$arg holds no deck (*.md but README.md)"
  else
    list="$list $arg"
  fi
done
decks=0 failed=0
set -- $list
while [ "$#" -gt 0 ]; do
  XDG_CACHE_HOME=$cache/export-1 export_deck "$1" >"$out/job1.out" 2>&1 &
  first=$!
  second=""
  if [ "$#" -gt 1 ]; then
    XDG_CACHE_HOME=$cache/export-2 export_deck "$2" >"$out/job2.out" 2>&1 &
    second=$!
  fi
  wait "$first" || failed=$((failed + 1))
  cat "$out/job1.out"
  decks=$((decks + 1))
  shift
  if [ -n "$second" ]; then
    wait "$second" || failed=$((failed + 1))
    cat "$out/job2.out"
    decks=$((decks + 1))
    shift
  fi
done
[ "$failed" -eq 0 ] || fail "$failed of $decks decks did not export (above)"
echo "$decks decks exported"
