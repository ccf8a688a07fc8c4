// Package importer streams a MySQL/MariaDB dump (plain, gzip, zstd, xz, bzip2 or stdin),
// splits it into statements exactly as Debian's `mariadb` 10.11 client does, and replays
// them into a server.
//
// One direction of data flow: importer/dumpfile (input, decompression, byte counters) →
// importer/split (statements with kind, table, offset, line) → importer/replay: Replayer
// (serial: the client's exact statement stream on one pinned connection) or
// ParallelReplayer (N workers, per-table barriers placed by importer/plan, optional
// progress rows via importer/checkpoint for --resume, deferred indexes). Import is the
// orchestration: input, connections, preflight, checkpoint, durability settings, which
// replayer, row counts. Preflight and DefinerCheck look at statements before they run.
//
// docs/import.md says what each replay mode sends.
package importer
