package plan

import (
	"strings"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// A trigger that calls a routine of a package (sql_mode=ORACLE) runs it on the
// connection of the statement that fires it, and the package's variables (`cnt INT :=
// 0;` in its body) are that session's: `INSERT INTO tg1 …` whose trigger runs
// pk1.bump(NEW.id), then `INSERT … pk1.g(5)`, reads what the trigger left where both run
// on one connection, as the client's do. In a parallel replay a plain row insert runs on
// a worker, so the state was left on the worker and the reader on the control connection
// read a fresh package (x-fix79: (908,'g5') where the client has (908,'g7'); silent,
// TestXFix79PackageStateParallel). So such a trigger is code read later (laterReaders),
// as one that sets a session variable: a statement that may fire it is refused, and a
// dump read ahead runs serially from the start. A function is not judged so: a statement
// that calls one is no plain row insert and runs on the control connection. A package
// the target held before the import is out of reach, as every object of the target's is.

// packageWhy returns why b, a trigger, is code read later because it names a package
// the dump created, or "".
func (lr *laterReaders) packageWhy(b createdBody) string {
	if b.what != "trigger" {
		return ""
	}
	for p := range lr.packages {
		if b.words[p] {
			return "the trigger " + b.name + " calls package " + p + ", whose variables are session variables, " + sessionKeeps
		}
	}
	return ""
}

// notePackage follows a CREATE PACKAGE [BODY] st: a body that may keep state
// (bodyKeepsState) makes its package one whose triggers created before it that name it
// are code read later from now on (mysqldump writes triggers after their table's rows,
// and routines and packages at the end of the database).
func (lr *laterReaders) notePackage(st *split.Statement) {
	name := strings.ToLower(st.Table)
	if name == "" || lr.packages[name] || !isPackageBody(st) || !bodyKeepsState(st) {
		return
	}
	if lr.packages == nil {
		lr.packages = map[string]bool{}
	}
	lr.packages[name] = true
	changed := false
	for i, b := range lr.bodies {
		if b.own == "" {
			if why := lr.packageWhy(b); why != "" {
				lr.bodies[i].own, changed = why, true
			}
		}
	}
	if changed {
		lr.settle()
	}
}

// bodyKeepsState reports whether a CREATE PACKAGE BODY st may keep state in the session:
// its first item after AS or IS is no FUNCTION or PROCEDURE (a variable, cursor or
// other declaration: MariaDB takes them before the routines). A body of routines only
// keeps none (TestReviewX8PackageBody's: its trigger's rows stay parallel). An
// initialization section (BEGIN … at the body's end) is not looked for: a body with
// one and no variable counts as keeping none.
func bodyKeepsState(st *split.Statement) bool {
	l := st.Tokens()
	for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
		if t.Is("AS") || t.Is("IS") {
			n := l.Next()
			return !n.Is("FUNCTION") && !n.Is("PROCEDURE")
		}
	}
	return true
}
