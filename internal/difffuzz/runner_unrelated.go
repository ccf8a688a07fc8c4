package difffuzz

import (
	"bytes"
	"context"
	"strings"

	"github.com/dumpscope/dumpscope/internal/redump"
)

// The NonEmpty modes' target: an unrelated database the import must leave as it was.

// readAheadDB is the database a NonEmpty mode's target holds, made by unrelatedDB.
const readAheadDB = "fz_read_ahead"

// unrelatedDB makes readAheadDB: something of each kind the preflight guards, rows too.
var unrelatedDB = []string{
	"CREATE DATABASE " + readAheadDB,
	"CREATE TABLE " + readAheadDB + ".k (id INT PRIMARY KEY, v VARCHAR(20)) ENGINE=InnoDB",
	"INSERT INTO " + readAheadDB + ".k VALUES (1,'one'),(2,'two'),(3,'three')",
	"CREATE VIEW " + readAheadDB + ".kv AS SELECT id, v FROM " + readAheadDB + ".k WHERE id > 1",
	"CREATE PROCEDURE " + readAheadDB + ".kp() SELECT COUNT(*) FROM " + readAheadDB + ".k",
}

// makeUnrelated makes readAheadDB and returns its re-dump.
func (r *Runner) makeUnrelated(ctx context.Context) ([]byte, error) {
	for _, q := range unrelatedDB {
		if _, err := r.db.ExecContext(ctx, q); err != nil {
			return nil, err
		}
	}
	return redump.Dump(ctx, r.Target.Dump, r.Target.ClientArgs, readAheadDB)
}

// dropUnrelated re-dumps readAheadDB after the import, sets o.Touched when it is not
// before, what makeUnrelated returned, and drops it (before the re-dump compared).
func (r *Runner) dropUnrelated(ctx context.Context, before []byte, o *Outcome) error {
	if err := r.resetGlobals(ctx); err != nil {
		return err
	}
	after, err := redump.Dump(ctx, r.Target.Dump, r.Target.ClientArgs, readAheadDB)
	if err != nil && !strings.Contains(err.Error(), "Unknown database") {
		return err
	}
	if !bytes.Equal(after, before) {
		o.Touched = readAheadDB + " changed: " + redump.FirstDiff(before, after)
	}
	_, err = r.db.ExecContext(ctx, "DROP DATABASE IF EXISTS "+readAheadDB)
	return err
}
