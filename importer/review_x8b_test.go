package importer_test

import (
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/importer/transform"
)

// x-review8's findings on l-hidden (1cc4bd9): the filters follow the table the statement
// a SET STATEMENT … FOR, EXECUTE IMMEDIATE or PREPARE runs writes. All four are fixed and
// run by default: the statement a wrapper holds is split and kept as the dump's own would
// be (its DDL and its rows with their table, a wrapper in it by what that one holds), and
// EXECUTE s and DEALLOCATE PREPARE s follow their PREPARE's decision, taken where it ran
// (transform.keepWrapped, preparedKept).

// x8FilterSetup is what both servers hold before the import: d and e, each with a table k,
// and d.x with a row (the target's table a filter leaves out).
var x8FilterSetup = []string{"CREATE DATABASE d", "CREATE DATABASE e",
	"CREATE TABLE d.k (id int PRIMARY KEY, c int)", "CREATE TABLE e.k (id int PRIMARY KEY, c int)",
	"CREATE TABLE d.x (id int PRIMARY KEY, c int)", "INSERT INTO d.x VALUES (100,100)"}

// TestReviewX8PrepareThenUse: PREPARE s FROM 'INSERT INTO k …' under USE d, then USE e,
// then EXECUTE s. The server resolves the prepared statement's unqualified k when it
// prepares it: EXECUTE s writes d.k (checked on 10.11: the row lands in d.k, e.k stays
// empty).
//   - exclude-e.k: --exclude-tables e.k leaves out the EXECUTE (attributed to e.k): d.k,
//     which the user kept, lacks the row the client given the dump without e.k's
//     statements stores. Silent: exit 0. Regression of l-hidden: passes at e6aaf52 (the
//     EXECUTE followed database e, kept).
//   - include-d: --include-databases d leaves out the EXECUTE the same way. Silent. Not a
//     regression (at e6aaf52 it followed database e, left out too).
//   - include-e: --include-databases e leaves out the PREPARE (d.k) and keeps the EXECUTE
//     (e.k), which stops the import: "ERROR 1243 (HY000): Unknown prepared statement
//     handler (s) given to EXECUTE" where the client given e's statements finishes. Not a
//     regression (the same at e6aaf52).
//
// Cause: Transform.otherTables (importer/transform/keep.go:59-68) reads the text the
// EXECUTE runs (wrapped: its PREPARE's literal, t.prepared) with db, the current database
// at the EXECUTE, not the one at the PREPARE; t.prepared (keep.go:148-153) keeps the text
// only. (The same holds for DEALLOCATE PREPARE, harmlessly.)
func TestReviewX8PrepareThenUse(t *testing.T) {
	prepare := "USE d;\nPREPARE s FROM 'INSERT INTO k VALUES (1,1)';\n"
	execute := "USE e;\nEXECUTE s;\nDEALLOCATE PREPARE s;\n"
	dump := prepare + "INSERT INTO k VALUES (2,2);\n" + "USE e;\nINSERT INTO k VALUES (5,5);\n" + execute
	for name, c := range map[string]struct {
		ref string
		db  string
	}{
		"include-d":   {prepare + "INSERT INTO k VALUES (2,2);\n" + execute, "d"},
		"include-e":   {"USE e;\nINSERT INTO k VALUES (5,5);\n", "e"},
		"exclude-e.k": {prepare + "INSERT INTO k VALUES (2,2);\n" + execute, ""},
	} {
		t.Run(name, func(t *testing.T) {
			runX5(t, x5Case{setup: x8FilterSetup, dump: dump, ref: c.ref, dbs: []string{"d", "e"},
				opt: importer.Options{Parallel: 1, Overwrite: true, SkipRowCounts: true,
					Transform: x8Filter(c.db)}})
		})
	}
}

// TestReviewX8DynamicDDLOfExcludedTable: --exclude-tables d.x with the dump's
// EXECUTE IMMEDIATE 'DROP TABLE x' (or TRUNCATE TABLE x, ALTER TABLE x …, through
// PREPARE/EXECUTE or SET STATEMENT … FOR): the statement runs, and the target's table the
// user left out is dropped, emptied or altered; the client given the dump without x's
// statements leaves it as it was. Silent: exit 0. docs/filters.md says a table's DROP
// and ALTER follow the table, and a statement that runs another follows the table the
// statement it runs writes.
//
// Cause: Transform.otherTables (importer/transform/keep.go:65-69) attributes the inner
// statement to a table only when it is UPDATE, DELETE, LOAD, INSERT or REPLACE; any
// other falls back to the current database (filter.go:434, dbKept). Not a
// regression: before 1cc4bd9 every such statement followed its database.
func TestReviewX8DynamicDDLOfExcludedTable(t *testing.T) {
	kept := "USE d;\nINSERT INTO k VALUES (1,1);\n"
	for name, hidden := range map[string]string{
		"drop":     "EXECUTE IMMEDIATE 'DROP TABLE x';\n",
		"truncate": "PREPARE s FROM 'TRUNCATE TABLE `d`.`x`';\nEXECUTE s;\nDEALLOCATE PREPARE s;\n",
		"alter":    "SET STATEMENT lock_wait_timeout=5 FOR ALTER TABLE x ADD COLUMN z int;\n",
	} {
		t.Run(name, func(t *testing.T) {
			runX5(t, x5Case{setup: x8FilterSetup, dump: kept + hidden, ref: kept, dbs: []string{"d"},
				opt: importer.Options{Parallel: 1, Overwrite: true, SkipRowCounts: true,
					Transform: transform.Options{ExcludeTables: []string{"d.x"}}}})
		})
	}
}

