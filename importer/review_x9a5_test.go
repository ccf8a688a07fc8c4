package importer_test

import (
	"testing"
)

// x-review9a, fifth batch (see review_x9a_test.go): diagnostics readers, continued.

// TestReviewX9aDiagnosticsAfterShowWarnings: in a checkpointed run gone serial, an INSERT
// with one warning, then SHOW WARNINGS (or SHOW COUNT(*) WARNINGS), then GET DIAGNOSTICS
// @w = NUMBER (SET @w = @@warning_count). SHOW WARNINGS does not clear the diagnostics
// area: the client's @w is 1; dumpscope's 0. Silent.
//
// Cause: plan.ReadsDiagnostics (importer/plan/diagnostics.go:28-49) leaves SHOW
// WARNINGS/ERRORS out ("they leave nothing in the database"), so diagTail.before
// (importer/replay/diagtail.go:100) settles the INSERT's tail (its progress row, an
// INSERT, and COMMIT) before the SHOW, and the reader after it reads what the progress
// row left. A SHOW between a statement and its reader must keep the tail waiting as a
// reader does. Not a regression (a gap in x-lock2's diagTail).
//
// Fixed (x-fix9a2): diagTail.before runs SHOW WARNINGS, ERRORS and their COUNT(*)
// (plan.KeepsDiagnostics) as it runs a reader, inside the statement's transaction, and
// the replay counts no warnings around them (plan.MayReadDiagnostics).
func TestReviewX9aDiagnosticsAfterShowWarnings(t *testing.T) {
	for name, body := range map[string]string{
		"show-warnings":       x9Warn + "SHOW WARNINGS;\nGET DIAGNOSTICS @w = NUMBER;\n" + x9Store,
		"show-count-warnings": x9Warn + "SHOW COUNT(*) WARNINGS;\nSET @w = @@warning_count;\n" + x9Store,
	} {
		t.Run(name, func(t *testing.T) { importMatchesClient(t, x9Serial(body), checkpointed(t), "x9") })
	}
}
