// Package stopmsg holds the sentences of refusals that a program other than the importer
// reads back from its output: one definition both import (the layout keeps
// internal/difffuzz off the importer's packages), where a copy kept in step by a test
// could drift between the two.
package stopmsg

import "fmt"

// OverwriteStopEnd ends every refusal of the per-statement overwrite check
// (importer/import_steps.go preflightHook), whatever preflight.Overwrite.Exists says:
// difffuzz's overlap mode reads a stop by it (runner_overlap.go stopRe), so a new wording
// of Exists is read too (x-fix68: the wordings of code, "which writes into what exists",
// were read as no stop).
const OverwriteStopEnd = "stopped before it — rerun with --overwrite to allow it"

// InDelimiterText says which statement of a DELIMITER text the server runs as several
// (split.ServerParts) a refusal is about: part k (from 1) of n. A stop is before the whole
// text, at its start, so the offset a refusal names is the text's and this says which of
// its statements is refused; the per-statement check (replay's Judge) and the
// --preflight-scan read-ahead's list both say it (preflight.InTextOf), and difffuzz's
// overlap mode reads it inside the place's parentheses.
func InDelimiterText(k, n int) string {
	return fmt.Sprintf("statement %d of the %d this DELIMITER text sends as one", k, n)
}
