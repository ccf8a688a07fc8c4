package testsandbox

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/dumpscope/dumpscope/sandbox"
)

// The pool: a server costs 1–3 s to start and stop on a two-core machine, and the
// importer's and the command's tests started several hundred, most of them to import a
// few statements. Under Main a server a test is done with is reset (every database but
// the system ones dropped) and kept for the next Start with the same settings, but only
// when its state then equals what it was fresh: the global variables, the plugins, every
// table of the mysql schema (accounts, grants, time zones), no prepared XA transaction,
// no other connection left (its locks, its temporary tables, its session), and no cached
// thread that would hand a new session what an old one left (FOUND_ROWS()). Anything else
// — a test that made a user, set a global, left a lock, restarted or killed the server —
// and the server is stopped, as before. So a test sees either a fresh server or one that
// no query of those can tell from a fresh one.

// pool holds the idle servers of this test binary, by settings.
type pool struct {
	mu     sync.Mutex
	on     bool // pooling
	main   bool // under Main: sandboxes on a tmpfs
	idle   map[string][]*pooled
	reused int // Starts served from the pool, reported by Main
	fresh  int // servers started
}

// pooled is an idle server, with the fingerprint it had when it was fresh.
type pooled struct {
	srv   *sandbox.Server
	dir   string // the instance's parent directory, removed with it
	fresh string
	// freshFiles are the files its datadir held when it was fresh (datadirFiles).
	freshFiles string
}

var thePool = pool{idle: map[string][]*pooled{}}

// maxIdlePerKey bounds the idle servers kept for one set of settings: a test holds at most
// a few at once.
const maxIdlePerKey = 4

// Main runs the tests of a package with the pool on and the sandboxes on a tmpfs (see
// sandboxParent), then stops the idle servers; a package's TestMain calls it as
// os.Exit(testsandbox.Main(m)). Without it Start gives every test fresh servers on disk,
// stopped when it ends. DUMPSCOPE_TEST_FRESH_SANDBOX=1 turns the
// pool off (to tell a failure the reuse caused from one it did not).
func Main(m *testing.M) int {
	thePool.mu.Lock()
	thePool.on = os.Getenv("DUMPSCOPE_TEST_FRESH_SANDBOX") != "1"
	thePool.main = true
	thePool.mu.Unlock()
	code := m.Run()
	thePool.mu.Lock()
	thePool.on = false
	idle := thePool.idle
	thePool.idle = map[string][]*pooled{}
	thePool.mu.Unlock()
	for _, list := range idle {
		for _, p := range list {
			if err := p.stop(); err != nil {
				fmt.Fprintf(os.Stderr, "testsandbox: stop a pooled sandbox: %v\n", err)
				code = 1
			}
		}
	}
	if thePool.fresh+thePool.reused > 0 {
		fmt.Fprintf(os.Stderr, "testsandbox: %d sandbox starts, %d served by a reset one\n", thePool.fresh+thePool.reused, thePool.reused)
	}
	return code
}

// poolKey is the pool's key for a server's parent directory and settings.
func poolKey(parent string, settings []string) string {
	return parent + "\x00" + strings.Join(settings, "\x00")
}

// take returns an idle server for key, or nil.
func (p *pool) take(key string) *pooled {
	p.mu.Lock()
	defer p.mu.Unlock()
	list := p.idle[key]
	if len(list) == 0 {
		return nil
	}
	s := list[len(list)-1]
	p.idle[key] = list[:len(list)-1]
	p.reused++
	return s
}

// give resets s and keeps it for key when it then equals its fresh self; else it stops it.
func (p *pool) give(t testing.TB, key string, s *pooled) {
	err := s.reset()
	p.mu.Lock()
	if err == nil && p.on && len(p.idle[key]) < maxIdlePerKey {
		p.idle[key] = append(p.idle[key], s)
		p.mu.Unlock()
		return
	}
	p.mu.Unlock()
	if err != nil {
		t.Logf("testsandbox: a server not reused: %v", err)
	}
	if err := s.stop(); err != nil {
		t.Errorf("stop sandbox: %v", err)
	}
}

func (s *pooled) stop() error {
	err := s.srv.Stop()
	_ = os.RemoveAll(s.dir)
	return err
}

