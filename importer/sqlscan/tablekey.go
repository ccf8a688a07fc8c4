package sqlscan

import "strings"

// TableKey names one table, db and table together, as every part of the importer keys
// and compares tables (the planner's catalog and scopes, the scheduler's per-table
// counts, the checkpoint's intents and reloads, the progress's tables, the preflight's
// lookups): db.table, or `db`.`table` when either name holds a dot or a backquote, so
// that `d.x`.`y` and `d`.`x.y` (two tables) never share a key. Build one with
// TableKeyOf; never by joining the names, which is how the copies drifted (a joined
// "d.x.y" named both tables, and a key cut at its first dot named neither).
type TableKey string

// TableKeyOf is the key of table in database db ("" for a table whose database is not
// known).
func TableKeyOf(db, table string) TableKey {
	if strings.ContainsAny(db, ".`") || strings.ContainsAny(table, ".`") {
		return TableKey(QuoteIdent(db) + "." + QuoteIdent(table))
	}
	return TableKey(db + "." + table)
}

// Names reads a key back into its names. It also reads a name as a user types it on the
// command line (--tables shop.orders, `d.x`.t, `my t`): each part bare or backquoted;
// a bare database ends at the first dot; without a dot outside quotes the whole is the
// table and db is "".
func (k TableKey) Names() (db, table string) {
	s := string(k)
	first, rest := namePart(s)
	if !strings.HasPrefix(rest, ".") {
		return "", first + rest
	}
	table, tail := namePart(rest[1:])
	return first, table + tail
}

// namePart reads one name at the start of s, backquoted (a doubled backquote is one) or bare up to the
// first dot, and returns it with what follows.
func namePart(s string) (name, rest string) {
	if !strings.HasPrefix(s, "`") {
		if i := strings.IndexByte(s, '.'); i >= 0 {
			return s[:i], s[i:]
		}
		return s, ""
	}
	var b strings.Builder
	for i := 1; i < len(s); i++ {
		switch {
		case s[i] == '`' && i+1 < len(s) && s[i+1] == '`':
			b.WriteByte('`')
			i++
		case s[i] == '`':
			return b.String(), s[i+1:]
		default:
			b.WriteByte(s[i])
		}
	}
	return b.String(), "" // no closing quote: the rest is the name
}
