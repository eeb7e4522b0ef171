#!/usr/bin/env bash
# check_arrows.sh [SOURCE_DIR]: fails on an arrow of the module map (ARCHITECTURE.md) that the
# map forbids, read from #include lines and from the paths CMake files name. One line per
# forbidden arrow (FILE:LINE: what), then a count; exit 0 if there is none, 1 otherwise.
#
# What it checks:
#   1. no `#include "../…"` leaves its module (a module is a row of ARCHITECTURE.md's table:
#      tracer/record, tracer/archive, exercises/harness, … — see module_of);
#   2. no CMake file names another module's src/ or other private folder (anything but its
#      include/) or another module's .c/.cpp file; packaging (cmake/) may name data folders;
#   3. the algorithms (with schedule, tune and the driver) include no tracer or app header
#      (collscope/model/, collscope/archive/, Qt) and link no trace model, archive, app or Qt;
#   4. neither the app nor the trace model nor the archive nor the schedules include mpi.h or
#      link MPI; neither the model nor the schedules nor the algorithms include Qt;
#   5. no folder under algorithms/ holds more than 40 source files.
# Tests (tests/) are white-box: they may compile and include the private files of the module
# they test (rule 2 does not apply to them); rule 1 does.
set -u
root=$(cd "${1:-$(dirname "$0")/../..}" && pwd)
cd "$root" || exit 2

# The module a path (relative to the root) belongs to: the rows of the module map.
module_of() {
  case "$1" in
  algorithms/schedule/*) echo algorithms/schedule ;;
  algorithms/tune/*) echo algorithms/tune ;;
  algorithms/driver/*) echo algorithms/driver ;;
  algorithms/*) echo algorithms ;;
  tracer/*/*) echo "${1%%/*}/$(echo "$1" | cut -d/ -f2)" ;;
  exercises/harness/* | exercises/grader/*) echo "exercises/$(echo "$1" | cut -d/ -f2)" ;;
  app/*/*) echo "app/$(echo "$1" | cut -d/ -f2)" ;;
  bench/*/* | tests/*/*) echo "${1%%/*}/$(echo "$1" | cut -d/ -f2)" ;;
  */*) echo "${1%%/*}" ;;
  *) echo . ;;
  esac
}

# A path relative to the root, with . and .. resolved ("" if it leaves the tree).
normalize() {
  local out=() part
  local IFS=/
  for part in $1; do
    case "$part" in
    '' | .) ;;
    ..) [ ${#out[@]} -eq 0 ] && { echo ""; return; }
        unset 'out[${#out[@]}-1]' ;;
    *) out+=("$part") ;;
    esac
  done
  echo "${out[*]}"
}

violations=0
say() {
  echo "$1: $2"
  violations=$((violations + 1))
}

# The tree's files (git's list, so build folders are left out; find outside a checkout).
list_files() {
  if git rev-parse --is-inside-work-tree > /dev/null 2>&1; then
    git ls-files --cached --others --exclude-standard -- "$@"
  else
    local args=() p
    for p in "$@"; do args+=(-o -name "$p"); done
    find . -path './build*' -prune -o -path ./.git -prune -o -type f \( -false "${args[@]}" \) -print |
      sed 's|^\./||'
  fi | while read -r f; do [ -f "$f" ] && echo "$f"; done
}
sources() { list_files '*.c' '*.h' '*.cpp' '*.hpp' '*.cc'; }
cmake_files() { list_files '*CMakeLists.txt' '*.cmake'; }
mapfile -t all_sources < <(sources)
mapfile -t all_cmake < <(cmake_files)

# 1. #include "../…" that leaves its module.
while IFS=: read -r file line text; do
  target=${text#*\"}
  target=${target%%\"*}
  resolved=$(normalize "$(dirname "$file")/$target")
  [ -n "$resolved" ] || { say "$file:$line" "#include \"$target\" leaves the source tree"; continue; }
  from=$(module_of "$file")
  to=$(module_of "$resolved")
  [ "$from" = "$to" ] || say "$file:$line" "#include \"$target\" reaches from $from into $to (link its target and include its public header instead)"
done < <(grep -nE '^[[:space:]]*#[[:space:]]*include[[:space:]]*"[^"]*\.\./' "${all_sources[@]}" /dev/null)

# 2. CMake paths into another module's src/ or onto its sources.
for file in "${all_cmake[@]}"; do
  dir=$(dirname "$file")
  from=$(module_of "$file")
  case "$from" in tests/*) continue ;; esac
  while IFS=: read -r line token; do
    case "$token" in
    '${PROJECT_SOURCE_DIR}'* | '${CMAKE_SOURCE_DIR}'*) path=${token#*\}} ;;
    '${CMAKE_CURRENT_SOURCE_DIR}'* | '${CMAKE_CURRENT_LIST_DIR}'*) path=$dir/${token#*\}} ;;
    *) path=$dir/$token ;;
    esac
    resolved=$(normalize "$path")
    [ -n "$resolved" ] || continue
    to=$(module_of "$resolved/x")
    [ "$from" = "$to" ] && continue
    case "$to" in "$from"/*) continue ;; esac # a parent adds its subfolders
    case "/$resolved/" in
    */src/*) say "$file:$line" "$token: $from names $to's private src/" ;;
    *.c/ | *.cpp/ | *.cc/) say "$file:$line" "$token: $from compiles $to's source (link its target instead)" ;;
    */include/*) ;;
    *) # another code module's folder other than its include/: its private headers
      case "$from:$to" in
      cmake:* | *:scripts | *:slides | *:share | *:docs | *:exercises | *:.) ;;
      *) say "$file:$line" "$token: $from reaches into $to's private folder (use its include/)" ;;
      esac ;;
    esac
  done < <(grep -noE '(\$\{(PROJECT_SOURCE_DIR|CMAKE_SOURCE_DIR|CMAKE_CURRENT_SOURCE_DIR|CMAKE_CURRENT_LIST_DIR)\}|\.\.)(/[A-Za-z0-9_.+-]+)+' "$file")
done

# Files of the given folders whose #include lines match a pattern: one violation each.
forbid_include() {
  local pattern=$1 why=$2
  shift 2
  local files=()
  for f in "${all_sources[@]}"; do
    for d in "$@"; do
      case "$f" in "$d"/*) files+=("$f") ;; esac
    done
  done
  [ ${#files[@]} -gt 0 ] || return 0
  while IFS=: read -r file line text; do
    say "$file:$line" "$(echo "$text" | sed 's/^[[:space:]]*//'): $why"
  done < <(grep -nE "^[[:space:]]*#[[:space:]]*include[[:space:]]*[<\"]($pattern)" "${files[@]}" /dev/null)
}
# CMake files under the given folders that link a forbidden target.
forbid_link() {
  local pattern=$1 why=$2
  shift 2
  for f in "${all_cmake[@]}"; do
    for d in "$@"; do
      case "$f" in "$d" | "$d"/*)
        while IFS=: read -r line text; do
          say "$f:$line" "$(echo "$text" | grep -oE "$pattern" | head -1): $why"
        done < <(grep -nE "$pattern" "$f" | grep -v '^[0-9]*:[[:space:]]*#')
        ;;
      esac
    done
  done
}

# 3. The algorithms see neither the tracer nor the app.
algorithm_dirs=(algorithms annotate ompi_tuned)
forbid_include 'collscope/model/|collscope/archive/|tracer/|app/' \
  "the algorithms never include the tracer or the app" "${algorithm_dirs[@]}"
forbid_link 'collscope::(trace_model|trace_archive|app_[a-z]+)|Qt6::' \
  "the algorithms never link the trace model, the archive, the app or Qt" "${algorithm_dirs[@]}"
# Only collscope-run links the recorder (its --trace); no algorithm does.
forbid_link 'collscope::trace_record' "only algorithms/driver (collscope-run --trace) links the recorder" \
  algorithms/CMakeLists.txt algorithms/tune annotate ompi_tuned \
  $(for d in algorithms/*/; do d=${d%/}; case "$d" in algorithms/driver | algorithms/tune) ;; *) echo "$d" ;; esac; done)

