package preflight

import (
	"context"
	"fmt"
	"strings"

	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// Which of the target's tables hold no rows (New reads it once, before the first
// statement): rows into such a table overwrite nothing.

// localEngines keep their rows in this server: reading one row of such a table is cheap
// and tells whether it is empty. A FEDERATED, CONNECT or SPIDER table would be read from
// another server (slow, or hanging on it), a view or a sequence is no table to fill, and a
// BLACKHOLE table is always empty: those count as full.
var localEngines = map[string]bool{"INNODB": true, "ARIA": true, "MYISAM": true, "MEMORY": true, "CSV": true, "ARCHIVE": true, "ROCKSDB": true}

// emptyTablesPerQuery is how many tables one emptiness query looks at: one round trip per
// table would take minutes on a target with tens of thousands of tables.
const emptyTablesPerQuery = 200

// baseTable is a table the preflight asks whether it is empty; versioned: WITH SYSTEM
// VERSIONING, whose history rows count too (FOR SYSTEM_TIME ALL): a DELETE HISTORY or a
// TRUNCATE of one whose current rows are gone loses them.
type baseTable struct {
	db, table string
	versioned bool
}

// emptyTables returns the tables (their keys) that hold no rows. An EXISTS per table reads
// at most one row of each, where TABLE_ROWS is only InnoDB's estimate. A table the
// account may not read counts as full: a refusal then errs on the safe side.
func emptyTables(ctx context.Context, q Conn, tables []baseTable) (map[sqlscan.TableKey]bool, error) {
	empty := map[sqlscan.TableKey]bool{}
	for len(tables) > 0 {
		n := min(len(tables), emptyTablesPerQuery)
		chunk := tables[:n]
		tables = tables[n:]
		var b strings.Builder
		for i, t := range chunk {
			if i > 0 {
				b.WriteString(" UNION ALL ")
			}
			history := ""
			if t.versioned {
				history = " FOR SYSTEM_TIME ALL"
			}
			fmt.Fprintf(&b, "SELECT %d, EXISTS(SELECT 1 FROM %s.%s%s)", i, sqlscan.QuoteIdent(t.db), sqlscan.QuoteIdent(t.table), history)
		}
		rows, err := q.QueryContext(ctx, b.String())
		if err != nil {
			if len(chunk) == 1 {
				continue // unreadable (privileges, a broken table): treated as full
			}
			// One unreadable table fails the whole query: ask one by one.
			for i := range chunk {
				sub, err := emptyTables(ctx, q, chunk[i:i+1])
				if err != nil {
					return nil, err
				}
				for k := range sub {
					empty[k] = true
				}
			}
			continue
		}
		for rows.Next() {
			var i int
			var full bool
			if err := rows.Scan(&i, &full); err != nil {
				rows.Close()
				return nil, err
			}
			if !full {
				empty[sqlscan.TableKeyOf(chunk[i].db, chunk[i].table)] = true
			}
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, err
		}
	}
	return empty, nil
}
