// Package importer streams a MySQL/MariaDB dump (plain, gzip, zstd, xz, bzip2 or stdin),
// splits it into statements exactly as Debian's `mariadb` 10.11 client does, and replays
// them into a server.
//
// One direction of data flow: importer/dumpfile (input, decompression, byte counters) →
// importer/split (statements with kind, table, offset, line) → Replayer (serial: the
// client's exact statement stream on one pinned connection) or ParallelReplayer (N
// workers, per-table barriers, optional progress rows via importer/checkpoint for
// --resume, deferred indexes). importer/transform filters and rewrites the statements on
// the way; importer/preflight's checks look at them before they run.
//
// docs/import.md says what each replay mode sends.
package importer
