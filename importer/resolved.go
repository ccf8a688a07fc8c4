package importer

import (
	"github.com/dumpscope/dumpscope/importer/replay"
	"github.com/dumpscope/dumpscope/importer/transform"
)

// Used is what an import really ran with where the server, the dump or the journal
// decided otherwise than the Options asked: Options stays as the caller wrote it (a
// caller that runs twice with one Options gets the same request twice), and the decisions
// are here, each with its reason.
type Used struct {
	// Parallel is the workers that replayed rows: --parallel, or fewer when the server's
	// max_connections or the account's limit left no room for them all.
	Parallel int
	// Overwrite says existing objects were allowed to be written: --overwrite, or a resume
	// or a start offset (what exists is the interrupted run's own work).
	Overwrite bool
	// DeferIndexes: --defer-indexes, or a resume of a run whose journal says it deferred.
	DeferIndexes bool
	// SkipWarningCount: --skip-warning-count, or a serial replay whose wire cannot be read
	// (TLS hides the server's warning counts, and asking would change ROW_COUNT()).
	SkipWarningCount bool
	// Serial: the dump read ahead may run code it created that reads ROW_COUNT() or
	// FOUND_ROWS() (plan.LaterReaders), which only the serial replay gives the client's
	// values, so the import ran on one connection without progress rows, LOAD DATA or
	// deferred indexes rather than be refused at that statement.
	Serial bool
	// Reasons say, one line each, why a value above differs from the Options (the notes
	// printed on Log too); empty when every value is what was asked.
	Reasons []string
}

// resolved is Used and the values Import derives for the run that no caller sets: the
// one place the import's decisions are written while it runs.
type resolved struct {
	Used
	transform   *transform.Transform // built from Options.Transform for this target
	tablesTotal int                  // tables the dump inserts into, when the preflight scan read it
	wire        *replay.PacketWatch  // the serial replay's view of the server's OK packets
	wires       *replay.WireWatch    // every connection's watch: the workers send their row statements through theirs
	ownSchema   string               // a database the import made for itself before the preflight (earlySchema): the preflight leaves it out
	// overwriteCheck is what the target held at the start of a run checked for overwrites
	// statement by statement (preflight.State), for its journal; resumeCheck is the one a
	// resume read from its journal (checkpoint.Journal.OverwriteCheck), nil when it had none.
	overwriteCheck, resumeCheck []byte
}

// newResolved starts from what o asks: every value as given, Parallel at least 1.
func newResolved(o *Options) *resolved {
	return &resolved{Used: Used{Parallel: max(o.Parallel, 1), Overwrite: o.Overwrite,
		DeferIndexes: o.DeferIndexes, SkipWarningCount: o.SkipWarningCount}}
}

// because records why a value differs from the Options.
func (r *resolved) because(reason string) { r.Reasons = append(r.Reasons, reason) }
