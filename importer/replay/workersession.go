package replay

import (
	"context"
	"database/sql"
	"os"
)

// A row batch under --load-data or binary names must know its connection's session
// values (the character sets, sql_mode, the current database), and asked the server for
// them before every batch: a round trip of no work, twice per batch where --load-data's
// converter refused a batch and binary names asked again. They change only through a
// statement sent on the connection, so a worker keeps what it read (workerSession) and
// forgets it whenever a statement that could change them runs there:
//   - the session statements a worker replays before an entry (SET NAMES, USE, SET
//     sql_mode …), a barrier item (any statement), an early row count (worker.go);
//   - a batch's rows sent as the dump's statements (neither a LOAD DATA nor under binary
//     names): a value may call a function, which may SET what it likes;
//   - a batch whose switch to binary names was not set back (an undo that failed).
//
// What a batch itself sends in between cannot change them: START TRANSACTION, ROLLBACK,
// COMMIT, the progress row, EXPLAIN of a head (loaddata_names.go), information_schema
// reads, a LOAD DATA into a table without triggers, literal rows under binary names into
// one without triggers, SET character_set_client and collation_connection to binary and
// back to the values read here.

// sessionKeepOff is a measuring switch (DUMPSCOPE_KEEP_SESSION=off): every batch asks the
// server again, as before, so that whole runs with and without the kept values can be set
// side by side in one build.
var sessionKeepOff = os.Getenv("DUMPSCOPE_KEEP_SESSION") == "off"

// workerSession is a worker connection's session values, while known.
type workerSession struct {
	known bool
	// cs, conn, coll, results: character_set_client, character_set_connection,
	// collation_connection, character_set_results; mode: sql_mode; db: DATABASE().
	cs, conn, coll, mode string
	db, results          sql.NullString // NULL: no database; SET character_set_results = NULL
}

// sessionOf is c's workerSession (one per worker connection, used by its worker only).
func (wp *workerPool) sessionOf(c Conn) *workerSession {
	if s, ok := wp.sessions.Load(c); ok {
		return s.(*workerSession)
	}
	s, _ := wp.sessions.LoadOrStore(c, &workerSession{})
	return s.(*workerSession)
}

// values returns the session's values, read from the server unless known since the
// last forget. A nil s always reads (unit tests, callers without a worker).
func (s *workerSession) values(ctx context.Context, c Conn) (workerSession, error) {
	if s != nil && s.known {
		return *s, nil
	}
	var v workerSession
	if err := c.QueryRowContext(ctx, "SELECT @@character_set_client, @@character_set_connection, @@collation_connection, @@sql_mode, DATABASE(), @@character_set_results").
		Scan(&v.cs, &v.conn, &v.coll, &v.mode, &v.db, &v.results); err != nil {
		return v, err
	}
	v.known = true
	if s != nil && !sessionKeepOff {
		*s = v
	}
	return v, nil
}

// forget marks the values unknown: a statement that may change them runs (or ran).
func (s *workerSession) forget() {
	if s != nil {
		s.known = false
	}
}