// x8Filter is --include-databases db, or --exclude-tables e.k when db is "".
func x8Filter(db string) transform.Options {
	if db == "" {
		return transform.Options{ExcludeTables: []string{"e.k"}}
	}
	return transform.Options{IncludeDatabases: []string{db}}
}

// TestReviewX8SchemaOnlyExecuteOfDynamicPrepare: --schema-only with a statement name
// prepared twice: PREPARE s FROM 'DROP TABLE IF EXISTS old' and EXECUTE s (schema, kept),
// CREATE TABLE old, then PREPARE s FROM @q (dynamic SQL: left out as rows, with a warning)
// and EXECUTE s. The EXECUTE is kept, and runs the statement still prepared under s on
// the server: the first one, which drops the table old the dump just created. The client
// given the dump without its rows (the second PREPARE with its EXECUTE and DEALLOCATE)
// keeps old. Silent apart from the warning on the PREPARE, which says it was left out.
// (Without the first PREPARE the kept EXECUTE stops the import: ERROR 1243 Unknown
// prepared statement handler.)
//
// Cause: Transform.wrapped (importer/transform/keep.go:141-142, :148-153) gives an EXECUTE of a
// name prepared from dynamic SQL no text (t.prepared holds nil), and wrappedData
// (keep.go:107-108) takes that as not judged, so --schema-only keeps it, though its
// PREPARE went out as rows; docs/filters.md says EXECUTE s follows its PREPARE. Not a
// regression of l-hidden: fails the same at e6aaf52.
func TestReviewX8SchemaOnlyExecuteOfDynamicPrepare(t *testing.T) {
	schema := "USE d;\nPREPARE s FROM 'DROP TABLE IF EXISTS old';\nEXECUTE s;\n" +
		"CREATE TABLE old (id int PRIMARY KEY);\nSET @q = 'INSERT INTO k VALUES (1,1)';\n"
	dump := schema + "PREPARE s FROM @q;\nEXECUTE s;\nDEALLOCATE PREPARE s;\nINSERT INTO old VALUES (1);\n"
	runX5(t, x5Case{setup: x8FilterSetup, dump: dump, ref: schema, dbs: []string{"d"},
		opt: importer.Options{Parallel: 1, Overwrite: true, SkipRowCounts: true,
			Transform: transform.Options{SchemaOnly: true}}})
}

// TestReviewX8NestedWrappers: a statement that runs another which runs a third — SET
// STATEMENT … FOR EXECUTE IMMEDIATE '…', EXECUTE IMMEDIATE 'SET STATEMENT … FOR …',
// PREPARE s FROM 'SET STATEMENT … FOR …' (all run on 10.11, checked):
//   - exclude-*: --exclude-tables d.x keeps them, and the target's x the user left out
//     gets the rows (or loses its own row to the DELETE);
//   - data-only: --data-only leaves out SET STATEMENT … FOR EXECUTE IMMEDIATE 'INSERT INTO
//     k …': the row is lost;
//   - schema-only: --schema-only keeps EXECUTE IMMEDIATE 'SET STATEMENT … FOR INSERT INTO
//     k …': the row goes in.
//
// All silent (exit 0, no warning). Cause: Transform.wrapped (importer/transform/keep.go:
// 124-157) unwraps one level; otherTables (keep.go:65-69) and wrappedData (keep.go:113)
// judge the inner statement by its first word, which is EXECUTE or SET: neither a table
// it writes (so it follows the database) nor a data verb (so it is taken for schema).
// Not a regression of l-hidden: fails the same at e6aaf52 (checked: exclude-*,
// data-only, schema-only).
func TestReviewX8NestedWrappers(t *testing.T) {
	kept := "USE d;\nINSERT INTO k VALUES (1,1);\n"
	for name, c := range map[string]struct {
		dump, ref string
		opt       transform.Options
	}{
		"exclude-set-for-execute": {kept + "SET STATEMENT max_statement_time=0 FOR EXECUTE IMMEDIATE 'INSERT INTO x VALUES (6,6)';\n", kept,
			transform.Options{ExcludeTables: []string{"d.x"}}},
		"exclude-execute-set-for": {kept + "EXECUTE IMMEDIATE 'SET STATEMENT max_statement_time=0 FOR INSERT INTO x VALUES (7,7)';\n", kept,
			transform.Options{ExcludeTables: []string{"d.x"}}},
		"exclude-prepare-set-for": {kept + "PREPARE s FROM 'SET STATEMENT max_statement_time=0 FOR DELETE FROM x';\nEXECUTE s;\nDEALLOCATE PREPARE s;\n", kept,
			transform.Options{ExcludeTables: []string{"d.x"}}},
		"data-only": {kept + "SET STATEMENT max_statement_time=0 FOR EXECUTE IMMEDIATE 'INSERT INTO k VALUES (8,8)';\n",
			kept + "SET STATEMENT max_statement_time=0 FOR EXECUTE IMMEDIATE 'INSERT INTO k VALUES (8,8)';\n",
			transform.Options{DataOnly: true}},
		"schema-only": {"USE d;\nCREATE TABLE z (id int);\nEXECUTE IMMEDIATE 'SET STATEMENT max_statement_time=0 FOR INSERT INTO k VALUES (9,9)';\n",
			"USE d;\nCREATE TABLE z (id int);\n", transform.Options{SchemaOnly: true}},
	} {
		t.Run(name, func(t *testing.T) {
			runX5(t, x5Case{setup: x8FilterSetup, dump: c.dump, ref: c.ref, dbs: []string{"d"},
				opt: importer.Options{Parallel: 1, Overwrite: true, SkipRowCounts: true, Transform: c.opt}})
		})
	}
}
