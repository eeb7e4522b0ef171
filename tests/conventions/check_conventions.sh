#!/bin/sh
# The command-line conventions every collscope command shares (common/include/collscope/cli/):
#   --help      exit 0, the full usage on stdout (once, also under mpirun), naming every option
#   --version   exit 0, "collscope SUB VERSION" on stdout
#   a bad option  exit 2, nothing on stdout, and on stderr exactly the shared two lines
#                 "NAME: error: The following argument was not expected: --no-such-option"
#                 "Run 'HELP_NAME --help' for usage."
# usage: check_conventions.sh [--mpiexec MPIEXEC] VERSION_LINE NAME HELP_NAME -- COMMAND... --
#                             OPTION...
#   COMMAND may end with a subcommand. With --mpiexec (a command that runs as MPI ranks), --help
#   runs at 2 ranks and must print once; the others run as one process (mpirun adds its own
#   lines when a rank exits non-zero).
set -u
mpiexec=""
if [ "$1" = --mpiexec ]; then
  mpiexec=$2
  shift 2
fi
version_line=$1 name=$2 help_name=$3
shift 3
[ "$1" = -- ] || { echo "usage: $0 VERSION_LINE NAME HELP_NAME -- COMMAND... -- OPTION..."; exit 2; }
shift
command=""
while [ $# -gt 0 ] && [ "$1" != -- ]; do
  command="$command '$1'"
  shift
done
shift
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
failures=0
fail() {
  failures=$((failures + 1))
  echo "FAIL  $*"
  sed 's/^/      out| /' "$tmp/out" | head -n 8
  sed 's/^/      err| /' "$tmp/err" | head -n 8
}
run() { # [LAUNCHER...] -- ARGS...: the command with ARGS, status in $status
  launcher=""
  while [ "$1" != -- ]; do
    launcher="$launcher '$1'"
    shift
  done
  shift
  eval "timeout 60 $launcher $command \"\$@\"" >"$tmp/out" 2>"$tmp/err" </dev/null
  status=$?
}

if [ -n "$mpiexec" ]; then
  run "$mpiexec" --oversubscribe -np 2 -- --help
else
  run -- --help
fi
if [ "$status" -ne 0 ]; then
  fail "--help exited $status"
elif [ "$(grep -c '^Usage: ' "$tmp/out")" -ne 1 ]; then
  fail "--help: not one 'Usage:' line"
else
  missing=""
  for option in "$@"; do grep -qF -- "$option" "$tmp/out" || missing="$missing $option"; done
  if [ -n "$missing" ]; then fail "--help does not name:$missing"; else echo "ok    --help names $#"; fi
fi

run -- --version
if [ "$status" -eq 0 ] && [ "$(cat "$tmp/out")" = "$version_line" ]; then
  echo "ok    --version: $version_line"
else
  fail "--version (exit $status), want '$version_line'"
fi

run -- --no-such-option
want1="$name: error: The following argument was not expected: --no-such-option"
want2="Run '$help_name --help' for usage."
if [ "$status" -eq 2 ] && [ ! -s "$tmp/out" ] && [ "$(wc -l <"$tmp/err")" -eq 2 ] &&
  [ "$(sed -n 1p "$tmp/err")" = "$want1" ] && [ "$(sed -n 2p "$tmp/err")" = "$want2" ]; then
  echo "ok    a bad option: exit 2, '$want1'"
else
  fail "a bad option (exit $status), want exit 2 and '$want1' / '$want2'"
fi
[ "$failures" -eq 0 ] || { echo "$failures failed"; exit 1; }
echo "ok: $name follows the conventions"
