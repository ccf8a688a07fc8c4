package importer_test

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"database/sql"
	"encoding/pem"
	"fmt"
	"math/big"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/go-sql-driver/mysql"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
	"github.com/dumpscope/dumpscope/sandbox"
)

// sessionFixture is a sandbox, a dump written from text, and what the mariadb client and
// dumpscope make of it.
type sessionFixture struct {
	t    *testing.T
	srv  *sandbox.Server
	cfg  *mysql.Config
	db   *sql.DB
	path string
}

func newSessionFixture(t *testing.T, dump string) *sessionFixture {
	t.Helper()
	srv := testsandbox.Start(t)
	path := filepath.Join(t.TempDir(), "dump.sql")
	if err := os.WriteFile(path, []byte(dump), 0o600); err != nil {
		t.Fatal(err)
	}
	cfg, err := mysql.ParseDSN(srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("mysql", srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return &sessionFixture{t: t, srv: srv, cfg: cfg, db: db, path: path}
}

// client replays the dump through the mariadb client; it may fail as the dump says.
func (f *sessionFixture) client() {
	f.t.Helper()
	cmd := exec.Command(testsandbox.RequireTool(f.t, "mariadb"), f.srv.ClientArgs()...)
	in, err := os.Open(f.path)
	if err != nil {
		f.t.Fatal(err)
	}
	defer in.Close()
	cmd.Stdin = in
	_, _ = cmd.CombinedOutput()
}

// dumpscope imports the dump with o.
func (f *sessionFixture) dumpscope(o importer.Options) *importer.Result {
	f.t.Helper()
	var log strings.Builder
	o.Log = &log
	res, err := importer.Import(context.Background(), f.cfg, importer.Source{Path: f.path}, o)
	if err != nil {
		f.t.Fatalf("Import: %v\n%s", err, log.String())
	}
	return res
}

// query returns the first column of q's rows, joined by commas.
func (f *sessionFixture) query(q string) string {
	f.t.Helper()
	rows, err := f.db.Query(q)
	if err != nil {
		f.t.Fatalf("%s: %v", q, err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s sql.NullString
		if err := rows.Scan(&s); err != nil {
			f.t.Fatal(err)
		}
		out = append(out, s.String)
	}
	return strings.Join(out, ",")
}

func (f *sessionFixture) exec(q string) {
	f.t.Helper()
	if _, err := f.db.Exec(q); err != nil {
		f.t.Fatalf("%s: %v", q, err)
	}
}

// TestRelaxDurabilityLeavesDumpTransaction: a dump whose transaction is open when the
// import ends — a statement failed, or the dump ends without COMMIT — leaves its rows
// uncommitted with the client (it disconnects: the server rolls back). The restore of
// --relax-durability ran on the dump's session, and its DROP DATABASE dumpscope_progress
// committed them.
func TestRelaxDurabilityLeavesDumpTransaction(t *testing.T) {
	for name, tail := range map[string]string{
		"failed":     "START TRANSACTION;\nINSERT INTO t VALUES (1), (2);\nINSERT INTO nosuch VALUES (1);\n",
		"no commit":  "SET autocommit = 0;\nINSERT INTO t VALUES (1), (2);\n",
		"open begin": "BEGIN;\nINSERT INTO t VALUES (1), (2);\n",
	} {
		t.Run(name, func(t *testing.T) {
			f := newSessionFixture(t, "CREATE DATABASE txn;\nUSE txn;\nCREATE TABLE t (i INT) ENGINE=InnoDB;\n"+tail)
			f.client()
			want := f.query("SELECT COUNT(*) FROM txn.t")
			f.exec("DROP DATABASE txn")
			res := f.dumpscope(importer.Options{Parallel: 1, RelaxDurability: true, SkipRowCounts: true})
			if got := f.query("SELECT COUNT(*) FROM txn.t"); got != want {
				t.Errorf("%s rows left in txn.t after dumpscope (%v), the client leaves %s", got, res.Err, want)
			}
			if got := f.query("SELECT @@GLOBAL.innodb_flush_log_at_trx_commit"); got != "1" {
				t.Errorf("innodb_flush_log_at_trx_commit = %s after the import, want 1 (restored)", got)
			}
		})
	}
}

// rowCountDump stores what ROW_COUNT() and FOUND_ROWS() return after statements that
// raise nothing, a warning, a note, and after a result set.
const rowCountDump = `SET sql_mode = '';
CREATE DATABASE rc;
USE rc;
CREATE TABLE t (i INT PRIMARY KEY, c TINYINT);
CREATE TABLE log (seq INT AUTO_INCREMENT PRIMARY KEY, what VARCHAR(40), n BIGINT);
INSERT INTO t VALUES (1, 1), (2, 2), (3, 3);
INSERT INTO log (what, n) VALUES ('row_count after insert', ROW_COUNT());
SELECT SQL_CALC_FOUND_ROWS * FROM t LIMIT 1;
INSERT INTO log (what, n) VALUES ('found_rows after select', FOUND_ROWS());
INSERT INTO t VALUES (4, 1000), (5, 5), (6, 6);
INSERT INTO log (what, n) VALUES ('row_count after warning', ROW_COUNT());
SELECT SQL_CALC_FOUND_ROWS * FROM t LIMIT 2;
INSERT INTO t VALUES (7, 2000);
INSERT INTO log (what, n) VALUES ('found_rows after warning', FOUND_ROWS());
DROP TABLE IF EXISTS nosuch;
INSERT INTO log (what, n) VALUES ('row_count after note', ROW_COUNT());
CREATE TABLE u (i INT);
INSERT INTO log (what, n) VALUES ('row_count after create', ROW_COUNT());
UPDATE t SET c = c + 1 WHERE i <= 2;
SELECT ROW_COUNT() INTO @rc;
INSERT INTO log (what, n) VALUES ('row_count after update', @rc);
SELECT SQL_CALC_FOUND_ROWS * FROM t LIMIT 1;
SET sql_mode = 'NO_BACKSLASH_ESCAPES';
INSERT INTO log (what, n) VALUES ('found_rows after set sql_mode', FOUND_ROWS());
SET sql_mode = '';
INSERT INTO log (what, n) VALUES ('row_count after set sql_mode', ROW_COUNT());
SELECT SQL_CALC_FOUND_ROWS * FROM t LIMIT 1;
USE rc;
INSERT INTO log (what, n) VALUES ('found_rows after use', FOUND_ROWS());
USE rc;
INSERT INTO log (what, n) VALUES ('row_count after use', ROW_COUNT());
SELECT 'NO_BACKSLASH_ESCAPES' INTO @m;
SELECT SQL_CALC_FOUND_ROWS * FROM t LIMIT 1;
SET @OLD_SQL_MODE = @@SQL_MODE, SQL_MODE = @m;
INSERT INTO log (what, n) VALUES ('found_rows after set sql_mode = @m', FOUND_ROWS());
INSERT INTO log (what, n) VALUES ('C:\', ROW_COUNT());
SET SQL_MODE = @OLD_SQL_MODE;
INSERT INTO log (what, n) VALUES ('row_count after set sql_mode = @old', ROW_COUNT());
INSERT INTO log (what, n) VALUES ('it\'s', ROW_COUNT());
`

// TestRowCountAsClient: the dump's ROW_COUNT() and FOUND_ROWS() return what they return
// under the mariadb client. dumpscope sent SELECT @@warning_count after each statement
// (and DO … before some) to count warnings, which the dump's next statement saw: −1 and
// 1 where the client has 3 and 3. The warnings are still counted as the client shows
// them.
func TestRowCountAsClient(t *testing.T) {
	f := newSessionFixture(t, rowCountDump)
	const logQuery = "SELECT CONCAT(what, ' = ', n) FROM rc.log ORDER BY seq"
	f.client()
	want := f.query(logQuery)
	f.exec("DROP DATABASE rc")
	// --show-warnings sends SHOW WARNINGS after a statement that raised any: the client's
	// count, not its ROW_COUNT().
	cmd := exec.Command(testsandbox.RequireTool(t, "mariadb"), append(f.srv.ClientArgs(), "--show-warnings")...)
	cmd.Stdin = strings.NewReader(rowCountDump)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("mariadb: %v: %s", err, out)
	}
	wantWarnings := int64(strings.Count(string(out), "Warning (Code"))
	f.exec("DROP DATABASE rc")
	res := f.dumpscope(importer.Options{Parallel: 1, SkipRowCounts: true})
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	if got := f.query(logQuery); got != want {
		t.Errorf("dumpscope:  %s\nthe client: %s", got, want)
	}
	// The note of DROP TABLE IF EXISTS is followed by a statement that reads ROW_COUNT(),
	// which SHOW WARNINGS would set to −1: it cannot be told from a warning, and counts
	// as one (docs/import.md).
	if res.Replay.Warnings != wantWarnings+1 || wantWarnings != 2 {
		t.Errorf("%d warnings counted, the client shows %d (want 2, and 1 unlisted note); listed: %v", res.Replay.Warnings, wantWarnings, res.Replay.WarningList)
	}
}

// TestRowCountsAfterOpenTransaction: a dump that ends inside a transaction leaves no rows
// with the client (it disconnects: the server rolls back), and the summary's server rows
// say so: they were counted on the dump's session, inside its transaction, and showed the
// rows about to be rolled back.
func TestRowCountsAfterOpenTransaction(t *testing.T) {
	f := newSessionFixture(t, "CREATE DATABASE txn;\nUSE txn;\nCREATE TABLE t (i INT) ENGINE=InnoDB;\nBEGIN;\nINSERT INTO t VALUES (1), (2);\n")
	res := f.dumpscope(importer.Options{Parallel: 1})
	if res.Err != nil || len(res.RowCounts) != 1 {
		t.Fatalf("err %v, row counts %+v", res.Err, res.RowCounts)
	}
	rc := res.RowCounts[0]
	if got := f.query("SELECT COUNT(*) FROM txn.t"); rc.Rows != 2 || fmt.Sprint(rc.ServerRows) != got || got != "0" {
		t.Errorf("summary: dump rows %d, server rows %d (%v); the server has %s, want 0", rc.Rows, rc.ServerRows, rc.Err, got)
	}
}

// writeSelfSigned writes a self-signed certificate and its key for a TLS sandbox.
func writeSelfSigned(t *testing.T) (certPath, keyPath string) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "localhost"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour), DNSNames: []string{"localhost"}}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	kder, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	certPath, keyPath = filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	if err := os.WriteFile(certPath, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(keyPath, pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: kder}), 0o600); err != nil {
		t.Fatal(err)
	}
	return certPath, keyPath
}

