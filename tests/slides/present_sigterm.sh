#!/bin/sh
# `collscope present` stopped by SIGTERM (or SIGINT) while a scene records: the recording's
# mpirun and its ranks must end with it, not run on. The "slow run" is a stand-in runner
# ($COLLSCOPE_RUN) that sleeps: every rank writes its pid, so the test can look for them after.
# usage: present_sigterm.sh COLLSCOPE WORKDIR SIGNAL
set -u
app=$1
work=$2
signal=${3:-TERM}
rm -rf "$work"
mkdir -p "$work/cache"
fail() {
  echo "FAIL: $*"
  cat "$work/present.log" 2>/dev/null
  exit 1
}
mpirun_child_of() { # without procps (pgrep), which a fresh machine may not have
  for stat in /proc/[0-9]*/stat; do
    read -r pid comm _ ppid _ < "$stat" 2>/dev/null || continue
    [ "$ppid" = "$1" ] && [ "$comm" = "(mpirun)" ] && echo "$pid"
  done
}
alive() { # a pid that still runs (a zombie waiting for its parent does not)
  [ -r "/proc/$1/status" ] && ! grep -q '^State:[[:space:]]*Z' "/proc/$1/status"
}

cat > "$work/slow-run" <<SCRIPT
#!/bin/sh
echo \$\$ >> "$work/pids"
exec sleep 300
SCRIPT
chmod +x "$work/slow-run"
cat > "$work/deck.md" <<'DECK'
# A slow scene

```scene
run: gather --algorithm binomial --count 10 -np 2
view: tree
```
DECK

export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 QT_QPA_PLATFORM=offscreen
COLLSCOPE_RUN="$work/slow-run" XDG_CACHE_HOME="$work/cache" \
  "$app" present "$work/deck.md" --window > "$work/present.log" 2>&1 &
present=$!

# Both ranks of the recording are up.
i=0
while [ "$(cat "$work/pids" 2>/dev/null | wc -l)" -lt 2 ]; do
  i=$((i + 1))
  [ $i -gt 600 ] && fail "the recording's ranks did not start within 60 s"
  alive $present || fail "collscope present ended before the signal"
  sleep 0.1
done
mpirun=$(mpirun_child_of $present)
[ -n "$mpirun" ] || fail "no mpirun child of collscope present"

kill -s "$signal" $present
i=0
while alive $present; do
  i=$((i + 1))
  [ $i -gt 200 ] && { kill -9 $present; fail "collscope present still runs 20 s after SIG$signal"; }
  sleep 0.1
done
wait $present
status=$?
[ $status -eq 0 ] || fail "collscope present exited with $status after SIG$signal"

# Its recording went with it: mpirun and both ranks (mpirun may take a moment to end them).
i=0
for pid in $mpirun $(cat "$work/pids"); do
  while alive $pid; do
    i=$((i + 1))
    if [ $i -gt 100 ]; then
      tr '\0' ' ' < /proc/$pid/cmdline; echo
      kill -9 $pid
      fail "pid $pid (mpirun or a rank) still runs after collscope present ended"
    fi
    sleep 0.1
  done
done
# No half-written recording is left in the cache to be offered next time.
left=$(find "$work/cache" -mindepth 3 -maxdepth 3 | head -1)
[ -z "$left" ] || fail "the stopped recording left $left in the cache"
echo "ok: SIG$signal stopped collscope present, its mpirun ($mpirun) and ranks ($(tr '\n' ' ' < "$work/pids"))"
