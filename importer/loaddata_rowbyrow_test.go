package importer_test

import (
	"context"
	"database/sql"
	"errors"
	"io"
	"maps"
	"strings"
	"testing"

	"github.com/go-sql-driver/mysql"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestLoadDataForeignKeyChecksOffBulkPath pins the server's side of --load-data's
// row-by-row LOAD (replay/bulkpath.go): under the dump's unique_checks=0 and
// foreign_key_checks=0 a transaction's LOAD into an empty InnoDB table takes the bulk
// path, whose whole-table lock makes another connection's insert into the table wait;
// with SET STATEMENT foreign_key_checks = 1 FOR the LOAD it does not, and that insert
// goes in at once. Should a server take the bulk path either way, the second case fails.
func TestLoadDataForeignKeyChecksOffBulkPath(t *testing.T) {
	srv := testsandbox.Start(t, "local_infile=ON")
	ctx := context.Background()
	db, err := sql.Open("mysql", srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	mysql.RegisterReaderHandler("rowbyrow", func() io.Reader { return strings.NewReader("1\t10\n2\t20\n3\t30\n") })
	defer mysql.DeregisterReaderHandler("rowbyrow")
	for _, c := range []struct {
		prefix   string
		bulkLock bool // the other connection's insert waits for the table lock
	}{{"", true}, {"SET STATEMENT foreign_key_checks = 1 FOR ", false}} {
		t.Run(strings.TrimSpace(c.prefix), func(t *testing.T) {
			for _, q := range []string{"DROP DATABASE IF EXISTS rbr", "CREATE DATABASE rbr", "CREATE TABLE rbr.t (id INT PRIMARY KEY, k INT, KEY k (k)) ENGINE=InnoDB"} {
				if _, err := db.ExecContext(ctx, q); err != nil {
					t.Fatal(err)
				}
			}
			a, err := db.Conn(ctx)
			if err != nil {
				t.Fatal(err)
			}
			defer a.Close()
			for _, q := range []string{"SET unique_checks = 0, foreign_key_checks = 0", "START TRANSACTION",
				c.prefix + "LOAD DATA LOCAL INFILE 'Reader::rowbyrow' INTO TABLE rbr.t FIELDS TERMINATED BY '\\t' (id, k)"} {
				if _, err := a.ExecContext(ctx, q); err != nil {
					t.Fatalf("%s: %v", q, err)
				}
			}
			b, err := db.Conn(ctx)
			if err != nil {
				t.Fatal(err)
			}
			defer b.Close()
			if _, err := b.ExecContext(ctx, "SET innodb_lock_wait_timeout = 1"); err != nil {
				t.Fatal(err)
			}
			_, err = b.ExecContext(ctx, "INSERT INTO rbr.t VALUES (100, 1000)")
			var me *mysql.MySQLError
			waited := errors.As(err, &me) && me.Number == 1205
			if err != nil && !waited {
				t.Fatal(err)
			}
			if waited != c.bulkLock {
				t.Errorf("the other connection's insert waited for a lock: %v, want %v (the bulk path's table lock)", waited, c.bulkLock)
			}
			if _, err := a.ExecContext(ctx, "ROLLBACK"); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// rowByRowDump has a table without foreign keys and one with a foreign key whose rows
// name parents the dump never inserts (foreign_key_checks=0, as mariadb-dump leaves it).
const rowByRowDump = `/*!40014 SET @OLD_UNIQUE_CHECKS=@@UNIQUE_CHECKS, UNIQUE_CHECKS=0 */;
/*!40014 SET @OLD_FOREIGN_KEY_CHECKS=@@FOREIGN_KEY_CHECKS, FOREIGN_KEY_CHECKS=0 */;
CREATE DATABASE rbr;
USE rbr;
CREATE TABLE child (id INT NOT NULL, pid INT, PRIMARY KEY (id), KEY pid (pid), CONSTRAINT fk FOREIGN KEY (pid) REFERENCES parent (id)) ENGINE=InnoDB;
CREATE TABLE parent (id INT NOT NULL, PRIMARY KEY (id)) ENGINE=InnoDB;
CREATE TABLE plain (id INT NOT NULL, k INT NOT NULL, PRIMARY KEY (id), KEY k (k)) ENGINE=InnoDB;
INSERT INTO child VALUES (1,7),(2,99),(3,NULL);
INSERT INTO child VALUES (4,98);
INSERT INTO parent VALUES (7),(8);
INSERT INTO plain VALUES (1,30),(2,10),(3,20);
INSERT INTO plain VALUES (4,5);
/*!40014 SET UNIQUE_CHECKS=@OLD_UNIQUE_CHECKS */;
/*!40014 SET FOREIGN_KEY_CHECKS=@OLD_FOREIGN_KEY_CHECKS */;
`

// TestImportLoadDataRowByRow: --load-data sends a table's LOAD with foreign_key_checks=1
// for the statement (off InnoDB's bulk path, which costs the server more: bulkpath.go)
// only where the table has no foreign key of its own; the child table's LOAD keeps the
// dump's foreign_key_checks=0 and loads its orphan rows clean (no LOAD replayed as
// INSERTs, which a check would have forced), and both databases are the client's. The
// server's statement history shows what was sent.
func TestImportLoadDataRowByRow(t *testing.T) {
	ref := testsandbox.Start(t)
	clientImport(t, ref, writeFile(t, "rbr.sql", []byte(rowByRowDump)))
	want := redumps(t, ref, "rbr")
	srv := testsandbox.Start(t, "local_infile=ON", "performance_schema=ON",
		"performance-schema-consumer-events-statements-current=ON", "performance-schema-consumer-events-statements-history-long=ON")
	res := importFile(t, srv, "", writeFile(t, "rbr.sql", []byte(rowByRowDump)),
		importer.Options{Parallel: 2, BatchBytes: 1 << 20, LoadData: true, Log: &strings.Builder{}})
	finished(t, res)
	sameDump(t, "rbr", want, redumps(t, srv, "rbr"))
	if ld := res.Replay.LoadData; ld == nil || ld.Loaded != 3 || ld.Replayed != 0 {
		t.Errorf("LOAD DATA stats %+v, want 3 batches loaded and none replayed", ld)
	}
	db, err := sql.Open("mysql", srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rows, err := db.Query("SELECT SQL_TEXT FROM performance_schema.events_statements_history_long WHERE SQL_TEXT LIKE '%LOAD DATA LOCAL INFILE%'")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	got := map[string]bool{}
	for rows.Next() {
		var q string
		if err := rows.Scan(&q); err != nil {
			t.Fatal(err)
		}
		for _, table := range []string{"child", "parent", "plain"} {
			if strings.Contains(q, "`rbr`.`"+table+"`") {
				got[table] = strings.HasPrefix(q, "SET STATEMENT foreign_key_checks = 1 FOR LOAD DATA")
			}
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if wantRowByRow := map[string]bool{"child": false, "parent": true, "plain": true}; !maps.Equal(got, wantRowByRow) {
		t.Errorf("LOADs sent with foreign_key_checks = 1 (table → prefixed): %v, want %v", got, wantRowByRow)
	}
}
