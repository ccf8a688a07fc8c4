// Package replay sends a split dump to the server: Replayer, the client's exact statement
// stream on one pinned connection (replay.go, warnings.go: warnings read from the server's
// OK packets, okpacket.go), and ParallelReplayer, N workers beside a control connection
// (parallel.go). The parallel replay asks importer/plan where each statement runs; its
// dispatcher (dispatch.go) groups plain row inserts into per-table batches, its scheduler
// (schedule.go, turn.go) hands them to the workers in stream order within a read-ahead
// budget (spool.go keeps what exceeds memory on disk), the workers (worker.go) commit each
// batch with its progress row (importer/checkpoint) as INSERTs or one LOAD DATA LOCAL
// stream (loaddata.go), and the control connection runs everything else (control.go),
// with the table facts the planner needs (catalog.go) and --defer-indexes (indexes.go).
//
// It knows nothing of the import's options or preflight: importer.Import builds
// ReplayOptions/ParallelOptions (with the importer/transform the statements pass
// through) and reads Progress and ReplayResult. It imports importer/plan, split, sqlscan,
// transform, checkpoint and internal packages only.
package replay
