package replay

import (
	"context"
	"slices"
	"strings"

	"github.com/dumpscope/dumpscope/importer/plan"
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// Package state across a resume. A package body's variables (sql_mode=ORACLE, `cnt INT
// := 0;` in CREATE PACKAGE BODY) are kept per session: `CALL pk1.bump(2)` then
// `INSERT … pk1.g(5)` reads what the CALL left. Killed after the CALL committed, the
// resume skips it and sends the INSERT on a new session, whose package is fresh (difffuzz
// seed 162177: (908,'g5') where the client has (908,'g7'); silent;
// TestDiffFuzzFoundS51PackageStateResumed). The resume cannot give that state back, so a
// statement it sends that names a package which a statement it skipped named is refused.
// Only once the dump created a package does a statement cost a scan of its words.

// packageStates follows, per run, the packages the dump created and those a resume
// skipped a statement naming (lower-case names).
type packageStates struct {
	created, skipped map[string]bool
}

// refusePackageStateLost refuses st, sent by a resume, when it names a package that a
// statement the resume skipped named: the skipped one may have set the package's
// session variables, which the resume's session does not hold.
func refusePackageStateLost(ctx context.Context, cr *controller, st *split.Statement, pl plan.Plan) error {
	p, ps := cr.p, &cr.skipped.packages
	if st.Verb == "CREATE PACKAGE" {
		if name := packageNameOf(st); name != "" {
			if ps.created == nil {
				ps.created = map[string]bool{}
			}
			ps.created[name] = true
		}
		return nil
	}
	if len(ps.created) == 0 || st.Kind == split.KindClient || len(st.SQL) == 0 || pl.Literal {
		return nil
	}
	named := namedPackages(st, ps.created)
	if len(named) == 0 {
		return nil
	}
	if p.opt.Checkpoint.Skip(st.Offset) {
		if ps.skipped == nil {
			ps.skipped = map[string]bool{}
		}
		for _, n := range named {
			ps.skipped[n] = true
		}
		return nil
	}
	for _, n := range named {
		if !ps.skipped[n] {
			continue
		}
		if err := p.disp.flush(ctx); err != nil {
			return err
		}
		return p.serial.refuse(st, "--resume cannot give back the variables of package "+n+" (kept per session) that statements the interrupted run committed before this one set; import the dump again into an empty target")
	}
	return nil
}

// packageNameOf is the package a CREATE PACKAGE [BODY] statement makes, lower-case
// (the name after PACKAGE or BODY, its database left off), or "".
func packageNameOf(st *split.Statement) string {
	l := st.Tokens()
	for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
		if !t.Is("PACKAGE") {
			continue
		}
		t = l.Next()
		if t.Is("BODY") {
			t = l.Next()
		}
		if t.Is("IF") { // IF NOT EXISTS
			l.Next()
			l.Next()
			t = l.Next()
		}
		_, name := l.Name(t)
		return strings.ToLower(name)
	}
	return ""
}

// namedPackages is the packages of created that st names as pkg.routine (or
// db.pkg.routine): a name followed by a dot and a name. An alias or table of a
// package's name followed by a column is taken for one too (a refusal at most).
func namedPackages(st *split.Statement, created map[string]bool) []string {
	var out []string
	l := st.Tokens()
	prev := l.Next()
	for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
		if t.Kind == sqlscan.Punct && t.Text == "." && prev.IsName() {
			if n := strings.ToLower(string(prev.Ident(st.SQL))); created[n] && !slices.Contains(out, n) {
				out = append(out, n)
			}
		}
		prev = t
	}
	return out
}
