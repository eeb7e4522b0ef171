#!/usr/bin/env bash
# Writes collscope(1) and collscope-SUB(1) for every subcommand `collscope --help` lists,
# with help2man from each command's own --help and --version. Run at build time
# (cli/CMakeLists.txt): man.sh BUILD/bin/collscope OUTDIR
set -euo pipefail
front=$(realpath "$1")
outdir=$2
mkdir -p "$outdir"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

help2man --no-info --no-discard-stderr --section 1 \
  --name "run, trace, see, present and grade MPI's collective algorithms" \
  --output "$outdir/collscope.1" "$front"

"$front" --help | sed -n '/^Subcommands:/,/^$/{s/^  \([a-z][a-z-]*\)  *\(.*\)/\1\t\2/p}' |
  while IFS=$'\t' read -r sub summary; do
    # help2man runs a program by its file name and names the page after the first word of its
    # --version: a program named as the page, that runs the subcommand and says
    # "collscope-SUB VERSION".
    cat >"$work/collscope-$sub" <<SCRIPT
#!/bin/sh
if [ "\$1" = --version ]; then
  "$front" $sub --version | sed '1s/^collscope $sub /collscope-$sub /'
  exit
fi
exec "$front" $sub "\$@"
SCRIPT
    chmod +x "$work/collscope-$sub"
    if ! "$work/collscope-$sub" --help >/dev/null 2>&1; then
      echo "man.sh: collscope $sub --help fails: no collscope-$sub.1" >&2
      continue
    fi
    help2man --no-info --no-discard-stderr --section 1 --name "$summary" \
      --output "$outdir/collscope-$sub.1" "$work/collscope-$sub"
  done
