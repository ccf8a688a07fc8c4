package plan

import (
	"strings"

	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// A top-level block that names ROW_COUNT reads the count the statement before it left
// only where the read can run before any statement of its own has set the count anew.
// The x-fuzz8 search (session 53) found the blocks it writes refused in every fast mode
// for a read that follows a row statement of the block's own (`FOR i IN 1..1 DO INSERT …;
// IF i = 1 THEN UPDATE …; INSERT INTO log VALUES ('rc', ROW_COUNT()); END IF; END
// FOR` after an INSERT of 13 rows: refused as if the read were of those 13; 9 of the first
// 24 scripts' fast-mode imports that stopped at a refusal stopped there). The walk below
// follows the block's statement lists: a read is early when no INSERT, UPDATE, DELETE or
// REPLACE (each sets ROW_COUNT to its own count, whatever it is) ran before it on every
// path from the block's start to it. What it does not follow is read as early: a
// handler (it runs when a condition arises, perhaps in the first condition evaluated),
// sql_mode=ORACLE's forms (GOTO, ELSIF, EXCEPTION, EXIT, an anonymous block), text it
// cannot place; and a CALL or EXECUTE anywhere keeps blockReadsRowCount's answer.

// rowCountWriters are the first words of the body statements that set ROW_COUNT to their
// own count (checked on MariaDB 10.11: `INSERT …; SELECT ROW_COUNT()` in a block reads the
// INSERT's rows, 0 after an UPDATE that changed none).
var rowCountWriters = map[string]bool{"INSERT": true, "UPDATE": true, "DELETE": true, "REPLACE": true}

// blockUnfollowed are words the walk does not follow: with one of them in the block its
// reads are all early.
var blockUnfollowed = []string{"HANDLER", "GOTO", "ELSIF", "EXCEPTION", "EXIT", "CALL", "EXECUTE"}

// blockReadsEarlyRowCount reports whether st, a compound statement whose text names
// ROW_COUNT, may read it before a row statement of its own sets it (see above).
func blockReadsEarlyRowCount(l sqlscan.Tokenizer) bool {
	for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
		for _, w := range blockUnfollowed {
			if t.Is(w) {
				return true
			}
		}
		if t.Kind == sqlscan.Punct && t.Text == "<" {
			save := l.Pos
			if n := l.Next(); n.Kind == sqlscan.Punct && n.Text == "<" && n.Start == t.End {
				return true // <<label>>: ORACLE (or a shift, read as early too)
			}
			l.Pos = save
		}
	}
	l.Pos = 0
	w := &blockWalk{l: &l}
	w.next()
	if !w.statement(false) {
		return true
	}
	if w.tok.Kind == sqlscan.Punct && w.tok.Text == ";" {
		w.next()
	}
	return w.early || w.tok.Kind != sqlscan.EOF
}

// blockWalk reads a block's statements; early: a ROW_COUNT read before any row
// statement of the block's own on some path.
type blockWalk struct {
	l     *sqlscan.Tokenizer
	tok   sqlscan.Token
	early bool
}

func (w *blockWalk) next() { w.tok = w.l.Next() }

func (w *blockWalk) punct(s string) bool { return w.tok.Kind == sqlscan.Punct && w.tok.Text == s }

