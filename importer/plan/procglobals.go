package plan

import (
	"slices"
	"strings"

	"github.com/dumpscope/dumpscope/importer/split"
)

// ProcedureSetsGlobal reports whether the body of st, a CREATE PROCEDURE, SETs a GLOBAL
// server variable (SET GLOBAL x, SET @@global.x) that is no local of it. A CALL of it
// changes the server: a resume after a restart, which set the GLOBAL back, cannot give
// back what a CALL the interrupted run committed set (replay's
// refuseRoutineGlobalsLost). What its dynamic SQL sets is not seen.
func ProcedureSetsGlobal(st *split.Statement) bool {
	if bodyKind(st) != "procedure" {
		return false
	}
	for _, t := range bodyTargets(st) {
		if strings.HasPrefix(strings.TrimPrefix(t, "@@"), "global.") {
			return true
		}
	}
	return false
}

// RoutineGlobals returns the server variables (lower case, without @@) the body of st, a
// CREATE PROCEDURE, FUNCTION or TRIGGER, SETs GLOBAL (SET GLOBAL x, SET @@global.x),
// each once; nil for any other statement. A run of it changes the server for every
// session that connects after: a resume's new sessions take the GLOBAL the interrupted
// run's CALL left, where the client's session kept the value it connected with (replay's
// journalRoutineGlobals, for the variables no SET gives back). What its dynamic SQL
// sets is not seen.
func RoutineGlobals(st *split.Statement) []string {
	switch bodyKind(st) {
	case "procedure", "function", "trigger":
	default:
		return nil
	}
	var out []string
	for _, t := range bodyTargets(st) {
		name, ok := strings.CutPrefix(strings.TrimPrefix(t, "@@"), "global.")
		if name = strings.TrimPrefix(name, "@@"); ok && name != "" && !slices.Contains(out, name) {
			out = append(out, name)
		}
	}
	return out
}
