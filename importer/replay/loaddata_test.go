package replay

import (
	"context"
	"database/sql"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/go-sql-driver/mysql"

	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// loadTestTable has one column of each kind the converter knows, plus an ineligible one.
var loadTestTable = &loadTable{
	columns: []loadColumn{
		{name: "id", kind: loadInt},
		{name: "n", kind: loadInt, nullable: true},
		{name: "d", kind: loadFloat, nullable: true},
		{name: "s", kind: loadString, nullable: true},
		{name: "b", kind: loadBinary, nullable: true},
		{name: "t", kind: loadStringOnly, nullable: true},
	},
	byName: map[string]int{"id": 0, "n": 1, "d": 2, "s": 3, "b": 4, "t": 5},
}

// TestLoadConverterForms: what converts, to which field bytes, and what is left to INSERT.
func TestLoadConverterForms(t *testing.T) {
	for _, tc := range []struct {
		sql  string
		want string // "" : not converted
	}{
		{"INSERT INTO `x` VALUES (1,NULL,1.5,'a\\tb',_binary 'z\\0','2020-01-01')", "1\t\\N\t1.5\ta\\tb\tz\\0\t2020-01-01\n"},
		{"INSERT INTO `x` VALUES (1,-2,1e3,'it''s',0x00FF,NULL),(2,3,-.5,'\\\\',X'41',NULL)", "1\t-2\t1e3\tit's\t\\0\xff\t\\N\n2\t3\t-.5\t\\\\\tA\t\\N\n"},
		{"INSERT INTO `x` (`s`,`id`) VALUES ('\\n',7)", "\\n\t7\n"},
		{"insert into `x` values (1,2,3,'4',NULL,'t')", "1\t2\t3\t4\t\\N\tt\n"},
		{"INSERT INTO `x` VALUES (1,2,3,'a\\%b',NULL,NULL)", "1\t2\t3\ta\\\\%b\t\\N\t\\N\n"},
		{"INSERT INTO `x` VALUES (1,2,3,12,NULL,NULL)", "1\t2\t3\t12\t\\N\t\\N\n"},
		// Raw control bytes in a long string: those below 0x10 end plainRun's run, \t, \n and
		// NUL are escaped, \r and \x01 copied as they are.
		{"INSERT INTO `x` VALUES (1,2,3,'0123456789\r0123456789\x01012345\t67\n89\x000123456789',NULL,NULL)", "1\t2\t3\t0123456789\r0123456789\x01012345\\t67\\n89\\00123456789\t\\N\t\\N\n"},
		// Left to INSERT:
		{"INSERT INTO `x` VALUES (NULL,2,3,'4',NULL,NULL)", ""},                          // NULL into NOT NULL
		{"INSERT INTO `x` VALUES (1.5,2,3,'4',NULL,NULL)", ""},                           // rounds as a literal
		{"INSERT INTO `x` VALUES (1,2,3,1e3,NULL,NULL)", ""},                             // '1000' vs '1e3'
		{"INSERT INTO `x` VALUES (1,2,3,007,NULL,NULL)", ""},                             // '7' vs '007'
		{"INSERT INTO `x` VALUES (1,2,3," + strings.Repeat("9", 66) + ",NULL,NULL)", ""}, // truncated as a literal
		{"INSERT INTO `x` VALUES (1,2,3,0x41,NULL,NULL)", ""},                            // hex into a string column
		{"INSERT INTO `x` VALUES (1,2,3,'4',NULL,20200101)", ""},                         // a number into a date
		{"INSERT INTO `x` VALUES (1,2,3,NOW(),NULL,NULL)", ""},                           // an expression
		{"INSERT INTO `x` VALUES (1,2,3,'4',NULL,NULL) ON DUPLICATE KEY UPDATE n=1", ""},
		{"INSERT INTO `x` VALUES (1,2,3,_utf8mb4'4',NULL,NULL)", ""}, // another introducer
		{"INSERT INTO `x` VALUES (1,2,3,'4',NULL)", ""},              // too few values
		{"INSERT INTO `x` (`nope`) VALUES (1)", ""},
		{"INSERT INTO `x` SELECT * FROM y", ""},
		{"INSERT IGNORE INTO `x` VALUES (1,2,3,'4',NULL,NULL)", ""},
		{"INSERT INTO `x` VALUES (1,2,3,'4' 'b',NULL,NULL)", ""},
		{"INSERT INTO x VALUES (1,2,3,'4',NULL,NULL)", ""}, // a bare name: maybe reserved
		{"INSERT INTO `x` (id) VALUES (1)", ""},            // a bare column name too
		{"INSERT INTO `x` VALUES (1,2,3,'4',0x,NULL)", ""}, // 0x alone is a name
	} {
		lc := &loadConverter{t: loadTestTable}
		ok := lc.add([]byte(tc.sql))
		if got := string(lc.data); ok != (tc.want != "") || got != tc.want {
			t.Errorf("%s:\n got %v %q\nwant %q", tc.sql, ok, got, tc.want)
		}
	}
}

// TestLoadConverterNumbers: the numeric literals a DECIMAL and a DOUBLE column take as
// LOAD fields, and those left to the INSERT because the server reads the literal
// otherwise than the field's text (an exponent literal is a double, -0 the integer 0, a
// literal of more than 65 digits is truncated).
func TestLoadConverterNumbers(t *testing.T) {
	tbl := &loadTable{
		columns: []loadColumn{{name: "dc", kind: loadDecimal}, {name: "f", kind: loadFloat}},
		byName:  map[string]int{"dc": 0, "f": 1},
	}
	long := "0." + strings.Repeat("0", 70) + "1"
	for _, tc := range []struct {
		sql  string
		want string // "" : not converted
	}{
		{"INSERT INTO `x` VALUES (1.25,1.5e-3),(-2,-0.5),(0,0.0),(+3,2.5E1)", "1.25\t1.5e-3\n-2\t-0.5\n0\t0.0\n+3\t2.5E1\n"},
		{"INSERT INTO `x` VALUES (1e3,1)", ""}, // an exponent into DECIMAL
		{"INSERT INTO `x` VALUES (1.5E-2,1)", ""},
		{"INSERT INTO `x` VALUES (-0,1)", ""}, // negative zero
		{"INSERT INTO `x` VALUES (1,-0)", ""},
		{"INSERT INTO `x` VALUES (1,-0.0)", ""},
		{"INSERT INTO `x` VALUES (-0.00,1)", ""},
		{"INSERT INTO `x` VALUES (1,-0e0)", ""},
		{"INSERT INTO `x` VALUES (1,-0.0e7)", ""}, // the exponent's digits are not the mantissa's
		{"INSERT INTO `x` VALUES (-.0,1)", ""},
		{"INSERT INTO `x` VALUES (-.01,-10e-1)", "-.01\t-10e-1\n"},
		{"INSERT INTO `x` VALUES (1," + long + ")", ""}, // 72 digits
		{"INSERT INTO `x` VALUES (" + long + ",1)", ""},
		{"INSERT INTO `x` VALUES (1,1" + strings.Repeat("0", 70) + ")", ""},
	} {
		lc := &loadConverter{t: tbl}
		ok := lc.add([]byte(tc.sql))
		if got := string(lc.data); ok != (tc.want != "") || got != tc.want {
			t.Errorf("%s:\n got %v %q\nwant %q", tc.sql, ok, got, tc.want)
		}
	}
}

// TestLoadDataSameAsInsert: the same statements through INSERT and through --load-data's
// LOAD DATA LOCAL give byte-identical tables, on a table with every accepted column type;
// a batch whose LOAD is not clean (a duplicate key) is rolled back and left to the INSERTs.
func TestLoadDataSameAsInsert(t *testing.T) {
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
	ddl := "(id INT PRIMARY KEY, ti TINYINT, ui INT UNSIGNED, bi BIGINT, dc DECIMAL(10,3), f FLOAT, db DOUBLE, " +
		"vc VARCHAR(50), l1 VARCHAR(20) CHARACTER SET latin1, tx TEXT, js JSON, bn BINARY(4), vb VARBINARY(20), bl BLOB, " +
		"dt DATE, dtm DATETIME(3), ts TIMESTAMP NULL, tm TIME, yr YEAR, en ENUM('a','b','c'), st SET('x','y'))"
	for _, q := range []string{"SET NAMES utf8mb4", "CREATE DATABASE a CHARACTER SET utf8mb4", "CREATE DATABASE b CHARACTER SET utf8mb4",
		"CREATE TABLE a.t " + ddl, "CREATE TABLE b.t " + ddl} {
		if _, err := c.ExecContext(ctx, q); err != nil {
			t.Fatal(q, err)
		}
	}
	var all strings.Builder
	for i := 0; i < 256; i++ {
		all.WriteString(fmt.Sprintf("%02x", i))
	}
	stmts := []string{
		"INSERT INTO `t` VALUES (1,-128,4294967295,-9223372036854775808,1234567.891,1.1,2.2250738585072014e-308,'héllo wörld ☃','ça va','line1\\nline2\\ttab\\\\back','{\"a\": [1, 2]}',_binary 'ab\\0c',X'" + all.String()[:40] + "',0x" + all.String() + ",'2020-02-29','2020-02-29 12:34:56.789','2038-01-19 03:14:07','-838:59:59','2155','b','x,y')",
		"INSERT INTO `t` VALUES (2,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL),(3,'12','7','-1','0.0005','1e-3','-.5','','','','null','','','','0000-00-00','1000-01-01 00:00:00','1970-01-01 00:00:01','00:00:00','1901','a','')",
		"INSERT INTO `t` (`id`,`vc`,`dc`) VALUES (4,'it''s \\'quoted\\' \\\"dq\\\"',1.005),(5,'\\%\\_\\Z\\b\\r',-0.001)",
		"INSERT INTO `t` (`id`,`db`,`f`) VALUES (6,1e308,3.4028234e38),(7,123456789012345678901234567890,0.1)",
	}
	for _, q := range stmts {
		if _, err := c.ExecContext(ctx, "USE a"); err != nil {
			t.Fatal(err)
		}
		if _, err := c.ExecContext(ctx, q); err != nil {
			t.Fatalf("INSERT: %v\n%s", err, q)
		}
	}
	ld := &loadData{}
	if _, err := c.ExecContext(ctx, "USE b"); err != nil {
		t.Fatal(err)
	}
	// Each batch runs as the worker runs it: a transaction, the LOAD, and the INSERTs when
	// the LOAD was not clean. The decimal rounded from '0.0005' raises a note, so its
	// batch is left to the INSERTs, which round it the same way.
	batches := [][]batchStmt{{{sql: stmts[0]}}, {{sql: stmts[1]}}, {{sql: stmts[2]}}, {{sql: stmts[3]}}}
	wantLoaded := []bool{true, false, true, true}
	for i, b := range batches {
		if _, err := c.ExecContext(ctx, "START TRANSACTION"); err != nil {
			t.Fatal(err)
		}
		loaded, err := ld.load(ctx, c, nil, nil, b)
		if err != nil {
			t.Fatal(err)
		}
		if loaded != wantLoaded[i] {
			t.Errorf("batch %d: loaded %v, want %v", i, loaded, wantLoaded[i])
		}
		if !loaded {
			for _, s := range b {
				if _, err := c.ExecContext(ctx, s.sql); err != nil {
					t.Fatal(err)
				}
			}
		}
		if _, err := c.ExecContext(ctx, "COMMIT"); err != nil {
			t.Fatal(err)
		}
	}
	dump := func(schema string) string {
		rows, err := c.QueryContext(ctx, "SELECT * FROM "+schema+".t ORDER BY id")
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		cols, _ := rows.Columns()
		var out strings.Builder
		for rows.Next() {
			vals := make([]sql.RawBytes, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			for i, v := range vals {
				if v == nil {
					fmt.Fprintf(&out, "%s=NULL ", cols[i])
				} else {
					fmt.Fprintf(&out, "%s=%x ", cols[i], []byte(v))
				}
			}
			out.WriteString("\n")
		}
		return out.String()
	}
	if a, b := dump("a"), dump("b"); a != b {
		t.Errorf("LOAD DATA differs from INSERT:\nINSERT:\n%s\nLOAD:\n%s", a, b)
	}
	// A duplicate key: LOAD DATA LOCAL would skip it with a warning, the INSERT fails.
	if _, err := c.ExecContext(ctx, "START TRANSACTION"); err != nil {
		t.Fatal(err)
	}
	loaded, err := ld.load(ctx, c, nil, nil, []batchStmt{{sql: "INSERT INTO `t` (`id`) VALUES (100),(1)"}})
	if err != nil || loaded {
		t.Fatalf("duplicate: loaded %v, err %v; want left to the INSERTs", loaded, err)
	}
	var n int
	c.QueryRowContext(ctx, "SELECT COUNT(*) FROM b.t WHERE id = 100").Scan(&n)
	c.ExecContext(ctx, "ROLLBACK")
	if n != 0 || ld.replayed.Load() != 2 {
		t.Errorf("row 100 after the rolled-back LOAD: %d (replayed %d)", n, ld.replayed.Load())
	}

	// A row the converter refuses in mid-stream (1e3 into a string column, in the second
	// statement's second row): the LOAD has sent the rows before it; they are rolled
	// back, the batch is left to the INSERTs and not counted as replayed, and the table's
	// next batches are converted whole before their LOAD.
	refusing := []batchStmt{{sql: "INSERT INTO `t` (`id`,`vc`) VALUES (200,'a')"}, {sql: "INSERT INTO `t` (`id`,`vc`) VALUES (201,'b'),(202,1e3)"}}
	for i, b := range [][]batchStmt{refusing, refusing, {{sql: "INSERT INTO `t` (`id`,`vc`) VALUES (203,'c')"}}} {
		if _, err := c.ExecContext(ctx, "START TRANSACTION"); err != nil {
			t.Fatal(err)
		}
		seq := ld.seq.Load()
		loaded, err := ld.load(ctx, c, nil, nil, b)
		if err != nil || loaded != (i == 2) {
			t.Fatalf("batch %d: loaded %v, err %v", i, loaded, err)
		}
		var n int
		c.QueryRowContext(ctx, "SELECT COUNT(*) FROM b.t WHERE id BETWEEN 200 AND 202").Scan(&n)
		c.ExecContext(ctx, "ROLLBACK")
		if n != 0 || ld.replayed.Load() != 2 {
			t.Errorf("batch %d: rows 200-202 after the refusal: %d (replayed %d)", i, n, ld.replayed.Load())
		}
		if streamed, converted := ld.seq.Load() > seq, i != 1; streamed != converted {
			t.Errorf("batch %d: a LOAD ran: %v, want %v (converted whole first after the refusal)", i, streamed, converted)
		}
	}
}

// TestLoadStreamSameAsWhole: a batch streamed in reads of any size gives the bytes it
// gives converted whole, and a refused row ends the stream at the row before it.
func TestLoadStreamSameAsWhole(t *testing.T) {
	stmts := []batchStmt{
		{sql: "INSERT INTO `x` VALUES (1,NULL,1.5,'a\\tb',_binary 'z\\0','2020-01-01'),(2,3,-.5,'\\\\',X'41',NULL)"},
		{sql: "INSERT INTO `x` VALUES (3,-2,1e3,'it''s',0x00FF,NULL)"},
		{sql: "INSERT INTO `x` VALUES (4,2,3,'" + strings.Repeat("long ", 5000) + "',NULL,NULL) , (5,2,3,'',NULL,NULL)"},
	}
	whole := &loadConverter{t: loadTestTable}
	for _, s := range stmts {
		if !whole.add([]byte(s.sql)) {
			t.Fatalf("not converted: %s", s.sql)
		}
	}
	refused := append(slices.Clone(stmts), batchStmt{sql: "INSERT INTO `x` VALUES (6,2,3,'4',NULL,NULL),(7,2,3,1e3,NULL,NULL)"})
	for _, size := range []int{1, 7, streamChunkBytes, 1 << 20} {
		for _, tc := range []struct {
			stmts  []batchStmt
			want   string
			failed bool
		}{
			{stmts, string(whole.data), false},
			{refused, string(whole.data) + "6\t2\t3\t4\t\\N\t\\N\n", true},
		} {
			lc := &loadConverter{t: loadTestTable}
			p, ok := lc.begin([]byte(tc.stmts[0].sql))
			if !ok {
				t.Fatal("head refused")
			}
			s := newLoadStream(lc, tc.stmts, p)
			got, err := io.ReadAll(&sizedReader{s, size})
			if err != nil || string(got) != tc.want || s.failed != tc.failed {
				t.Errorf("reads of %d: err %v, failed %v (want %v), same bytes: %v (%d, want %d)", size, err, s.failed, tc.failed, string(got) == tc.want, len(got), len(tc.want))
			}
		}
	}
}

// sizedReader reads from r at most n bytes at a time.
type sizedReader struct {
	r io.Reader
	n int
}

func (s *sizedReader) Read(b []byte) (int, error) { return s.r.Read(b[:min(len(b), s.n)]) }
