#!/usr/bin/env bash
# The long run (README.md "Tests"): the tests whose exhaustive cases `go test` samples
# (internal/longtest) run in full with DUMPSCOPE_LONG=1 — every stop line of the LOCK TABLES
# regions, every corpus script in every mode (and killed), the fuzzer's in-suite run over
# seeds 1–24. scripts/test.sh (CI) runs a sample of
# each, so run this before merging a change to the resume, the lock handling or the
# fuzzer, and now and then. It took 1,178 s at load average 15–20 (session 37: importer
# 91 s, cmd/dumpscope 544 s, internal/difffuzz 464 s); the same at a quiet machine is not measured.
# A test that uses longtest.Every or longtest.On belongs in the list below.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/usr/local/go/bin:$PATH"
export DUMPSCOPE_LONG=1
tags=$(scripts/gotags)
start=$(date +%s)
go test $tags -count=1 -timeout 30m "$@" -run 'TestResumeLockTablesRegion|TestResumeLockTablesNoAutocommit' ./importer/
go test $tags -count=1 -timeout 30m "$@" -run 'TestImportPlanCorpus2' ./cmd/dumpscope/
go test $tags -count=1 -timeout 30m "$@" -run 'TestDiffFuzzShort' ./internal/difffuzz/
echo "longtests: $(( $(date +%s) - start )) s, load average $(cut -d' ' -f1-3 /proc/loadavg)"
