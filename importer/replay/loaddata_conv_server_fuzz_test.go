package replay

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"testing"

	"github.com/go-sql-driver/mysql"

	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// fuzzLoadColumns are FuzzLoadDataSameAsInsert's table: a column of each kind the
// converter takes, nullable and not, and one in another character set.
var fuzzLoadColumns = []string{"i INT", "d DECIMAL(30,5)", "f DOUBLE", "s VARCHAR(200)", "b VARBINARY(200)", "dt DATETIME",
	"e ENUM('a','b','')", "ni INT NOT NULL DEFAULT 0", "ns VARCHAR(200) NOT NULL DEFAULT ''", "l1 VARCHAR(200) CHARACTER SET latin1",
	"bi BIGINT UNSIGNED", "fl FLOAT", "t TEXT", "bl BLOB", "y YEAR", "st SET('x','y')"}

// fuzzLoadModes are the session sql_modes FuzzLoadDataSameAsInsert runs a statement
// under (its mode byte picks one).
var fuzzLoadModes = []string{"STRICT_TRANS_TABLES,NO_ENGINE_SUBSTITUTION", "", "EMPTY_STRING_IS_NULL", "STRICT_ALL_TABLES,PAD_CHAR_TO_FULL_LENGTH"}

// FuzzLoadDataSameAsInsert: the converter's TSV, loaded by the server, against the INSERT
// it comes from, byte for byte. A statement of one to three rows gets the fuzzed literal
// in one column (the others a value each kind takes) and runs as an INSERT into a.t and
// through ld.load into b.t; where the LOAD was taken (clean, committed) the rows of both
// must be the same bytes, and the INSERT must have succeeded. Where the converter or the
// server's warnings declined it, the batch is the INSERT's in both schemas and there is
// nothing of the converter's to compare. FuzzLoadConverterRef holds the converter to the
// reader it replaced without a server; this holds both to the server, so that a faster
// converter cannot change what a loaded row stores. The seeds (every convValues form in
// every column, and the generated dump's shapes) run as a unit test.
func FuzzLoadDataSameAsInsert(f *testing.F) {
	for i, v := range convValues {
		for col := range fuzzLoadColumns {
			if (i+col)%3 == 0 {
				f.Add(uint8(col), v, uint8(1+i%3), uint8(i%len(fuzzLoadModes)))
			}
		}
	}
	for _, v := range []string{"'SKU-100356'", "'Chopsticks 箸 (5 pairs) – navy'", "'Monitor 27\\\" 4K – white'", "1313.62", "33973",
		"'{\\\"user_id\\\":328410,\\\"tags\\\":[\\\"a\\\",\\\"b\\\\\\\"c\\\"],\\\"path\\\":\\\"C:\\\\\\\\tmp\\\",\\\"note\\\":\\\"it\\'s ok\\\"}'",
		"_binary '\\0JFIF\\0\\r\\Z\\\\W:\\'\\n\\t'", "'2016-01-01 00:00:41.539659'", "'" + strings.Repeat("83868-", 19) + "'"} {
		for col := range fuzzLoadColumns {
			f.Add(uint8(col), v, uint8(2), uint8(0))
		}
	}
	srv := testsandbox.Start(f)
	cfg, err := mysql.ParseDSN(srv.DSN(""))
	if err != nil {
		f.Fatal(err)
	}
	cn, err := mysql.NewConnector(cfg)
	if err != nil {
		f.Fatal(err)
	}
	db := sql.OpenDB(cn)
	defer db.Close()
	ctx := context.Background()
	c, err := db.Conn(ctx)
	if err != nil {
		f.Fatal(err)
	}
	defer c.Close()
	ddl := "(id INT PRIMARY KEY, " + strings.Join(fuzzLoadColumns, ", ") + ")"
	for _, q := range []string{"SET NAMES utf8mb4", "CREATE DATABASE a", "CREATE DATABASE b", "CREATE TABLE a.t " + ddl, "CREATE TABLE b.t " + ddl} {
		if _, err := c.ExecContext(ctx, q); err != nil {
			f.Fatal(q, err)
		}
	}
	ld := &loadData{}
	id := 0
	exec := func(schema, q string) error {
		if schema != "" {
			if _, err := c.ExecContext(ctx, "USE "+schema); err != nil {
				return err
			}
		}
		_, err := c.ExecContext(ctx, q)
		return err
	}
	f.Fuzz(func(t *testing.T, col uint8, val string, rows uint8, mode uint8) {
		if lv := strings.ToLower(val); strings.Contains(lv, "sleep") || strings.Contains(lv, "benchmark") || strings.Contains(lv, "lock") {
			// An expression that waits is the INSERT's in both schemas (the converter takes
			// literals only); a deadline would instead cost the connection under load.
			t.Skip("waits")
		}
		k := int(col) % len(fuzzLoadColumns)
		if err := exec("", "SET SESSION sql_mode = '"+fuzzLoadModes[int(mode)%len(fuzzLoadModes)]+"'"); err != nil {
			t.Fatal(err)
		}
		var sb strings.Builder
		sb.WriteString("INSERT INTO `t` VALUES ")
		first := id + 1
		for row := 0; row < 1+int(rows)%3; row++ {
			if row > 0 {
				sb.WriteString(",\n")
			}
			id++
			fmt.Fprintf(&sb, "(%d", id)
			for j := range fuzzLoadColumns {
				v := "'1'"
				switch {
				case j == k:
					v = val
				case j == 5:
					v = "'2020-01-02 03:04:05'"
				case j == 6:
					v = "'a'"
				case j == 14:
					v = "'2001'"
				case j == 15:
					v = "'x'"
				}
				sb.WriteString("," + v)
			}
			sb.WriteString(")")
		}
		q := sb.String()
		insertErr := exec("a", q)
		if err := exec("b", "START TRANSACTION"); err != nil {
			t.Fatal(err)
		}
		ok, err := ld.load(ctx, c, nil, nil, []batchStmt{{sql: q}})
		if err != nil {
			if err := exec("", "ROLLBACK"); err != nil {
				t.Fatal(err)
			}
			t.Skipf("%s: %v", q, err) // the connection's, not the converter's
		}
		if !ok {
			_ = exec("b", q) // the INSERT's, as in a; nothing of the converter's to compare
			if err := exec("b", "COMMIT"); err != nil {
				t.Fatal(err)
			}
			return
		}
		if err := exec("b", "COMMIT"); err != nil {
			t.Fatal(err)
		}
		if insertErr != nil {
			t.Fatalf("loaded where the INSERT failed (%v):\n%s", insertErr, q)
		}
		a, err := fuzzLoadRows(ctx, c, "a", first, id)
		if err != nil {
			t.Fatal(err)
		}
		b, err := fuzzLoadRows(ctx, c, "b", first, id)
		if err != nil {
			t.Fatal(err)
		}
		if a != b {
			t.Fatalf("LOAD DATA stored other bytes than the INSERT:\n%s\nINSERT: %s\nLOAD:   %s", q, a, b)
		}
	})
}

// fuzzLoadRows is schema.t's rows with ids from..to, each column's bytes in hex (NULL as
// such).
func fuzzLoadRows(ctx context.Context, c *sql.Conn, schema string, from, to int) (string, error) {
	rows, err := c.QueryContext(ctx, "SELECT * FROM "+schema+".t WHERE id BETWEEN ? AND ? ORDER BY id", from, to)
	if err != nil {
		return "", err
	}
	defer rows.Close()
	names, _ := rows.Columns()
	var out strings.Builder
	for rows.Next() {
		vals := make([]sql.RawBytes, len(names))
		ptrs := make([]any, len(names))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			return "", err
		}
		for i, v := range vals {
			if v == nil {
				fmt.Fprintf(&out, "%s=NULL ", names[i])
			} else {
				fmt.Fprintf(&out, "%s=%x ", names[i], []byte(v))
			}
		}
		out.WriteString("\n")
	}
	return out.String(), rows.Err()
}
