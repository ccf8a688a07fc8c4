package preflight

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// observeX65 is what p reports for stmts, one "ACTION db.table" each.
func observeX65(p *Preflight, stmts ...string) []string {
	sp := split.NewSplitter(strings.NewReader(strings.Join(stmts, ";\n")+";\n"), split.SplitOptions{})
	var got []string
	for sp.Next() {
		st := sp.Statement()
		for _, ow := range p.ObserveAll(&st) {
			got = append(got, ow.Action+" "+ow.Database+"."+ow.Table)
		}
	}
	return got
}

func x65Target() *Preflight {
	return &Preflight{
		databases: map[string]bool{"other": true},
		tables:    map[sqlscan.TableKey]bool{"other.k": true, "other.s": true},
		empty:     map[sqlscan.TableKey]bool{},
		created:   map[sqlscan.TableKey]bool{}, createdDBs: map[string]bool{}, current: "fresh",
	}
}

// TestPreflightTemporaryRenamed: a TEMPORARY table renamed away (RENAME TABLE, ALTER …
// RENAME [TO]) shadows the target's table no more; its new name does
// (TestReviewX24TemporaryRenamed).
func TestPreflightTemporaryRenamed(t *testing.T) {
	for _, rename := range []string{"RENAME TABLE other.k TO other.k2", "ALTER TABLE other.k RENAME TO other.k2", "ALTER TABLE other.k RENAME other.k2"} {
		got := observeX65(x65Target(),
			"CREATE TEMPORARY TABLE other.k (i int)",
			rename,
			"INSERT INTO other.k2 VALUES (1)", // the temporary table, renamed
			"INSERT INTO other.k VALUES (9)",  // the target's again
		)
		if diff := cmp.Diff([]string{"INSERT INTO other.k"}, got); diff != "" {
			t.Errorf("%s: overwrites (-want +got):\n%s", rename, diff)
		}
	}
	// An ALTER that renames nothing keeps the shadow.
	if got := observeX65(x65Target(), "CREATE TEMPORARY TABLE other.k (i int)", "ALTER TABLE other.k ADD COLUMN j int", "INSERT INTO other.k VALUES (9)"); len(got) > 0 {
		t.Errorf("overwrites %q, want none", got)
	}
}

// TestPreflightSequenceWritten: SETVAL, NEXTVAL and NEXT VALUE FOR of a sequence the target
// held move it (a SELECT, DO, SET, a CREATE TABLE's DEFAULT); mariadb-dump's own SETVAL of
// a sequence the dump made, PREVIOUS VALUE FOR, and the words in a string do not
// (TestReviewX24SequenceWritten).
func TestPreflightSequenceWritten(t *testing.T) {
	for _, tc := range []struct {
		stmt string
		want []string
	}{
		{"SELECT SETVAL(`other`.`s`, 500, 0)", []string{"SETVAL other.s"}},
		{"DO SETVAL(other.s, 500)", []string{"SETVAL other.s"}},
		{"DO NEXTVAL(other.s)", []string{"NEXTVAL other.s"}},
		{"SELECT NEXT VALUE FOR other.s", []string{"NEXT VALUE FOR other.s"}},
		{"SET @v = nextval(other.s)", []string{"NEXTVAL other.s"}},
		{"CREATE TABLE t (id int DEFAULT NEXTVAL(other.s), v int)", []string{"NEXTVAL other.s"}},
		{"SELECT PREVIOUS VALUE FOR other.s, LASTVAL(other.s)", nil},
		{"SELECT 'SETVAL(other.s, 1)'", nil},
		{"SELECT nextval", nil},
		{"CREATE SEQUENCE s2;\nSELECT SETVAL(`s2`, 1001, 0)", nil},
	} {
		if diff := cmp.Diff(tc.want, observeX65(x65Target(), "USE other", tc.stmt)); diff != "" {
			t.Errorf("%s: overwrites (-want +got):\n%s", tc.stmt, diff)
		}
	}
}

// TestPreflightViewForms: writes into the dump's views of the target's other.k in the
// forms TestReviewX24OverwriteMissed found unread: parenthesised lists (mysqldump's join
// form), a view of a view, ALTER VIEW, and code writing into such a view.
func TestPreflightViewForms(t *testing.T) {
	for _, tc := range []struct {
		name  string
		stmts []string
		want  []string
	}{
		{"view of view", []string{"CREATE VIEW v1 AS SELECT i FROM other.k", "CREATE VIEW v2 AS SELECT i FROM v1", "INSERT INTO v2 VALUES (9)"}, []string{"INSERT INTO other.k"}},
		{"join mysqldump", []string{"CREATE TABLE t (i int PRIMARY KEY)", "CREATE ALGORITHM=UNDEFINED SQL SECURITY DEFINER VIEW `v` AS select `k`.`i` AS `i`,`t`.`i` AS `j` from (`other`.`k` join `fresh`.`t` on(`k`.`i` = `t`.`i`))", "UPDATE v SET i = 9"}, []string{"UPDATE other.k"}},
		{"parens", []string{"CREATE VIEW v AS SELECT i FROM (other.k)", "INSERT INTO v VALUES (9)"}, []string{"INSERT INTO other.k"}},
		{"subquery", []string{"CREATE VIEW v AS SELECT i FROM (SELECT i FROM other.k) AS d", "INSERT INTO v VALUES (9)"}, []string{"INSERT INTO other.k"}}, // not updatable (the server refuses it): refused either way
		{"alter view", []string{"CREATE TABLE t (i int)", "CREATE VIEW v AS SELECT i FROM t", "ALTER VIEW v AS SELECT i FROM other.k", "INSERT INTO v VALUES (9)"}, []string{"INSERT INTO other.k"}},
		{"fresh only", []string{"CREATE TABLE t (i int)", "CREATE VIEW v AS SELECT i FROM (t)", "INSERT INTO v VALUES (9)"}, nil},
		{"procedure", []string{"CREATE VIEW v AS SELECT i FROM other.k", "CREATE PROCEDURE p() INSERT INTO v VALUES (9)"}, []string{"CREATE PROCEDURE fresh.p"}},
		{"prepare", []string{"CREATE VIEW v AS SELECT i FROM other.k", "PREPARE s FROM 'INSERT INTO v VALUES (9)'"}, []string{"PREPARE fresh."}},
	} {
		got := observeX65(x65Target(), append([]string{"CREATE DATABASE fresh", "USE fresh"}, tc.stmts...)...)
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s: overwrites (-want +got):\n%s", tc.name, diff)
		}
	}
}
