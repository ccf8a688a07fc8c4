package importer

import "github.com/dumpscope/dumpscope/importer/replay"

// The replay's types that Import's Options and Result carry, under the names Import's
// callers use; importer/replay is their home.
type (
	// Conn is a pinned connection (replay.Conn).
	Conn = replay.Conn
	// Progress is the replay's live counters (replay.Progress).
	Progress = replay.Progress
	// ReplayResult is what the replay knew when it ended (replay.ReplayResult).
	ReplayResult = replay.ReplayResult
	// StatementError is an SQL error or refusal at a place in the dump (replay.StatementError).
	StatementError = replay.StatementError
	// TableCount is the rows the dump carried for one table (replay.TableCount).
	TableCount = replay.TableCount
	// Rejects receives the statements that failed under Force (replay.Rejects).
	Rejects = replay.Rejects
)

// ErrStopped is returned when Options.Stop ended the import (replay.ErrStopped).
var ErrStopped = replay.ErrStopped

// ErrSerialOnly is wrapped by a refusal that only a serial import avoids, so that no
// --resume is offered after it (replay.ErrSerialOnly).
var ErrSerialOnly = replay.ErrSerialOnly

// The phases Progress.Phase names (replay.PhaseLoading …).
const (
	PhaseLoading   = replay.PhaseLoading
	PhaseIndexes   = replay.PhaseIndexes
	PhaseVerifying = replay.PhaseVerifying
)
