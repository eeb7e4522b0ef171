#!/bin/sh
# collscope-profiles end to end (algorithms/tune/README.md, "Exporting decisions"):
#   cli  export --openmpi from --tune and from a profile folder, show-openmpi of the export
#        names what was asked per size range; notes name what was left out; a malformed file
#        is one FILE:LINE error and exit 1; usage errors exit 2; export --mpich writes JSON
#   mpi  Open MPI reads an exported file (coll_tuned_use_dynamic_rules): at p = 4 a bcast of
#        4 KiB runs the pipeline in 1 KiB segments (4 segments × 3 hops along one chain, root 2
#        included), one of 256 KiB basic_linear (3 messages from the root), collscope-run
#        verifies both; at p = 3 (outside the profile) and with a malformed file (first message
#        size not 0, which Open MPI rejects whole) the messages are those of the run without
#        any file: the fixed decision.
# usage: check_profiles.sh COLLSCOPE_PROFILES cli
#        check_profiles.sh COLLSCOPE_PROFILES mpi COLLSCOPE_RUN COLLSCOPE_TRACE MPIEXEC
set -u
tool=$1
section=$2
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
# expect STATUS WHAT COMMAND...: the exit status is STATUS.
expect() {
  want=$1
  what=$2
  shift 2
  "$@" >"$tmp/out" 2>"$tmp/err"
  status=$?
  if [ "$status" -eq "$want" ]; then pass "$what"; else fail "$what (exit $status, want $want)"; fi
}
# contains FILE WHAT TEXT: FILE has the line TEXT (fixed string).
contains() {
  if grep -qF -- "$3" "$1"; then pass "$2"; else fail "$2: no '$3'"; fi
}

spec='bcast=ompi:pipeline:segsize=1024@0-65535,ompi:basic_linear@65536-;allreduce=butterfly@0-1023,circulant@1024-;gatherv=linear'

section_cli() {
  expect 0 "export --openmpi --tune" "$tool" export --openmpi "$tmp/r.rules" --procs 4 --tune "$spec"
  contains "$tmp/out" "notes the algorithm Open MPI lacks" \
    "note: allreduce circulant @1024-: left out, not one of Open MPI's algorithms"
  contains "$tmp/out" "notes the collective coll tuned does not decide" \
    "note: gatherv linear @0-: left out, coll tuned does not decide gatherv"
  contains "$tmp/out" "states the twin it exported" \
    "note: allreduce butterfly @0-1023: exported as Open MPI's recursive_doubling"
  expect 0 "show-openmpi reads the export" "$tool" show-openmpi "$tmp/r.rules"
  cp "$tmp/out" "$tmp/show"
  contains "$tmp/show" "bcast at p = 4: pipeline below 64 KiB" "    0-65535 bytes: 3 pipeline, segments of 1024 bytes"
  contains "$tmp/show" "bcast at p = 4: basic_linear from 64 KiB" "    65536- bytes: 1 basic_linear"
  contains "$tmp/show" "allreduce at p = 4: recursive_doubling below 1 KiB" "    0-1023 bytes: 3 recursive_doubling"
  contains "$tmp/show" "other process counts: the fixed decision" "  p ≥ 5 (rule for 5, line"
  expect 0 "show-openmpi --procs --size" "$tool" show-openmpi "$tmp/r.rules" --procs 4 --collective bcast --size 70000
  line=$(grep -n '^65536 1 0 0 ' "$tmp/r.rules" | cut -d: -f1)
  if [ "$(cat "$tmp/out")" = "bcast at p = 4, 70000 bytes: 1 basic_linear (line $line)" ]; then
    pass "one call's algorithm and the rule's line"
  else
    fail "show-openmpi --size: '$(cat "$tmp/out")'"
  fi
  mkdir "$tmp/prf"
  printf 'MPI_Bcast\n8\n2\n1 binomial\n2 jia\n2\n0 1023 1\n1024 1048576 2\n' >"$tmp/prf/bcast_8.prf"
  expect 0 "export --openmpi from a profile folder" "$tool" export --openmpi "$tmp/p.rules" "$tmp/prf"
  contains "$tmp/out" "the profile's jia is left out" "note: bcast jia @1024-1048576 (profile for 8 processes): left out"
  "$tool" show-openmpi "$tmp/p.rules" --procs 8 --collective bcast --size 100 >"$tmp/out" 2>"$tmp/err"
  contains "$tmp/out" "the profile's binomial at exactly 8 processes" "bcast at p = 8, 100 bytes: 6 binomial"
  "$tool" show-openmpi "$tmp/p.rules" --procs 9 --collective bcast --size 100 >"$tmp/out" 2>"$tmp/err"
  contains "$tmp/out" "not at 9 processes" "bcast at p = 9, 100 bytes: 0: coll tuned's fixed decision"
  printf '1\n7\n1\n4\n1\n16 3 0 1024\n' >"$tmp/bad.rules"
  expect 1 "a malformed file: exit 1" "$tool" show-openmpi "$tmp/bad.rules"
  contains "$tmp/err" "… with its file and line" "$tmp/bad.rules:6: the first message size of bcast at 4 processes must be 0"
  [ "$(wc -l <"$tmp/err")" -eq 1 ] && pass "one error line" || fail "$(wc -l <"$tmp/err") error lines"
  expect 2 "export without a source" "$tool" export --openmpi "$tmp/x.rules"
  expect 2 "an unknown algorithm" "$tool" export --openmpi "$tmp/x.rules" --tune bcast=fastest
  expect 2 "--size without --procs" "$tool" show-openmpi "$tmp/r.rules" --size 5
  expect 1 "an unreadable rules file" "$tool" show-openmpi "$tmp/none.rules"
  expect 0 "export --mpich" "$tool" export --mpich "$tmp/m.json" --tune "bcast=binomial@0-1023,scatter-ring@1024-"
  contains "$tmp/m.json" "MPICH's bcast binomial below 1 KiB" '"avg_msg_size<=1023": {'
  contains "$tmp/m.json" "… and the scatter-ring allgather above" '"algorithm=MPIR_Bcast_intra_scatter_ring_allgather": {}'
}