# 4. No MPI where the map says none; no Qt below the app.
no_mpi_dirs=(app tracer/model tracer/archive algorithms/schedule)
forbid_include 'mpi\.h|mpi\.hpp|otf2/OTF2_MPI' "no MPI in the app, the trace model, the archive or the schedules" \
  "${no_mpi_dirs[@]}"
forbid_link 'MPI::MPI_(C|CXX)' "no MPI in the app, the trace model, the archive or the schedules" "${no_mpi_dirs[@]}"
forbid_include 'Q[A-Za-z]+(/|>)|QtCore|QtGui|QtWidgets' "no Qt in the trace model, the archive or the algorithms" \
  tracer/model tracer/archive tracer/record algorithms annotate ompi_tuned

# 5. The house's layout (issue 42): no folder under algorithms/ holds more than 40 sources.
while IFS= read -r dir; do
  count=$(find "$dir" -maxdepth 1 -type f \( -name '*.cpp' -o -name '*.hpp' -o -name '*.c' -o -name '*.h' \) | wc -l)
  if [ "$count" -gt 40 ]; then
    echo "${dir#./}: $count source files, more than 40 (divide it by what they do)"
    violations=$((violations + 1))
  fi
done < <(find algorithms -type d)

if [ "$violations" -gt 0 ]; then
  echo "check_arrows: $violations forbidden arrow(s) or overfull folder(s) (ARCHITECTURE.md, 'Modules and their arrows')"
  exit 1
fi
echo "check_arrows: no forbidden arrow in ${#all_sources[@]} sources and ${#all_cmake[@]} CMake files"
