#!/usr/bin/env bash
# sysmonwakes.sh: why the Go runtime's monitor thread (sysmon) polls during a run of a
# dumpscope binary. sysmon sleeps 20 µs between polls while any P is busy, backing off to
# 10 ms only after 50 polls in which it retook no P, and sleeps deeply while every P is
# idle. Each of three events sets it back to 20 µs (runtime/proc.go, go1.26): a system
# call or cgo call entered while it sleeps deeply (entersyscallWakeSysmon), a syscall/cgo
# return that finds its P gone and takes an idle one (exitsyscall), and its own retake of
# a P from a syscall/cgo call (handoffp from retake). This script puts perf uprobes on
# those and on sysmon's usleep, records the run with call chains, and charges every poll
# to the latest reset before it, named by what the resetting call was (a socket read, an
# ISA-L inflate call, …). The uprobes cost CPU: use it for counts, never for CPU seconds.
#
# usage: scripts/sysmonwakes.sh BINARY ARGS…   e.g.
#        scripts/sysmonwakes.sh /tmp/b/dumpscope import --no-defaults -u root -S SOCK \
#            --no-advisor --skip-warning-count --parallel 2 /tmp/gen.sql.gz
# Needs root (uprobes) and perf; the recording is left in $OUT (default /tmp/sysmonwakes.data).
set -euo pipefail
bin=$(readlink -f "$1")
shift
out=${OUT:-/tmp/sysmonwakes.data}
pfx=sw$$
events=()
for f in usleep entersyscallWakeSysmon notewakeup handoffp; do
	perf probe -q -x "$bin" --add "${pfx}_$f=runtime.$f" 2>/dev/null
done
trap 'perf probe -q -d "probe_*:${pfx}_*" >/dev/null 2>&1 || true' EXIT
for e in $(perf probe -l 2>/dev/null | awk '{print $1}' | grep ":${pfx}_"); do
	events+=(-e "$e")
done
rc=0
perf record -q -g "${events[@]}" -o "$out" -- "$bin" "$@" >"$out.log" 2>&1 || rc=$?
echo "run exit status $rc (output in $out.log)"
perf script -i "$out" -F tid,event,ip,sym 2>/dev/null | awk -v pfx="${pfx}_" '
function cause(ev, chain, s1) {
	if (ev == "entersyscallWakeSysmon") {
		if (chain ~ /cgocall/) return "deep-sleep wake: cgo call"
		if (chain ~ /syscall\.read .*net\./) return "deep-sleep wake: socket read"
		if (chain ~ /net\./ && chain ~ /write/) return "deep-sleep wake: socket write"
		if (chain ~ /isTerminal/) return "deep-sleep wake: progress tick ioctl"
		if (chain ~ /os\.\(\*File\)/) return "deep-sleep wake: file I/O"
		return "deep-sleep wake: other syscall"
	}
	if (ev == "notewakeup" && s1 ~ /^runtime\.exitsyscall/)
		return (chain ~ /cgocall/) ? "P lost: cgo call returned" : "P lost: syscall returned"
	if (ev == "handoffp" && s1 == "runtime.sysmon") return "retake of a P in a syscall/cgo call"
	return ""
}
function flush(   c) {
	if (ev == "") return
	if (ev == "usleep" && s1 == "runtime.sysmon") { polls[cur]++; total++ }
	else if ((c = cause(ev, chain, s1)) != "") { resets[c]++; cur = c }
	ev = ""
}
BEGIN { cur = "(before the first reset)" }
/^ *[0-9]+ +probe_/ { flush(); ev = $2; sub(/^[^:]*:/, "", ev); sub(/:$/, "", ev); sub(pfx, "", ev); chain = ""; s1 = ""; n = 0; next }
NF >= 2 && ev != "" { n++; if (n == 2) s1 = $2; chain = chain " " $2 }
END {
	flush()
	printf "sysmon polls: %d\n", total
	for (c in polls) printf "%7d polls (%3.0f%%) after %5d resets: %s\n", polls[c], 100 * polls[c] / total, resets[c], c | "sort -rn"
}'
exit $rc
