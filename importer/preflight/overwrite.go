package preflight

import (
	"fmt"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/internal/stopmsg"
)

// Overwrite is one existing object in the target that a dump statement drops or writes into.
type Overwrite struct {
	// Action is what the statement does to it: "DROP DATABASE", "CREATE TABLE",
	// "DROP TABLE", "TRUNCATE TABLE", "RENAME TABLE", "ALTER TABLE", "INSERT INTO",
	// "REPLACE INTO", "UPDATE", "DELETE FROM", "LOAD DATA INTO", "CREATE TRIGGER ON", …, or
	// an account statement ("GRANT", "CREATE USER", …).
	Action   string
	Database string
	Table    string // empty for database actions
	Offset   int64
	Line     int64
	// System: a system schema or the accounts (see SystemCheck); Detail then holds the
	// head of an account statement.
	System bool
	Detail string
	// Unchecked: dynamic SQL from something other than a string literal (PREPARE s FROM
	// @q), refused because nothing before it runs can tell whether it changes a system
	// schema or the accounts (or, Through, what exists), not because it names one.
	Unchecked bool
	// Through: the write is inside code the statement makes or runs (a routine, trigger
	// or event body, a compound block, SET STATEMENT … FOR, ANALYZE, dynamic SQL, a
	// routine of the target's it calls); Detail names the statement and what it would run.
	Through bool
	// Unreadable: the code calls a routine of the target's whose body the account cannot
	// read (calls.go), or the statement names its tables in a form the table reader does
	// not read (unreadTables): refused for what it might write.
	Unreadable bool
	// InText, for a statement of a DELIMITER text the server runs as several
	// (split.ServerParts), says which (InTextOf); Offset and Line are then the text's,
	// where a stop before it leaves none of it run.
	InText string
}

// unreadTables ends the Detail of an UPDATE or DELETE whose table list cannot be read
// whole (sqlscan.DMLTables not ok: `… FOR SYSTEM_TIME AS OF NOW() …`, LATERAL): a table
// it writes may be missing from what was read, and it is refused, not let by.
const unreadTables = "whose tables dumpscope cannot read all of (it may write one it does not see)"

// Exists says, for the overwrite check's refusal, what ow does to the target: "which
// exists in the target" for an object the statement names, or what code writes into.
func (o Overwrite) Exists() string {
	switch {
	case o.Through && o.Unchecked:
		return "which could write into what exists in the target (what it will run is known only when it runs)"
	case o.Through && o.Unreadable:
		return "which could write into what exists in the target"
	case o.Through:
		return "which writes into what exists in the target"
	}
	return "which exists in the target"
}

// Where says, for a refusal, where ow would write: in a system schema or the accounts,
// or, Unchecked, possibly there ("in a system schema" for PREPARE s FROM @q misled: the
// dump names none).
func (o Overwrite) Where() string {
	if o.Unchecked {
		return "which could change a system schema or the accounts (what it will run is known only when it runs)"
	}
	return "in a system schema or the accounts"
}

func (o Overwrite) String() string {
	where := split.Position{Offset: o.Offset, Line: o.Line}.String()
	if o.InText != "" {
		where += "; " + o.InText
	}
	if o.Detail != "" {
		return fmt.Sprintf("%s (%s)", o.Detail, where)
	}
	name := "`" + o.Database + "`"
	if o.Table != "" {
		name += ".`" + o.Table + "`"
	}
	return fmt.Sprintf("%s %s (%s)", o.Action, name, where)
}

// InTextOf places what found holds of st, a text the server runs as several statements
// (split.ServerParts), at the text's start, saying which of its statements each is: the
// replay judges such a text whole and stops before it (replay.ReplayOptions.Judge), so
// the place of a stop is the text's, not its part's offset (st.Offset + the part's
// index), which is no statement's start in the file. found is returned as it is for any
// other statement.
func InTextOf(found []Overwrite, st *split.Statement) []Overwrite {
	if len(found) == 0 {
		return found
	}
	parts := split.ServerParts(st)
	if parts == nil {
		return found
	}
	for i := range found {
		k := found[i].Offset - st.Offset
		if k < 0 || k >= int64(len(parts)) {
			continue
		}
		found[i].Offset, found[i].Line = st.Offset, st.Line
		found[i].InText = stopmsg.InDelimiterText(int(k)+1, len(parts))
	}
	return found
}
