#!/usr/bin/env bash
# tui-bench.sh: what the dashboard costs. The same import (a generated gzip dump of SIZE,
# default 200M, --parallel 2 into a fresh sandbox) runs four times inside tmux at 100×32,
# alternating the dashboard (A) and --no-tui (B) as A B B A so drift hits both. Each run
# writes a run record; dumpscope's own CPU comes from it (the sampler's client_pct, percent
# of one core, times each interval), so the sandbox server's CPU is not counted.
#
# Prints per run: mode, dumpscope CPU seconds, import wall seconds; then the means and the
# dashboard's extra CPU as a percent of one core over the import.
#
# usage: scripts/tui-bench.sh      (needs tmux, mariadbd, go, python3)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v tmux >/dev/null || { echo "tui-bench: tmux not installed" >&2; exit 2; }
size=${SIZE:-200M}
work=$(mktemp -d "${TMPDIR:-/var/tmp}/tui-bench.XXXXXX")
sess=dumpscope-bench-$$
trap 'tmux kill-session -t "$sess" 2>/dev/null || true; rm -rf "$work"' EXIT

go build $(scripts/gotags) -o "$work/dumpscope" ./cmd/dumpscope
"$work/dumpscope" gen --size "$size" -o "$work/dump.sql.gz" 2>/dev/null

i=0
for mode in A B B A; do
	i=$((i + 1))
	flags=""
	[ "$mode" = B ] && flags="--no-tui"
	tmux new-session -d -s "$sess" -x 100 -y 32 \
		"cd '$work' && ./dumpscope import --sandbox --parallel 2 $flags --record run$i.json dump.sql.gz >out$i.txt 2>&1; echo \$? >exit$i"
	while [ ! -f "$work/exit$i" ]; do sleep 1; done
	tmux kill-session -t "$sess" 2>/dev/null || true
	[ "$(cat "$work/exit$i")" = 0 ] || { echo "tui-bench: run $i ($mode) failed:" >&2; tail -5 "$work/out$i.txt" >&2; exit 1; }
	echo "$mode $work/run$i.json"
done | python3 -c '
import json, sys
rows = []
for line in sys.stdin:
    mode, path = line.split()
    r = json.load(open(path))
    cpu, prev = 0.0, None
    for s in r["samples"]:
        if prev is not None and s.get("cpu"):
            cpu += s["cpu"]["client_pct"] / 100 * (s["t"] - prev)
        prev = s["t"]
    wall = r["samples"][-1]["t"]
    rows.append((mode, cpu, wall))
    label = "dashboard" if mode == "A" else "--no-tui "
    print(f"{mode} {label}  dumpscope CPU {cpu:6.2f} s   wall {wall:6.1f} s")
def mean(m, i): return sum(r[i] for r in rows if r[0] == m) / sum(1 for r in rows if r[0] == m)
a_cpu, b_cpu, a_wall, b_wall = mean("A", 1), mean("B", 1), mean("A", 2), mean("B", 2)
print(f"mean: dashboard {a_cpu:.2f} s CPU in {a_wall:.1f} s; --no-tui {b_cpu:.2f} s CPU in {b_wall:.1f} s")
print(f"dashboard cost: {100*(a_cpu-b_cpu)/a_wall:+.2f} % of one core over the import; wall {100*(a_wall/b_wall-1):+.1f} %")
'
