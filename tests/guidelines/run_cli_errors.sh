#!/bin/sh
# collscope-guidelines refuses a bad command line with status 2 and the shared two lines (the
# error naming the problem, then the hint to --help), before running anything.
#   run_cli_errors.sh GUIDELINES
set -u
g=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
check() { # EXPECTED_TEXT ARGS...
  want=$1; shift
  "$g" "$@" --out "$tmp/o" >"$tmp/out" 2>"$tmp/err" </dev/null
  status=$?
  [ "$status" = 2 ] || { echo "FAIL: $* exited $status"; cat "$tmp/err"; exit 1; }
  [ "$(wc -l <"$tmp/err")" = 2 ] && head -n 1 "$tmp/err" | grep -q "^collscope-guidelines: error: .*$want" &&
    [ "$(sed -n 2p "$tmp/err")" = "Run 'collscope-guidelines --help' for usage." ] ||
    { echo "FAIL: $*: expected the error naming '$want' and the hint"; cat "$tmp/err"; exit 1; }
  [ ! -e "$tmp/o/raw/commands.txt" ] || { echo "FAIL: $*: ran something"; exit 1; }
  echo "ok    $*: $(head -n 1 "$tmp/err")"
}
check "not a multiple of 4" --sizes 4,6
check "'barrier' is not one of" --collectives bcast,barrier
check "needs --platform" --selector ompi
check "expected a fraction" --margin 1.5
check "not expected: .*--frobnicate" --frobnicate 1
check "--np 0: expected a process count ≥ 1" --np 0
check "--pilot 5: expected B1,B2" --pilot 5
check "not a rank of p = 4" --root 4
check "datatype quad: unknown datatype; choose one of: int, long, float, double, char, byte" --datatype quad
check "not a multiple of 8 bytes (MPI_DOUBLE)" --datatype double --sizes 8,12
check "MPI_SUM does not take MPI_BYTE, and allreduce sums" --datatype byte --collectives bcast,allreduce
check "collscope-run cannot measure long yet (its --datatype takes int, float and double)" --datatype long
check "option 'radix=2' does not fit allreduce circulant" --candidates circulant:radix=2 --collectives allreduce
"$g" --help | grep -q "^Usage: collscope-guidelines" || { echo "FAIL: --help"; exit 1; }
echo "ok: every mistake is the error line, the hint and status 2"
