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

// TestBadSettingFailsWithLog checks that a server that refuses to start reports why.
func TestBadSettingFailsWithLog(t *testing.T) {
	testsandbox.RequireTool(t, "mariadbd")
	_, err := sandbox.StartRawForTest(t, "no_such_option_xyz=1")
	if err == nil || !strings.Contains(err.Error(), "error log") {
		t.Fatalf("want a start-up error quoting the error log, got %v", err)
	}
}
