package checkpoint

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// Writes through a view. An INSERT, REPLACE, UPDATE or DELETE through a view writes one
// base table its definition names (ERROR 1395 otherwise), possibly through nested views
// and in another database. The statement names the view, which is not among the
// non-transactional tables an intent covers: an INSERT through a view over an Aria table
// left no intent, ran in a transaction as if the rollback could undo it, and, killed
// before its progress row, ran again on resume (difffuzz seed 53119: ERROR 1062 where
// the client succeeded; a keyless table got its rows twice). A view is therefore read
// as the base tables its definition names: the one it writes is among them.

// maxViewDepth bounds the views followed through other views: the server nests no deeper
// than its own limit, and a cycle is caught by the names already seen.
const maxViewDepth = 64

// ViewBases returns, when key (sqlscan.TableKey) is a view, the keys of the base tables
// its definition names, through the views it names in turn: a write through it lands in
// one of them. isView is false for a base table or an unknown name. For a view whose
// base tables cannot be told (its definition hidden from the account, or naming none
// that exists) bases is nil: the caller takes it as "any table". A function, not a
// method: Run is at its limit of methods.
func ViewBases(ctx context.Context, r *Run, c Conn, key string) (bases []string, isView bool, err error) {
	if r == nil {
		return nil, false, nil
	}
	r.tablesMu.Lock()
	defer r.tablesMu.Unlock()
	if err := readTablesLocked(ctx, r, c); err != nil {
		return nil, false, err
	}
	sk, err := serverKeys(ctx, c, []string{key})
	if err != nil {
		return nil, false, err
	}
	if !r.views[sk[0]] {
		return nil, false, nil
	}
	if sk[0] != key {
		// Named in another character set than the catalog's UTF-8 (SET NAMES latin1):
		// the names its definition holds would be compared in neither; any table.
		return nil, true, nil
	}
	seen := map[string]bool{}
	known, err := viewBases(ctx, r, c, key, 0, seen, &bases)
	if err != nil || !known {
		return nil, true, err
	}
	// The bases are UTF-8 (read as HEX); the caller compares them as the dump's text.
	if sk, err := serverKeys(ctx, c, bases); err != nil || !slices.Equal(sk, bases) {
		return nil, true, err // a name that is not ASCII under a session that is not UTF-8: any table
	}
	return bases, true, nil
}

// viewBases adds to out the base tables the view key names (see ViewBases); known is
// false when they cannot be told.
func viewBases(ctx context.Context, r *Run, c Conn, key string, depth int, seen map[string]bool, out *[]string) (known bool, err error) {
	if seen[key] {
		return true, nil
	}
	seen[key] = true
	if depth > maxViewDepth {
		return false, nil
	}
	db, name := sqlscan.TableKey(key).Names()
	var def sql.NullString
	// key is UTF-8 (the catalog's), and so is the definition read as HEX: in the session's
	// character_set_results a name it cannot hold reads as ?.
	switch err := c.QueryRowContext(ctx, "SELECT HEX(VIEW_DEFINITION) FROM information_schema.VIEWS WHERE TABLE_SCHEMA = CONVERT(UNHEX(?) USING utf8mb4) AND TABLE_NAME = CONVERT(UNHEX(?) USING utf8mb4)", hexOf(db), hexOf(name)).Scan(&def); {
	case errors.Is(err, sql.ErrNoRows):
		return false, nil
	case err != nil:
		return false, fmt.Errorf("read the definition of the view %s: %w", key, err)
	case def.String == "":
		return false, nil // SHOW VIEW not granted: the definition reads empty
	}
	if def.String, err = unhex(def.String); err != nil {
		return false, err
	}
	var plain []string
	found := false
	for _, cand := range qualifiedNames(def.String) {
		if !r.views[cand] {
			plain = append(plain, cand)
			continue
		}
		if ok, err := viewBases(ctx, r, c, cand, depth+1, seen, out); err != nil || !ok {
			return false, err
		}
		found = true
	}
	tables, err := baseTables(ctx, c, plain)
	if err != nil {
		return false, fmt.Errorf("look up the tables of the view %s: %w", key, err)
	}
	for _, t := range tables {
		if !seen[t] {
			seen[t] = true
			*out = append(*out, t)
		}
	}
	return found || len(tables) > 0, nil
}

// qualifiedNames returns the keys of the names db.name a view's definition holds: the
// server stores every table a view reads with its database (`d`.`t`), and every column
// with three parts (`d`.`t`.`c`), which are not taken; a column of an alias (`x`.`c`)
// and a stored function (`d`.`f`(…)) are, and are filtered out by looking them up.
func qualifiedNames(def string) []string {
	l := sqlscan.New([]byte(def), sqlscan.Syntax{})
	var toks []sqlscan.Token
	for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
		toks = append(toks, t)
	}
	dot := func(i int) bool {
		return i >= 0 && i < len(toks) && toks[i].Kind == sqlscan.Punct && toks[i].Text == "."
	}
	var out []string
	seen := map[string]bool{}
	for i := 0; i+2 < len(toks); i++ {
		if !toks[i].IsName() || !dot(i+1) || !toks[i+2].IsName() || dot(i-1) {
			continue
		}
		if dot(i + 3) {
			i += 4 // a column `d`.`t`.`c`: skip its parts
			continue
		}
		k := string(sqlscan.TableKeyOf(toks[i].Text, toks[i+2].Text))
		if !seen[k] {
			seen[k] = true
			out = append(out, k)
		}
	}
	return out
}

// baseTables returns those of keys that name base tables (not views) on the server.
func baseTables(ctx context.Context, c Conn, keys []string) ([]string, error) {
	if len(keys) == 0 {
		return nil, nil
	}
	var args []any
	for _, k := range keys {
		db, name := sqlscan.TableKey(k).Names()
		args = append(args, hexOf(db), hexOf(name))
	}
	// UTF-8 both ways, whatever the session's character set (viewBases).
	q := "SELECT HEX(TABLE_SCHEMA), HEX(TABLE_NAME) FROM information_schema.TABLES WHERE TABLE_TYPE <> 'VIEW' AND (TABLE_SCHEMA, TABLE_NAME) IN (" + strings.TrimSuffix(strings.Repeat("(CONVERT(UNHEX(?) USING utf8mb4), CONVERT(UNHEX(?) USING utf8mb4)), ", len(keys)), ", ") + ") ORDER BY TABLE_SCHEMA, TABLE_NAME"
	rows, err := c.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var db, name string
		if err := rows.Scan(&db, &name); err != nil {
			return nil, err
		}
		if db, err = unhex(db); err != nil {
			return nil, err
		}
		if name, err = unhex(name); err != nil {
			return nil, err
		}
		out = append(out, string(sqlscan.TableKeyOf(db, name)))
	}
	return out, rows.Err()
}