// systemSchemas are the databases a fresh server has, kept by reset.
var systemSchemas = map[string]bool{"information_schema": true, "mysql": true, "performance_schema": true, "sys": true}

// reset drops the databases a test made and checks that the server is then as it was
// fresh (see fingerprint).
func (s *pooled) reset() error {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	db, err := sql.Open("mysql", s.srv.DSN(""))
	if err != nil {
		return err
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	conn, err := db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	if err := waitAlone(ctx, conn); err != nil {
		return err
	}
	// A prepared XA transaction outlives its connection and holds its locks: a DROP
	// DATABASE would wait for them.
	var xa strings.Builder
	if err := rows(ctx, conn, &xa, "XA RECOVER"); err != nil {
		return err
	}
	if xa.Len() > 0 {
		return fmt.Errorf("a prepared XA transaction is left: %s", strings.TrimSpace(xa.String()))
	}
	for _, q := range []string{"SET SESSION foreign_key_checks = 0", "SET SESSION lock_wait_timeout = 5"} {
		if _, err := conn.ExecContext(ctx, q); err != nil {
			return err
		}
	}
	names, err := column(ctx, conn, "SHOW DATABASES")
	if err != nil {
		return err
	}
	for _, n := range names {
		if systemSchemas[n] {
			continue
		}
		if _, err := conn.ExecContext(ctx, "DROP DATABASE `"+strings.ReplaceAll(n, "`", "``")+"`"); err != nil {
			return fmt.Errorf("drop database %s: %w", n, err)
		}
	}
	fp, err := fingerprint(ctx, conn)
	if err != nil {
		return err
	}
	if fp != s.fresh {
		return fmt.Errorf("its state differs from a fresh server's: %s", firstDiff(s.fresh, fp))
	}
	files, err := datadirFiles(s.srv.DataDir)
	if err != nil {
		return err
	}
	if files != s.freshFiles {
		return fmt.Errorf("its datadir's files differ from a fresh server's (SELECT … INTO OUTFILE?): %s", firstDiff(s.freshFiles, files))
	}
	// The server keeps the threads of closed connections for new ones, and a new
	// session's FOUND_ROWS() is what its thread's last one left (the mariadb client's
	// first statement read 1 after a test's SELECT, 0 on a fresh server): the cache is
	// emptied, and this session, whose thread is cached next, leaves 0.
	if _, err := conn.ExecContext(ctx, "FLUSH THREADS"); err != nil {
		return err
	}
	return leaveFresh(ctx, conn)
}

// leaveFresh ends a session of the pool's on a statement that leaves FOUND_ROWS() 0, as a
// fresh server's threads have it (see reset).
func leaveFresh(ctx context.Context, conn *sql.Conn) error {
	var b strings.Builder
	return rows(ctx, conn, &b, "SELECT 1 FROM DUAL WHERE 0")
}

// waitAlone waits until conn is the server's only client connection: one still open
// (a test's pool closing, a killed import's connection the server has not yet noticed)
// may hold locks, temporary tables or a transaction.
func waitAlone(ctx context.Context, conn *sql.Conn) error {
	const q = "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE ID <> CONNECTION_ID() AND COMMAND NOT IN ('Daemon', 'Slave_IO', 'Slave_SQL') AND USER <> 'system user'"
	deadline := time.Now().Add(3 * time.Second)
	for {
		var n int
		if err := conn.QueryRowContext(ctx, q).Scan(&n); err != nil {
			return err
		}
		if n == 0 {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("%d other connections still open", n)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// fingerprint is the server state a test could observe beyond its own databases, as
// text: global variables, plugins, databases, prepared XA transactions, the tables and
// views of the system schemas the reset keeps (mysql and sys) and a checksum of each of
// their tables: sys.sys_config is a table a test may change, which the next test's sys
// views read (TestReviewX10PoolKeepsOutsideState).
func fingerprint(ctx context.Context, conn *sql.Conn) (string, error) {
	var b strings.Builder
	for _, q := range []string{
		"SELECT VARIABLE_NAME, VARIABLE_VALUE FROM information_schema.GLOBAL_VARIABLES ORDER BY VARIABLE_NAME",
		"SELECT PLUGIN_NAME, PLUGIN_STATUS FROM information_schema.PLUGINS ORDER BY PLUGIN_NAME",
		"SELECT SCHEMA_NAME FROM information_schema.SCHEMATA ORDER BY SCHEMA_NAME",
		"XA RECOVER",
		"SELECT TABLE_SCHEMA, TABLE_NAME, TABLE_TYPE FROM information_schema.TABLES WHERE TABLE_SCHEMA IN ('mysql', 'sys') ORDER BY TABLE_SCHEMA, TABLE_NAME",
	} {
		if err := rows(ctx, conn, &b, q); err != nil {
			return "", fmt.Errorf("%s: %w", q, err)
		}
	}
	tables, err := column(ctx, conn, "SELECT CONCAT(TABLE_SCHEMA, '.`', TABLE_NAME, '`') FROM information_schema.TABLES WHERE TABLE_SCHEMA IN ('mysql', 'sys') AND TABLE_TYPE = 'BASE TABLE' AND ENGINE <> 'CSV' ORDER BY TABLE_SCHEMA, TABLE_NAME")
	if err != nil {
		return "", err
	}
	for _, name := range tables {
		if err := rows(ctx, conn, &b, "CHECKSUM TABLE "+name); err != nil {
			return "", err
		}
	}
	return b.String(), nil
}

// rows appends the rows of q to b, a line each.
func rows(ctx context.Context, conn *sql.Conn, b *strings.Builder, q string) error {
	r, err := conn.QueryContext(ctx, q)
	if err != nil {
		return err
	}
	defer r.Close()
	cols, err := r.Columns()
	if err != nil {
		return err
	}
	vals := make([]sql.RawBytes, len(cols))
	ptrs := make([]any, len(cols))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	for r.Next() {
		if err := r.Scan(ptrs...); err != nil {
			return err
		}
		for i, v := range vals {
			if i > 0 {
				b.WriteByte('\t')
			}
			b.Write(v)
		}
		b.WriteByte('\n')
	}
	return r.Err()
}

// column is the first column of q's rows.
func column(ctx context.Context, conn *sql.Conn, q string) ([]string, error) {
	r, err := conn.QueryContext(ctx, q)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	var out []string
	for r.Next() {
		var s string
		if err := r.Scan(&s); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, r.Err()
}

// firstDiff names the first line where two fingerprints differ.
func firstDiff(want, have string) string {
	w, h := strings.Split(want, "\n"), strings.Split(have, "\n")
	for i := 0; i < len(w) || i < len(h); i++ {
		var a, b string
		if i < len(w) {
			a = w[i]
		}
		if i < len(h) {
			b = h[i]
		}
		if a != b {
			return fmt.Sprintf("fresh %q, now %q", a, b)
		}
	}
	return "(none)"
}

// datadirFiles lists the files a server's datadir holds outside the databases the reset
// drops: at its top and in the system schemas' directories, one name a line. A test's
// SELECT … INTO OUTFILE 'x.txt' without a database writes the file at the top; left
// there, the next test's same SELECT failed with ERROR 1086 "File 'x.txt' already
// exists" where a fresh server's succeeds. The server adds no file there while it runs
// (its logs and the pid file are outside the datadir: sandbox.Start), so a file found
// that the fresh server had not is a test's, and the server is not reused. Names only: a
// directory read costs nothing next to the fingerprint's queries.
func datadirFiles(datadir string) (string, error) {
	var b strings.Builder
	for _, sub := range []string{"", "mysql", "sys", "performance_schema"} {
		entries, err := os.ReadDir(filepath.Join(datadir, sub))
		if errors.Is(err, fs.ErrNotExist) && sub != "" {
			continue
		}
		if err != nil {
			return "", err
		}
		for _, e := range entries {
			if e.Type().IsRegular() {
				b.WriteString(filepath.Join(sub, e.Name()) + "\n")
			}
		}
	}
	return b.String(), nil
}

// freshFingerprint is the fingerprint of a server just started.
func freshFingerprint(s *sandbox.Server) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	db, err := sql.Open("mysql", s.DSN(""))
	if err != nil {
		return "", err
	}
	defer db.Close()
	conn, err := db.Conn(ctx)
	if err != nil {
		return "", err
	}
	defer conn.Close()
	fp, err := fingerprint(ctx, conn)
	if err != nil {
		return "", err
	}
	return fp, leaveFresh(ctx, conn)
}
