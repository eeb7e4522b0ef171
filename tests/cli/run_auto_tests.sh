#!/bin/sh
# collscope-run --algorithm auto and --list, end to end.
# usage: run_auto_tests.sh COLLSCOPE_RUN MPIEXEC CHECK_LIST_JSON_CMAKE SECTION...
#   SECTION: auto (the choice printed, run and verified against native at p = 2..4; what it
#            refuses) | list (--list in 100 columns, --wide one line each, --json parses)
set -u
run=$1
mpiexec=$2
check_json=$3
shift 3

failures=0
checks=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

mpi() {
  np=$1
  shift
  timeout 60 "$mpiexec" --oversubscribe -np "$np" "$run" "$@" </dev/null >"$tmp/out" 2>"$tmp/err"
}

pass() {
  checks=$((checks + 1))
  echo "ok    $*"
}

fail() {
  checks=$((checks + 1))
  failures=$((failures + 1))
  echo "FAIL  $*"
  tail -n 15 "$tmp/out" | sed 's/^/      out| /'
  tail -n 15 "$tmp/err" | sed 's/^/      err| /'
}

value() { sed -n "s/^#@$1=//p" "$tmp/out"; }

# expect_auto NP ARGS...: verified once; #@auto= names the algorithm that ran (#@algorithm=),
# its prediction is the model_cost_s printed for the run (for a k-ported algorithm between
# model_cost_ported_s and model_cost_s), and the runner-up is not faster.
expect_auto() {
  np=$1
  shift
  mpi "$np" "$@" --algorithm auto --repetitions 1 --warmup 0
  status=$?
  auto=$(value auto)
  chosen=$(value algorithm)
  predicted=$(echo "$auto" | sed -n 's/.*, α-β \([0-9.e+-]*\) s;.*/\1/p')
  runner=$(echo "$auto" | sed -n 's/.*; runner-up .*, \([0-9.e+-]*\) s;.*/\1/p')
  model=$(value model_cost_s | cut -d' ' -f1)
  # A k-ported algorithm (#@model_cost_ported_s) is predicted on one link per rank: the latencies
  # of a level overlap, its bytes take turns; between the k-ported and the one-ported figure.
  ported=$(value model_cost_ported_s | cut -d' ' -f1)
  if [ "$status" -ne 0 ] || [ "$(grep -cx 'verified: yes' "$tmp/out")" -ne 1 ]; then
    fail "p=$np $* auto (exit $status, expected 'verified: yes')"
  elif [ -z "$auto" ] || [ "$(echo "$auto" | sed 's/[ ,].*//')" != "$chosen" ]; then
    fail "p=$np $* auto: '#@auto=$auto' does not name the algorithm run ('$chosen')"
  elif ! awk -v a="$predicted" -v m="$model" -v k="$ported" -v r="${runner:-$predicted}" \
    'BEGIN { near = (a - m) ^ 2 <= (1e-3 * m) ^ 2
             if (k != "") near = a >= k * (1 - 1e-3) && a <= m * (1 + 1e-3)
             exit !(a > 0 && near && r >= a) }'; then
    fail "p=$np $* auto: predicted '$predicted', model_cost_s '$model' (k-ported '$ported'), runner-up '$runner'"
  else
    pass "p=$np $* auto -> $auto"
  fi
}

section_auto() {
  for collective in bcast reduce allreduce reduce_scatter_block allgather alltoall gather \
    scatter scan exscan; do
    expect_auto 3 "$collective" --count 5
  done
  expect_auto 2 bcast --count 100000
  expect_auto 4 bcast --count 100000 --root 3
  expect_auto 4 allreduce --count 20000 --datatype double
  expect_auto 4 alltoall --count 3 --datatype vector
  expect_auto 3 reduce --count 50000 --op noncommutative --root 1
  if [ "$(value algorithm)" = binomial ]; then
    fail "p=3 reduce --op noncommutative: auto chose the commutative-only binomial"
  fi
  # A megabyte's broadcast goes to a pipelined algorithm (every bcast formula with M blocks
  # beats the unpipelined ones there), run at the block count auto found.
  expect_auto 4 bcast --count 200000
  if value blocks | grep -q -- '--algorithm auto'; then
    pass "p=4 bcast auto: #@blocks=$(value blocks)"
  else
    fail "p=4 bcast auto: #@blocks does not say auto chose it ($(value blocks))"
  fi
  # --blocks given: auto predicts every pipelined candidate at that M, the run uses it.
  expect_auto 4 bcast --count 100000 --blocks 5
  timeout 120 "$mpiexec" --oversubscribe -np 3 "$run" gatherv --algorithm auto </dev/null \
    >"$tmp/out" 2>"$tmp/err"
  status=$?
  if [ "$status" -eq 2 ] && [ "$(grep -c '^collscope-run: error: --algorithm auto chooses' "$tmp/err")" -eq 1 ]; then
    pass "p=3 gatherv auto: refused in one line ($(grep '^collscope-run' "$tmp/err"))"
  else
    fail "p=3 gatherv auto (exit $status, expected 2 and one error line)"
  fi
}

section_list() {
  if timeout 60 "$run" --list >"$tmp/out" 2>"$tmp/err"; then
    # Columns, not bytes: the formulas' ⌈ ₂ α β are one column each (UTF-8 lead bytes).
    widest=$(LC_ALL=C awk '{ n = 0; for (i = 1; i <= length($0); i++) {
               c = substr($0, i, 1); if (c < "\200" || c >= "\300") n++ }
               if (n > w) w = n } END { print w + 0 }' "$tmp/out")
    lines=$(wc -l <"$tmp/out")
    if [ "$widest" -le 100 ] && [ "$widest" -ge 60 ] && [ "$lines" -gt 40 ]; then
      pass "--list: $lines lines, the widest $widest columns"
    else
      fail "--list: the widest line has $widest columns ($lines lines)"
    fi
  else
    fail "--list"
  fi
  timeout 60 "$run" --list --wide >"$tmp/wide" 2>"$tmp/err" &&
    timeout 60 "$run" --list --json >"$tmp/json" 2>>"$tmp/err"
  status=$?
  wide_max=$(LC_ALL=C awk '{ if (length($0) > w) w = length($0) } END { print w + 0 }' "$tmp/wide")
  if [ "$status" -eq 0 ] && [ "$wide_max" -gt 100 ] &&
    cmake -DJSON="$tmp/json" -DWIDE="$tmp/wide" -P "$check_json" >"$tmp/out" 2>"$tmp/err"; then
    pass "--list --wide (up to $wide_max bytes a line) and --json: $(cat "$tmp/out")"
  else
    fail "--list --wide / --json (exit $status)"
  fi
}

for section in "$@"; do
  case $section in
  auto | list) "section_$section" ;;
  *)
    echo "run_auto_tests.sh: unknown section '$section'" >&2
    exit 2
    ;;
  esac
done
echo "$((checks - failures)) of $checks checks passed"
[ "$failures" -eq 0 ]
