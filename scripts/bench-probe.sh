#!/usr/bin/env bash
# bench-probe.sh: compare `dumpscope probe` with fio doing the same thing in the same
# directory: BLOCK-byte writes each followed by fdatasync, rewriting a 16 MiB file
# (fio --rw=write --ioengine=sync --fdatasync=1), or O_DIRECT|O_DSYNC writes (fio
# --direct=1 --sync=dsync) with MODE o_dsync.
#
# The two tools alternate ROUNDS times (default 5) for SECONDS each, so drift on a
# shared disk hits both. It prints, per round and overall, ops/s and the median latency
# of one write+flush, and the ratios probe/fio. It exits 1 when the ops/s ratio is
# outside 0.75–1.25 (the target in issue 4).
#
# usage: scripts/bench-probe.sh [DIR] [BLOCK] [SECONDS] [MODE]
#        defaults: a new temp dir under /var/tmp, 16k, 2, fdatasync
set -euo pipefail

dir=${1:-}
block=${2:-16k}
seconds=${3:-2}
mode=${4:-fdatasync}
rounds=${ROUNDS:-5}
cd "$(dirname "$0")/.."

command -v fio >/dev/null || { echo "bench-probe: fio not installed (apt-get install -y fio)" >&2; exit 2; }
case $mode in
fdatasync) fio_mode=(--fdatasync=1) ;;
o_dsync) fio_mode=(--direct=1 --sync=dsync) ;;
*) echo "bench-probe: mode $mode: want fdatasync or o_dsync" >&2; exit 2 ;;
esac

work=$(mktemp -d)
own_dir=""
[ -n "$dir" ] || { dir=$(mktemp -d /var/tmp/bench-probe.XXXXXX); own_dir=$dir; }
fio_file="$dir/.fio-bench-probe.$$"
trap 'rm -rf "$work" "$fio_file" $own_dir' EXIT
go build $(scripts/gotags) -o "$work/dumpscope" ./cmd/dumpscope

# The probe rewrites a file it filled first; give fio the same: 16 MiB of real data,
# fsynced, so neither pays for allocating blocks (fio's default fallocate leaves
# unwritten extents whose conversion costs a journal commit on the first pass).
dd if=/dev/urandom of="$fio_file" bs=1M count=16 conv=fsync status=none

# fio_run prints "IOPS P50_MS": P50 is the median write latency plus, with fdatasync,
# the median fdatasync latency (fio reports the two separately).
fio_run() {
	fio --name=bench-probe --filename="$fio_file" --fallocate=none --rw=write --bs="$block" \
		--size=16m --ioengine=sync "${fio_mode[@]}" --time_based --runtime="$seconds" \
		--output-format=normal | awk '
		function usec(v, unit) { return unit == "nsec" ? v / 1000 : unit == "msec" ? v * 1000 : v }
		/write: IOPS=/ { split($0, a, "IOPS="); split(a[2], b, ","); v = b[1]
			if (v ~ /k$/) { sub(/k$/, "", v); v *= 1000 } iops = v }
		/clat percentiles/ { sec = "clat"; match($0, /\((.sec)\)/); unit = substr($0, RSTART + 1, 4) }
		/sync percentiles/ { sec = "sync"; match($0, /\((.sec)\)/); unit = substr($0, RSTART + 1, 4) }
		/50\.00th=\[/ && sec != "" { split($0, a, "50.00th=\\["); split(a[2], b, "]"); p[sec] = usec(b[1] + 0, unit); sec = "" }
		END { printf "%s %.4f\n", iops, (p["clat"] + p["sync"]) / 1000 }'
}

# probe_run prints "OPS_PER_SEC P50_MS CLASS".
probe_run() {
	"$work/dumpscope" probe --dir "$dir" --block "$block" --duration "${seconds}s" --mode "$mode" --json |
		awk -F'[:,"]+' '/"ops_per_sec"/ { o = $3 } /"p50_ms"/ { p = $3 } /"class"/ { c = $4 }
		END { printf "%s %s %s\n", o + 0, p + 0, c }'
}

printf 'dir %s, %s blocks, mode %s, %d rounds of %ss each\n' "$dir" "$block" "$mode" "$rounds" "$seconds"
results=""
for ((r = 1; r <= rounds; r++)); do
	read -r f_ops f_p50 < <(fio_run)
	read -r p_ops p_p50 p_class < <(probe_run)
	printf 'round %d: fio %8.1f ops/s p50 %.3f ms | probe %8.1f ops/s p50 %.3f ms (%s)\n' \
		"$r" "$f_ops" "$f_p50" "$p_ops" "$p_p50" "$p_class"
	results+="$f_ops $f_p50 $p_ops $p_p50"$'\n'
done
printf '%s' "$results" | awk '
	{ fo += $1; fp += $2; po += $3; pp += $4; n++ }
	END {
		ro = (po / n) / (fo / n); rp = (pp / n) / (fp / n)
		printf "mean: fio %.1f ops/s p50 %.3f ms | probe %.1f ops/s p50 %.3f ms\n", fo / n, fp / n, po / n, pp / n
		printf "ratio probe/fio: ops/s %.3f, p50 %.3f (target ops/s 0.75-1.25): %s\n", ro, rp, (ro >= 0.75 && ro <= 1.25) ? "ok" : "OUTSIDE"
		exit !(ro >= 0.75 && ro <= 1.25)
	}'
