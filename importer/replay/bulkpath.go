package replay

import "github.com/dumpscope/dumpscope/importer/split"

// InnoDB's bulk insert into an empty table. MariaDB ≥ 10.6 takes it for a transaction
// whose first insert meets an empty table while unique_checks=0 and foreign_key_checks=0
// (mysqldump's session): it locks the whole table and buffers the transaction's rows, to
// build the indexes when it commits. For the client, whose every statement outside a
// transaction region is a transaction of its own, that is the table's first statement
// alone. A batch of several statements took it for all of them, and measured on MariaDB 10.11 it costs more than it saves (a
// 50 MiB sbtest table in batches of 4 MiB, default and tuned settings, 4 runs each: the
// first batch bulk cost 0.1–0.5 s more of the server's CPU per table than none at all,
// half of it in background threads; one transaction for the whole table 6.6–6.9 s against
// 2.9–3.3 s), and its table lock kept the other worker's batch of the table waiting (2.3 s
// at the start of the sysbench dump under load; scripts/importtimeline shows it).
//
// The bulk path is not the same as row by row: a duplicate key fails the statement at
// COMMIT with ERROR 1180 (not 1062), and an INSERT IGNORE with duplicates keeps none of its
// rows (MariaDB 10.11). So the statement keeps the client's path, and only the batch
// changes shape: a table's first row statement is a batch of its own, committed before the
// next batch of the table, whose statements then meet a table that is not empty, as the
// client's do. Measured with it (benchimport, default server, 4–6 runs A B B A, load 3–6):
// the 200M generated dump's server CPU 12.3 → 11.3 s, wall 13.2 → 12.6 s; the sysbench
// tables' server CPU 10.4 → 10.6 s (within the noise), wall 9.4 → 7.9 s.
//
// myloader takes the bulk path for much more of a table: it sets UNIQUE_CHECKS=0 and
// FOREIGN_KEY_CHECKS=0 in its own session (myloader 0.10.0 holds those SETs; the
// counters below agree) and commits every 1000 statements, so each table's first chunk
// file (mydumper's default: 25 MB, half of a 250k-row sysbench table) is one bulk
// transaction: 0.5 fewer buffer-pool page writes per row than dumpscope's stream, and
// the other thread's chunk of that table waits for its table lock (2 row lock waits a
// run). Measured in stop 49 (p-server2, sysbench, load 15–25): a first batch of 32 MiB
// on the bulk path matched myloader's page writes (2481k against 2527k; dumpscope's
// stream 3008k) but not its server CPU (10.0 s against 9.4 s for the same batches off
// the path, 2 runs each), and with InnoDB's automatic statistics on, that long bulk
// transaction set off what myloader's does: 2.5 s of the statistics task (myloader's
// 2.4 s; the same 32 MiB batches off the path 0.5 s; one perf recording each), nearly
// all of it opening the table again and again (MDL_context::acquire_lock,
// filename_to_tablename), with fewer recalculations done (8 against 13). So a longer
// bulk batch would not buy the server's CPU back either.

// Inside a transaction region of a producer the planner trusts (mysqldump
// --no-autocommit's SET autocommit=0 … COMMIT per table) the client's whole region takes
// the bulk path, and dumpscope's batches give it only the first statement: the two differ
// only for a duplicate key or an INSERT IGNORE with duplicates, which such a dump of a
// table with that key does not hold (its rows came out of that table).

// Under --load-data the bulk path is the cheaper one: a table's first LOAD of many
// statements into the empty table cost 8.7 s of the server's CPU for the 200M generated
// dump where the first statement alone cost 10.1 s (benchimport, default server, load
// 2–3). So there a batch that starts on an empty table keeps its plain statements, which
// each keep their rows on the bulk path as the client's do, and only an INSERT IGNORE or
// REPLACE, which may not, is kept out of it (bulkOrdered) or alone when first.
//
// Tried and measured (stop 41, p-sys): taking the LOADs off the bulk path (SET STATEMENT
// foreign_key_checks = 1 FOR LOAD DATA …, for tables without foreign keys of their own;
// a locking read beside the first LOAD no longer waited for the bulk path's table lock,
// so it did leave the path) costs more on the four 250k-row sysbench tables: the server's
// CPU, --parallel 2 --load-data, alternating runs at load 19–35, medians 9.9 → 11.0 s on
// default settings (6 and 5 runs) and 9.2 → 9.8 s with a 1 GiB buffer pool (2 each); row
// by row the first batches made 1.0 M more buffer pool reads and 0.7 M more page writes
// and 6 MB more redo. One table alone, in the LOAD DATA limit's three transactions by the
// mariadb client, had pointed the other way (2.0–2.5 s row by row against 2.8–3.8 s,
// the bulk path's extra in background threads); why the whole import differs is not
// known (the 1 GiB pool holds all four tables and still favoured the bulk path).

