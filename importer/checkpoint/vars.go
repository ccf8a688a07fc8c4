package checkpoint

import (
	"cmp"
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"fmt"
	"strings"

	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// User variables set from the data. A statement such as SET @n = (SELECT COUNT(*) FROM t)
// or SELECT MAX(id) INTO @m FROM t gets its value from the tables as they are when it
// runs. It has no progress row (its effect lives in the connection), so a resumed run
// runs it again, on a new connection, against tables that by then hold rows the dump
// writes after it: @n would be 11 where the client's was 3. So once such a statement
// has run, the values it gave are journaled in the target (vars), as a SET of literals of
// their type, and a resumed run sends that SET in its place (VarsAt). A DML statement that
// assigns user variables (@n := @n + 1) records them in its own transaction, so that a
// resume that skips it still gets the values it left.

// varsTable holds the journaled values: assign is the SET statement that gives them back
// (bytes as sent: the names are the dump's, in its connection's charset).
const varsTable = "CREATE TABLE IF NOT EXISTS " + ProgressSchema + ".vars (run_id CHAR(32) CHARACTER SET ascii, start_offset BIGINT, assign LONGBLOB, " + varsStatement + ", PRIMARY KEY (run_id, start_offset)) ENGINE=InnoDB"

// varsStatement is the column of vars that keeps the SHA-256 of the statement whose
// values a row holds. A resume may read a dump that differs after the furthest committed
// byte (the rest is sent anew), and a statement that set variables can lie there, past
// the furthest progress row: its journaled values are given back only in place of the
// same statement (VarsAt), not of whatever starts at its offset now
// (TestReviewXResumeEditedAfterCommitted). NULL: an older dumpscope's row, trusted.
const varsStatement = "stmt_sha256 CHAR(64) CHARACTER SET ascii NULL"

// journaledVars is a row of vars.
type journaledVars struct {
	assign string
	// stmt is the statement's SHA-256, hex ("" when not journaled).
	stmt string
}

// stmtDigest is the SHA-256 of a statement's bytes, hex.
func stmtDigest(q []byte) string {
	sum := sha256.Sum256(q)
	return hex.EncodeToString(sum[:])
}

// RecordVars journals the values the statement stmt at offset gave the user variables names
// (@n, @a b: unquoted, as the importer's lexer gives them) or session variables
// (@@group_concat_max_len), read on c, the statement's connection, and written on to, in
// its transaction state: on c inside the statement's own transaction it commits with
// its progress row; outside one (the dump's autocommit), or on another connection, at once.
//
// The journal's row is a plain INSERT unless a row for the offset may be there already
// (an earlier attempt's, or this one's). Inside the dump's own transaction an INSERT …
// ON DUPLICATE KEY UPDATE is not a bare INSERT to InnoDB: it ends the bulk path
// (MariaDB ≥ 10.6) that the transaction's first INSERT into an empty table took under
// unique_checks=0 and foreign_key_checks=0, and the dump's later INSERTs into that table
// then ran row by row: where the client's COMMIT discarded every row of the transaction
// over a duplicate its INSERT IGNORE met under unique_checks=0, dumpscope kept two, and the
// AUTO_INCREMENT counter differed (difffuzz seed 38040, after a SET CHARACTER SET inside
// the transaction; TestImportBulkPathJournaledVars). A plain INSERT into another table
// leaves the bulk path as it is.
func (r *Run) RecordVars(ctx context.Context, c, to Conn, offset int64, stmt []byte, names []string) error {
	if r == nil || len(names) == 0 {
		return nil
	}
	v, err := ReadVars(ctx, c, offset, stmt, names)
	if err != nil {
		return err
	}
	return WriteVars(ctx, r, to, v)
}

// HeldVars is a journal row of user variables read but not written yet: RecordVars in two
// steps, for a caller that must read the values right after the statement (reading them
// is a SELECT that opens no table, which leaves the connection's diagnostics area as the
// statement left it) and may write the row only later (an INSERT empties that area: the
// replay holds it back while a reader of the area may follow, diagtail.go).
type HeldVars struct {
	offset int64
	names  []string
	// assign is the SET that gives the values back; stmt the statement's SHA-256.
	assign, stmt string
}

// countsMark starts the comment WithCounts appends to a journaled SET.
const countsMark = " /* dumpscope counts "

// WithCounts returns v whose SET carries, in a trailing comment, the ROW_COUNT() and
// FOUND_ROWS() its statement left (a SELECT … INTO leaves the rows it found: 1, or 0 with
// the variables unchanged, which the values alone do not tell). A resume that gives the
// SET back in the statement's place gives a reader after it these counts (CountsOf).
func (v HeldVars) WithCounts(row, found int64) HeldVars {
	v.assign += fmt.Sprintf("%s%d %d */", countsMark, row, found)
	return v
}

// CountsOf returns the ROW_COUNT() and FOUND_ROWS() WithCounts put in assign; ok is false
// for a SET without them (another statement's, or an older dumpscope's).
func CountsOf(assign string) (row, found int64, ok bool) {
	i := strings.LastIndex(assign, countsMark)
	if i < 0 || !strings.HasSuffix(assign, " */") {
		return 0, 0, false
	}
	if _, err := fmt.Sscanf(assign[i+len(countsMark):], "%d %d */", &row, &found); err != nil {
		return 0, 0, false
	}
	return row, found, true
}

// Offset is the stream offset of the statement whose values v holds.
func (v HeldVars) Offset() int64 { return v.offset }

// ReadVars reads on c, the statement's connection, the values the statement stmt at
// offset gave the variables names (RecordVars), to be written by WriteVars.
func ReadVars(ctx context.Context, c Conn, offset int64, stmt []byte, names []string) (HeldVars, error) {
	assign, err := readVars(ctx, c, names)
	if err != nil {
		return HeldVars{}, fmt.Errorf("journal the user variables %s: %w", strings.Join(names, ", "), err)
	}
	return HeldVars{offset: offset, names: names, assign: assign, stmt: stmtDigest(stmt)}, nil
}

// WriteVars writes v, read by ReadVars, on to in its transaction state (RecordVars). A
// function, not a method: Run is at its limit of methods.
func WriteVars(ctx context.Context, r *Run, to Conn, v HeldVars) error {
	if r == nil || len(v.names) == 0 {
		return nil
	}
	q := "INSERT INTO " + ProgressSchema + ".vars (run_id, start_offset, assign, stmt_sha256) VALUES (?, ?, ?, ?)"
	if _, again := r.vars[v.offset]; again || r.varsWritten[v.offset] {
		q += " ON DUPLICATE KEY UPDATE assign = VALUES(assign), stmt_sha256 = VALUES(stmt_sha256)"
	}
	if _, err := to.ExecContext(ctx, q, r.RunID, v.offset, []byte(v.assign), v.stmt); err != nil {
		return fmt.Errorf("journal the user variables %s: %w", strings.Join(v.names, ", "), err)
	}
	if r.varsWritten == nil {
		r.varsWritten = map[int64]bool{}
	}
	r.varsWritten[v.offset] = true
	return nil
}

// VarsAt returns the SET that gives back the user variables the statement stmt at offset
// set in an earlier attempt (RecordVars); ok is false when none was journaled for this
// statement there.
func (r *Run) VarsAt(offset int64, stmt []byte) (assign string, ok bool) {
	if r == nil {
		return "", false
	}
	v, ok := r.vars[offset]
	if !ok || (v.stmt != "" && v.stmt != stmtDigest(stmt)) {
		return "", false
	}
	return v.assign, true
}

// loadVars reads the journaled user variables of the run, on resume.
func (r *prior) loadVars(ctx context.Context, c Conn, runID string) error {
	if _, err := c.ExecContext(ctx, varsTable); err != nil {
		return fmt.Errorf("checkpoint: upgrade the progress schema %s: %w", ProgressSchema, err)
	}
	if err := addColumn(ctx, c, "vars", "stmt_sha256", varsStatement); err != nil {
		return fmt.Errorf("checkpoint: upgrade the progress schema %s: %w", ProgressSchema, err)
	}
	rows, err := c.QueryContext(ctx, "SELECT start_offset, assign, stmt_sha256 FROM "+ProgressSchema+".vars WHERE run_id = ?", runID)
	if err != nil {
		return fmt.Errorf("checkpoint: read the journaled user variables: %w", err)
	}
	defer rows.Close()
	r.vars = map[int64]journaledVars{}
	for rows.Next() {
		var off int64
		var assign []byte
		var stmt sql.NullString
		if err := rows.Scan(&off, &assign, &stmt); err != nil {
			return err
		}
		r.vars[off] = journaledVars{assign: string(assign), stmt: stmt.String}
	}
	return rows.Err()
}

// readVars reads the user variables' values on c and returns the SET of literals that
// gives each its value and type back: an integer as itself, a DECIMAL as its digits
// (scale kept), a DOUBLE with an exponent (so it stays a DOUBLE), a string as a hex
// literal with its character set introducer and collation, NULL as NULL.
func readVars(ctx context.Context, c Conn, names []string) (string, error) {
	parts := make([]string, len(names))
	for i, bare := range names {
		name := "@" + sqlscan.QuoteIdent(strings.TrimPrefix(bare, "@"))
		switch {
		case strings.HasPrefix(bare, "@@GLOBAL."):
			name = bare // a GLOBAL value (globals.go)
		case strings.HasPrefix(bare, "@@"):
			name = "@@SESSION." + strings.TrimPrefix(bare, "@@") // a server variable: [a-z0-9_]
		}
		rows, err := c.QueryContext(ctx, "SELECT "+name+", CHARSET("+name+"), COLLATION("+name+")")
		if err != nil {
			return "", err
		}
		types, err := rows.ColumnTypes()
		if err != nil {
			rows.Close()
			return "", err
		}
		if !rows.Next() {
			rows.Close()
			return "", fmt.Errorf("SELECT %s returned no row: %w", name, rows.Err())
		}
		var v, cs, coll sql.NullString
		err = rows.Scan(&v, &cs, &coll)
		rows.Close()
		if err != nil {
			return "", err
		}
		parts[i] = name + " = " + varLiteral(types[0].DatabaseTypeName(), v, cs.String, coll.String)
	}
	return "SET " + strings.Join(parts, ", "), nil
}

// varLiteral is the literal of a user variable's value v as SELECT returned it, whose
// column type the driver named typ, and whose CHARSET() and COLLATION() are charset and
// collation. A NULL keeps its type too (CAST(NULL AS …)): a table created from the
// variable takes its column type from it.
func varLiteral(typ string, v sql.NullString, charset, collation string) string {
	switch {
	case strings.HasPrefix(typ, "UNSIGNED") && strings.HasSuffix(typ, "INT"):
		return "CAST(" + cmp.Or(nullOr(v), "NULL") + " AS UNSIGNED)"
	case strings.HasSuffix(typ, "INT"):
		return "CAST(" + cmp.Or(nullOr(v), "NULL") + " AS SIGNED)"
	case typ == "DECIMAL":
		if !v.Valid {
			return "CAST(NULL AS DECIMAL(65,38))"
		}
		return v.String
	case typ == "DOUBLE", typ == "FLOAT":
		switch {
		case !v.Valid:
			return "CAST(NULL AS DOUBLE)"
		case strings.ContainsAny(v.String, "eE"):
			return v.String
		}
		return v.String + "e0"
	case !v.Valid && charset == "binary":
		return "NULL" // what SET @v = NULL gives: a binary string
	case !v.Valid:
		return "CAST(NULL AS CHAR CHARACTER SET " + charset + ") COLLATE " + collation
	}
	return "_" + charset + " X'" + hex.EncodeToString([]byte(v.String)) + "' COLLATE " + collation
}

// nullOr is v's text, "" when NULL.
func nullOr(v sql.NullString) string {
	if !v.Valid {
		return ""
	}
	return v.String
}
