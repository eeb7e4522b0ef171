#!/usr/bin/env bash
# Writes the bash completion of `collscope` from the commands' own help: the subcommands that
# `collscope --help` lists, and for each the options that `collscope SUB --help` lists (an
# indented line starting with '-'; for a help without such lines, every --option it names).
# Run at build time (cli/CMakeLists.txt): completion.sh BUILD/bin/collscope OUT
set -euo pipefail
front=$1
out=$2

subcommands=$("$front" --help | sed -n '/^Subcommands:/,/^$/{s/^  \([a-z][a-z-]*\) .*/\1/p}')
[ -n "$subcommands" ] || { echo "completion.sh: $front --help lists no subcommands" >&2; exit 1; }

options_of() {
  local help
  help=$("$front" "$1" --help 2>/dev/null) || true
  local listed
  listed=$(printf '%s\n' "$help" | grep -E '^ {1,8}-' | sed -E 's/   .*//; s/  [A-Z].*//' |
    grep -oE -- '(^|[ ,|[])--?[A-Za-z0-9][A-Za-z0-9-]*' | grep -oE -- '--?[A-Za-z0-9-]+' || true)
  [ -n "$listed" ] || listed=$(printf '%s\n' "$help" | grep -oE -- '--[a-z][a-z0-9-]*' || true)
  printf '%s\n' $listed --help --version | sort -u | tr '\n' ' '
}

mkdir -p "$(dirname "$out")"
{
  echo "# bash completion of collscope, made from the commands' --help by cli/completion.sh."
  echo "_collscope() {"
  echo '  local cur=${COMP_WORDS[COMP_CWORD]} options'
  echo '  if ((COMP_CWORD == 1)); then'
  echo "    COMPREPLY=(\$(compgen -W \"$(echo $subcommands) help --help --version\" -- \"\$cur\"))"
  echo '    return'
  echo '  fi'
  echo '  case ${COMP_WORDS[1]} in'
  for sub in $subcommands; do
    echo "  $sub) options=\"$(options_of "$sub")\" ;;"
  done
  echo '  *) options="" ;;'
  echo '  esac'
  echo '  # Options after a dash; otherwise the shell completes file names (-o default).'
  echo '  if [[ $cur == -* ]]; then'
  echo '    COMPREPLY=($(compgen -W "$options" -- "$cur"))'
  echo '  else'
  echo '    COMPREPLY=()'
  echo '  fi'
  echo '}'
  echo 'complete -o default -F _collscope collscope'
} >"$out.tmp"
mv "$out.tmp" "$out"
