package importer

import (
	"context"
	"database/sql"
	"fmt"
	"io"
	"os"
	"slices"
	"sync"

	"github.com/dumpscope/dumpscope/importer/checkpoint"
	"github.com/dumpscope/dumpscope/importer/plan"
	"github.com/dumpscope/dumpscope/importer/replay"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
	"github.com/dumpscope/dumpscope/internal/crash"
)

// endCheckpoint ends a finished run's checkpoint on c. The journal goes first: killed
// between the two steps, what is left is stale progress rows (harmless), never a journal
// that points at rows already gone.
func endCheckpoint(ctx context.Context, cp *checkpoint.Run, c *sql.Conn, log io.Writer) {
	boundEndLockWait(ctx, c) // the DROP DATABASE waits for the progress tables' locks
	if cp.Journal != "" {
		os.Remove(cp.Journal)
		checkpoint.Release(cp, true)
	}
	if err := cp.Finish(ctx, c); err != nil {
		fmt.Fprintln(log, "dumpscope: could not remove the progress rows:", err)
	}
}

// CountRows compares COUNT(*) in the server with the rows the dump's INSERTs carried. A
// difference is not always an error (INSERT IGNORE, REPLACE, triggers that write other
// tables), so it is reported, not fatal. COUNT(*) reads a whole index, which on a large
// restore takes a while per table, so the tables are counted on all connections at once.
func CountRows(ctx context.Context, conns []*sql.Conn, tables []TableCount) []RowCount {
	out, _ := countRowsBeside(ctx, conns, tables, nil, nil)
	return out
}

// countRowsAfterEarly is countRowsBeside for a parallel replay whose workers counted
// tables before its end (early; nil: none): the others are counted on the connections
// free now (a worker may still be counting), then the early counts are waited for, and a
// table whose early count failed is counted again here.
func countRowsAfterEarly(ctx context.Context, conns []*sql.Conn, tables []TableCount, early *replay.EarlyCounts, first func(*sql.Conn)) ([]RowCount, error) {
	if early == nil {
		return countRowsBeside(ctx, conns, tables, nil, first)
	}
	free := []*sql.Conn{conns[0]}
	for i, busy := range early.Busy {
		if !busy && i+1 < len(conns) {
			free = append(free, conns[i+1])
		}
	}
	out, err := countRowsBeside(ctx, free, tables, early.Taken, first)
	rows := early.Wait()
	var again []TableCount
	var at []int
	for i, rc := range out {
		key := plan.KeyOf(rc.Database, rc.Table)
		if !early.Taken[key] {
			continue
		}
		if n, ok := rows[key]; ok {
			out[i].ServerRows = n
		} else {
			again, at = append(again, rc.TableCount), append(at, i)
		}
	}
	if len(again) > 0 {
		redo, _ := countRowsBeside(ctx, conns, again, nil, nil)
		for j, i := range at {
			out[i] = redo[j]
		}
	}
	return out, err
}

// countRowsBeside is CountRows with first run on conns[0] before it joins the counts
// (when first is not nil): finish ends the checkpoint there while the other connections
// count, rather than after them. A panic in first is returned (the counts go on without
// conns[0]); one in a count is its RowCount's Err, as in CountRows. The tables in skip
// (by key) are not counted.
func countRowsBeside(ctx context.Context, conns []*sql.Conn, tables []TableCount, skip map[string]bool, first func(*sql.Conn)) ([]RowCount, error) {
	out := make([]RowCount, len(tables))
	next := make(chan int, len(tables))
	for i, t := range tables {
		out[i].TableCount = t
	}
	for _, i := range countOrder(tables) {
		if skip[plan.KeyOf(tables[i].Database, tables[i].Table)] {
			continue
		}
		next <- i
	}
	close(next)
	var firstPanic error
	var wg sync.WaitGroup
	for k, c := range conns {
		wg.Add(1)
		go func(k int, c *sql.Conn) {
			defer wg.Done()
			if k == 0 && first != nil {
				ok := false
				func() {
					defer crash.Recover(func(err error) { firstPanic = err })
					first(c)
					ok = true
				}()
				if !ok {
					return
				}
			} else {
				boundEndLockWait(ctx, c)
			}
			for i := range next {
				func() {
					defer crash.Recover(func(err error) { out[i].Err = err })
					t := tables[i]
					q := fmt.Sprintf("SELECT COUNT(*) FROM %s.%s", sqlscan.QuoteIdent(t.Database), sqlscan.QuoteIdent(t.Table))
					out[i].Err = countLockWaitError(ctx, c, q, t.Database, t.Table, c.QueryRowContext(ctx, q).Scan(&out[i].ServerRows))
				}()
			}
		}(k, c)
	}
	wg.Wait()
	return out, firstPanic
}

// countOrder is the order the tables are counted in: most rows in the dump first, the
// dump's order among equals. In the dump's order a large table that came last started
// last and ended the check alone while the other connections had nothing left (gen 200M:
// sbtest1 began 0.11 s into a 0.27 s check and took 0.16 s of it); largest first, the
// small ones fill in beside the large.
func countOrder(tables []TableCount) []int {
	order := make([]int, len(tables))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		switch {
		case tables[a].Rows > tables[b].Rows:
			return -1
		case tables[a].Rows < tables[b].Rows:
			return 1
		}
		return 0
	})
	return order
}
