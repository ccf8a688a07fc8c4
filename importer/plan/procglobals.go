package plan

import (
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
