#!/bin/sh
# The front end `collscope` (cli/): its help, every subcommand's help and version, an unknown
# subcommand, `mpirun collscope run`, a moved tree's layout, `collscope tune`, the bash
# completion and the man pages.
#   frontend_tests.sh BUILD/bin/collscope MPIEXEC VERSION SECTION
collscope=$1
mpiexec=$2
version=$3
section=$4
build=$(cd "$(dirname "$collscope")/.." && pwd)
subcommands="run record calls stats check export view present slides grade tune guidelines profiles calibrate simulate"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
pass() { echo "ok   $*"; }
fail() {
  echo "FAIL $*"
  failures=$((failures + 1))
}
# QT_QPA_PLATFORM: view, present and slides answer --help without a display.
export QT_QPA_PLATFORM=offscreen

section_help() {
  "$collscope" --help >"$tmp/out" 2>"$tmp/err"
  status=$?
  [ "$status" -eq 0 ] && [ ! -s "$tmp/err" ] || fail "collscope --help: exit $status"
  listed=$(sed -n '/^Subcommands:/,/^$/{s/^  \([a-z]*\)  .*/\1/p}' "$tmp/out" | tr '\n' ' ')
  [ "$listed" = "$subcommands " ] && pass "collscope --help lists the 15 subcommands, one line each" ||
    fail "collscope --help lists '$listed'"
  "$collscope" help >"$tmp/out2" && cmp -s "$tmp/out" "$tmp/out2" || fail "collscope help differs"
}

section_subcommands() {
  for sub in $subcommands; do
    "$collscope" "$sub" --help >"$tmp/out" 2>"$tmp/err"
    status=$?
    # A usage: at least a few lines on stdout that name options (scripts/simulate's help is its
    # header comment, without a "Usage:" line).
    if [ "$status" -ne 0 ] || ! grep -q -- '--[a-z]' "$tmp/out" || [ "$(wc -l <"$tmp/out")" -lt 4 ]; then
      fail "collscope $sub --help: exit $status, $(wc -l <"$tmp/out") lines: $(head -2 "$tmp/err")"
      continue
    fi
    "$collscope" help "$sub" >"$tmp/out2" 2>&1
    cmp -s "$tmp/out" "$tmp/out2" || fail "collscope help $sub is not collscope $sub --help"
    pass "collscope $sub --help: $(head -1 "$tmp/out")"
  done
}

section_version() {
  [ "$("$collscope" --version)" = "collscope $version" ] && pass "collscope --version" ||
    fail "collscope --version: $("$collscope" --version)"
  for sub in $subcommands; do
    out=$("$collscope" "$sub" --version 2>&1)
    [ "$out" = "collscope $sub $version" ] || fail "collscope $sub --version: '$out'"
  done
  # From the subcommand's own parser, not the front end's shortcut.
  out=$("$collscope" run bcast --version 2>&1)
  [ "$out" = "collscope run $version" ] || fail "collscope run bcast --version: '$out'"
  out=$("$collscope" calls --version 2>&1)
  [ "$out" = "collscope calls $version" ] && pass "collscope SUB --version for every SUB" ||
    fail "collscope calls --version: '$out'"
}

section_unknown() {
  "$collscope" nosuch >"$tmp/out" 2>"$tmp/err"
  status=$?
  if [ "$status" -eq 2 ] && [ ! -s "$tmp/out" ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] &&
    grep -q "^collscope: error: 'nosuch' is not a collscope subcommand" "$tmp/err"; then
    pass "collscope nosuch: exit 2, $(cat "$tmp/err")"
  else
    fail "collscope nosuch: exit $status, stderr: $(cat "$tmp/err")"
  fi
  # A usage error of a subcommand started by the front end names it as typed.
  "$collscope" calls >"$tmp/out" 2>"$tmp/err"
  status=$?
  [ "$status" -eq 2 ] && [ "$(sed -n 1p "$tmp/err")" = "collscope calls: error: TRACE is required" ] &&
    [ "$(sed -n 2p "$tmp/err")" = "Run 'collscope calls --help' for usage." ] &&
    pass "collscope calls: exit 2 in the house style" ||
    fail "collscope calls: exit $status, stderr: $(cat "$tmp/err")"
}

