#!/bin/sh
# Open MPI's knomial through collscope-profiles, end to end (algorithms/tune/README.md,
# "Exporting decisions"): `--tune bcast=ompi:knomial:fanout=4` exports to a rules file whose
# rule show-openmpi reads back as knomial with radix 4, and the export says on which --mca
# option Open MPI 4.1 takes the radix (the file's column is not read for knomial). A program
# run under collscope-trace record with that file and that option, at p = 5 and 8
# (oversubscribed): the trace names knomial by the file's line, and its messages are a
# 4-nomial tree (resemblance exact at radix 4; depth 1 at p = 5, 2 at p = 8, where the binomial
# tree has 3), at 8 KiB, where Open MPI's fixed decision is not knomial. collscope's own
# knomial exported as its twin with radix=3 runs a 3-nomial tree.
# bcast scatter-ring exported runs as Open MPI's scatter_allgather_ring, resembling
# scatter-ring exactly (p = 5 and 8); Open MPI's scatter_allgather is not scatter-allgather (p = 5).
# usage: check_knomial_export.sh COLLSCOPE_PROFILES COLLSCOPE_RUN COLLSCOPE_TRACE MPIEXEC
set -u
tool=$1 run=$2 trace=$3 mpiexec=$4
failures=0
checks=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

pass() {
  checks=$((checks + 1))
  echo "ok    $*"
}
fail() {
  checks=$((checks + 1))
  failures=$((failures + 1))
  echo "FAIL  $*"
  tail -n 15 "$tmp/out" 2>/dev/null | sed 's/^/      out| /'
  tail -n 15 "$tmp/err" 2>/dev/null | sed 's/^/      err| /'
}
# contains FILE WHAT TEXT: FILE has TEXT (fixed string).
contains() {
  if grep -qF -- "$3" "$1"; then pass "$2"; else fail "$2: no '$3' in $(basename "$1")"; fi
}

# export NAME SPEC [--procs P]: the rules file $tmp/NAME.rules; its --mca options in $tmp/NAME.mca.
export_rules() {
  name=$1
  shift
  if "$tool" export --openmpi "$tmp/$name.rules" "$@" >"$tmp/out" 2>"$tmp/err"; then
    pass "export --openmpi $*"
  else
    fail "export --openmpi $* (exit $?)"
  fi
  sed -n 's/^run with: //p' "$tmp/out" >"$tmp/$name.mca"
}

# traced NAME NP ROOT: collscope-trace record of a native bcast under $tmp/NAME.rules and its
# --mca options; call 0 in $tmp/call.json, its statistics in $tmp/stats.
traced() {
  name=$1 np=$2 root=$3
  rm -rf "$tmp/t"
  # shellcheck disable=SC2046 # the export's --mca options are words
  if timeout 90 "$trace" record -o "$tmp/t" -- "$mpiexec" --oversubscribe -np "$np" \
    --mca coll_tuned_use_dynamic_rules 1 --mca coll_tuned_dynamic_rules_filename "$tmp/$name.rules" \
    $(cat "$tmp/$name.mca") "$run" bcast --algorithm native --count 2048 --root "$root" \
    --repetitions 1 --warmup 0 </dev/null >"$tmp/out" 2>"$tmp/err" &&
    grep -qx 'verified: yes' "$tmp/out" &&
    "$trace" calls "$tmp/t" --call 0 --json >"$tmp/call.json" 2>>"$tmp/err" &&
    "$trace" stats "$tmp/t" --call 0 >"$tmp/stats" 2>>"$tmp/err"; then
    return 0
  fi
  fail "p=$np $name: the traced run, its verification or its reading failed"
  return 1
}

