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
  pdftoppm -r 24 -f "$2" -l "$2" "$1" "$out/probe"
  od -An -v -tu1 -w3 "$(ls "$out"/probe*.ppm)" | awk '
    NR > 0 { if (NF == 3 && ($1 < 200 || $2 < 200 || $3 < 200)) ink++; n++ }
    END { printf "%d", 1000 * ink / n }'
  rm -f "$out"/probe*.ppm
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

decks=0
for arg in "$@"; do
  if [ -d "$arg" ]; then
    found=0
    for deck in "$arg"/*.md; do
      [ -f "$deck" ] && [ "$(basename "$deck")" != README.md ] || continue
      export_deck "$deck"
      found=$((found + 1))
    done
    [ "$found" -ge 1 ] || fail "$arg holds no deck (*.md but README.md)"
    decks=$((decks + found))
  else
    export_deck "$arg"
    decks=$((decks + 1))
  fi
done
echo "$decks decks exported"
