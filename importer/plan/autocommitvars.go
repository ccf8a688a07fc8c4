package plan

import (
	"bytes"
	"strings"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// AutocommitVars follows the user variables that hold a value of autocommit the planner
// knows: mariadb-dump --no-autocommit writes SET @OLD_AUTOCOMMIT=@@AUTOCOMMIT,
// @@AUTOCOMMIT=0 before each table's rows and SET AUTOCOMMIT=@OLD_AUTOCOMMIT after them;
// a value that is not a literal and not such a variable is unknown (setState, Planner.plan:
// the rest of the run goes serial). A variable set otherwise than by SET (SELECT … INTO,
// :=) turns the run serial anyway, where Planner.toSerial forgets them all; in a run
// already serial forgetAssigned forgets them.
type AutocommitVars struct {
	known map[string]bool
	// globalOff, globalUnknown: the GLOBAL autocommit the dump's SET GLOBAL autocommit
	// left (on at first, as the planner takes a new connection's), which SET autocommit =
	// DEFAULT gives the session (TestReviewX9aAutocommitDefault).
	globalOff, globalUnknown bool
}

// Apply follows the SET statement st, run on a connection whose autocommit is cur: the
// autocommit after it (on; off when not known), whether it is known, and whether st
// assigns it. Assignments are read in order, as the server evaluates them.
func (v *AutocommitVars) Apply(st *split.Statement, cur bool) (on, known, set bool) {
	on, known = cur, true
	if st.Kind != split.KindSession {
		return on, known, false
	}
	for _, a := range ParseSet(st.SQL, st.Syntax()) {
		switch {
		case a.Global:
			if a.Name == "autocommit" {
				g, ok := autocommitValue(a.Value) // DEFAULT: the compiled default, on
				v.globalOff, v.globalUnknown = !g, !ok
			}
		case a.Name == "autocommit" && strings.EqualFold(a.Value, "DEFAULT"):
			set = true
			on, known = !v.globalOff, !v.globalUnknown
		case a.Name == "autocommit":
			set = true
			if on, known = autocommitValue(a.Value); !known {
				on, known = v.known[strings.ToLower(a.Value)]
			}
		case strings.HasPrefix(a.Name, "@"):
			name := strings.ToLower(a.Name)
			if x, ok := autocommitValue(a.Value); ok {
				v.remember(name, x)
			} else if val := strings.ToLower(a.Value); known && (val == "@@autocommit" || val == "@@session.autocommit" || val == "@@local.autocommit") {
				v.remember(name, on)
			} else {
				delete(v.known, name)
			}
		}
	}
	return on && known, known, set
}

// forgetAll forgets the values of every variable (something may have set them unseen);
// what the dump did to the GLOBAL value stays known.
func (v *AutocommitVars) forgetAll() { v.known = nil }

func (v *AutocommitVars) remember(name string, on bool) {
	if v.known == nil {
		v.known = map[string]bool{}
	}
	v.known[name] = on
}

// loneUserVar reports whether a SET value (ParseSet's Value) is one user variable.
func loneUserVar(value string) bool {
	return strings.HasPrefix(value, "@") && !strings.HasPrefix(value, "@@") && !strings.ContainsAny(value, " ()")
}

// forgetAssigned forgets what is known of the user variables st may set otherwise than as
// a SET's own assignment: SELECT … INTO @v, @v := … anywhere, GET DIAGNOSTICS @v = …;
// all of them at a CALL, an EXECUTE (PREPARE'd or IMMEDIATE), a compound statement, or
// any statement once the dump
// has created a trigger or function whose body names user variables (bodyVars: it may
// run from anything). Apply follows SETs only, so SELECT 0 INTO @ac; SET autocommit =
// @ac in a run gone serial took @ac for the 1 an earlier SET gave it
// (TestReviewX9aStaleAutocommitVariable). Call it before Apply.
func (v *AutocommitVars) forgetAssigned(st *split.Statement, bodyVars bool) {
	if len(v.known) == 0 || st.Kind == split.KindClient {
		return
	}
	switch strings.ToUpper(sqlscan.FirstWord(st.SQL, st.Syntax())) {
	case "CALL", "EXECUTE", "BEGIN", "IF", "CASE", "LOOP", "WHILE", "REPEAT", "FOR":
		bodyVars = bodyVars || st.Kind != split.KindTxn // BEGIN alone starts a transaction
	}
	if bodyVars {
		v.forgetAll()
		return
	}
	if bytes.IndexByte(st.SQL, '@') < 0 {
		return
	}
	l := sqlscan.New(st.SQL, st.Syntax())
	if strings.EqualFold(sqlscan.FirstWord(st.SQL, st.Syntax()), "GET") {
		// GET [CURRENT|STACKED] DIAGNOSTICS @a = NUMBER, … assigns every user variable it
		// names (TestReviewX10GetDiagnosticsAssignsVariable).
		for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
			if t.Kind == sqlscan.Var && !strings.HasPrefix(t.Text, "@@") {
				delete(v.known, strings.ToLower(t.Text))
			}
		}
		return
	}
	prevInto := false
	for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
		if t.Kind == sqlscan.Var && !strings.HasPrefix(t.Text, "@@") {
			if prevInto || l.AtAssign() {
				delete(v.known, strings.ToLower(t.Text))
			}
		}
		prevInto = t.Is("INTO") || (prevInto && (t.Kind == sqlscan.Var || (t.Kind == sqlscan.Punct && t.Text == ",")))
	}
}
