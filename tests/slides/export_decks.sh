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

# Per mille of non-white pixels (a channel below 200) of every page, one line a page: the
# whole PDF rendered once by pdftoppm at 24 dpi (a page with a heading and a figure has far
# more than 5 per mille).
ink_permille() {
  probe="$out/probe-$(basename "$1" .pdf)"
  mkdir -p "$probe"
  pdftoppm -r 24 "$1" "$probe/page"
  python3 - "$probe" <<'PY'
import pathlib, sys
for page in sorted(pathlib.Path(sys.argv[1]).glob("page*.ppm")):
    data = page.read_bytes()
    fields, start = [], 0
    while len(fields) < 4:  # P6, width, height, maxval
        while data[start:start + 1].isspace(): start += 1
        end = start
        while not data[end:end + 1].isspace(): end += 1
        fields.append(data[start:end]); start = end
    pixels = data[start + 1:]
    dark = bytes(1 if v < 200 else 0 for v in range(256))
    ink = 0
    for channel in range(3):
        ink |= int.from_bytes(pixels[channel::3].translate(dark), "big")
    print(1000 * bin(ink).count("1") // (len(pixels) // 3))
PY
  rm -rf "$probe"
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
  ink_permille "$out/$name.pdf" >"$out/$name.ink"
  [ "$(wc -l <"$out/$name.ink")" -eq "$pages" ] ||
    fail "$deck: pdftoppm rendered $(wc -l <"$out/$name.ink") of its $pages pages"
  page=0
  while read -r ink; do
    page=$((page + 1))
    [ "$ink" -ge 5 ] || fail "$deck: page $page is blank ($ink per mille ink)"
  done <"$out/$name.ink"
  echo "ok: $deck, $pages pages"
}

# Decks are exported by two workers, the first taking decks 1, 3, 5, … and the second 2, 4,
# 6, …: a deck's recording is mostly mpirun starting up, so two share the machine's two cores
# well. Each worker has its own scene cache (never two recordings into one folder) and prints
# its decks' logs whole when it is done.
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
worker() { # WORKER (1 or 2): its share of $list, one "ok" or "FAIL" line a deck
  index=0
  for deck in $list; do
    index=$((index + 1))
    [ $((index % 2)) -eq $(($1 % 2)) ] || continue
    (XDG_CACHE_HOME=$cache/export-$1 export_deck "$deck") || echo "FAIL: $deck (above)"
  done
}
worker 1 >"$out/worker1.out" 2>&1 &
first=$!
worker 2 >"$out/worker2.out" 2>&1
wait "$first"
cat "$out/worker1.out" "$out/worker2.out"
decks=$(grep -c -e '^ok: ' -e '^FAIL: .* (above)$' "$out/worker1.out" "$out/worker2.out" |
  awk -F: '{ s += $2 } END { print s }')
failed=$(grep -c '^FAIL: .* (above)$' "$out/worker1.out" "$out/worker2.out" |
  awk -F: '{ s += $2 } END { print s }')
[ "$decks" -eq "$(echo $list | wc -w)" ] || fail "$decks of $(echo $list | wc -w) decks reported"
[ "$failed" -eq 0 ] || fail "$failed of $decks decks did not export (above)"
echo "$decks decks exported"