section_run() {
  timeout 120 "$mpiexec" --oversubscribe -np 3 "$collscope" run bcast --algorithm binomial \
    --count 10 >"$tmp/out" 2>"$tmp/err"
  status=$?
  [ "$status" -eq 0 ] && [ "$(grep -cx 'verified: yes' "$tmp/out")" -eq 1 ] &&
    pass "mpirun -np 3 collscope run bcast --algorithm binomial --count 10: verified" ||
    fail "mpirun collscope run: exit $status, $(grep verified "$tmp/out") $(head -3 "$tmp/err")"
  timeout 120 "$mpiexec" --oversubscribe -np 2 "$collscope" run bcast --algorithm nosuch \
    >"$tmp/out" 2>"$tmp/err"
  status=$?
  if [ "$status" -eq 2 ] && [ "$(grep -c '^collscope run: error: unknown algorithm' "$tmp/err")" -eq 1 ] &&
    [ "$(grep -cx "Run 'collscope run --help' for usage." "$tmp/err")" -eq 1 ]; then
    pass "mpirun -np 2 collscope run bcast --algorithm nosuch: one error from rank 0, exit 2"
  else
    fail "collscope run --algorithm nosuch: exit $status, $(cat "$tmp/err")"
  fi
}

# The installed layout, PREFIX/bin/collscope and PREFIX/libexec/collscope/: the front end runs
# the subcommand found there with the words the user typed, and says where it looked if none.
section_layout() {
  mkdir -p "$tmp/p/bin" "$tmp/p/libexec/collscope"
  cp "$collscope" "$tmp/p/bin/collscope"
  "$tmp/p/bin/collscope" calls t >"$tmp/out" 2>"$tmp/err"
  status=$?
  [ "$status" -eq 2 ] && grep -q "^collscope calls: error: .*$tmp/p/libexec/collscope" "$tmp/err" &&
    pass "no executable: exit 2, $(cat "$tmp/err")" ||
    fail "no executable: exit $status, $(cat "$tmp/err")"
  printf '#!/bin/sh\necho "trace cli: $*"\n' >"$tmp/p/libexec/collscope/collscope-trace-cli"
  printf '#!/bin/sh\necho "view: $*"\n' >"$tmp/p/libexec/collscope/collscope-view"
  chmod +x "$tmp/p/libexec/collscope/"*
  out=$("$tmp/p/bin/collscope" calls t --call 2)
  [ "$out" = "trace cli: calls t --call 2" ] || fail "collscope calls in a prefix ran: '$out'"
  out=$("$tmp/p/bin/collscope" present deck.md)
  [ "$out" = "view: present deck.md" ] || fail "collscope present in a prefix ran: '$out'"
  out=$(cd "$tmp" && "$tmp/p/bin/collscope" p --export x.png)
  [ "$out" = "view: p --export x.png" ] && pass "prefix: calls, present and a trace run libexec/collscope's" ||
    fail "collscope TRACE in a prefix ran: '$out'"
}

section_tune() {
  "$collscope" tune --set 'bcast=binomial' --report --print >"$tmp/out" 2>"$tmp/err"
  status=$?
  if [ "$status" -eq 0 ] &&
    grep -qx "export LD_PRELOAD='$build/lib/libcollscope-tune.so'\${LD_PRELOAD:+:\$LD_PRELOAD}" "$tmp/out" &&
    grep -qx "export COLLSCOPE_TUNE='bcast=binomial'" "$tmp/out" &&
    grep -qx "export COLLSCOPE_TUNE_REPORT='1'" "$tmp/out"; then
    pass "collscope tune --print: the job script's lines"
  else
    fail "collscope tune --print: exit $status: $(cat "$tmp/out" "$tmp/err")"
  fi
  "$collscope" tune --set 'bcast=binomial' >"$tmp/out" 2>"$tmp/err"
  [ $? -eq 2 ] && grep -q "tune needs a command after --" "$tmp/err" || fail "tune without a command"
  # The library replaces the native bcast collscope-run verifies: rank 0's report counts it.
  timeout 120 "$collscope" tune --set 'bcast=binomial' --report -- "$mpiexec" --oversubscribe \
    -np 3 "$build/bin/collscope-run" bcast --algorithm native --count 10 --repetitions 2 \
    >"$tmp/out" 2>"$tmp/err"
  status=$?
  if [ "$status" -eq 0 ] && grep -qx 'verified: yes' "$tmp/out" &&
    grep -q '^collscope-tune: all ranks: .*binomial' "$tmp/err"; then
    pass "collscope tune -- mpirun collscope-run: bcast ran on binomial, verified"
  else
    fail "collscope tune -- mpirun: exit $status: $(grep -c verified "$tmp/out") $(tail -5 "$tmp/err")"
  fi
}

