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
// value not known here), and whether it assigns one. global is the GLOBAL value as the
// dump's SET GLOBAL completion_type left it (0 at first, the server's default; -1 when
// not known): DEFAULT takes it, and st's own SET GLOBAL, read in order, changes it
// (TestReviewX9aCompletionDefault: DEFAULT read as NO_CHAIN after SET GLOBAL
// completion_type = 1).
func completionType(st *split.Statement, global *int) (int, bool) {
	if st.Kind != split.KindSession {
		return 0, false
	}
	ct, set := 0, false
	for _, a := range ParseSet(st.SQL, st.Syntax()) {
		if a.Name != "completion_type" {
			continue
		}
		v := strings.ToUpper(strings.Trim(a.Value, "'\""))
		if a.Global {
			if v == "DEFAULT" {
				*global = 0 // the compiled default, NO_CHAIN
			} else {
				*global = completionValue(v)
			}
			continue
		}
		set = true
		if v == "DEFAULT" {
			ct = *global
		} else {
			ct = completionValue(v)
		}
	}
	return ct, set
}

// completionValue reads a literal completion_type (upper case, unquoted): 0, 1, 2, or -1
// when it is not one.
func completionValue(v string) int {
	switch v {
	case "0", "NO_CHAIN":
		return 0
	case "1", "CHAIN":
		return 1
	case "2", "RELEASE":
		return 2
	}
	return -1
}

// completionRefusal is why completion_type RELEASE, or one not known, is refused.
const completionRefusal = "completion_type RELEASE (or a value not known before the statement runs) ends the client's session at the next COMMIT or ROLLBACK, which dumpscope's connections cannot follow; " +
	"import this dump without --parallel, --checkpoint, --load-data and --defer-indexes: the serial replay sends only the client's statements"

// followCompletion plans st when it sets completion_type (ok): CHAIN turns the rest of
// the run serial, RELEASE or a value not known is refused, NO_CHAIN changes nothing. at
// is the dump's statement: st, or the wrapper that runs st (EXECUTE IMMEDIATE '…').
func (p *Planner) followCompletion(st, at *split.Statement) (pl Plan, ok bool) {
	ct, set := completionType(st, &p.completionGlobal)
	if !set {
		return Plan{}, false
	}
	switch ct {
	case 0:
		p.completion = 0
		return Plan{}, false
	case 1:
		p.completion = 1
		return p.toSerial(at, "completion_type = CHAIN makes each COMMIT and ROLLBACK open the next transaction at once"), true
	}
	return Plan{Kind: Refuse, Reason: completionRefusal}, true
}

// chains reports whether st, the dump's COMMIT or ROLLBACK, opens the next transaction at
// once: AND CHAIN, or completion_type CHAIN without AND NO CHAIN.
func (p *Planner) chains(st *split.Statement) bool {
	up := bytes.ToUpper(st.SQL)
	return !bytes.Contains(up, []byte("NO CHAIN")) && (bytes.Contains(up, []byte("CHAIN")) || p.completion == 1)
}
