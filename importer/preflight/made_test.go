package preflight

import (
	"testing"

	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// TestSequenceDefaultForms: which row inserts into the target's empty other.e (id DEFAULT
// NEXTVAL(other.s)) and into the dump's copies of it move other.s (an overwrite) and
// which give id a value of their own (none). Before x-review26's fixes the DEFAULT forms,
// the renamed copy, and the view, code and block paths passed (TestReviewX26Sequence*).
func TestSequenceDefaultForms(t *testing.T) {
	fresh := func() *Preflight {
		p := &Preflight{
			databases: map[string]bool{"other": true},
			tables:    map[sqlscan.TableKey]bool{"other.e": true, "other.s": true},
			empty:     map[sqlscan.TableKey]bool{"other.e": true},
			created:   map[sqlscan.TableKey]bool{}, createdDBs: map[string]bool{}, current: "other",
			sequences: true, seqDefaults: seqDefaults{},
		}
		p.seqDefaults.note("other.e", "id", "`other`.`s`")
		return p
	}
	for _, c := range []struct {
		name  string
		stmts []string
		moves bool
	}{
		{"named", []string{"INSERT INTO e (id, v) VALUES (5, 1), (6, 2)"}, false},
		{"no list", []string{"INSERT INTO e VALUES (5, 1)"}, false},
		{"set named", []string{"INSERT INTO e SET v = id + 1, id = 3"}, false},
		{"default string", []string{"INSERT INTO e VALUES (5, 'DEFAULT')"}, false},
		{"left out", []string{"INSERT INTO e (v) VALUES (1)"}, true},
		{"values default", []string{"INSERT INTO e VALUES (DEFAULT, 1)"}, true},
		{"values empty", []string{"INSERT INTO e VALUES ()"}, true},
		{"second row empty", []string{"INSERT INTO e VALUES (1, 1), ()"}, true},
		{"set default", []string{"INSERT INTO e SET v = 1, id = DEFAULT"}, true},
		{"set left out", []string{"INSERT INTO e SET v = 1"}, true},
		{"odku default", []string{"INSERT INTO e (id, v) VALUES (1, 1) ON DUPLICATE KEY UPDATE id = DEFAULT"}, true},
		{"like copy", []string{"CREATE DATABASE f", "CREATE TABLE f.c LIKE other.e", "INSERT INTO f.c (v) VALUES (1)"}, true},
		{"like copy renamed", []string{"CREATE DATABASE f", "CREATE TABLE f.c LIKE other.e", "RENAME TABLE f.c TO f.d", "INSERT INTO f.d (v) VALUES (1)"}, true},
		{"like copy altered name", []string{"CREATE DATABASE f", "CREATE TABLE f.c LIKE other.e", "ALTER TABLE f.c RENAME TO f.d", "INSERT INTO f.d (v) VALUES (1)"}, true},
		{"like copy dropped, made again", []string{"CREATE DATABASE f", "CREATE TABLE f.c LIKE other.e", "DROP TABLE f.c", "CREATE TABLE f.c (id int, v int)", "INSERT INTO f.c (v) VALUES (1)"}, false},
		{"like in code", []string{"CREATE DATABASE f", "EXECUTE IMMEDIATE 'CREATE TABLE f.c LIKE other.e'", "INSERT INTO f.c (v) VALUES (1)"}, true},
		{"code", []string{"EXECUTE IMMEDIATE 'INSERT INTO other.e (v) VALUES (1)'"}, true},
		{"load data", []string{"LOAD DATA LOCAL INFILE 'x' INTO TABLE e (v)"}, true},
		{"view", []string{"CREATE DATABASE f", "CREATE VIEW f.v AS SELECT v FROM other.e", "INSERT INTO f.v (v) VALUES (1)"}, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := observed(statements(c.stmts...), fresh().ObserveAll)
			if moves := len(got) > 0; moves != c.moves {
				t.Errorf("overwrites %q; want some: %v", got, c.moves)
			}
		})
	}
}

// TestMergeMadeElsewhere: a MERGE table over the target's other.k that the dump makes as
// a LIKE copy of the target's MERGE table, in code, or a view made in code: a write
// through it is an overwrite of other.k (TestReviewX26MergeUnionUnseen).
func TestMergeMadeElsewhere(t *testing.T) {
	for _, c := range []struct {
		name  string
		stmts []string
	}{
		{"like merge", []string{"CREATE DATABASE f", "CREATE TABLE f.m LIKE other.mm", "INSERT INTO f.m VALUES (9)"}},
		{"like of the dump's merge", []string{"CREATE DATABASE f", "CREATE TABLE f.m (i int) ENGINE=MRG_MyISAM UNION=(other.k)", "CREATE TABLE f.n LIKE f.m", "DELETE FROM f.n"}},
		{"merge in code", []string{"CREATE DATABASE f", "EXECUTE IMMEDIATE 'CREATE TABLE f.m (i int) ENGINE=MRG_MyISAM UNION=(other.k)'", "INSERT INTO f.m VALUES (9)"}},
		{"merge via procedure", []string{"CREATE DATABASE f", "CREATE PROCEDURE f.p() CREATE TABLE f.m (i int) ENGINE=MRG_MyISAM UNION=(other.k)", "CALL f.p()", "DELETE FROM f.m"}},
		{"view in code", []string{"CREATE DATABASE f", "EXECUTE IMMEDIATE 'CREATE VIEW f.v AS SELECT i FROM other.k'", "UPDATE f.v SET i = 7"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := &Preflight{
				databases: map[string]bool{"other": true},
				tables:    map[sqlscan.TableKey]bool{"other.k": true, "other.mm": true},
				created:   map[sqlscan.TableKey]bool{}, createdDBs: map[string]bool{}, current: "other",
				targetMerges: map[sqlscan.TableKey][]sqlscan.TableKey{"other.mm": {"other.k"}},
			}
			got := observed(statements(c.stmts...), p.ObserveAll)
			found := false
			for _, g := range got {
				found = found || g == "INSERT INTO other.k" || g == "DELETE FROM other.k" || g == "UPDATE other.k"
			}
			if !found {
				t.Errorf("overwrites %q; want other.k named", got)
			}
		})
	}
}
