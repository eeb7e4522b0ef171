#!/bin/sh
# `collscope slides` as users type it: PNG pages, the handout (two slides a page, or one with
# --per-page 1), and a
# broken deck: every mistake on one line with the deck's file and line, exit status 1, and the
# pages still written with the errors drawn where the figures go.
# usage: slides_cli.sh COLLSCOPE TESTS_SLIDES_DIR OUT_DIR
set -eu
app=$1 decks=$2 out=$3
rm -rf "$out"
mkdir -p "$out"
fail() {
  echo "FAIL: $*"
  exit 1
}

"$app" slides "$decks/example.md" --png "$out/png" --pdf "$out/example.pdf" >"$out/example.log" 2>&1 ||
  fail "example deck: $(cat "$out/example.log")"
grep -q '^wrote .*example.pdf (9 pages, 5 slides)$' "$out/example.log" ||
  fail "example deck: not 9 pages of 5 slides: $(cat "$out/example.log")"
[ "$(ls "$out/png" | wc -l)" -eq 9 ] || fail "not 9 PNG pages"
# The runs are cached by their arguments: a second export records nothing, --rerecord all
# four distinct runs (the ring's two scenes share one).
"$app" slides "$decks/example.md" --pdf "$out/again.pdf" >"$out/again.log" 2>&1 || fail "again"
grep -q recording "$out/again.log" && fail "the second export recorded again: $(cat "$out/again.log")"
"$app" slides "$decks/example.md" --rerecord --pdf "$out/again.pdf" >"$out/again.log" 2>&1 ||
  fail "--rerecord"
grep -q '^collscope: recording 4 of 4: allgather --algorithm ring --count 100 -np 5$' "$out/again.log" ||
  fail "--rerecord did not record the four runs: $(cat "$out/again.log")"
[ -f "$out/png/page-009.png" ] || fail "no page-009.png"

"$app" slides "$decks/example.md" --handout --pdf "$out/handout.pdf" >"$out/handout.log" 2>&1 ||
  fail "handout: $(cat "$out/handout.log")"
[ "$(pdfinfo "$out/handout.pdf" | awk '/^Pages:/ { print $2 }')" = 3 ] ||
  fail "the handout of 5 slides is not 3 pages (two slides a page)"
"$app" slides "$decks/example.md" --handout --per-page 1 --pdf "$out/handout1.pdf" \
  >"$out/handout1.log" 2>&1 || fail "handout --per-page 1: $(cat "$out/handout1.log")"
[ "$(pdfinfo "$out/handout1.pdf" | awk '/^Pages:/ { print $2 }')" = 5 ] ||
  fail "the handout with --per-page 1 is not 5 pages"
status=0
"$app" slides "$decks/example.md" --per-page 1 --pdf "$out/x.pdf" >"$out/perpage.log" 2>&1 || status=$?
[ "$status" = 2 ] && grep -q -- '--per-page needs --handout' "$out/perpage.log" ||
  fail "--per-page without --handout: $(cat "$out/perpage.log")"
pdftotext "$out/handout.pdf" - | grep -q 'Step through the three rounds' ||
  fail "the handout does not carry the speaker notes"
pdftotext "$out/example.pdf" - | grep -q 'Step through the three rounds' &&
  fail "the slides carry the speaker notes"

status=0
"$app" slides "$decks/broken.md" --pdf "$out/broken.pdf" >"$out/broken.log" 2>&1 || status=$?
[ "$status" = 1 ] || fail "a broken deck exits $status, not 1"
grep -q "^collscope: error: $decks/broken.md:11: unknown view 'pie'" "$out/broken.log" ||
  fail "no line for the unknown view: $(cat "$out/broken.log")"
grep -q "^collscope: error: $decks/broken.md:18: the run failed (collscope-run: error: unknown algorithm" "$out/broken.log" ||
  fail "no line for the failing run: $(cat "$out/broken.log")"
grep -q "^collscope: error: $decks/broken.md:28: trace: no OTF2 trace at traces/not-here" \
  "$out/broken.log" || fail "no line for the missing trace: $(cat "$out/broken.log")"
[ "$(pdfinfo "$out/broken.pdf" | awk '/^Pages:/ { print $2 }')" = 4 ] ||
  fail "the broken deck's pages were not all written"
pdftotext "$out/broken.pdf" - | grep -q 'This scene cannot be shown' ||
  fail "the broken scenes do not say so on their slides"

status=0
"$app" slides "$decks/nonexistent.md" --pdf "$out/x.pdf" >"$out/missing.log" 2>&1 || status=$?
[ "$status" = 2 ] || fail "a missing deck exits $status, not 2"
[ "$(wc -l <"$out/missing.log")" = 1 ] || fail "a missing deck: not one line: $(cat "$out/missing.log")"
status=0
"$app" slides "$decks/example.md" >"$out/noout.log" 2>&1 || status=$?
[ "$status" = 2 ] && grep -q -- '--pdf OUT.pdf or --png DIR' "$out/noout.log" || fail "no output named"
echo "ok"
