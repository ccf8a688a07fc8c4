package replay

import (
	"context"
	"fmt"
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
// statement it sends that reaches a package which a statement it skipped reached is
// refused.
//
// A statement reaches a package by naming it (pkg.routine), or through code: a
// procedure it CALLs, a function or view it names, a trigger of a table it writes,
// whose text names the package or, in turn, other such code (x-fix79: each of those
// shapes was silent, TestXFix79PackageStateThroughCode). The code is read by its words:
// its CREATE in the stream (the text as of that point, skipped or sent), and what the
// server held when the resume started (the target's own packages and code, and what
// the dump made through dynamic SQL). A word is a run of letters, digits, _, $ and
// bytes of UTF-8, lower-cased, quoting not read: a name in a string or comment counts
// too (a refusal at most), and so does a statement's column or alias of a routine's
// name. Only once a package is known does a statement cost a scan of its words.

// packageStates follows, per resume, the packages known (the dump's CREATE PACKAGE and
// the server's package bodies, lower-case names), those a skipped statement reached, and
// the words of each piece of code by its name (a trigger's by its table's).
type packageStates struct {
	created, skipped map[string]bool
	code             map[string][]string
	serverRead       bool
}

// refusePackageStateLost refuses st, sent by a resume, when it reaches a package that a
// statement the resume skipped reached: the skipped one may have set the package's
// session variables, which the resume's session does not hold.
func refusePackageStateLost(ctx context.Context, cr *controller, st *split.Statement, pl plan.Plan) error {
	p, ps := cr.p, &cr.skipped.packages
	if st.Kind == split.KindClient || len(st.SQL) == 0 {
		return nil
	}
	if !ps.serverRead {
		ps.serverRead = true
		if err := ps.readServer(ctx, p.control); err != nil {
			return p.at(st, fmt.Errorf("read the server's packages, routines, views and triggers: %w", err))
		}
	}
	if ps.noteCode(st) || len(ps.created) == 0 {
		return nil // a CREATE, ALTER or DROP of code runs none
	}
	reached, via := ps.reach(st, pl.Literal)
	if len(reached) == 0 {
		return nil
	}
	if p.opt.Checkpoint.Skip(st.Offset) {
		if ps.skipped == nil {
			ps.skipped = map[string]bool{}
		}
		for _, n := range reached {
			ps.skipped[n] = true
		}
		return nil
	}
	for _, n := range reached {
		if !ps.skipped[n] {
			continue
		}
		if err := p.disp.flush(ctx); err != nil {
			return err
		}
		through := ""
		if v := via[n]; v != "" && v != n {
			through = " (this statement reaches it through " + v + ")"
		}
		return p.serial.refuse(st, "--resume cannot give back the variables of package "+n+through+" (kept per session) that statements the interrupted run committed before this one set; import the dump again into an empty target")
	}
	return nil
}

// noteCode keeps the words of the code st creates (a package body or specification, a
// procedure, function, trigger or view) under its name; it reports whether st creates,
// alters or drops code, which runs none.
func (ps *packageStates) noteCode(st *split.Statement) bool {
	name := ""
	switch {
	case st.Verb == "CREATE PACKAGE":
		if name = packageNameOf(st); name != "" {
			if ps.created == nil {
				ps.created = map[string]bool{}
			}
			ps.created[name] = true
		}
	case st.Kind == split.KindRoutine && strings.HasPrefix(st.Verb, "CREATE TRIGGER"):
		_, table, _ := sqlscan.TriggerTable(st.SQL, st.Syntax())
		name = strings.ToLower(table)
	case st.Kind == split.KindRoutine && strings.HasPrefix(st.Verb, "CREATE"),
		st.Verb == "CREATE VIEW", st.Verb == "ALTER VIEW":
		name = strings.ToLower(st.Table)
	case st.Kind == split.KindRoutine, st.Verb == "DROP VIEW":
		return true // DROP or ALTER: what was kept stays (a refusal at most)
	default:
		return false
	}
	ps.addCode(name, string(st.SQL))
	return true
}

// addCode adds the words of text to what the code named name holds.
func (ps *packageStates) addCode(name, text string) {
	if name == "" {
		return
	}
	if ps.code == nil {
		ps.code = map[string][]string{}
	}
	ps.code[name] = append(ps.code[name], codeWords(text)...)
}

// readServer keeps what the server holds as the resume starts: its package bodies as
// known packages, and the text of its routines (package bodies too), views and triggers.
func (ps *packageStates) readServer(ctx context.Context, c Conn) error {
	for _, q := range []string{
		"SELECT ROUTINE_NAME, ROUTINE_TYPE, COALESCE(ROUTINE_DEFINITION, '') FROM information_schema.ROUTINES",
		"SELECT TABLE_NAME, 'VIEW', COALESCE(VIEW_DEFINITION, '') FROM information_schema.VIEWS",
		"SELECT EVENT_OBJECT_TABLE, 'TRIGGER', ACTION_STATEMENT FROM information_schema.TRIGGERS",
	} {
		rows, err := c.QueryContext(ctx, q)
		if err != nil {
			return err
		}
		for rows.Next() {
			var name, kind, text string
			if err := rows.Scan(&name, &kind, &text); err != nil {
				rows.Close()
				return err
			}
			name = strings.ToLower(name)
			if strings.HasPrefix(kind, "PACKAGE") {
				if ps.created == nil {
					ps.created = map[string]bool{}
				}
				ps.created[name] = true
			}
			ps.addCode(name, text)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
	}
	return nil
}

// reach returns the known packages st reaches, by its own words and through the code
// they name, in turn; via gives for each the word of st through which it does. A row
// insert of literals (Plan.Literal) reaches what its table's triggers do; the DDL of a
// table runs none of its triggers.
func (ps *packageStates) reach(st *split.Statement, literal bool) (reached []string, via map[string]string) {
	var words []string
	switch table := strings.ToLower(st.Table); {
	case literal:
		words = []string{table}
	case st.Kind == split.KindDDL:
		words = slices.DeleteFunc(codeWords(string(st.SQL)), func(w string) bool { return w == table })
	default:
		words = codeWords(string(st.SQL))
	}
	seen := map[string]bool{}
	for _, start := range words {
		if seen[start] {
			continue
		}
		queue := []string{start}
		seen[start] = true
		for len(queue) > 0 {
			w := queue[0]
			queue = queue[1:]
			if ps.created[w] && !slices.Contains(reached, w) {
				reached = append(reached, w)
				if via == nil {
					via = map[string]string{}
				}
				via[w] = start
			}
			for _, n := range ps.code[w] {
				if !seen[n] {
					seen[n] = true
					queue = append(queue, n)
				}
			}
		}
	}
	return reached, via
}

// codeWords is the words of text (see above), lower-cased, each once.
func codeWords(text string) []string {
	var out []string
	seen := map[string]bool{}
	for i := 0; i < len(text); {
		if !sqlscan.IsWordByte(text[i]) {
			i++
			continue
		}
		j := i
		for j < len(text) && sqlscan.IsWordByte(text[j]) {
			j++
		}
		if w := strings.ToLower(text[i:j]); !seen[w] {
			seen[w] = true
			out = append(out, w)
		}
		i = j
	}
	return out
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
