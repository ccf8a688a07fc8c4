package replay

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/go-sql-driver/mysql"

	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestLoadConverterGeneratedSameAsInsert: statements of convValues' literal forms (escapes,
// multibyte text, _binary/X”/0x, NULL, 1e5, -0, .5, …) into a column of each kind, run
// as INSERTs in one schema and through ld.load (the INSERTs where it declines) in
// another: the tables must be byte-identical, whatever the converter took or refused,
// and it must take some of every kind (a converter that refuses everything passes the
// first check).
func TestLoadConverterGeneratedSameAsInsert(t *testing.T) {
	srv := testsandbox.Start(t)
	cfg, err := mysql.ParseDSN(srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	cn, err := mysql.NewConnector(cfg)
	if err != nil {
		t.Fatal(err)
	}
	db := sql.OpenDB(cn)
	defer db.Close()
	ctx := context.Background()
	c, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	cols := []string{"i INT", "d DECIMAL(30,5)", "f DOUBLE", "s VARCHAR(200)", "b VARBINARY(200)", "dt DATETIME", "e ENUM('a','b','')",
		"ni INT NOT NULL DEFAULT 0", "ns VARCHAR(200) NOT NULL DEFAULT ''", "l1 VARCHAR(200) CHARACTER SET latin1"}
	ddl := "(id INT PRIMARY KEY, " + strings.Join(cols, ", ") + ")"
	for _, q := range []string{"SET NAMES utf8mb4", "CREATE DATABASE a", "CREATE DATABASE b", "CREATE TABLE a.t " + ddl, "CREATE TABLE b.t " + ddl} {
		if _, err := c.ExecContext(ctx, q); err != nil {
			t.Fatal(q, err)
		}
	}
	r := rand.New(rand.NewPCG(117002, 46))
	ld := &loadData{}
	id, loaded := 0, 0
	taken := map[int]bool{} // column → some value of it was loaded
	exec := func(schema, q string) error {
		if _, err := c.ExecContext(ctx, "USE "+schema); err != nil {
			t.Fatal(err)
		}
		_, err := c.ExecContext(ctx, q)
		return err
	}
	for n := 0; n < 400; n++ {
		// One column gets the generated value, the others a value every kind takes.
		col := r.IntN(len(cols))
		val := convValues[r.IntN(len(convValues))] // every row the same: a statement loads or not by its value
		var sb strings.Builder
		sb.WriteString("INSERT INTO `t` VALUES ")
		for row := 0; row < 1+r.IntN(3); row++ {
			if row > 0 {
				sb.WriteString(",\n")
			}
			id++
			fmt.Fprintf(&sb, "(%d", id)
			for k := range cols {
				v := "'1'"
				if k == col {
					v = val
				} else if k == 5 {
					v = "'2020-01-02 03:04:05'"
				} else if k == 6 {
					v = "'a'"
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
			t.Fatalf("%s: %v", q, err)
		}
		if ok {
			loaded++
			taken[col] = true
			if insertErr != nil {
				t.Errorf("loaded where the INSERT failed (%v):\n%s", insertErr, q)
			}
		} else if err := exec("b", q); (err == nil) != (insertErr == nil) {
			t.Errorf("INSERT in b: %v, in a: %v\n%s", err, insertErr, q)
		}
		if err := exec("b", "COMMIT"); err != nil {
			t.Fatal(err)
		}
	}
	dump := func(schema string) string {
		rows, err := c.QueryContext(ctx, "SELECT * FROM "+schema+".t ORDER BY id")
		if err != nil {
			t.Fatal(err)
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
				t.Fatal(err)
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
		return out.String()
	}
	a, b := dump("a"), dump("b")
	if a != b {
		al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
		for i := 0; i < len(al) && i < len(bl); i++ {
			if al[i] != bl[i] {
				t.Fatalf("LOAD DATA differs from INSERT at row %d:\nINSERT: %s\nLOAD:   %s", i, al[i], bl[i])
			}
		}
		t.Fatalf("LOAD DATA differs from INSERT: %d rows against %d", len(bl), len(al))
	}
	if loaded < 60 || len(taken) < len(cols) {
		t.Errorf("loaded %d of 400 statements, a value of %d of %d columns: the converter takes too little for the test to mean much", loaded, len(taken), len(cols))
	}
	t.Logf("%d of 400 statements loaded, %d rows, columns taken %v", loaded, id, taken)
}
