package difffuzz

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/binary"
	"fmt"
	"strings"

	"github.com/dumpscope/dumpscope/internal/redump"
)

// rowsSum is the overlap snapshot's fingerprint of table db.name's rows: how many, and
// the sum of a hash of each row's base columns (IS_GENERATED = 'NEVER'), whatever their
// order. It replaced CHECKSUM TABLE … EXTENDED, which on MariaDB 10.11.19 is not a
// function of the rows for a table with generated columns: the same rows of seed
// 168006's `gc1` (a VIRTUAL and a STORED column) summed 1855976821, 2512166998 and
// 3893301922 in three sandboxes, and changed after a FLUSH TABLES with nothing written
// (x-fix75's reopen did not cure it), a false "resumed-over"; a copy without the
// generated columns summed the same every time. A generated column's value follows from
// the base columns and its definition, which SHOW CREATE TABLE compares.
func rowsSum(ctx context.Context, db *sql.DB, schema, name string) (string, error) {
	rows, err := db.QueryContext(ctx, "SELECT COLUMN_NAME FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? AND IS_GENERATED = 'NEVER' ORDER BY ORDINAL_POSITION", schema, name)
	if err != nil {
		return "", err
	}
	var cols []string
	for rows.Next() {
		var c string
		if err := rows.Scan(&c); err != nil {
			rows.Close()
			return "", err
		}
		cols = append(cols, redump.QuoteIdent(c))
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return "", err
	}
	if len(cols) == 0 {
		return "", fmt.Errorf("no base columns read for %s.%s", schema, name)
	}
	rows, err = db.QueryContext(ctx, "SELECT "+strings.Join(cols, ", ")+" FROM "+redump.QuoteIdent(schema)+"."+redump.QuoteIdent(name))
	if err != nil {
		return "", err
	}
	defer rows.Close()
	vals := make([]sql.RawBytes, len(cols))
	ptrs := make([]any, len(cols))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	var n, sum uint64
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			return "", err
		}
		sum += rowHash(vals)
		n++
	}
	if err := rows.Err(); err != nil {
		return "", err
	}
	return fmt.Sprintf("%d rows, sum %016x", n, sum), nil
}

// rowHash hashes one row's values, each length-prefixed, NULL apart from every string.
func rowHash(vals []sql.RawBytes) uint64 {
	h := sha256.New()
	var l [9]byte
	for _, v := range vals {
		if v == nil {
			l[0] = 0
			h.Write(l[:1])
			continue
		}
		l[0] = 1
		binary.LittleEndian.PutUint64(l[1:], uint64(len(v)))
		h.Write(l[:])
		h.Write(v)
	}
	return binary.LittleEndian.Uint64(h.Sum(nil))
}