// TestWarningsCountedOverTLSSocket: on a socket to a server that offers TLS, the driver
// did the TLS (PREFERRED, and --ssl-mode=REQUIRED), which hid the warning counts of the
// server's packets: they were not counted. dumpscope does that TLS itself, under the
// packet watch, and counts them without a statement on the dump's session.
func TestWarningsCountedOverTLSSocket(t *testing.T) {
	cert, key := writeSelfSigned(t)
	srv := testsandbox.Start(t, "ssl-cert="+cert, "ssl-key="+key)
	path := filepath.Join(t.TempDir(), "dump.sql")
	if err := os.WriteFile(path, []byte(rowCountDump), 0o600); err != nil {
		t.Fatal(err)
	}
	f := &sessionFixture{t: t, srv: srv, path: path}
	var err error
	if f.db, err = sql.Open("mysql", srv.DSN("")); err != nil {
		t.Fatal(err)
	}
	defer f.db.Close()
	const logQuery = "SELECT CONCAT(what, ' = ', n) FROM rc.log ORDER BY seq"
	f.client()
	want := f.query(logQuery)
	for _, mode := range []string{"PREFERRED", "REQUIRED"} {
		t.Run(mode, func(t *testing.T) {
			f.t = t
			f.exec("DROP DATABASE IF EXISTS rc")
			if f.cfg, err = mysql.ParseDSN(srv.DSN("")); err != nil {
				t.Fatal(err)
			}
			f.cfg.TLS = &tls.Config{InsecureSkipVerify: true}
			f.cfg.AllowFallbackToPlaintext = mode == "PREFERRED"
			accepts := func() (n int) {
				var name string
				if err := f.db.QueryRow("SHOW GLOBAL STATUS LIKE 'Ssl_accepts'").Scan(&name, &n); err != nil {
					t.Fatal(err)
				}
				return n
			}
			before := accepts()
			res := f.dumpscope(importer.Options{Parallel: 1, SkipRowCounts: true})
			if res.Err != nil {
				t.Fatal(res.Err)
			}
			if accepts() == before {
				t.Fatal("the import did not use TLS")
			}
			if got := f.query(logQuery); got != want {
				t.Errorf("dumpscope:  %s\nthe client: %s", got, want)
			}
			if res.Replay.Warnings != 3 { // as in TestRowCountAsClient
				t.Errorf("%d warnings counted over TLS, want 3", res.Replay.Warnings)
			}
		})
	}
}

