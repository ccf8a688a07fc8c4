// Package phase names what a restore is doing, in one place for the importer that
// reports it (Progress.Phase), the tick that carries it (advisor.ImportProgress.Phase),
// and everything that shows it: the log line, the dashboard, the report's phase table
// and the metrics' dumpscope_restore_phase{phase}. The importer and the metrics used
// to spell "loading" each on their own, and the metrics said the importer had no finer
// phase long after it reported index builds and the row count.
package phase

// The phases of one restore, in the order they come. The importer reports Loading,
// Indexes and Verifying while it runs; Starting is before the first statement, and
// Finished, Failed and Interrupted are the outcome, which the command knows.
const (
	Starting    = "starting"       // no statement executed yet
	Loading     = "loading"        // statements are replayed
	Indexes     = "indexes"        // every row is sent; held-back indexes are being built
	Verifying   = "verifying rows" // the replay ended; COUNT(*) per table against the dump
	Finished    = "finished"       // the import ended (with or without tolerated SQL errors)
	Failed      = "failed"         // the import stopped on an error
	Interrupted = "interrupted"    // Ctrl-C or SIGTERM
)

// All lists the phases in order.
var All = []string{Starting, Loading, Indexes, Verifying, Finished, Failed, Interrupted}

// Ended reports whether p is an outcome: nothing follows it.
func Ended(p string) bool { return p == Finished || p == Failed || p == Interrupted }
