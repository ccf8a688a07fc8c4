package rules

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/dumpscope/dumpscope/advisor"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// The status counters rules read, per flavour: a rule reading a name a server does not
// have is silently deaf there, so each name is checked against real SHOW GLOBAL STATUS
// output — the shared captures for MySQL and Percona, a live MariaDB for MariaDB.
var (
	countersAll = []string{"Innodb_os_log_written", "Innodb_data_fsyncs", "Handler_commit", "Com_commit", "Com_insert",
		"Handler_write", "Innodb_dblwr_pages_written", "Innodb_buffer_pool_pages_flushed", "Innodb_buffer_pool_pages_dirty",
		"Innodb_buffer_pool_pages_total", "Innodb_buffer_pool_reads", "Innodb_log_waits"}
	countersMySQL8030 = []string{"Innodb_os_log_fsyncs", "Innodb_rows_inserted", "Binlog_cache_use",
		"Innodb_redo_log_current_lsn", "Innodb_redo_log_checkpoint_lsn"}
	countersPercona = []string{"Innodb_os_log_fsyncs", "Innodb_rows_inserted", "Binlog_cache_use",
		"Innodb_checkpoint_age", "Innodb_lsn_current", "Innodb_lsn_last_checkpoint"}
	countersMariaDB = []string{"Binlog_bytes_written", "Binlog_commits", "Innodb_checkpoint_age", "Innodb_checkpoint_max_age",
		"Innodb_lsn_current", "Innodb_lsn_last_checkpoint"}
)

func checkCounters(t *testing.T, what string, status map[string]string, names ...[]string) {
	t.Helper()
	for _, list := range names {
		for _, n := range list {
			if _, ok := status[n]; !ok {
				t.Errorf("%s has no status counter %s", what, n)
			}
		}
	}
}

func TestCounterNamesInCaptures(t *testing.T) {
	dir := filepath.Join("..", "..", "shared", "testdata", "captures")
	for _, tc := range []struct {
		file  string
		names [][]string
	}{
		{"global-status-mysql-8.0.30.txt", [][]string{countersAll, countersMySQL8030}},
		{"global-status-percona-server-8.0.32-24.txt", [][]string{countersAll, countersPercona}},
		{"global-status-percona-server-8.0.29.txt", [][]string{countersAll, countersPercona}},
	} {
		f, err := os.Open(filepath.Join(dir, tc.file))
		if os.IsNotExist(err) {
			t.Skipf("captures not found at %s", dir)
		}
		if err != nil {
			t.Fatal(err)
		}
		rows, err := advisor.ParseGlobalRows(f)
		f.Close()
		if err != nil {
			t.Fatalf("%s: %v", tc.file, err)
		}
		checkCounters(t, tc.file, rows, tc.names...)
	}
}

func TestCounterNamesOnMariaDB(t *testing.T) {
	if testing.Short() {
		t.Skip("integration: starts MariaDB")
	}
	s := testsandbox.Start(t, "log_bin=ON")
	db, err := sql.Open("mysql", s.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	rows, err := db.QueryContext(ctx, "SHOW GLOBAL STATUS")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	status := map[string]string{}
	for rows.Next() {
		var n, v string
		if err := rows.Scan(&n, &v); err != nil {
			t.Fatal(err)
		}
		status[n] = v
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	checkCounters(t, "MariaDB "+s.Version, status, countersAll, countersMariaDB)
}
