#!/usr/bin/env bash
# The test command (README.md "Tests"): installs missing tools, then vets and runs every
# test. Integration tests start their own throwaway MariaDB servers (package sandbox); with
# CI=true a test that would skip for a missing tool fails instead.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/usr/local/go/bin:$PATH"
scripts/install-deps.sh
test -z "$(gofmt -l $(git ls-files '*.go'))" || { echo "gofmt needed:"; gofmt -l $(git ls-files '*.go'); exit 1; }
# With libisal-dev (installed above) the tests run ISA-L's gzip inflate, compared byte for
# byte with the pure-Go one (importer/dumpfile/inflate_isal_test.go); the build without it
# is vetted too, since that is what a plain `go build` gives.
tags=$(scripts/gotags)
go vet ./...
[ -z "$tags" ] || go vet $tags ./...
# dumpscope runs on macOS too (report, compare, imports to a remote server): the Linux-only
# calls (fallocate, O_DIRECT, fdatasync, statfs's field types) sit behind build tags, and
# this cheap cross build keeps them there.
GOOS=darwin GOARCH=arm64 go build ./...
# The package graph against the layout (docs/architecture.md): who may import whom, a doc
# comment on every package, and the size limits (files, methods, cmd's lines): an excess
# fails the run, except those on the layout script's pending list (issue 23's work under
# way), which are printed.
go run ./scripts/layout | sed -n '/^import rules/,$p'
GOOS=darwin go vet ./...
# -timeout is per package: the importer's integration tests (two sandboxes per review case)
# take about 15 minutes on a quiet two-core machine, more beside other work; the whole run
# stays under the CI's cap either way.
go test $tags -count=1 -timeout 35m "$@" ./...
