// Package sandbox starts throwaway MariaDB/MySQL servers for imports, benchmarks and tests:
// own datadir under a temp dir, --no-defaults, unix socket only, removed on Stop.
package sandbox
