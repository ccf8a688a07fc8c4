package importer

import "github.com/dumpscope/dumpscope/importer/split"

// WithAfterMarkHook sets Options' hook that a statement which left an intent of a
// non-transactional write calls where it is marked run, before its progress row
// (replay.ReplayOptions.AfterMark).
func WithAfterMarkHook(o Options, f func(*split.Statement) error) Options {
	o.afterMark = f
	return o
}
