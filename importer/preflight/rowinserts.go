package preflight

import (
	"slices"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// literalRows reports whether st is a row insert of literal values only: `INSERT|REPLACE
// [modifiers] [INTO] t [PARTITION (…)] [(columns)] VALUES (…), …` whose every value is a
// string, a number or NULL and nothing follows the last row (sqlscan.Rows.Literal, read by
// the planner's own row reader, which jumps over the strings the splitter found). Such
// rows call no function and move no sequence: the checks of the target's functions
// (calls.go) and sequences (sequences.go) skip them, and read every other INSERT (… SELECT,
// a function, a variable or NEXT VALUE FOR in VALUES, ON DUPLICATE KEY UPDATE, SET) as
// any statement. One predicate for both, asked at most once per row insert and only where
// the target holds something it could find (rowsToRead): a dump into a target without
// such objects pays nothing for its rows.
func literalRows(st *split.Statement) bool {
	if st.Kind != split.KindInsert {
		return false
	}
	l := st.Tokens()
	if t := l.Next(); !t.Is("INSERT") && !t.Is("REPLACE") {
		return false
	}
	t := l.Next()
	for t.Is("LOW_PRIORITY") || t.Is("DELAYED") || t.Is("HIGH_PRIORITY") || t.Is("IGNORE") || t.Is("INTO") {
		t = l.Next()
	}
	if !t.IsName() {
		return false
	}
	l.Name(t)
	t = l.Next()
	if t.Is("PARTITION") {
		if p := l.Next(); p.Kind != sqlscan.Punct || p.Text != "(" || !sqlscan.SkipGroup(&l) {
			return false
		}
		t = l.Next()
	}
	if t.Kind == sqlscan.Punct && t.Text == "(" {
		if !sqlscan.SkipGroup(&l) { // the column list: names only, nothing runs there
			return false
		}
		t = l.Next()
	}
	if !t.Is("VALUES") && !t.Is("VALUE") {
		return false
	}
	l.UseSpans(st.Spans())
	rows, ok := l.ReadRows(func(string) bool { return true })
	return ok && rows.Literal
}

// rowsToRead reports, for a row insert st, whether the calls' check (calls) and the
// sequences' check (seqs) read it: the target holds a function with a finding whose name
// its text holds, or a sequence and the text holds "NEXT" or "SETVAL" (NEXTVAL, NEXT
// VALUE FOR, SETVAL: what moves a sequence; "VAL" was in every `INSERT … VALUES`, so the
// row reader read every row insert into a target holding a sequence, the reread's 2.1),
// and its values are not all literals (literalRows, asked at most once). The case-blind
// searches come first because they are cheap (about 0.1 ms a MiB each against the row
// reader's 5 ms, BenchmarkObserveRowInsert1MiB1Func): a short name (f, id) that most
// rows hold, or more than rowNameSearches functions, leave it to the row reader (x-fix69:
// 20 short names cost 20 searches of each 1 MiB INSERT and then a tokenizing of it).
// The parallel replay's planner reads the same fact (plan.Plan.Literal) but the per-
// statement check runs in the serial replay too, which has no plan.
func (p *Preflight) rowsToRead(st *split.Statement) (calls, seqs bool) {
	if st.Kind != split.KindInsert || (len(p.callFuncs) == 0 && !p.sequences) {
		return false, false
	}
	calls = len(p.callFuncs) > rowNameSearches ||
		slices.ContainsFunc(p.callFuncs, func(name string) bool { return sqlscan.ContainsFoldASCII(st.SQL, name) })
	seqs = p.sequences && (sqlscan.ContainsFoldASCII(st.SQL, "NEXT") || sqlscan.ContainsFoldASCII(st.SQL, "SETVAL"))
	if (calls || seqs) && literalRows(st) {
		return false, false
	}
	return calls, seqs
}

// rowNameSearches is the most functions whose names rowsToRead searches a row insert for
// before it asks the row reader instead (each search about 1/50 of the reader's pass).
const rowNameSearches = 8
