package checkpoint

import "slices"

// QuotingFlag is a change of the server's quoting status flags (NO_BACKSLASH_ESCAPES,
// ANSI_QUOTES) that the mariadb client splits the dump by, made by a statement that a
// resume skips once committed: a CALL whose routine SETs sql_mode leaves the flag where
// the routine's end puts sql_mode back (importer/replay quoting.go). The replay learns
// it from the statement's reply only, which a resume that skips the statement never
// reads; kept in the run's memory alone, a stop between the CALL and the statement its
// flag decides lost it, and the resume split that statement by sql_mode and finished
// with a row the client never inserts (TestReviewX15QuotingFlagLostOverStop). So it is
// written to the journal as soon as the reply is read, and a resume that skips the
// statement takes it from there (QuotingFlagAt).
type QuotingFlag struct {
	Offset int64  `json:"offset"` // the statement that changed the flag
	Line   int64  `json:"line"`
	What   string `json:"what"` // the statement as messages name it ("CALL p")
	Bit    string `json:"bit"`  // "NO_BACKSLASH_ESCAPES" or "ANSI_QUOTES"
	On     bool   `json:"on"`
}

// RecordQuotingFlag journals f (nil-safe; nothing without a journal), in place of one
// journaled at its offset before. A function: Run is at its limit of methods.
func RecordQuotingFlag(r *Run, f QuotingFlag) error {
	if r == nil || r.Journal == "" {
		return nil
	}
	i := slices.IndexFunc(r.quotingFlags, func(g QuotingFlag) bool { return g.Offset == f.Offset })
	if i >= 0 && r.quotingFlags[i] == f {
		return nil
	}
	if i >= 0 {
		r.quotingFlags[i] = f
	} else {
		r.quotingFlags = append(r.quotingFlags, f)
	}
	flags := slices.Clone(r.quotingFlags)
	return editJournal(r.Journal, func(j *Journal) { j.QuotingFlags = flags })
}

// QuotingFlagAt returns the change of the quoting flags an earlier attempt journaled for
// the statement at offset (RecordQuotingFlag), if any.
func QuotingFlagAt(r *Run, offset int64) (QuotingFlag, bool) {
	if r == nil {
		return QuotingFlag{}, false
	}
	for _, f := range r.quotingFlags {
		if f.Offset == offset {
			return f, true
		}
	}
	return QuotingFlag{}, false
}
