package importer

// WithWorkerHook sets Options' hook that each parallel worker calls before an entry.
func WithWorkerHook(o Options, f func()) Options {
	o.inWorker = f
	return o
}
