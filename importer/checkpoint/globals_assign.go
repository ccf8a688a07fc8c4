package checkpoint

import (
	"context"
	"fmt"
	"iter"
	"strings"
)

// GlobalsAssign is the GLOBAL values journaled just before the SET GLOBAL at Offset
// (RecordGlobalsBefore's assign), one `@@GLOBAL.x = literal` per variable.
type GlobalsAssign struct {
	Offset int64
	Parts  []string
}

// Values yields each variable g journaled, lower-cased and without @@GLOBAL., and the
// literal of its GLOBAL then, in the order of the SET; a part it cannot read is passed
// over.
func (g GlobalsAssign) Values() iter.Seq2[string, string] {
	return func(yield func(name, lit string) bool) {
		for _, part := range g.Parts {
			name, lit, ok := strings.Cut(strings.TrimPrefix(part, "@@GLOBAL."), " = ")
			if ok && !yield(strings.ToLower(name), lit) {
				return
			}
		}
	}
}

// AssignsFrom returns, in stream order, the GLOBAL values journaled before each SET GLOBAL
// of the run r at or after offset. The first of them that ran holds, for each variable it
// sets, the GLOBAL the client's session connected with when no SET GLOBAL before offset
// set it: the session value a resume's new session owes a variable the dump's session
// had not set by then (replay's setglobal_resume.go). None where SessionsFrom has none.
func AssignsFrom(ctx context.Context, r *Run, c Conn, offset int64) ([]GlobalsAssign, error) {
	if r == nil || !r.resumed || r.restarted || !r.ranMade.Load() {
		return nil, nil
	}
	rows, err := c.QueryContext(ctx, "SELECT start_offset, assign FROM "+ProgressSchema+".globals WHERE run_id = ? AND start_offset >= ? ORDER BY start_offset", r.RunID, offset)
	if err != nil {
		return nil, fmt.Errorf("read the GLOBAL values journaled before the SET GLOBALs from offset %d: %w", offset, err)
	}
	defer rows.Close()
	var out []GlobalsAssign
	for rows.Next() {
		var g GlobalsAssign
		var assign []byte
		if err := rows.Scan(&g.Offset, &assign); err != nil {
			return nil, fmt.Errorf("read the GLOBAL values journaled before the SET GLOBALs from offset %d: %w", offset, err)
		}
		g.Parts = splitAssign(string(assign))
		out = append(out, g)
	}
	return out, rows.Err()
}

// splitAssign cuts readGlobals' `SET @@GLOBAL.a = lit, @@GLOBAL.b = lit` into its
// assignments. A literal holds no ", @@GLOBAL." (varLiteral: numbers, hex strings, CASTs).
func splitAssign(assign string) []string {
	body, ok := strings.CutPrefix(assign, "SET ")
	if !ok || body == "" {
		return nil
	}
	parts := strings.Split(body, ", @@GLOBAL.")
	for i := 1; i < len(parts); i++ {
		parts[i] = "@@GLOBAL." + parts[i]
	}
	return parts
}

// ReadSession is the SET that gives the server variables names (without @@) the session
// values they have on c now.
func ReadSession(ctx context.Context, c Conn, names []string) (string, error) {
	at := make([]string, len(names))
	for i, n := range names {
		at[i] = "@@" + n
	}
	s, err := readVars(ctx, c, at)
	if err != nil {
		return "", fmt.Errorf("read the session values of %s: %w", strings.Join(names, ", "), err)
	}
	return s, nil
}