# traced NAME NP RULES ARGS...: a traced bcast, its messages and tree in $tmp/NAME.
traced() {
  name=$1
  np=$2
  rules=$3
  shift 3
  [ "$rules" = none ] ||
    set -- --mca coll_tuned_use_dynamic_rules 1 --mca coll_tuned_dynamic_rules_filename "$rules" "$@"
  rm -rf "$tmp/t"
  if timeout 90 "$mpiexec" --oversubscribe -np "$np" "$@" "$run" bcast --algorithm native \
    --repetitions 1 --warmup 0 --trace "$tmp/t" $args </dev/null >"$tmp/out" 2>"$tmp/err" &&
    grep -qx 'verified: yes' "$tmp/out" &&
    "$trace" stats "$tmp/t" --call 0 >"$tmp/stats" 2>>"$tmp/err"; then
    grep -E '^(messages|tree) ' "$tmp/stats" | sed 's/  */ /g' >"$tmp/$name"
    pass "p=$np $name: verified ($(tr '\n' ' ' <"$tmp/$name"))"
  else
    fail "p=$np $name: the run, its verification or its trace failed"
    echo failed >"$tmp/$name"
  fi
}

section_mpi() {
  run=$3
  trace=$4
  mpiexec=$5
  "$tool" export --openmpi "$tmp/good.rules" --procs 4 --tune "$spec" >/dev/null
  printf '1\n7\n1\n4\n1\n16 3 0 1024\n' >"$tmp/bad.rules"
  args="--count 1024 --root 2"
  traced pipeline 4 "$tmp/good.rules"
  contains "$tmp/pipeline" "4 KiB: 4 segments × 3 hops" "messages 12 between ranks"
  contains "$tmp/pipeline" "… along one chain from root 2" "tree from root 2, depth 3"
  args="--count 65536"
  traced linear 4 "$tmp/good.rules"
  contains "$tmp/linear" "256 KiB: basic_linear, 3 messages" "messages 3 between ranks"
  contains "$tmp/linear" "… all from the root" "tree from root 0, depth 1"
  args="--count 1024 --root 2"
  traced fixed4 4 none
  traced malformed 4 "$tmp/bad.rules"
  if cmp -s "$tmp/fixed4" "$tmp/malformed" && ! cmp -s "$tmp/fixed4" "$tmp/pipeline"; then
    pass "a malformed file: Open MPI ignores it, the fixed decision runs"
  else
    fail "malformed file: '$(cat "$tmp/malformed")' vs no file '$(cat "$tmp/fixed4")'"
  fi
  traced fixed3 3 none
  traced outside 3 "$tmp/good.rules"
  if cmp -s "$tmp/fixed3" "$tmp/outside"; then
    pass "p = 3, outside the profile's 4: the fixed decision"
  else
    fail "p = 3: '$(cat "$tmp/outside")' vs no file '$(cat "$tmp/fixed3")'"
  fi
}

"section_$section" "$@"
echo "$checks checks, $failures failed"
[ "$failures" -eq 0 ] && [ "$checks" -gt 0 ]
