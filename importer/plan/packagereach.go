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

// packageWhy returns why b, a trigger, is code read later because it reaches a package
// that keeps state, or "": it names a package the dump created, or a function or
// procedure the dump created whose body reaches one (a trigger's `p1(NEW.id)` whose p1
// runs pk1.bump, or `:NEW.n := f1(1)`: x-review28, TestReviewX28PackageReach: (908,'g5')
// where the client has 'g245'), or it calls a routine by a three-part name
// (db.package.routine), which only a package has: one the target held before the import
// (TestReviewX28TargetPackage), whose body the dump does not show. routines is
// lr.packageRoutines(), read once by a caller that asks of several triggers.
func (lr *laterReaders) packageWhy(b createdBody, routines map[string]string) string {
	if b.what != "trigger" {
		return ""
	}
	for p := range lr.packages {
		if b.words[p] {
			return "the trigger " + b.name + " calls package " + p + ", whose variables are session variables, " + sessionKeeps
		}
	}
	for r, p := range routines {
		if b.words[r] {
			return "the trigger " + b.name + " runs " + r + ", which reaches package " + p + ", whose variables are session variables, " + sessionKeeps
		}
	}
	if b.packageCall != "" && !lr.madePackages[strings.ToLower(strings.Split(b.packageCall, ".")[1])] {
		return "the trigger " + b.name + " calls " + b.packageCall + ", a package's routine, whose variables are session variables, " + sessionKeeps
	}
	return ""
}

// packageRoutines are the functions, procedures and views the dump created whose text
// names a package of lr.packages, or names such a routine or view in turn, by lower-cased
// name: the package each reaches. A view's column may call a package function that
// changes the package's state (`CREATE VIEW vb AS SELECT pk3.gb(1)`), and a trigger that
// reads the view runs it on the connection of its row: (908,'g5') where the client has
// 'g245' under --parallel 2 and --load-data before views were read (x-review29,
// TestReviewX29PackageReach 2 of 4).
func (lr *laterReaders) packageRoutines() map[string]string {
	if len(lr.packages) == 0 {
		return nil
	}
	out := map[string]string{}
	for changed := true; changed; {
		changed = false
		for _, b := range lr.bodies {
			if (b.what != "function" && b.what != "procedure" && b.what != "view") || len(b.names) == 0 || out[b.names[0]] != "" {
				continue
			}
			for w := range b.words {
				p := out[w]
				if lr.packages[w] {
					p = w
				}
				if p != "" && w != b.names[0] {
					out[b.names[0]], changed = p, true
					break
				}
			}
		}
	}
	return out
}

// threePartCall returns the first name of st's text called as db.package.routine(…)
// ("db.package.routine", lower-cased), or "".
func threePartCall(st *split.Statement) string {
	l := st.Tokens()
	var last [5]sqlscan.Token
	for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
		if t.Kind == sqlscan.Punct && t.Text == "(" && last[0].IsName() && isDot(last[1]) && last[2].IsName() && isDot(last[3]) && last[4].IsName() {
			return strings.ToLower(last[4].Text + "." + last[2].Text + "." + last[0].Text)
		}
		copy(last[1:], last[:4])
		last[0] = t
	}
	return ""
}

func isDot(t sqlscan.Token) bool { return t.Kind == sqlscan.Punct && t.Text == "." }

// repackage gives each trigger that reaches a package now (packageWhy) its reason, after
// a package, function or procedure came: mysqldump writes triggers after their table's
// rows, and routines and packages at the end of the database, so the trigger is often
// read first. It settles the names where one changed.
func (lr *laterReaders) repackage() {
	changed := false
	routines := lr.packageRoutines()
	for i, b := range lr.bodies {
		if b.own == "" {
			if why := lr.packageWhy(b, routines); why != "" {
				lr.bodies[i].own, changed = why, true
			}
		}
	}
	if changed {
		lr.settle()
	}
}

// notePackage follows a CREATE PACKAGE [BODY] st: a body that may keep state
// (bodyKeepsState) makes its package one whose triggers created before it that name it
// are code read later from now on (mysqldump writes triggers after their table's rows,
// and routines and packages at the end of the database).
func (lr *laterReaders) notePackage(st *split.Statement) {
	name := strings.ToLower(st.Table)
	if name != "" {
		if lr.madePackages == nil {
			lr.madePackages = map[string]bool{}
		}
		lr.madePackages[name] = true
	}
	if name == "" || lr.packages[name] || !isPackageBody(st) || !bodyKeepsState(st) {
		return
	}
	if lr.packages == nil {
		lr.packages = map[string]bool{}
	}
	lr.packages[name] = true
	lr.repackage()
}

// bodyKeepsState reports whether a CREATE PACKAGE BODY st may keep state in the session:
// its first item after AS or IS is no FUNCTION or PROCEDURE (a variable, cursor or
// other declaration: MariaDB takes them before the routines), or it has an
// initialization section (a BEGIN … END after the routines, not one's body: it runs once
// in each session that first calls into the package, and may set a user variable or
// write a row: x-review28, TestReviewX28PackageReach's @pkinit NULL where the client has
// 1). A body of routines only keeps none (TestReviewX8PackageBody's: its trigger's rows
// stay parallel).
func bodyKeepsState(st *split.Statement) bool {
	l := st.Tokens()
	for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
		if t.Is("AS") || t.Is("IS") {
			save := l.Pos
			if n := l.Next(); !n.Is("FUNCTION") && !n.Is("PROCEDURE") {
				return true
			}
			l.Pos = save
			return hasInitSection(&l)
		}
	}
	return true
}

// hasInitSection reads a package body's routines (l before the first FUNCTION or
// PROCEDURE) and reports whether a BEGIN follows at the top level that opens no
// routine's body: the initialization section. Depth counts BEGIN and CASE against their
// END (END IF, END LOOP, END WHILE, END REPEAT, END FOR close nothing counted); a
// routine's header ends at its AS or IS, or at a ';' before one (a forward declaration).
func hasInitSection(l *sqlscan.Tokenizer) bool {
	depth, inRoutine, sawAs := 0, false, false
	for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
		switch {
		case t.Is("BEGIN"):
			if depth == 0 && !inRoutine {
				return true
			}
			if depth == 0 {
				inRoutine = false
			}
			depth++
		case t.Is("CASE"):
			depth++
		case t.Is("END"):
			save := l.Pos
			n := l.Next()
			switch {
			case n.Is("IF") || n.Is("LOOP") || n.Is("WHILE") || n.Is("REPEAT") || n.Is("FOR"):
			case n.Is("CASE"):
				depth--
			default:
				l.Pos = save
				depth--
			}
		case depth > 0:
		case t.Is("FUNCTION") || t.Is("PROCEDURE"):
			inRoutine, sawAs = true, false
		case inRoutine && (t.Is("AS") || t.Is("IS")):
			sawAs = true
		case inRoutine && !sawAs && t.Kind == sqlscan.Punct && t.Text == ";":
			inRoutine = false
		}
	}
	return false
}