section_completion() {
  completion=$build/share/bash-completion/completions/collscope
  [ -s "$completion" ] || { fail "no $completion"; return; }
  # In an empty folder: no file names among the answers.
  mkdir -p "$tmp/empty"
  out=$(cd "$tmp/empty" && bash -c '. "$1"; COMP_WORDS=(collscope re); COMP_CWORD=1; _collscope;
    echo "${COMPREPLY[*]}"' sh "$completion")
  [ "$out" = "record" ] && pass "collscope re<TAB>: record" || fail "collscope re<TAB>: '$out'"
  out=$(bash -c '. "$1"; COMP_WORDS=(collscope run --al); COMP_CWORD=2; _collscope;
    printf "%s\n" "${COMPREPLY[@]}" | sort | tr "\n" " "' sh "$completion")
  [ "$out" = "--algorithm --alpha " ] && pass "collscope run --al<TAB>: $out" ||
    fail "collscope run --al<TAB>: '$out'"
  out=$(bash -c '. "$1"; COMP_WORDS=(collscope check t --max-r); COMP_CWORD=3; _collscope;
    echo "${COMPREPLY[*]}"' sh "$completion")
  [ "$out" = "--max-rounds" ] && pass "collscope check t --max-r<TAB>: $out" ||
    fail "collscope check t --max-r<TAB>: '$out'"
  out=$(bash -c '. "$1"; complete -p collscope' sh "$completion")
  [ "$out" = "complete -o default -F _collscope collscope" ] || fail "complete -p: $out"
}

# Each page renders at 80 columns without a word from man or groff, and shows the options of
# its subcommand's --help.
section_man() {
  man_dir=$build/share/man/man1
  for page in collscope $(for s in $subcommands; do echo "collscope-$s"; done); do
    file=$man_dir/$page.1
    [ -s "$file" ] || { fail "no $file"; continue; }
    LC_ALL=C.UTF-8 MANWIDTH=80 MANPAGER=cat man -l "$file" >"$tmp/page" 2>"$tmp/err"
    status=$?
    if [ "$status" -ne 0 ] || [ -s "$tmp/err" ] || [ "$(wc -l <"$tmp/page")" -lt 10 ]; then
      fail "man -l $page.1: exit $status, $(wc -l <"$tmp/page") lines, $(head -3 "$tmp/err")"
      continue
    fi
    if [ "$page" = collscope ]; then
      want=$subcommands
    else
      sub=${page#collscope-}
      want=$("$collscope" "$sub" --help 2>/dev/null | grep -E '^ {1,8}-' | grep -oE -- '--[a-z][a-z0-9-]*' | sort -u | head -12)
    fi
    missing=""
    for word in $want; do grep -qe "$word" "$tmp/page" || missing="$missing $word"; done
    [ -z "$missing" ] || { fail "man $page lacks$missing"; continue; }
    width=$(awk '{ if (length($0) > w) w = length($0) } END { print w }' "$tmp/page")
    [ "$width" -le 80 ] || fail "man $page: a line of $width columns"
    pass "man -l $page.1: $(wc -l <"$tmp/page") lines, $(echo $want | wc -w) options/subcommands shown"
  done
}

"section_$section"
[ "$failures" -eq 0 ]
