package importer_test

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/go-sql-driver/mysql"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestParallelFitsMaxConnections: --parallel 12 against a server with max_connections=10,
// and against an account with MAX_USER_CONNECTIONS 4, is reduced with one line saying so
// and finishes; before, opening the connections failed with ERROR 1040 (1203) before the
// first statement. An account that cannot have two workers is refused with its limit.
func TestParallelFitsMaxConnections(t *testing.T) {
	srv := testsandbox.Start(t, "max_connections=10") // the least MariaDB takes
	admin, err := sql.Open("mysql", srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		"CREATE USER lim4@localhost WITH MAX_USER_CONNECTIONS 4", "GRANT ALL ON *.* TO lim4@localhost",
		"CREATE USER lim2@localhost WITH MAX_USER_CONNECTIONS 2", "GRANT ALL ON *.* TO lim2@localhost",
	} {
		if _, err := admin.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	admin.Close() // its connection would count against max_connections
	path := filepath.Join(t.TempDir(), "mc.sql")
	if err := os.WriteFile(path, []byte("CREATE DATABASE IF NOT EXISTS mc;\nUSE mc;\nCREATE TABLE IF NOT EXISTS t (id INT PRIMARY KEY AUTO_INCREMENT, v INT);\nINSERT INTO t (v) VALUES (1),(2),(3);\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		user, want, wantErr string
	}{
		{"root", "--parallel 12 reduced to 7", ""},
		{"lim4", "--parallel 12 reduced to 2", ""},
		{"lim2", "", "max_user_connections"},
	} {
		t.Run(tc.user, func(t *testing.T) {
			cfg, err := mysql.ParseDSN(srv.DSN(""))
			if err != nil {
				t.Fatal(err)
			}
			cfg.User = tc.user
			var log strings.Builder
			res, err := importer.Import(context.Background(), cfg, importer.Source{Path: path}, importer.Options{
				Parallel: 12, OtherConnections: 1, Overwrite: true, CheckpointPath: filepath.Join(t.TempDir(), "j"), Log: &log,
			})
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("err %v, want a refusal naming %s\n%s", err, tc.wantErr, log.String())
				}
				return
			}
			if err != nil {
				t.Fatalf("Import: %v\n%s", err, log.String())
			}
			want := tc.want
			if tc.user == "root" {
				// The admin connection closed above may still count for a moment
				// (the server ends a thread after the client has gone): with 2 open,
				// 10 - 2 - 1 kept - 1 sampler leaves 6.
				if m := regexp.MustCompile(`max_connections is 10 with (\d) open`).FindStringSubmatch(log.String()); m != nil && m[1] == "2" {
					want = "--parallel 12 reduced to 6"
				}
			}
			if res.Err != nil || !strings.Contains(log.String(), want) {
				t.Errorf("replay %v; log lacks %q:\n%s", res.Err, want, log.String())
			}
			if u := res.Used; !strings.HasSuffix(want, " "+strconv.Itoa(u.Parallel)) || len(u.Reasons) != 1 || !strings.Contains(u.Reasons[0], want) {
				t.Errorf("Result.Used %+v, want the %q it was reduced to and why", u, want)
			}
		})
	}
}
