package replay

// countersExact reports whether --load-data may take a table's batches (autoInc: it has
// an AUTO_INCREMENT column) and still leave its counter the client's. Under --force it may
// not: a batch whose statement meets a duplicate key (which --force skips, as the client's
// --force does) goes in as a LOAD that keeps every other row of that statement, so the
// LOAD is not clean and is rolled back and replayed as INSERTs — but InnoDB gives no
// AUTO_INCREMENT value back on ROLLBACK, and a row after the duplicate, which the client
// never inserted, has moved the counter (AUTO_INCREMENT=11 where the client's is 5:
// TestReviewXLoadDataForceAutoIncrement). Giving the counter back would need an ALTER
// TABLE, whose metadata lock waits for the table's other batches, which wait for this
// one's commit (turn.go). Without --force such a statement stops the import, the client's
// too, and a LOAD rolled back for a warning is replayed by INSERTs of the same rows, which
// move the counter as far. So under --force these tables' rows run as INSERTs, said once.
func (ld *loadData) countersExact(autoInc bool) bool {
	if !ld.force || !autoInc {
		return true
	}
	ld.note("--load-data: under --force, rows into tables with an AUTO_INCREMENT column ran as INSERTs: a LOAD DATA rolled back after an error --force skips keeps the AUTO_INCREMENT values it took, for rows the client never inserted")
	return false
}
