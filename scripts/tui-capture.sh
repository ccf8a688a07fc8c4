#!/usr/bin/env bash
# tui-capture.sh: run a real import with the dashboard inside tmux at 100×32 (COLS×ROWS
# to change it, e.g. COLS=120 ROWS=40 OUT=docs/tui-120x40.txt) and capture
# the screen: a sandbox MariaDB with a 4 MB redo log (so the redo finding fires), a
# generated gzip dump (SIZE, default 1G: long enough to outlast the checks on a quiet machine), --parallel 2 --checkpoint. It captures the pane
# once the redo finding is on screen, presses q (checks the question) and y, waits for the
# import to stop, and captures what is printed after the screen closes.
#
# Checks: progress, device and InnoDB numbers and the redo finding are on the live screen;
# after q y the resume command is printed and the exit code is 3 (interrupted, resumable);
# the resume command, run as printed (into the kept sandbox), finishes the import.
# Saves the live capture to OUT (default docs/tui.txt; OUT= to skip) and both captures
# under KEEP (a directory) when set. Exits 1 when a check fails.
#
# usage: scripts/tui-capture.sh        (needs tmux, mariadbd, go; run as any user)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v tmux >/dev/null || { echo "tui-capture: tmux not installed (apt-get install -y tmux)" >&2; exit 2; }

size=${SIZE:-1G}
out=${OUT-docs/tui.txt}
work=$(mktemp -d "${TMPDIR:-/var/tmp}/tui-capture.XXXXXX")
sess=dumpscope-tui-$$
trap 'tmux kill-session -t "$sess" 2>/dev/null || true; rm -rf "$work"' EXIT

go build $(scripts/gotags) -o "$work/dumpscope" ./cmd/dumpscope
"$work/dumpscope" gen --size "$size" -o "$work/dump.sql.gz" 2>/dev/null

cols=${COLS:-100}
rows=${ROWS:-32}
tmux new-session -d -s "$sess" -x "$cols" -y "$rows" \
	"cd '$work' && ./dumpscope import --sandbox --keep-sandbox --sandbox-set innodb_log_file_size=4M --parallel 2 --checkpoint '$work/dump.ckpt' dump.sql.gz; echo EXIT=\$?; sleep 3600"

capture() { tmux capture-pane -p -t "$sess" "$@" | sed 's/[[:space:]]*$//'; }

# Live: wait for the redo finding, then SETTLE seconds (default 10) so the graphs have
# some history.
for _ in $(seq 120); do
	sleep 1
	capture >"$work/live.txt"
	grep -q 'redo-log-too-small' "$work/live.txt" && break
done
sleep "${SETTLE:-10}"
capture >"$work/live.txt"

fail=0
check() { # file, description, pattern
	if ! grep -qE -- "$3" "$1"; then
		echo "tui-capture: FAIL: $2 (no /$3/ in $(basename "$1"))" >&2
		fail=1
	fi
}
check "$work/live.txt" "progress bar and share applied" '[0-9.]+% applied'
check "$work/live.txt" "import rates" 'now [0-9.]+ [KMG]?i?B/s [0-9.]+k? rows/s'
check "$work/live.txt" "device columns" 'w_await f_await aqu-sz %util'
check "$work/live.txt" "a device row with numbers" '^ [a-z0-9-]+ +[0-9.]+k? +[0-9.]+ +[0-9.]+ '
check "$work/live.txt" "checkpoint age against its maximum" 'checkpoint age .*[0-9]+% [0-9.]+ [KM]i?B of [0-9.]+ [KM]i?B max'
check "$work/live.txt" "the server's flush points" 'flush async 88% · sync 100% \(mariadb'
check "$work/live.txt" "the redo finding" '(CRIT|WARN) .*redo-log-too-small'

tmux send-keys -t "$sess" q
sleep 1
capture >"$work/confirm.txt"
check "$work/confirm.txt" "q asks first" 'stop the import\? y/N'
tmux send-keys -t "$sess" y

# After: the screen closes when the import has stopped; the summary follows.
for _ in $(seq 600); do
	sleep 1
	capture -J -S -300 >"$work/after.txt" # -J: wrapped lines joined, so the resume command is one line
	grep -q '^EXIT=' "$work/after.txt" && break
done
check "$work/after.txt" "the resume command" 'resumable; continue with:'
check "$work/after.txt" "exit code 3 (interrupted)" '^EXIT=3$'

# The resume command, as printed (the line after the heading), run without the screen.
resume=$(awk '/resumable; continue with:/{getline; print; exit}' "$work/after.txt" | sed 's/^ *//')
pid=$(grep -oE 'stop it with: kill [0-9]+' "$work/after.txt" | grep -oE '[0-9]+$' | tail -1)
if [ -n "$resume" ]; then
	(cd "$work" && eval "${resume/dumpscope /./dumpscope } --no-tui") >"$work/resume.txt" 2>&1 && rc=0 || rc=$?
	check "$work/resume.txt" "the resumed import finishes" '^dumpscope: finished'
	[ "$rc" = 0 ] || { echo "tui-capture: FAIL: the resume command exited $rc" >&2; fail=1; }
else
	echo "tui-capture: FAIL: no resume command to run" >&2
	fail=1
fi
[ -n "$pid" ] && kill "$pid" 2>/dev/null || true

if [ -n "${KEEP:-}" ]; then
	mkdir -p "$KEEP" && cp "$work"/live.txt "$work"/confirm.txt "$work"/after.txt "$KEEP"/
fi
if [ -n "$out" ]; then
	# The dump lives in a temp dir: show it by its base name, as a user would type it.
	sed "s#$work/##g" "$work/live.txt" >"$out"
	echo "tui-capture: live screen saved to $out"
fi
echo "--- live (${cols}×${rows})"
cat "$work/live.txt"
echo "--- after q y (tail)"
tail -n 25 "$work/after.txt"
exit $fail
