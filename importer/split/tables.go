package split

import "github.com/dumpscope/dumpscope/importer/sqlscan"

// NamedTables returns every table a DDL statement names as its object: all of
// `DROP TABLE a, b`, `RENAME TABLE a TO b, c TO d`, `TRUNCATE a`, the new name of
// `ALTER TABLE a RENAME [TO] b`, the source of `CREATE TABLE b LIKE a` and the table
// whose rows an ALTER moves (`EXCHANGE PARTITION p WITH TABLE k`, `CONVERT TABLE k TO
// PARTITION …`, `CONVERT PARTITION p TO TABLE k`). ok is false
// when a name cannot be read. db is the current database; the keys are table keys
// (sqlscan.TableKeyOf), for the planner's scopes and the preflight's lookups alike.
func (st *Statement) NamedTables(db string) (keys []string, ok bool) {
	qualify := func(d, t string) string {
		if d == "" {
			d = db
		}
		return string(sqlscan.TableKeyOf(d, t))
	}
	keys = []string{qualify(st.Database, st.Table)}
	switch st.Verb {
	case "DROP TABLE", "DROP VIEW", "RENAME TABLE", "TRUNCATE TABLE", "TRUNCATE":
	case "ALTER TABLE", "CREATE TABLE":
		l := st.Tokens()
		for _, n := range sqlscan.OtherTables(&l, st.Verb == "ALTER TABLE") {
			keys = append(keys, qualify(n[0], n[1]))
		}
		return keys, true
	default:
		return keys, true
	}
	// A list of names after the verb (and IF EXISTS), separated by commas or TO.
	l := st.Tokens()
	l.Next()
	t := l.Next()
	if t.Is("TEMPORARY") {
		t = l.Next()
	}
	if t.Is("TABLE") || t.Is("TABLES") || t.Is("VIEW") {
		t = l.Next()
	}
	for t.Is("IF") || t.Is("EXISTS") {
		t = l.Next()
	}
	if t.Kind == sqlscan.Punct && t.Text == "/" { // a trailing executable comment marker was skipped
		t = l.Next()
	}
	keys = keys[:0]
	for t.Kind != sqlscan.EOF {
		if t.Is("WAIT") || t.Is("NOWAIT") || t.Is("RESTRICT") || t.Is("CASCADE") {
			break
		}
		if !t.IsName() {
			return nil, false
		}
		d, name := l.Name(t)
		keys = append(keys, qualify(d, name))
		t = l.Next()
		if t.Is("TO") || (t.Kind == sqlscan.Punct && t.Text == ",") {
			t = l.Next()
			continue
		}
		if t.Kind == sqlscan.Punct && t.Text == "*" { // end of /*!…*/
			t = l.Next()
		}
		if t.Kind == sqlscan.Punct && t.Text == "/" {
			t = l.Next()
		}
	}
	return keys, len(keys) > 0
}
