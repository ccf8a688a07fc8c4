package plan

import (
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// sql_mode=ORACLE's packages (MariaDB 10.3+): mariadb-dump writes CREATE PACKAGE (the
// specification) and CREATE PACKAGE BODY (the routines' code), and a dump CALLs a
// routine of it as db.pkg.routine, or pkg.routine in the current database. The registry
// read `fz0`.`pk1` as a procedure pk1 the dump did not create and refused the CALL under
// --parallel, though the dump made the body it runs (TestDiffFuzzFoundS46PackageCallRefused).
// It keeps each package body the dump created, whole: a routine may call the package's
// others, and the body's initialization section runs at the package's first use in a
// session.

// isPackageBody reports whether st, a routine statement of a package (Verb "CREATE
// PACKAGE", which the splitter gives to both), is CREATE PACKAGE BODY.
func isPackageBody(st *split.Statement) bool {
	l := st.Tokens()
	for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
		if t.Is("PACKAGE") {
			return l.Next().Is("BODY")
		}
	}
	return false
}

// packageCall looks up a CALL's name as a package routine: l is after the name, read as
// db and name (`a`.`b`, or b and db ""). db.pkg.routine is package name of database db;
// pkg.routine is package db of the current database, when the dump created a body of
// that name and did not drop it (the server resolves a two-part name as a routine of a
// package of the current database first, then as db.procedure). It returns the package's
// body, the routine as written after the package (".routine"), and whether the name is
// a package routine's.
func (r *registry) packageCall(l *sqlscan.Tokenizer, db, name string) (procBody, string, bool) {
	save := l.Pos
	if t := l.Next(); t.Kind == sqlscan.Punct && t.Text == "." {
		if routine := l.Next(); routine.IsName() && db != "" {
			b, ok := r.packages[r.procKey(db, name)]
			return b, "." + routine.Text, ok
		}
	}
	l.Pos = save
	if db == "" {
		return procBody{}, "", false
	}
	b, ok := r.packages[r.procKey("", db)]
	return b, "", ok && !b.absent
}
