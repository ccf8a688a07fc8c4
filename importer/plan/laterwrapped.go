package plan

import (
	"strconv"
	"strings"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
	"github.com/dumpscope/dumpscope/importer/transform"
)

// What a wrapper runs (EXECUTE IMMEDIATE '…', a prepared statement's EXECUTE s, SET
// STATEMENT … FOR) the laterReaders judge as the statement it is: a CREATE TRIGGER run
// that way creates code read later (TestReviewX12TriggerMadeByExecute), and an INSERT run
// that way fires its table's triggers (TestReviewX12WrappedFiresTrigger), where the
// wrapper's own tokens name neither (the statement is one string, or EXECUTE s names s).
// The laterReaders follow the dump's PREPAREs for it themselves (LaterReaders reads the
// dump ahead of the planner's registry). What cannot be read (a statement prepared from
// a variable, EXECUTE IMMEDIATE @s) may run anything: once the dump created such code, it
// is refused.

// runs returns st and what it runs in turn, outermost first, and what st runs that cannot
// be read ("" when all can).
func (lr *laterReaders) runs(st *split.Statement) ([]*split.Statement, string) {
	out := []*split.Statement{st}
	for depth := 0; depth < wrapDepth; depth++ {
		if st.Kind != split.KindOther {
			return out, ""
		}
		if w := strings.ToUpper(sqlscan.FirstWord(st.SQL, st.Syntax())); w != "EXECUTE" && w != "SET" {
			return out, ""
		}
		in, prepared, unreadable := transform.Wrapped(st)
		if prepared != "" {
			p, ok := lr.prepared[prepared]
			if !ok || p == nil {
				return out, "EXECUTE " + prepared
			}
			in = p
		}
		if unreadable != "" {
			return out, unreadable
		}
		if in == nil {
			return out, ""
		}
		out, st = append(out, in), in
	}
	return out, "wrappers nested deeper than " + strconv.Itoa(wrapDepth)
}

// observePrepare follows PREPARE s FROM '…' (the statement, nil when it cannot be read)
// and DEALLOCATE or DROP PREPARE s.
func (lr *laterReaders) observePrepare(st *split.Statement) {
	if st.Kind != split.KindOther {
		return
	}
	if name, ok := transform.PrepareName(st); ok {
		in, _, _ := transform.Wrapped(st)
		if lr.prepared == nil {
			lr.prepared = map[string]*split.Statement{}
		}
		lr.prepared[name] = in
		return
	}
	switch strings.ToUpper(sqlscan.FirstWord(st.SQL, st.Syntax())) {
	case "DEALLOCATE", "DROP":
		if _, name, _ := transform.Wrapped(st); name != "" {
			delete(lr.prepared, name)
		}
	}
}

// reachesWrapped is reaches for what st runs (names is not empty).
func (lr *laterReaders) reachesWrapped(st *split.Statement) string {
	runs, unreadable := lr.runs(st)
	for _, in := range runs[1:] {
		plain := false
		if in.Kind == split.KindInsert {
			_, plain = ParseRowInsert(in.SQL, in.Syntax())
		}
		if why := lr.reachesOne(in, plain); why != "" {
			return strings.Replace(why, "it names ", "what it runs names ", 1)
		}
	}
	if unreadable == "" {
		return ""
	}
	first := ""
	for n := range lr.names {
		if first == "" || n < first {
			first = n
		}
	}
	return "it runs " + unreadable + ", which cannot be read and so may run code read later (" + lr.names[first] + ")"
}

// laterRefusal is the planner's refusal of a statement that may run code read later
// (why: laterReaders.refuses), saying only what applies to the code why names: why its
// reading or setting would differ from the client's in a parallel replay.
func laterRefusal(why string) string {
	var what []string
	if strings.Contains(why, sessionKeeps) {
		what = append(what, "a session variable it sets would change the session of the one connection it runs on (the control connection or a worker), while the others run the statements after it under the old value, where the client's one connection takes the new")
	}
	if strings.Contains(why, "in_transaction") {
		what = append(what, "@@in_transaction there would read 1 inside the transactions dumpscope runs its statements and batches in, where the client's autocommit statement reads 0")
	}
	if strings.Contains(why, "ROW_COUNT()") || strings.Contains(why, "FOUND_ROWS()") {
		what = append(what, "ROW_COUNT() and FOUND_ROWS() there would return what dumpscope's own statements (progress rows, warning counts) or another connection left, not the client's values")
	}
	if len(what) == 0 {
		what = append(what, "what that code reads or sets would not be the client's (dumpscope's own statements run between the dump's, and rows run on other connections)")
	}
	return why + ": in a parallel replay " + strings.Join(what, "; and ") + "; " +
		"import this dump without --parallel, --checkpoint, --load-data and --defer-indexes: the serial replay sends only the client's statements"
}
