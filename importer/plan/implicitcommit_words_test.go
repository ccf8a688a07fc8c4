package plan

import (
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// TestCommitsAtStartCoversImplicitCommits: every statement the planner takes for an
// implicit commit at the top level (commitsImplicitly) starts with a word a routine's body
// reader takes for one too (commitsAtStart), so a CALL of a procedure whose body runs it
// inside the dump's transaction is refused (TestFixX10aBodyImplicitCommit); the two read
// one list (ddlVerbs, implicitCommitVerbs) where they used to repeat it.
func TestCommitsAtStartCoversImplicitCommits(t *testing.T) {
	stmts := []string{
		"CREATE TABLE t (id int)", "CREATE USER u", "DROP ROLE r", "ALTER SERVER s OPTIONS (HOST 'h')",
		"RENAME TABLE a TO b", "TRUNCATE TABLE t", "TRUNCATE t", "ANALYZE TABLE t", "ANALYZE LOCAL TABLE t",
		"CREATE INDEX i ON t (id)", "DROP VIEW v", "CREATE OR REPLACE PROCEDURE p() SELECT 1",
	}
	for w := range implicitCommitVerbs {
		stmts = append(stmts, w+" x")
	}
	for _, q := range stmts {
		sp := split.NewSplitter(strings.NewReader(q+";\n"), split.SplitOptions{})
		if !sp.Next() {
			t.Fatalf("%s: no statement", q)
		}
		st := sp.Statement()
		w := strings.ToUpper(sqlscan.FirstWord(st.SQL, st.Syntax()))
		if commitsImplicitly(&st) && !commitsAtStart(w) {
			t.Errorf("%s commits implicitly, but a body's %s is not taken for a commit", q, w)
		}
	}
	for _, w := range []string{"SELECT", "INSERT", "SET", "DECLARE", "IF"} {
		if commitsAtStart(w) {
			t.Errorf("a body's %s is taken for an implicit commit", w)
		}
	}
}
