package replay

import (
	"bytes"
	"context"
	"errors"
	"strings"

	"github.com/go-sql-driver/mysql"

	"github.com/dumpscope/dumpscope/importer/checkpoint"
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
	"github.com/dumpscope/dumpscope/internal/mysqlerr"
)

// The pre-states of marked statements whose names the server must resolve itself
// (sentPreState, ddlmark.go): a table's (SHOW CREATE TABLE), RENAME TABLE's chain, DROP
// USER's accounts (SHOW GRANTS FOR). x-review28's TestReviewX28MarkedNotSentUnknown: a
// kill between the mark and the send of RENAME TABLE onto a table, or of DROP USER of an
// account that is not there, left '?', and the resume took the dump's own ERROR 1050 or
// 1396 for a statement that had run, finishing a dump the client stops.

// tableThere reports whether the table or view db.name is there, as the server resolves
// the name (SHOW CREATE TABLE: ERROR 1146 when there is none), case and all; ok false
// when the read fails otherwise (a view over a missing table, a missing database).
func tableThere(ctx context.Context, c Conn, db, name string) (there, ok bool) {
	rows, err := c.QueryContext(ctx, "SHOW CREATE TABLE "+sqlscan.QuoteIdent(db)+"."+sqlscan.QuoteIdent(name))
	if err != nil {
		var me *mysql.MySQLError
		if errors.As(err, &me) && me.Number == mysqlerr.NoSuchTable {
			return false, true
		}
		return false, false
	}
	for rows.Next() {
	}
	if rows.Close() != nil || rows.Err() != nil {
		return false, false
	}
	return true, true
}

// renamePreState is RENAME TABLE a TO b[, c TO d …]'s pre-state: the chain played on the
// names as they are (each name's presence read once, tableThere; a pair moves a name
// away and another in, so `a TO b, b TO c` finds b there at its second pair):
// PreNotHeld when a pair's source is not there or its target is (the statement is
// atomic: it fails whole, wherever it is sent), PreHeld when every pair holds. db is the
// database of unqualified names. PreUnknown (the allowance) when the statement is not of
// that plain shape (IF EXISTS, WAIT/NOWAIT), a read fails, or two names of the chain
// differ only in letter case (whether they are one name is the server's folding,
// lower_case_table_names: not guessed here).
func renamePreState(ctx context.Context, c Conn, st *split.Statement, db string) checkpoint.PreState {
	l := st.Tokens()
	if !l.Next().Is("RENAME") {
		return checkpoint.PreUnknown
	}
	if t := l.Next(); !t.Is("TABLE") && !t.Is("TABLES") {
		return checkpoint.PreUnknown
	}
	type key struct{ db, name string }
	there := map[key]bool{}
	present := func(d, n string) (bool, bool) {
		if d == "" {
			d = db
		}
		if d == "" {
			return false, false
		}
		k := key{d, n}
		if v, seen := there[k]; seen {
			return v, true
		}
		for o := range there {
			if strings.EqualFold(o.db, d) && strings.EqualFold(o.name, n) {
				return false, false // differs only in case: the server's folding decides
			}
		}
		v, ok := tableThere(ctx, c, d, n)
		if ok {
			there[k] = v
		}
		return v, ok
	}
	set := func(d, n string, v bool) {
		if d == "" {
			d = db
		}
		there[key{d, n}] = v
	}
	held := true
	for {
		fromDB, from := l.Name(l.Next())
		if from == "" || !l.Next().Is("TO") {
			return checkpoint.PreUnknown
		}
		toDB, to := l.Name(l.Next())
		if to == "" {
			return checkpoint.PreUnknown
		}
		src, ok1 := present(fromDB, from)
		dst, ok2 := present(toDB, to)
		if !ok1 || !ok2 {
			return checkpoint.PreUnknown
		}
		if !src || dst {
			held = false // fails here; the rest is still read for its shape
		}
		set(fromDB, from, false)
		set(toDB, to, true)
		t := l.Next()
		if t.Kind == sqlscan.EOF || t.Kind == sqlscan.Punct && t.Text == ";" {
			break
		}
		if t.Kind != sqlscan.Punct || t.Text != "," {
			return checkpoint.PreUnknown
		}
	}
	if !held {
		return checkpoint.PreNotHeld
	}
	return checkpoint.PreHeld
}

// dropUserPreState is DROP USER a[, b …]'s pre-state: PreNotHeld when one of the accounts
// is not there (the server drops the others and fails with ERROR 1396 wherever it is
// sent: the client stops there too, with the same accounts dropped), PreHeld when all
// are. Each account is looked up by the server as DROP USER resolves it: SHOW GRANTS FOR
// with the account's own text (ERROR 1141 when there is none), so the host's folding to
// lower case, a user without a host meaning @'%', and CURRENT_USER are the server's.
// PreUnknown (the allowance) with IF EXISTS (never marked), an account's text holding a
// comment, or a read that fails otherwise (SHOW GRANTS of another account needs SELECT
// on the mysql schema). A role named in DROP USER is found by SHOW GRANTS and read as
// there (the allowance's side: DROP USER of a role fails).
func dropUserPreState(ctx context.Context, c Conn, st *split.Statement) checkpoint.PreState {
	l := st.Tokens()
	if !l.Next().Is("DROP") || !l.Next().Is("USER") {
		return checkpoint.PreUnknown
	}
	var accounts [][]byte
	start, end := -1, -1
	for t := l.Next(); ; t = l.Next() {
		last := t.Kind == sqlscan.EOF || t.Kind == sqlscan.Punct && t.Text == ";"
		if last || t.Kind == sqlscan.Punct && t.Text == "," {
			if start < 0 {
				return checkpoint.PreUnknown
			}
			accounts = append(accounts, st.SQL[start:end])
			start = -1
			if last {
				break
			}
			continue
		}
		if start < 0 {
			if t.Is("IF") {
				return checkpoint.PreUnknown
			}
			start = t.Start
		}
		end = t.End
	}
	for _, a := range accounts {
		if bytes.Contains(a, []byte("/*")) || bytes.Contains(a, []byte("*/")) || bytes.Contains(a, []byte("--")) || bytes.ContainsRune(a, '#') {
			return checkpoint.PreUnknown
		}
	}
	held := true
	for _, a := range accounts {
		switch there, ok := accountThere(ctx, c, a); {
		case !ok:
			return checkpoint.PreUnknown
		case !there:
			held = false
		}
	}
	if !held {
		return checkpoint.PreNotHeld
	}
	return checkpoint.PreHeld
}

// accountThere reports whether the account a (its text in the dump) is there, as the
// server resolves it: SHOW GRANTS FOR a, whose ERROR 1141 comes after the result's
// columns (at rows.Err, not at the query); ok false when the read fails otherwise.
func accountThere(ctx context.Context, c Conn, a []byte) (there, ok bool) {
	rows, err := c.QueryContext(ctx, "SHOW GRANTS FOR "+string(a))
	if err == nil {
		for rows.Next() {
		}
		err = rows.Err()
		if cerr := rows.Close(); err == nil {
			err = cerr
		}
	}
	var me *mysql.MySQLError
	switch {
	case err == nil:
		return true, true
	case errors.As(err, &me) && me.Number == mysqlerr.NonexistingGrant:
		return false, true
	}
	return false, false
}