# knomial_tree NAME NP ROOT RADIX DEPTH: the call is knomial by the rules file's line and its
# messages are a RADIX-nomial tree of DEPTH from ROOT.
knomial_tree() {
  name=$1 np=$2 root=$3 radix=$4 depth=$5
  traced "$name" "$np" "$root" || return
  line=$(grep -n '^0 7 ' "$tmp/$name.rules" | cut -d: -f1)
  what="p=$np root $root under $name.rules"
  contains "$tmp/call.json" "$what: the trace names knomial" '"name": "knomial",'
  contains "$tmp/call.json" "$what: … chosen by the file's line $line" \
    "\"source\": \"rules file $tmp/$name.rules, line $line\""
  contains "$tmp/call.json" "$what: p − 1 messages" "\"messages\": $((np - 1)),"
  # The resemblance block: knomial, exact, at this radix.
  sed -n '/"resembles"/,/}/p' "$tmp/call.json" >"$tmp/resembles"
  if grep -qF '"algorithm": "knomial",' "$tmp/resembles" && grep -qF '"exact": true,' "$tmp/resembles" &&
    grep -qF "radix $radix:" "$tmp/resembles"; then
    pass "$what: resembles a $radix-nomial tree exactly"
  else
    fail "$what: resemblance is not knomial radix $radix: $(grep '"words"' "$tmp/resembles")"
  fi
  got=$(sed -n 's/^tree  *from root \([0-9]*\), depth \([0-9]*\).*/\1 \2/p' "$tmp/stats")
  if [ "$got" = "$root $depth" ]; then
    pass "$what: tree from root $root, depth $depth"
  else
    fail "$what: tree '$got', expected from root $root, depth $depth"
  fi
}

export_rules k4 --tune "bcast=ompi:knomial:fanout=4"
contains "$tmp/k4.mca" "the export names the radix's MCA option" \
  "--mca coll_tuned_bcast_algorithm_knomial_radix 4"
if "$tool" show-openmpi "$tmp/k4.rules" >"$tmp/out" 2>"$tmp/err"; then
  contains "$tmp/out" "show-openmpi reads it back as knomial, radix 4" "0- bytes: 7 knomial, radix 4"
else
  fail "show-openmpi $tmp/k4.rules"
fi
"$tool" show-openmpi "$tmp/k4.rules" --procs 6 --collective bcast --size 8192 >"$tmp/out" 2>"$tmp/err"
contains "$tmp/out" "one call at p = 6 reads as knomial" "bcast at p = 6, 8192 bytes: 7 knomial"

knomial_tree k4 5 0 4 1
knomial_tree k4 8 3 4 2

# collscope's knomial, exported as Open MPI's twin with its radix.
export_rules k3 --procs 8 --tune "bcast=knomial:radix=3"
contains "$tmp/out" "the twin is named" "exported as Open MPI's knomial (radix 3)"
knomial_tree k3 8 0 3 2

# bcast scatter-ring exported as Open MPI's scatter_allgather_ring (9): the trace names it and
# resembles collscope's scatter-ring exactly, at p = 5 and 8. scatter-allgather stays out, as
# Open MPI's scatter_allgather (8, forced) is not collscope's at p = 5.
export_rules sr --tune "bcast=scatter-ring@1024-"
contains "$tmp/out" "scatter-ring's twin is named" "exported as Open MPI's scatter_allgather_ring"
for case in "5 2" "8 3"; do
  np=${case% *} root=${case#* }
  traced sr "$np" "$root" || continue
  sed -n '/"resembles"/,/}/p' "$tmp/call.json" >"$tmp/resembles"
  contains "$tmp/call.json" "p=$np root $root: the trace names scatter_allgather_ring" \
    '"name": "scatter_allgather_ring",'
  if grep -qF '"algorithm": "scatter-ring",' "$tmp/resembles" && grep -qF '"exact": true,' "$tmp/resembles"; then
    pass "p=$np root $root: Open MPI's scatter_allgather_ring resembles scatter-ring exactly"
  else
    fail "p=$np root $root: not scatter-ring: $(grep '"words"' "$tmp/resembles")"
  fi
done
rm -rf "$tmp/t"
if timeout 90 "$trace" record -o "$tmp/t" -- "$mpiexec" --oversubscribe -np 5 "$run" bcast \
  --algorithm ompi:scatter_allgather --count 2048 --repetitions 1 --warmup 0 </dev/null \
  >"$tmp/out" 2>"$tmp/err" && "$trace" calls "$tmp/t" --call 0 --json >"$tmp/call.json" 2>>"$tmp/err"; then
  sed -n '/"resembles"/,/}/p' "$tmp/call.json" >"$tmp/resembles"
  if grep -qF '"algorithm": "scatter-allgather",' "$tmp/resembles" && grep -qF '"exact": true,' "$tmp/resembles"; then
    fail "p=5: Open MPI's scatter_allgather is scatter-allgather after all: export it as the twin"
  else
    pass "p=5: Open MPI's scatter_allgather is not collscope's scatter-allgather (left out)"
  fi
else
  fail "p=5: the traced ompi:scatter_allgather run failed"
fi

echo "$checks checks, $failures failed"
[ "$failures" -eq 0 ] && [ "$checks" -gt 0 ]
