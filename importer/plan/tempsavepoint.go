package plan

import (
	"slices"
	"strings"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// A ROLLBACK TO SAVEPOINT undoes the rows written after the savepoint only. x-fix26
// marked every transactional temporary table the transaction wrote, so a table written
// before the savepoint alone, whose rows the client keeps and a resume sends again as
// they were, was refused (TestTemporaryRollbackToSavepoint). savepoint follows the
// open transaction's savepoints, each with the tables written after it; the ROLLBACK TO
// marks those (temporaryTables.rolledBackTo), or every one where the savepoint is not
// known.

// savepoint is a savepoint of the open transaction and the transactional temporary
// tables written after it was set (or after the last ROLLBACK TO it).
type savepoint struct {
	name    string // lower-cased: savepoint names are case-insensitive
	written []string
}

// noteSavepoint follows eff, what a statement runs, for the savepoints: SAVEPOINT x sets x
// anew (an older x is dropped), RELEASE SAVEPOINT x drops x and the ones set after it.
func (tt *temporaryTables) noteSavepoint(eff *split.Statement) {
	l := eff.Tokens()
	switch t := l.Next(); {
	case t.Is("SAVEPOINT"):
		name := savepointName(l.Next())
		tt.savepoints = slices.DeleteFunc(tt.savepoints, func(s savepoint) bool { return s.name == name })
		tt.savepoints = append(tt.savepoints, savepoint{name: name})
	case t.Is("RELEASE") && l.Next().Is("SAVEPOINT"):
		if i := tt.savepointAt(savepointName(l.Next())); i >= 0 {
			tt.savepoints = tt.savepoints[:i]
		}
	}
}

// rolledBackTo returns the temporary tables eff, ROLLBACK [WORK] TO [SAVEPOINT] x, undid
// rows of: those written after x that the transaction still has (inTxn), or all of inTxn
// where x is not known. The savepoints set after x are gone, and x stays, with nothing
// written after it yet.
func (tt *temporaryTables) rolledBackTo(eff *split.Statement) []string {
	l := eff.Tokens()
	l.Next() // ROLLBACK
	t := l.Next()
	if t.Is("WORK") {
		t = l.Next()
	}
	if t = l.Next(); t.Is("SAVEPOINT") {
		t = l.Next()
	}
	i := tt.savepointAt(savepointName(t))
	if i < 0 {
		return slices.Clone(tt.inTxn)
	}
	var undone []string
	for _, k := range tt.inTxn {
		if slices.Contains(tt.savepoints[i].written, k) {
			undone = append(undone, k)
		}
	}
	tt.savepoints = tt.savepoints[:i+1]
	tt.savepoints[i].written = nil
	return undone
}

// savepointAt is the index of the savepoint named name, -1 when there is none.
func (tt *temporaryTables) savepointAt(name string) int {
	return slices.IndexFunc(tt.savepoints, func(s savepoint) bool { return s.name == name && name != "" })
}

// savepointName is the name t gives, lower-cased ("" when it is no name).
func savepointName(t sqlscan.Token) string {
	if !t.IsName() {
		return ""
	}
	return strings.ToLower(t.Text)
}
