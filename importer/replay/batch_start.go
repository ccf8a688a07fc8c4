package replay

// newBatch starts the batch of key's rows the dispatcher fills next. Until flush sends it
// the table counts as in flight for the tables done of the progress (tableProgress.hold):
// the stream has already gone on to the next table's rows when the batch is sent, which
// may wait for the queue's budget or the spool, and in between the table counted as done,
// then not done once its batch reached the scheduler (a --parallel run's "tables done"
// went 4, 2, 3, 7).
func (dp *dispatcher) newBatch(key string, info tableInfo) {
	p := dp.p
	dp.cur = &rowBatch{table: key, entryState: entryState{pinned: p.cat.keepsOrder(key, info)}, literal: true, readNBE: dp.planner.Syntax.NoBackslashEscapes}
	dp.cur.startedEmpty, dp.cur.asInserts = !dp.seenTables[key], !dp.seenTables[key] && info.uniqueKey // bulkpath.go
	p.sched.setStreaming(key)
	p.serial.tables.hold(key)
}
