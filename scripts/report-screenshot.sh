#!/usr/bin/env bash
# Renders the HTML report and the before/after comparison of two real sandbox runs and
# screenshots them in headless Chromium, so a person can look at what the charts show
# (legible, axes labelled with units, nothing cut off).
#
#   scripts/report-screenshot.sh [OUTDIR] [SIZE]
#
# OUTDIR (default: a new temporary directory) receives dump.sql.gz, run-4M.json,
# run-1G.json, report.html, compare.html, report.png and compare.png. SIZE is the dump's
# size (default 200M). The two runs restore the same dump into fresh sandboxes with
# innodb_log_file_size=4M and =1G: seed 002's tuning in miniature.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/usr/local/go/bin:$PATH"
out="${1:-$(mktemp -d)}"
size="${2:-200M}"
mkdir -p "$out"
go build $(scripts/gotags) -o "$out/dumpscope" ./cmd/dumpscope
ds="$out/dumpscope"

[ -s "$out/dump.sql.gz" ] || "$ds" gen --size "$size" -o "$out/dump.sql.gz"
for redo in 4M 1G; do
  # exit 5 (--fail-on is not set here, so 0) or a finding: either way a record is written
  "$ds" import --sandbox --sandbox-set "innodb_log_file_size=$redo" --interval 1s \
    --record "$out/run-$redo.json" "$out/dump.sql.gz" >"$out/import-$redo.log" 2>&1 || {
      echo "import with innodb_log_file_size=$redo failed: see $out/import-$redo.log" >&2; exit 1; }
done
"$ds" report "$out/run-4M.json" -o "$out/report.html"
"$ds" report "$out/run-4M.json" -o "$out/report.txt"
"$ds" compare "$out/run-4M.json" "$out/run-1G.json" --labels redo-4M,redo-1G -o "$out/compare.html"
"$ds" compare "$out/run-4M.json" "$out/run-1G.json" --labels redo-4M,redo-1G -o "$out/compare.txt"

shot() { # shot HTML PNG HEIGHT
  chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$(mktemp -d)" --hide-scrollbars --screenshot="$2" --window-size="1280,$3" \
    "file://$(realpath "$1")" >/dev/null 2>&1
  [ -s "$2" ] || { echo "chromium wrote no screenshot $2" >&2; exit 1; }
}
shot "$out/report.html" "$out/report.png" 2800
shot "$out/compare.html" "$out/compare.png" 2400
ls -l "$out"/*.json "$out"/*.html "$out"/*.png
