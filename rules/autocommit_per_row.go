package rules

import (
	"fmt"

	"github.com/dumpscope/dumpscope/advisor"
)

// Row-per-commit thresholds (docs/rules.md "autocommit-per-row").
const (
	// maxRowsPerCommit: at or below this the dump commits (about) every row.
	maxRowsPerCommit = 2.0
	// rowCommitShare: per-row commits × flush latency must take this share of wall time.
	rowCommitShare = 0.10
)

// AutocommitPerRow fires when the dump inserts one row per statement with autocommit, so
// every row is its own transaction with its own durable redo flush, and those flushes
// take a real share of the import's time.
type AutocommitPerRow struct{}

func (AutocommitPerRow) ID() string { return "autocommit-per-row" }

// rowsInserted is rows per second: the importer's count, else Innodb_rows_inserted
// (MySQL, Percona), else Handler_write (MariaDB 10.11 has no Innodb_rows_inserted;
// Handler_write also counts rows written to internal temporary tables — each SHOW
// GLOBAL STATUS writes a few hundred — so it overstates rows a little).
func rowsInserted(w advisor.Window) (perSec float64, source string, ok bool) {
	if d, ok := w.ImportDelta(); ok && d.Rows > 0 && w.Span() > 0 {
		return float64(d.Rows) / w.Span(), "import.rows", true
	}
	r, name, ok := w.RateOf("Innodb_rows_inserted", "Handler_write")
	return r, name, ok
}

func (r AutocommitPerRow) Check(env *advisor.Env, w advisor.Window) *advisor.Finding {
	if w.Span() < minSpanSeconds {
		return nil
	}
	// Only a durable flush per commit makes per-row commits expensive; with
	// innodb_flush_log_at_trx_commit 0 or 2 a commit is a memory copy.
	if v, ok := varString(env, "innodb_flush_log_at_trx_commit"); ok && v != "1" {
		return nil
	}
	rows, rowSource, ok := rowsInserted(w)
	if !ok || rows <= 0 {
		return nil
	}
	c, ok := measureCommitCost(env, w)
	if !ok || c.commitsPerSec < minCommitsPerSec {
		return nil
	}
	rowsPerCommit := rows / c.commitsPerSec
	if rowsPerCommit > maxRowsPerCommit || c.share < rowCommitShare {
		return nil
	}
	ev := c.evidence(w)
	ev["rows_per_sec"] = round(rows)
	ev["rows_source"] = rowSource
	ev["rows_per_commit"] = round(rowsPerCommit)
	ev["max_rows_per_commit"] = maxRowsPerCommit
	ev["commit_flush_share_threshold_pct"] = 100 * rowCommitShare
	return &advisor.Finding{
		Severity: advisor.SeverityWarn,
		Title: fmt.Sprintf("One row per transaction: %.1f rows per commit at %.0f commits/s, flushes take %.0f%% of wall time",
			rowsPerCommit, c.commitsPerSec, 100*c.share),
		Evidence: ev,
		Recommendation: "the dump has one INSERT per row with autocommit. Re-create it with extended inserts " +
			"(mysqldump/mariadb-dump --extended-insert, the default; drop --skip-extended-insert), or let dumpscope " +
			"batch commits (dumpscope import --batch-bytes, used with --parallel/--checkpoint), or wrap the restore in " +
			"SET autocommit=0 … COMMIT. No server setting to revert.",
	}
}
