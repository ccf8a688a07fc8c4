package plan

import (
	"cmp"
	"slices"
	"strings"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// Where a temporary table's rows and definition come from, for a resume that makes it
// again (temporary.go's note; replay/temprebuild.go): the tables a fill reads, the one a
// CREATE … LIKE copies, the database whose defaults an ALTER DATABASE changes.

// FilledFrom starts Plan.TemporaryInexact of a fill from a real table: the replay rebuilds
// it exactly where nothing wrote those tables since (replay/temprebuild.go).
const FilledFrom = "it is filled from "

// LikeDefinition follows FilledFrom and the table's name in Plan.TemporaryInexact of a
// CREATE TEMPORARY TABLE … LIKE of a real table: what it takes is the definition, not
// the rows (nor the AUTO_INCREMENT counter), so only a statement that may change a
// definition changes what it is rebuilt as (replay/temprebuild.go).
const LikeDefinition = "'s definition (CREATE … LIKE)"

// FillSources are the keys of every table st, a fill of a temporary table (CREATE
// TEMPORARY TABLE … SELECT, INSERT INTO tt SELECT …), names after FROM or JOIN (and their
// comma lists), and the one a CREATE … LIKE copies, temporary ones included; db is the
// current database.
func FillSources(st *split.Statement, db string) []string {
	var keys []string
	if k := likeSource(st, db); k != "" {
		keys = append(keys, k)
	}
	for _, k := range dmlTables(st, db) {
		if !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
	}
	return keys
}

// likeSource is the key of the table st, CREATE [TEMPORARY] TABLE t LIKE k (or (LIKE k)),
// takes its definition from, "" for any other statement: the definition is k's as it is
// when st runs, so a resume that sends st again after the interrupted run altered k makes
// another table (TestReviewX21TemporaryDefinitionFromTable: silent before).
func likeSource(st *split.Statement, db string) string {
	if st.Verb != "CREATE TABLE" {
		return ""
	}
	l := sqlscan.New(st.SQL, st.Syntax())
	t := l.Next()
	for ; !t.Is("TABLE"); t = l.Next() {
		if t.Kind == sqlscan.EOF {
			return ""
		}
	}
	t = l.Next()
	for t.Is("IF") || t.Is("NOT") || t.Is("EXISTS") {
		t = l.Next()
	}
	if _, name := l.Name(t); name == "" {
		return ""
	}
	t = l.Next()
	if t.Kind == sqlscan.Punct && t.Text == "(" {
		t = l.Next()
	}
	if !t.Is("LIKE") {
		return ""
	}
	kdb, name := l.Name(l.Next())
	if name == "" {
		return ""
	}
	return KeyOf(cmp.Or(kdb, db), name)
}

// databaseDefaults marks, at d, an ALTER DATABASE (or a CREATE DATABASE of a temporary
// table's database, dropped before), the temporary tables there are then: a column made
// without a character set took the database's default, and a resume that skips d sends
// their CREATE again under the new one (`CREATE TEMPORARY TABLE tt (v varchar(200))`
// under utf8mb4, then ALTER DATABASE r15 CHARACTER SET latin1: the resume's tt stored
// 'Ωmega ✓' as '?mega ?': TestReviewX21TemporaryDatabaseDefaults, silent before). An
// ALTER DATABASE marks only the temporary tables of the database it alters (its name,
// or the current database, db, where it names none: a table takes its own database's
// default), and only where its text names a character set or collation (CHARACTER,
// CHARSET, COLLATE anywhere: a COMMENT or UPGRADE DATA DIRECTORY NAME changes nothing a
// table holds: TestXFix56AlterDatabaseTemporary). A CREATE TEMPORARY TABLE after d is
// sent by the resume where the server's default is d's already, as the client's was.
func (tt *temporaryTables) databaseDefaults(d *split.Statement, db string, pl *Plan) {
	if d.Kind != split.KindDDL || pl.Temporary != "" || len(tt.names) == 0 {
		return
	}
	alter := d.Verb == "ALTER DATABASE" || d.Verb == "ALTER SCHEMA"
	if !alter && d.Verb != "CREATE DATABASE" && d.Verb != "CREATE SCHEMA" {
		return
	}
	target := strings.Trim(d.Database, "`")
	if alter {
		if !sqlscan.ContainsFoldASCII(d.SQL, "CHARACTER") && !sqlscan.ContainsFoldASCII(d.SQL, "CHARSET") && !sqlscan.ContainsFoldASCII(d.SQL, "COLLATE") {
			return
		}
		target = alteredDatabase(d, db) // "": not known, every temporary table
	}
	var held []string
	for k, live := range tt.names {
		if tdb, _ := sqlscan.TableKey(k).Names(); live && (alter && target == "" || strings.EqualFold(tdb, target)) {
			held = append(held, k)
		}
	}
	if len(held) == 0 {
		return
	}
	slices.Sort(held)
	pl.Temporary, pl.TemporaryAlso = held[0], held[1:]
	pl.TemporaryInexact = "this " + d.Verb + " changed the database's default character set after the table was made, and the resume, which skips it, makes the table again under the new default"
}

// alteredDatabase is the database d, ALTER DATABASE|SCHEMA [name] …, alters: its name,
// db (the current database) where it names none, "" where d does not read so (an
// executable comment around it, say).
func alteredDatabase(d *split.Statement, db string) string {
	l := d.Tokens()
	if !l.Next().Is("ALTER") {
		return ""
	}
	if t := l.Next(); !t.Is("DATABASE") && !t.Is("SCHEMA") {
		return ""
	}
	n := l.Next()
	for _, w := range []string{"DEFAULT", "CHARACTER", "CHARSET", "COLLATE", "COMMENT", "UPGRADE"} {
		if n.Is(w) {
			return db
		}
	}
	if !n.IsName() {
		return ""
	}
	if qual, name := l.Name(n); qual == "" {
		return name
	}
	return ""
}
