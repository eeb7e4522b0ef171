#!/bin/sh
# `collscope` with a DISPLAY nobody serves: one line naming the display, exit status 2 (not
# Qt's abort, exit 134). Usage: dead_display.sh COLLSCOPE
app=$1
err=$(mktemp)
trap 'rm -f "$err"' EXIT
env -u QT_QPA_PLATFORM -u WAYLAND_DISPLAY DISPLAY=:987 "$app" >/dev/null 2>"$err"
status=$?
cat "$err"
[ "$status" -eq 2 ] || { echo "FAIL: exit status $status, expected 2"; exit 1; }
[ "$(wc -l <"$err")" -eq 1 ] || { echo "FAIL: expected one line on stderr"; exit 1; }
grep -q "cannot open a window on display ':987'" "$err" || { echo "FAIL: the line names no display"; exit 1; }
echo ok
