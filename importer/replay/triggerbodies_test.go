package replay

import (
	"context"
	"database/sql"
	"slices"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer/plan"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestTriggerBodiesReadWhole: the catalog, the lost counters' facts and a LOCK TABLES
// region's write scope read a table's trigger bodies through one reader (tableTriggers),
// which gives each body whole with its sql_mode. The catalog read them as one
// GROUP_CONCAT, cut at group_concat_max_len: with MySQL's default of 1024 bytes, a
// trigger whose INSERT INTO lg came after 1,100 bytes of other statements touched no
// table, so lg's rows were not kept in stream order against the trigger's inserts
// (failed before: the catalog's read named 0 of the 1 table; the other readers, which
// read each body, agree with the reader on all 3 tables here).
func TestTriggerBodiesReadWhole(t *testing.T) {
	srv := testsandbox.Start(t)
	db, err := sql.Open("mysql", srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ctx := context.Background()
	c, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	long := strings.Repeat("x", 1100)
	for _, q := range []string{
		"CREATE DATABASE d", "USE d",
		"CREATE TABLE t (id INT PRIMARY KEY, a INT)", "CREATE TABLE lg (id INT AUTO_INCREMENT PRIMARY KEY, v INT)",
		"CREATE TABLE two (id INT PRIMARY KEY)", "CREATE TABLE none (id INT PRIMARY KEY)",
		"CREATE TRIGGER tb BEFORE INSERT ON t FOR EACH ROW BEGIN SET @pad = '" + long + "'; INSERT INTO lg (v) VALUES (NEW.id); END",
		"CREATE TRIGGER t1 BEFORE INSERT ON two FOR EACH ROW SET NEW.id = NEW.id + 1",
		"SET SESSION sql_mode = 'ANSI_QUOTES'",
		"CREATE TRIGGER t2 AFTER INSERT ON two FOR EACH ROW INSERT INTO \"lg\" (v) VALUES (NEW.id)",
		"SET SESSION sql_mode = DEFAULT",
		"SET SESSION group_concat_max_len = 1024",
	} {
		if _, err := c.ExecContext(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	for _, tc := range []struct {
		table string
		n     int
		modes []string
	}{{"t", 1, []string{"STRICT_TRANS_TABLES"}}, {"two", 2, []string{"", "ANSI_QUOTES"}}, {"none", 0, nil}} {
		bodies, err := tableTriggers(ctx, c, "d", tc.table)
		if err != nil {
			t.Fatal(err)
		}
		if len(bodies) != tc.n {
			t.Errorf("%s: %d triggers, want %d", tc.table, len(bodies), tc.n)
			continue
		}
		var readable []bool
		for _, b := range bodies {
			readable = append(readable, readableBody(b))
		}
		// The old catalog query, beside the reader.
		var joined sql.NullString
		if err := c.QueryRowContext(ctx, "SELECT GROUP_CONCAT(ACTION_STATEMENT SEPARATOR ';') FROM information_schema.TRIGGERS WHERE EVENT_OBJECT_SCHEMA=? AND EVENT_OBJECT_TABLE=?", "d", tc.table).Scan(&joined); err != nil {
			t.Fatal(err)
		}
		if joined.Valid != (tc.n > 0) {
			t.Errorf("%s: GROUP_CONCAT valid %v with %d triggers", tc.table, joined.Valid, tc.n)
		}
		got, _ := plan.TriggerTables([]byte(joinedTriggerText(bodies)), "d")
		switch tc.table {
		case "t":
			if !slices.Contains(got, "d.lg") {
				t.Errorf("t: the reader's bodies name %q, want d.lg", got)
			}
			if old, _ := plan.TriggerTables([]byte(joined.String), "d"); slices.Contains(old, "d.lg") {
				t.Logf("t: the server did not cut GROUP_CONCAT at 1024 bytes (%d bytes): the old read named %q", len(joined.String), old)
			}
			if !readable[0] {
				t.Errorf("t: a body created under %q read as unreadable", bodies[0].SQLMode)
			}
		case "two":
			// t2 names "lg" under ANSI_QUOTES; the reader gives it as `lg` (x-fix81: the body
			// in its own sql_mode). TriggerTables reads a string after INTO as a name too, so
			// the raw body named it as well: this pins the conversion, it failed on nothing.
			if !slices.Contains(got, "d.lg") {
				t.Errorf("two: the reader's bodies %q name %q, want d.lg", joinedTriggerText(bodies), got)
			}
			if slices.Equal(readable, []bool{true, true}) {
				t.Errorf("two: a body created under ANSI_QUOTES read as readable: %+v", bodies)
			}
		}
	}
}
