package plan

import (
	"bytes"
	"strings"

	"github.com/dumpscope/dumpscope/importer/split"
)

// completion_type. Under CHAIN (1) the dump's COMMIT and ROLLBACK open the next
// transaction at once, so the rows after them stay in a transaction (lost when the
// client's session ends, unless a later COMMIT commits them); under RELEASE (2) they end
// the client's session. A planner that took such a COMMIT for the end of the region sent
// the rows after it to a worker, which committed them where the client's were lost
// (TestReviewX6CompletionChain). So from a SET completion_type = CHAIN on the rest runs
// serially, the planner following the chain (track); RELEASE, or a value not known when
// the statement is planned, is refused. dumpscope's own COMMITs on the control connection
// say AND NO CHAIN NO RELEASE (replay's ownCommit).

// completionType returns the session completion_type st, a SET, assigns (0, 1, 2; -1: a
// value not known here), and whether it assigns one.
func completionType(st *split.Statement) (int, bool) {
	if st.Kind != split.KindSession {
		return 0, false
	}
	ct, set := 0, false
	for _, a := range ParseSet(st.SQL, st.Syntax()) {
		if a.Global || a.Name != "completion_type" {
			continue
		}
		set = true
		switch strings.ToUpper(strings.Trim(a.Value, "'\"")) {
		case "0", "NO_CHAIN", "DEFAULT":
			ct = 0
		case "1", "CHAIN":
			ct = 1
		case "2", "RELEASE":
			ct = 2
		default:
			ct = -1
		}
	}
	return ct, set
}

// completionRefusal is why completion_type RELEASE, or one not known, is refused.
const completionRefusal = "completion_type RELEASE (or a value not known before the statement runs) ends the client's session at the next COMMIT or ROLLBACK, which dumpscope's connections cannot follow; " +
	"import this dump without --parallel, --checkpoint, --load-data and --defer-indexes: the serial replay sends only the client's statements"

// followCompletion plans st when it sets completion_type (ok): CHAIN turns the rest of
// the run serial, RELEASE or a value not known is refused, NO_CHAIN changes nothing.
func (p *Planner) followCompletion(st *split.Statement) (pl Plan, ok bool) {
	ct, set := completionType(st)
	if !set {
		return Plan{}, false
	}
	switch ct {
	case 0:
		p.completion = 0
		return Plan{}, false
	case 1:
		p.completion = 1
		return p.toSerial(st, "completion_type = CHAIN makes each COMMIT and ROLLBACK open the next transaction at once"), true
	}
	return Plan{Kind: Refuse, Reason: completionRefusal}, true
}

// chains reports whether st, the dump's COMMIT or ROLLBACK, opens the next transaction at
// once: AND CHAIN, or completion_type CHAIN without AND NO CHAIN.
func (p *Planner) chains(st *split.Statement) bool {
	up := bytes.ToUpper(st.SQL)
	return !bytes.Contains(up, []byte("NO CHAIN")) && (bytes.Contains(up, []byte("CHAIN")) || p.completion == 1)
}
