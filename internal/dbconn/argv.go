package dbconn

import (
	"os"
	"unsafe"
)

// argvSpan is the memory of one process argument as the kernel laid it out. On Linux
// the Go runtime builds os.Args without copying argv, so these bytes are the ones
// /proc/PID/cmdline (and so ps, top and any local user) shows.
type argvSpan struct{ start, end uintptr }

// argvSpans records os.Args' memory before anything can replace os.Args: only bytes
// inside it are ever overwritten (a string elsewhere may be read-only).
var argvSpans = func() []argvSpan {
	spans := make([]argvSpan, 0, len(os.Args))
	for _, a := range os.Args {
		if len(a) == 0 {
			continue
		}
		p := uintptr(unsafe.Pointer(unsafe.StringData(a)))
		spans = append(spans, argvSpan{p, p + uintptr(len(a))})
	}
	return spans
}()

// wipeArgv overwrites secret with 'x' in the process's argument memory when secret lies
// inside it, as the mysql and mariadb clients do with a -pSECRET argument, so the password
// leaves the process list at start. Callers must have copied the value first: every Go
// string that shares these bytes (os.Args, substrings of it) reads x's afterwards. A
// string outside os.Args' memory is left alone.
func wipeArgv(secret string) {
	if len(secret) == 0 {
		return
	}
	p := uintptr(unsafe.Pointer(unsafe.StringData(secret)))
	for _, sp := range argvSpans {
		if p >= sp.start && p+uintptr(len(secret)) <= sp.end {
			b := unsafe.Slice(unsafe.StringData(secret), len(secret))
			// The bytes are the process's own stack: writable, though Go treats strings as
			// immutable; nothing else holds them once PreprocessArgs has cloned its output.
			for i := range b {
				*(*byte)(unsafe.Pointer(&b[i])) = 'x'
			}
			return
		}
	}
}
