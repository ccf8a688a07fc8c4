package preflight

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestPreflightViewRenamed: renaming the dump's own view over the target's table (RENAME
// TABLE, ALTER TABLE … RENAME) writes nothing into that table (it was refused as "RENAME
// TABLE other.k", x-review25's over-refusal note); a write through the view by its new
// name writes it, as by its old one; dropping the view drops none of it.
func TestPreflightViewRenamed(t *testing.T) {
	for _, rename := range []string{"RENAME TABLE fresh.v TO fresh.w", "RENAME TABLE v TO w", "RENAME TABLE v TO w, x TO y"} {
		got := observeX65(x65Target(), "CREATE VIEW v AS SELECT i FROM other.k", rename)
		if len(got) > 0 {
			t.Errorf("%s: overwrites %q, want none", rename, got)
		}
		got = observeX65(x65Target(), "CREATE VIEW v AS SELECT i FROM other.k", rename, "UPDATE w SET i = 2", "DROP VIEW w")
		if diff := cmp.Diff([]string{"UPDATE other.k"}, got); diff != "" {
			t.Errorf("%s then UPDATE w: overwrites (-want +got):\n%s", rename, diff)
		}
	}
}

// TestPreflightMergeUnion: a MERGE table's UNION=(…) is a view over its tables; a UNION of
// a CREATE TABLE … SELECT is none (TestReviewX25MergeTableOverwrites).
func TestPreflightMergeUnion(t *testing.T) {
	for _, tc := range []struct {
		stmts []string
		want  []string
	}{
		{[]string{"CREATE TABLE m (i int) ENGINE=MRG_MyISAM UNION=(other.k) INSERT_METHOD=LAST", "INSERT INTO m VALUES (1)"}, []string{"INSERT INTO other.k"}},
		{[]string{"CREATE TABLE m (i int) ENGINE=MERGE UNION (t1, other.k)", "DELETE FROM m"}, []string{"DELETE FROM other.k"}},
		{[]string{"CREATE TABLE m (i int) ENGINE=MERGE", "ALTER TABLE m UNION=(other.k)", "UPDATE m SET i = 1"}, []string{"UPDATE other.k"}},
		{[]string{"CREATE TABLE m SELECT 1 AS i UNION (SELECT i FROM other.k)", "INSERT INTO m VALUES (1)"}, nil},
		{[]string{"CREATE TABLE m (i int) ENGINE=MERGE UNION=(other.k)", "DROP TABLE m"}, nil},
		{[]string{"CREATE TABLE m (i int) ENGINE=MERGE UNION=(other.k)", "ALTER TABLE m RENAME TO n"}, nil},
		{[]string{"CREATE TABLE m (i int) ENGINE=MERGE UNION=(other.k)", "ALTER TABLE m RENAME TO n", "INSERT INTO n VALUES (1)", "INSERT INTO m VALUES (1)"}, []string{"INSERT INTO other.k"}},
	} {
		if diff := cmp.Diff(tc.want, observeX65(x65Target(), tc.stmts...)); diff != "" {
			t.Errorf("%q: overwrites (-want +got):\n%s", tc.stmts, diff)
		}
	}
}
