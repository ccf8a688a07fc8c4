package replay

import (
	"regexp"
	"strings"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// A read-only session or transaction of the dump's.
//
// With progress rows dumpscope writes its journal on the dump's own connection (the
// progress row of a stretch inside the dump's transaction, the user variables a statement
// set, with its progress row). After `/*!40101 SET SESSION TRANSACTION READ ONLY */` those
// writes fail with ERROR 1792, where the client's import goes on: the run ended with
// "journal the user variables @ro: Error 1792", naming no place (x-fix47,
// TestXFix47SessionReadOnlyRefused; a resume met it too). Such a statement is refused in
// one line before it runs instead. The exact way, dumpscope's writes in a transaction of
// their own opened READ WRITE, would touch every place that writes the journal.

// readOnlyRefusal refuses st, about to run on the control connection of a run with
// progress rows, where it makes the session (or a transaction, or the server's new
// sessions) read-only; nil otherwise.
func readOnlyRefusal(p *ParallelReplayer, st *split.Statement) *StatementError {
	if p.opt.Checkpoint == nil || st.Kind == split.KindClient || len(st.SQL) == 0 || !makesReadOnly(st) {
		return nil
	}
	se := p.serial.refuse(st, "it makes the connection read-only, and with progress rows (--checkpoint, or a parallel replay's) dumpscope writes its journal on the dump's connection, which a read-only session or transaction refuses (ERROR 1792); import this dump without --parallel, --checkpoint, --load-data and --defer-indexes: the serial replay sends only the client's statements")
	se.Err = ErrSerialOnly
	return se
}

// makesReadOnly reports whether st's text sets TRANSACTION … READ ONLY (SET [SESSION |
// GLOBAL] TRANSACTION READ ONLY, START TRANSACTION READ ONLY, wrapped or not), or assigns
// tx_read_only or transaction_read_only a value other than 0, OFF or FALSE. Read from the
// text alone: a string that spells it out is refused too (loud). A row insert makes
// nothing read-only (a column may be named tx_read_only), and reading the dump's rows for
// READ cost 0.2 s of a 1.2 s parallel run of the sysbench tables (CPU profile).
func makesReadOnly(st *split.Statement) bool {
	if st.Kind == split.KindInsert || !sqlscan.ContainsFoldASCII(st.SQL, "READ") {
		return false
	}
	l := st.Tokens()
	transaction := false
	var prev sqlscan.Token
	for t := l.Next(); t.Kind != sqlscan.EOF; prev, t = t, l.Next() {
		switch {
		case t.Is("TRANSACTION"):
			transaction = true
		case transaction && t.Is("ONLY") && prev.Is("READ"):
			return true
		case t.Kind == sqlscan.Word || t.Kind == sqlscan.Var || t.Kind == sqlscan.Quoted:
			name := strings.ToLower(strings.Trim(t.Text, "@`"))
			name = strings.TrimPrefix(strings.TrimPrefix(strings.TrimPrefix(name, "session."), "global."), "local.")
			if name != "tx_read_only" && name != "transaction_read_only" {
				continue
			}
			if eq := l.Next(); eq.Kind != sqlscan.Punct || (eq.Text != "=" && eq.Text != ":=") {
				continue
			}
			switch strings.ToUpper(strings.Trim(l.Next().Text, "'\"")) {
			case "0", "OFF", "FALSE":
			default:
				return true
			}
		}
	}
	switch strings.ToUpper(sqlscan.FirstWord(st.SQL, st.Syntax())) {
	case "EXECUTE", "PREPARE":
		// The text it runs is a string: EXECUTE IMMEDIATE 'SET SESSION TRANSACTION READ ONLY'.
		return readOnlyText.Match(st.SQL)
	}
	return false
}

// readOnlyText finds what makesReadOnly reads, in a string EXECUTE IMMEDIATE or PREPARE
// runs.
var readOnlyText = regexp.MustCompile(`(?is)\bTRANSACTION\b.*\bREAD\s+ONLY\b|\b(tx|transaction)_read_only\s*:?=\s*['"]?(1|ON|TRUE)\b`)
