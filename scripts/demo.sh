#!/usr/bin/env bash
# The README's main command: install what is missing, build, and import the generated
# sample dump into a throwaway sandbox server. Extra arguments go to `dumpscope import`.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/usr/local/go/bin:$PATH"
scripts/install-deps.sh
go build $(scripts/gotags) -o bin/dumpscope ./cmd/dumpscope
exec bin/dumpscope import --sandbox "$@"
