// Package stopmsg holds the sentences of refusals that a program other than the importer
// reads back from its output: one definition both import (the layout keeps
// internal/difffuzz off the importer's packages), where a copy kept in step by a test
// could drift between the two.
package stopmsg

// OverwriteStopEnd ends every refusal of the per-statement overwrite check
// (importer/import_steps.go preflightHook), whatever preflight.Overwrite.Exists says:
// difffuzz's overlap mode reads a stop by it (runner_overlap.go stopRe), so a new wording
// of Exists is read too (x-fix68: the wordings of code, "which writes into what exists",
// were read as no stop).
const OverwriteStopEnd = "stopped before it — rerun with --overwrite to allow it"
