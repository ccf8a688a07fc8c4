package testsandbox_test

import (
	"database/sql"
	"os"
	"testing"

	_ "github.com/go-sql-driver/mysql"

	"github.com/dumpscope/dumpscope/internal/testsandbox"
	"github.com/dumpscope/dumpscope/sandbox"
)

func TestMain(m *testing.M) {
	os.Exit(testsandbox.Main(m))
}

// use runs f on a server from the pool in a subtest, so that the server goes back to the
// pool when f returns; it returns the server's socket.
func use(t *testing.T, name string, f func(t *testing.T, db *sql.DB)) (socket string) {
	t.Helper()
	t.Run(name, func(t *testing.T) {
		s := testsandbox.Start(t)
		socket = s.Socket
		db := open(t, s)
		defer db.Close()
		f(t, db)
	})
	return socket
}

func open(t *testing.T, s *sandbox.Server) *sql.DB {
	t.Helper()
	db, err := sql.Open("mysql", s.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	return db
}

func exec(t *testing.T, db *sql.DB, qs ...string) {
	t.Helper()
	for _, q := range qs {
		if _, err := db.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
}

// TestPoolReusesResetServer: a server whose test made databases (tables, a routine, a
// view, a foreign key into another database) is reset and given to the next test, which
// finds none of them.
func TestPoolReusesResetServer(t *testing.T) {
	first := use(t, "make databases", func(t *testing.T, db *sql.DB) {
		exec(t, db, "CREATE DATABASE a", "CREATE TABLE a.p (id int PRIMARY KEY) ENGINE=InnoDB",
			"CREATE DATABASE `b-x`", "CREATE TABLE `b-x`.c (id int, FOREIGN KEY (id) REFERENCES a.p (id)) ENGINE=InnoDB",
			"INSERT INTO a.p VALUES (1)", "INSERT INTO `b-x`.c VALUES (1)",
			"CREATE PROCEDURE a.pr() SELECT 1", "CREATE VIEW a.v AS SELECT * FROM a.p")
		var n int
		if err := db.QueryRow("SELECT COUNT(*) FROM (SELECT 1 UNION SELECT 2 UNION SELECT 3) x").Scan(&n); err != nil {
			t.Fatal(err)
		}
		r, err := db.Query("SELECT * FROM (SELECT 1 UNION SELECT 2 UNION SELECT 3) x") // FOUND_ROWS() 3
		if err != nil {
			t.Fatal(err)
		}
		r.Close()
	})
	second := use(t, "find none", func(t *testing.T, db *sql.DB) {
		// A new session's FOUND_ROWS() is what its thread's last session left: 0 on a
		// fresh server, and the mariadb client's first statement can read it.
		var n int
		if err := db.QueryRow("SELECT FOUND_ROWS()").Scan(&n); err != nil || n != 0 {
			t.Errorf("a new session's FOUND_ROWS() is %d (%v), want 0 as on a fresh server", n, err)
		}
		if err := db.QueryRow("SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME IN ('a', 'b-x')").Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n != 0 {
			t.Errorf("the reused server still has %d of the databases the last test made", n)
		}
		if err := db.QueryRow("SELECT COUNT(*) FROM mysql.proc WHERE db = 'a'").Scan(&n); err != nil || n != 0 {
			t.Errorf("mysql.proc has %d of the last test's routines (%v), want none", n, err)
		}
	})
	if first != second {
		t.Errorf("the second test got a new server (%s, then %s): the reset one was not reused", first, second)
	}
}

// TestPoolStopsChangedServer: a server whose state a test changed beyond its databases
// is not given to another test.
func TestPoolStopsChangedServer(t *testing.T) {
	outer := t
	for _, c := range []struct {
		name string
		do   func(t *testing.T, db *sql.DB)
	}{
		{"a user", func(t *testing.T, db *sql.DB) { exec(t, db, "CREATE USER u@localhost") }},
		{"a grant", func(t *testing.T, db *sql.DB) {
			exec(t, db, "CREATE DATABASE g", "GRANT SELECT ON g.* TO root@localhost")
		}},
		{"a global variable", func(t *testing.T, db *sql.DB) { exec(t, db, "SET GLOBAL max_connections = 77") }},
		{"a prepared XA transaction", func(t *testing.T, db *sql.DB) {
			exec(t, db, "CREATE DATABASE x", "CREATE TABLE x.t (id int) ENGINE=InnoDB")
			conn, err := db.Conn(t.Context())
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			for _, q := range []string{"XA START 'x1'", "INSERT INTO x.t VALUES (1)", "XA END 'x1'", "XA PREPARE 'x1'"} {
				if _, err := conn.ExecContext(t.Context(), q); err != nil {
					t.Fatalf("%s: %v", q, err)
				}
			}
		}},
		{"a connection left open", func(t *testing.T, db *sql.DB) {
			// The other handle outlives the test: its connection holds a read lock.
			other, err := sql.Open("mysql", dsnOf(t, db))
			if err != nil {
				t.Fatal(err)
			}
			conn, err := other.Conn(t.Context())
			if err != nil {
				t.Fatal(err)
			}
			if _, err := conn.ExecContext(t.Context(), "FLUSH TABLES WITH READ LOCK"); err != nil {
				t.Fatal(err)
			}
			outer.Cleanup(func() { conn.Close(); other.Close() })
		}},
	} {
		before := use(t, c.name, c.do)
		after := use(t, c.name+", next", func(t *testing.T, db *sql.DB) {})
		if before == after {
			t.Errorf("%s: the next test got the same server", c.name)
		}
	}
}

// dsnOf is the DSN of the server db is connected to.
func dsnOf(t *testing.T, db *sql.DB) string {
	t.Helper()
	var socket string
	if err := db.QueryRow("SELECT @@socket").Scan(&socket); err != nil {
		t.Fatal(err)
	}
	return "root@unix(" + socket + ")/"
}
