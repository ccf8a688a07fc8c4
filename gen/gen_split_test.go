package gen

import (
	"bytes"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dumpscope/dumpscope/importer/split"
)

// The project's own splitter must read a generated dump as the mariadb client does: raw
// spans tile the dump, every INSERT is attributed to its table with the rows gen wrote, and
// the DELIMITER blocks (trigger, event, procedure) come out as single statements.
func TestSplitterAgreesWithStats(t *testing.T) {
	for _, o := range []Options{
		sized(3<<20, func(o *Options) { o.RowsPerInsertBytes = 16384; o.Events = true }),
		sized(1<<20, func(o *Options) { o.ExtendedInsert = false; o.Seed = 3 }),
	} {
		dump, st := generate(t, o)
		sp := split.NewSplitter(bytes.NewReader(dump), split.SplitOptions{Charset: "utf8mb4", TrackSQLMode: true})
		var raw bytes.Buffer
		rows, inserts := map[string]int64{}, map[string]int64{}
		kinds := map[split.Kind]int{}
		var routines []string
		for sp.Next() {
			s := sp.Statement()
			raw.Write(s.Raw)
			kinds[s.Kind]++
			if s.Kind == split.KindRoutine {
				routines = append(routines, s.Verb+" "+s.Table)
			}
			if s.Kind == split.KindInsert {
				rows[s.Table] += s.Rows
				inserts[s.Table]++
			}
		}
		if err := sp.Err(); err != nil {
			t.Fatalf("split: %v", err)
		}
		if !bytes.Equal(raw.Bytes(), dump) {
			t.Errorf("raw spans (%d bytes) do not tile the dump (%d bytes)", raw.Len(), len(dump))
		}
		wantRows, wantInserts := map[string]int64{}, map[string]int64{}
		for _, ts := range st.Tables {
			wantRows[ts.Name], wantInserts[ts.Name] = ts.Rows, ts.Inserts
		}
		if d := cmp.Diff(wantRows, rows); d != "" {
			t.Errorf("rows per table, Stats (-) vs splitter (+):\n%s", d)
		}
		if d := cmp.Diff(wantInserts, inserts); d != "" {
			t.Errorf("INSERTs per table, Stats (-) vs splitter (+):\n%s", d)
		}
		wantRoutines := []string{"CREATE TRIGGER orders_after_insert", "DROP PROCEDURE order_total", "CREATE PROCEDURE order_total"}
		if o.Events {
			wantRoutines = []string{"CREATE TRIGGER orders_after_insert", "DROP EVENT purge_event_log",
				"CREATE EVENT purge_event_log", "DROP PROCEDURE order_total", "CREATE PROCEDURE order_total"}
		}
		if d := cmp.Diff(wantRoutines, routines); d != "" {
			t.Errorf("routine statements (-want +got):\n%s", d)
		}
		// Per table DROP, CREATE and ALTER … DISABLE/ENABLE KEYS; then CREATE DATABASE, the
		// view's stand-in DROP TABLE + DROP VIEW + CREATE VIEW and its final DROP + CREATE.
		if want := 4*len(st.Tables) + 1 + 5; kinds[split.KindDDL] != want || kinds[split.KindLock] != 2*len(st.Tables) {
			t.Errorf("statement kinds %v: want %d ddl and %d lock", kinds, want, 2*len(st.Tables))
		}
	}
}