// bulkOrdered reports whether the batch being filled must be sent before an INSERT IGNORE
// or REPLACE (ordered) of the table key joins it: under --load-data, when the batch may
// have started on the empty table (rowBatch.startedEmpty), so that it runs on the bulk
// path, where one with duplicates would make the transaction keep none of its rows.
func (dp *dispatcher) bulkOrdered(key string, ordered bool) bool {
	return ordered && dp.p.ld != nil && dp.cur != nil && dp.cur.table == key && dp.cur.startedEmpty
}

// endsFirstBatch reports whether the batch that st, a row statement of the table key,
// just joined must be sent now, as a batch of its own: st may have met the table empty
// (firstOfTable), and it is an INSERT IGNORE or REPLACE (ordered), or --load-data is off,
// where the first statement alone is the cheaper shape, or the table has a UNIQUE key
// besides its primary key (unique). On the bulk path a duplicate in such a key across two
// statements is found only as the key is built: the LOAD fails in mid-stream with ERROR
// 1180 and the server drops the connection, where the client's second statement, on the
// ordinary path, meets ERROR 1062 (TestReviewX3LoadDataBulkPathUniqueError). That first
// batch also runs as INSERTs (rowBatch.asInserts): a duplicate inside the one statement
// fails its LOAD the same way, where the client's INSERT fails with ERROR 1180. A primary
// key's duplicate is a warning of the LOAD, which is then replayed as INSERTs. Measured
// (x-review4): a generated dump whose four big tables have UNIQUE KEY (k, id) took 5.4 s
// against 3.6 s, its tables' other batches no longer on the bulk path: the price of the
// client's result.
func (dp *dispatcher) endsFirstBatch(key string, ordered, unique bool) bool {
	first := dp.firstOfTable(key, ordered) // remembers the table either way
	return first && (dp.p.ld == nil || ordered || unique)
}

// firstOfTable reports whether st, a row statement of the table key, may meet the table
// empty, as the first the dispatcher sees of it (or the first since the table was emptied:
// forgetFirst), and remembers that the table holds rows from then on. After an INSERT
// IGNORE or REPLACE (ordered) it does not: on the bulk path, one with duplicates keeps none
// of its rows, and the client's next statement meets the table empty again. A table
// remembered for the whole run lost a recreated table's rows: its first INSERT and an
// INSERT IGNORE with duplicates shared a transaction on the bulk path, which committed none
// of them (TestImportBulkInsertIgnoreEmptiedAgain).
func (dp *dispatcher) firstOfTable(key string, ordered bool) bool {
	if dp.seenTables == nil {
		dp.seenTables = map[string]bool{}
	}
	if dp.seenTables[key] {
		return false
	}
	dp.seenTables[key] = !ordered
	return true
}

// forgetFirst makes the next row statement of the tables st touches (keys; every table when
// global) a batch of its own again: st may have emptied them (DROP and CREATE, TRUNCATE,
// DELETE, a routine, a trigger of another table), and the client's next statement then
// takes the bulk path alone again. A row insert that ran here (ids the server generates)
// leaves its own table not empty: only the tables its triggers touch are forgotten.
// Remembered for the whole run, a recreated table's first INSERT and an INSERT IGNORE with
// duplicates after it shared a transaction on the bulk path, which committed none of their
// rows (TestImportBulkInsertIgnoreEmptiedAgain).
func (dp *dispatcher) forgetFirst(st *split.Statement, keys []string, global bool) {
	if global {
		clear(dp.seenTables)
		return
	}
	own := ""
	if st.Kind == split.KindInsert {
		own = dp.p.cat.tableKey(st)
	}
	for _, k := range keys {
		if k != own {
			delete(dp.seenTables, k)
		}
	}
}
