package plan

import (
	"strings"

	"github.com/dumpscope/dumpscope/importer/split"
)

// AutocommitVars follows the user variables that hold a value of autocommit the planner
// knows: mariadb-dump --no-autocommit writes SET @OLD_AUTOCOMMIT=@@AUTOCOMMIT,
// @@AUTOCOMMIT=0 before each table's rows and SET AUTOCOMMIT=@OLD_AUTOCOMMIT after them;
// a value that is not a literal and not such a variable is unknown (setState, Planner.plan:
// the rest of the run goes serial). A variable set otherwise than by SET (SELECT … INTO,
// :=) turns the run serial anyway, where Planner.toSerial forgets them all.
type AutocommitVars struct{ known map[string]bool }

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
