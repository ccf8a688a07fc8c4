package plan

import (
	"strings"

	"github.com/dumpscope/dumpscope/importer/split"
)

// A wrapper whose effect on the transaction cannot be known (a CALL of a procedure the
// dump did not create, or whose body may start or end a transaction; dynamic SQL that
// cannot be read) is refused where dumpscope's own transactions could commit what it
// leaves open: progress rows (every --parallel run, a checkpoint), and deferred keys
// (--defer-indexes: an ADD KEY commits the control connection's open transaction, where
// the client's stays open until the dump's ROLLBACK or its end). Without them (--load-data
// alone: Planner.NoOwnTransactions) the run turns serial at it, and from there the replay
// sends the client's statements on the client's connection as they are, which is exact
// whatever the procedure does, as the serial replay was before the registry refused it
// (x-fix10a). Not when rows of the transaction open before it went to other connections
// (parallelIn: a mysqldump's autocommit=0 region kept parallel): they committed there,
// and the procedure may roll the transaction back.

// serialAtWrapper turns the run serial at st, a wrapper the planner cannot follow (why
// it would be refused), where that is exact, and returns the line that says so ("" when
// the run was serial already); refuse: it is not exact, st is refused.
func serialAtWrapper(p *Planner, st *split.Statement, why string) (reason string, refuse bool) {
	if !p.NoOwnTransactions || (p.region() && p.parallelIn) {
		return "", true
	}
	return p.toSerial(st, strings.TrimSuffix(why, wrapRefusal)+"; from here the client's statements run as they are").Reason, false
}
