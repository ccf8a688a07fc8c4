// Package difffuzz is dumpscope's differential fuzzer (issue 22): a seeded generator of
// SQL scripts (Generate), a runner that imports each script with the mariadb client and
// with `dumpscope import` in several modes into one throwaway server and compares the
// re-dumps and exit statuses (Runner), and a shrinker that reduces a script showing a
// difference to a small one (Shrink). The promise it checks is dumpscope's: whatever the
// mode, the database is what the mariadb client makes of the same input (DESIGN.md,
// "The splitter must behave like the mysql client").
// docs/difffuzz.md says how to run it and what it covers.
package difffuzz

import (
	"bytes"
	"fmt"
	"strings"
)

// Stmt is one statement of a generated script. A multi-row INSERT keeps its rows apart
// (Head, Rows, Tail) so that the shrinker can drop rows; any other statement is Head alone.
// Raw statements (a DELIMITER block) carry their own terminators.
type Stmt struct {
	Head string
	Rows []Row
	Tail string
	// Raw means Head is written as it is, without the ";\n" that ends other statements.
	Raw bool
	// Sep goes between rows: "," or ",\n" (the phpMyAdmin layout).
	Sep string
	// Own is the object the statement belongs to, for the filter profile's reference
	// (gen_filter.go); the zero Owner is a session statement's.
	Own Owner
	// Parts are the statements of a Raw text the server runs as several, each with its
	// owner (the filter profile's texts; Head is their text).
	Parts []Part
}

// Text is the statement as it appears in the script, with its terminator.
func (s Stmt) Text() string {
	if s.Raw {
		return s.Head
	}
	if len(s.Rows) == 0 {
		return s.Head + s.Tail + ";\n"
	}
	sep := s.Sep
	if sep == "" {
		sep = ","
	}
	rows := make([]string, len(s.Rows))
	for i, r := range s.Rows {
		rows[i] = "(" + strings.Join(r, ",") + ")"
	}
	return s.Head + strings.Join(rows, sep) + s.Tail + ";\n"
}

// Row is one row of a multi-row INSERT: its values' literals, kept apart so that the
// shrinker can make them simpler.
type Row []string

// Script is one generated script: the statements and the seed that made them.
type Script struct {
	Seed  int64
	Stmts []Stmt
	// Filter is the filter profile's filter (nil: none): dumpscope gets its flags, the
	// client the script's Reference.
	Filter *Filter
}

// SQL is the script's text as the client and dumpscope read it.
func (s Script) SQL() []byte {
	var b bytes.Buffer
	for _, st := range s.Stmts {
		b.WriteString(st.Text())
	}
	return b.Bytes()
}

// Rows counts the rows of the script's multi-row statements (for the shrinker's report).
func (s Script) Rows() int {
	n := 0
	for _, st := range s.Stmts {
		n += len(st.Rows)
	}
	return n
}

// clone copies the statement list and each statement's rows, so that the shrinker can
// edit a candidate without touching the script it came from.
func (s Script) clone() Script {
	out := Script{Seed: s.Seed, Filter: s.Filter, Stmts: make([]Stmt, len(s.Stmts))}
	for i, st := range s.Stmts {
		rows := make([]Row, len(st.Rows))
		for j, r := range st.Rows {
			rows[j] = append(Row(nil), r...)
		}
		st.Rows = rows
		out.Stmts[i] = st
	}
	return out
}

func (s Script) String() string {
	return fmt.Sprintf("seed %d: %d statements, %d rows", s.Seed, len(s.Stmts), s.Rows())
}