// TestWarningsLoadDataAndCall: the replies that are not one OK packet — LOAD DATA LOCAL
// (the server asks for the file, then answers), a CALL that returns a result set before
// its OK — are read to their end: ROW_COUNT() and the warnings are the client's.
func TestWarningsLoadDataAndCall(t *testing.T) {
	data := filepath.Join(t.TempDir(), "rows.tsv")
	if err := os.WriteFile(data, []byte("10\t1000\n11\t1\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	dump := `SET sql_mode = '';
CREATE DATABASE ld;
USE ld;
CREATE TABLE t (i INT PRIMARY KEY, c TINYINT);
CREATE TABLE log (seq INT AUTO_INCREMENT PRIMARY KEY, what VARCHAR(40), n BIGINT);
LOAD DATA LOCAL INFILE '` + data + `' INTO TABLE t;
INSERT INTO log (what, n) VALUES ('row_count after load', ROW_COUNT());
DELIMITER ;;
CREATE PROCEDURE p() BEGIN SELECT COUNT(*) FROM t; INSERT INTO t VALUES (20, 2000), (21, 1); END;;
DELIMITER ;
CALL p();
INSERT INTO log (what, n) VALUES ('row_count after call', ROW_COUNT());
INSERT INTO t VALUES (30, 3000);
CREATE TABLE u (i INT);
`
	f := newSessionFixture(t, dump)
	cmd := exec.Command(testsandbox.RequireTool(t, "mariadb"), append(f.srv.ClientArgs(), "--local-infile=1")...)
	cmd.Stdin = strings.NewReader(dump)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("mariadb: %v: %s", err, out)
	}
	const logQuery = "SELECT CONCAT(what, ' = ', n) FROM ld.log ORDER BY seq"
	want := f.query(logQuery)
	f.exec("DROP DATABASE ld")
	res := f.dumpscope(importer.Options{Parallel: 1, SkipRowCounts: true, LocalInfile: true})
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	if got := f.query(logQuery); got != want {
		t.Errorf("dumpscope:  %s\nthe client: %s", got, want)
	}
	// LOAD DATA's and the CALL's warnings are followed by statements that read
	// ROW_COUNT(): counted, unlisted; the last INSERT's is listed.
	if res.Replay.Warnings != 3 || len(res.Replay.WarningList) != 1 {
		t.Errorf("%d warnings counted (%v), want 3, 1 listed", res.Replay.Warnings, res.Replay.WarningList)
	}
}
