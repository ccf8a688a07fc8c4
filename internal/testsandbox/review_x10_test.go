package testsandbox_test

import (
	"database/sql"
	"testing"
)

// x-review10 (see importer/review_x10_test.go): state of a pooled server that the reset
// neither clears nor fingerprints, so the next test (same settings) gets a server that
// differs from a fresh one: it can pass on a fresh server and fail on a reused one (or the
// reverse) depending on which test ran before.

// TestReviewX10PoolKeepsOutsideState: a test changes sys.sys_config (the sys schema is a
// system schema the reset keeps), or writes a file with SELECT … INTO OUTFILE 'x10.txt'
// (into the datadir: no database is selected). The next test gets the same server: it
// reads the changed sys_config row, and its own SELECT … INTO OUTFILE 'x10.txt' fails
// with ERROR 1086 "File 'x10.txt' already exists", where on a fresh server it succeeds.
// No test of the suite does either today (a table created in sys does send the server
// away: innodb_index_stats changes); a dump test of --allow-system-schemas or INTO
// OUTFILE would depend on the order of the tests.
//
// Cause: pool.reset (internal/testsandbox/pool.go:129) drops the non-system databases
// and compares fingerprint (pool.go:220): global variables, plugins, schema names, XA
// RECOVER and checksums of the mysql schema's tables. The sys schema's tables
// (systemSchemas, pool.go:125, are kept) and the files in the datadir outside a
// database's directory are in neither. New in h-ci (this session).
//
// Fixed: the fingerprint checksums the sys schema's tables too, and the reset compares
// the datadir's files outside the dropped databases with the fresh server's
// (datadirFiles): a server either differs is not reused.
func TestReviewX10PoolKeepsOutsideState(t *testing.T) {
	for _, c := range []struct {
		name, do string
		check    string // the next test's query: a fresh server gives 0 and no error
	}{
		{"sys_config", "UPDATE sys.sys_config SET value = '7' WHERE variable = 'statement_truncate_len'",
			"SELECT COUNT(*) FROM sys.sys_config WHERE value = '7'"},
		{"outfile", "SELECT 1 INTO OUTFILE 'x10.txt'", "SELECT 0 INTO OUTFILE 'x10.txt'"},
	} {
		use(t, c.name, func(t *testing.T, db *sql.DB) { exec(t, db, c.do) })
		use(t, c.name+", next", func(t *testing.T, db *sql.DB) {
			var n int
			if err := db.QueryRow(c.check).Scan(&n); err != nil && err != sql.ErrNoRows || n != 0 {
				t.Errorf("after a test that ran %s: %s gives %d, %v; a fresh server gives 0", c.do, c.check, n, err)
			}
		})
	}
}