// statement reads one statement from w.tok to its end (not its ';'); ran: a row
// statement ran before it on every path. false: text it does not follow.
func (w *blockWalk) statement(ran bool) bool {
	if w.tok.Kind == sqlscan.Word {
		save := w.l.Pos
		if n := w.l.Next(); n.Kind == sqlscan.Punct && n.Text == ":" {
			w.next() // a label
		} else {
			w.l.Pos = save
		}
	}
	switch {
	case w.tok.Is("BEGIN"):
		w.next()
		if w.tok.Is("NOT") {
			w.next()
			if !w.tok.Is("ATOMIC") {
				return false
			}
			w.next()
		}
		return w.list(ran, "END") && w.end("")
	case w.tok.Is("IF"):
		for {
			w.next()
			if !w.cond(ran, "THEN") || !w.list(ran, "ELSEIF", "ELSE", "END") {
				return false
			}
			if w.tok.Is("ELSE") {
				w.next()
				if !w.list(ran, "END") {
					return false
				}
			}
			if w.tok.Is("END") {
				return w.end("IF")
			}
		}
	case w.tok.Is("CASE"):
		w.next()
		if !w.cond(ran, "WHEN") { // CASE's operand, if any, and its first WHEN
			return false
		}
		for {
			if !w.cond(ran, "THEN") || !w.list(ran, "WHEN", "ELSE", "END") {
				return false
			}
			if !w.tok.Is("WHEN") {
				break
			}
			w.next()
		}
		if w.tok.Is("ELSE") {
			w.next()
			if !w.list(ran, "END") {
				return false
			}
		}
		return w.end("CASE")
	case w.tok.Is("WHILE"), w.tok.Is("FOR"):
		word := w.tok.Text
		w.next()
		return w.cond(ran, "DO") && w.list(ran, "END") && w.end(word)
	case w.tok.Is("LOOP"):
		w.next()
		return w.list(ran, "END") && w.end("LOOP")
	case w.tok.Is("REPEAT"):
		w.next()
		// UNTIL is read as before the list: what the list ran is not counted.
		return w.list(ran, "UNTIL") && w.cond(ran, "END") && w.end("REPEAT")
	case w.tok.Kind == sqlscan.Word:
		return w.simple(ran)
	}
	return false
}

// end reads END word [label] at w.tok (word "": END alone, a BEGIN's).
func (w *blockWalk) end(word string) bool {
	if !w.tok.Is("END") {
		return false
	}
	w.next()
	if word != "" {
		if !w.tok.Is(word) {
			return false
		}
		w.next()
	}
	if w.tok.IsName() && !w.tok.Is("END") {
		w.next() // its label
	}
	return true
}

// list reads statements, each ended by ';', up to one of the words that end it; ran as
// in statement, and a row statement of the list's own counts for those after it.
func (w *blockWalk) list(ran bool, ends ...string) bool {
	for {
		for _, e := range ends {
			if w.tok.Is(e) {
				return true
			}
		}
		first := w.tok
		compound := first.Kind == sqlscan.Word && (first.Is("BEGIN") || condWords[strings.ToUpper(first.Text)])
		if !w.statement(ran) || !w.punct(";") {
			return false
		}
		if !compound && first.Kind == sqlscan.Word && rowCountWriters[strings.ToUpper(first.Text)] {
			ran = true
		}
		w.next()
	}
}

// simple reads a statement that holds no other (a DECLARE of a variable or cursor too)
// up to its ';'.
func (w *blockWalk) simple(ran bool) bool {
	for ; !w.punct(";"); w.next() {
		if w.tok.Kind == sqlscan.EOF {
			return false
		}
		w.read(ran)
	}
	return true
}

// cond reads an expression (a condition, FOR's range, CASE's operand) up to the word
// stop outside parentheses and CASE expressions, and past it but for END.
func (w *blockWalk) cond(ran bool, stop string) bool {
	depth, cases := 0, 0
	for ; ; w.next() {
		switch {
		case w.tok.Kind == sqlscan.EOF, w.punct(";"):
			return false
		case depth == 0 && cases == 0 && w.tok.Is(stop):
			if !w.tok.Is("END") {
				w.next() // THEN, DO, WHEN; END REPEAT is read by end
			}
			return true
		case w.punct("("):
			depth++
		case w.punct(")"):
			depth--
		case depth == 0 && w.tok.Is("CASE"):
			cases++
		case depth == 0 && cases > 0 && w.tok.Is("END"):
			cases--
		}
		w.read(ran)
	}
}

// read notes a ROW_COUNT at w.tok read with ran as it is.
func (w *blockWalk) read(ran bool) {
	if !ran && w.tok.Is("ROW_COUNT") {
		w.early = true
	}
}
