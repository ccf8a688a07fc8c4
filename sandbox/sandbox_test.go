package sandbox_test

import (
	"database/sql"
	"os"
	"os/exec"
	"strings"
	"testing"

	_ "github.com/go-sql-driver/mysql"

	"github.com/dumpscope/dumpscope/internal/testsandbox"
	"github.com/dumpscope/dumpscope/sandbox"
)

// TestStartSettingsAndStop checks that settings reach the server, that it listens on the
// unix socket only, that the mariadb client reaches it with ClientArgs, and that Stop
// removes the instance directory.
func TestStartSettingsAndStop(t *testing.T) {
	s := testsandbox.Start(t, "innodb_log_file_size=4M", "max_allowed_packet=32M")
	db, err := sql.Open("mysql", s.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var logSize, packet int64
	var skipNet int
	if err := db.QueryRow("SELECT @@innodb_log_file_size, @@max_allowed_packet, @@skip_networking").Scan(&logSize, &packet, &skipNet); err != nil {
		t.Fatal(err)
	}
	if logSize != 4<<20 || packet != 32<<20 || skipNet != 1 {
		t.Errorf("got innodb_log_file_size=%d max_allowed_packet=%d skip_networking=%d, want 4M, 32M, 1", logSize, packet, skipNet)
	}
	client := testsandbox.RequireTool(t, "mariadb")
	out, err := exec.Command(client, append(s.ClientArgs(), "-N", "-e", "SELECT 40+2")...).CombinedOutput()
	if err != nil || strings.TrimSpace(string(out)) != "42" {
		t.Errorf("mariadb client via ClientArgs: %v %q", err, out)
	}
	if err := s.Stop(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(s.Dir); !os.IsNotExist(err) {
		t.Errorf("instance dir %s still exists after Stop (err=%v)", s.Dir, err)
	}
}

// TestBadSettingFailsWithLog checks that a server that refuses to start reports why: the
// error log's first [ERROR] lines (the cause, not the "Aborting" that ends every failure),
// quoted before the instance directory is removed, and no path to that removed log.
func TestBadSettingFailsWithLog(t *testing.T) {
	testsandbox.RequireTool(t, "mariadbd")
	for _, tc := range []struct{ setting, cause string }{
		{"no_such_option_xyz=1", "unknown variable 'no_such_option_xyz=1'"},
		// InnoDB's own option: the cause is three lines above the last [ERROR] line.
		{"innodb_buffer_pool_size=1x", "Unknown suffix 'x' used for variable 'innodb-buffer-pool-size'"},
	} {
		t.Run(tc.setting, func(t *testing.T) {
			_, err := sandbox.StartRawForTest(t, tc.setting)
			if err == nil {
				t.Fatal("the server started")
			}
			msg := err.Error()
			if !strings.Contains(msg, tc.cause) || !strings.Contains(msg, tc.setting) {
				t.Errorf("error %q: want the cause %q and the setting %q", msg, tc.cause, tc.setting)
			}
			if strings.Contains(msg, "error.log") {
				t.Errorf("error %q names the error log of an instance directory that Stop removed", msg)
			}
		})
	}
}
