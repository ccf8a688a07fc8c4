// Package crash turns a panic in one of dumpscope's goroutines into an error that the
// goroutine's owner handles. A panic that reaches the top of a goroutine ends the process
// on the spot: the deferred clean-ups of every other goroutine never run, and an import
// leaves --relax-durability's innodb_flush_log_at_trx_commit=2 on the server and a
// sandbox server running. Recovered, the panic ends the import as a failure does, the
// clean-ups run, and the command reports it with its stack and exits non-zero.
package crash

import (
	"errors"
	"fmt"
	"runtime/debug"
)

// PanicError is a recovered panic and the stack of the goroutine that panicked.
type PanicError struct {
	Value any
	Stack []byte
}

func (e *PanicError) Error() string { return fmt.Sprintf("internal error: panic: %v", e.Value) }

// Recover, deferred at the top of a goroutine (`defer crash.Recover(report)`), passes a
// panic to report as a *PanicError and lets the goroutine end normally. It must be the
// deferred function itself: recover only stops a panic when called directly by it. A
// *PanicError panicked again (Repanic: recovered in another goroutine, raised in its
// owner's) is passed on as it is, with the stack of the goroutine that first panicked.
func Recover(report func(error)) {
	if v := recover(); v != nil {
		if p, ok := v.(*PanicError); ok {
			report(p)
			return
		}
		report(&PanicError{Value: v, Stack: debug.Stack()})
	}
}

// Find returns the first *PanicError in err's tree, or nil.
func Find(err error) *PanicError {
	var p *PanicError
	if errors.As(err, &p) {
		return p
	}
	return nil
}

// Repanic raises, in the calling goroutine, a panic recovered in another one (err holds a
// *PanicError); otherwise it does nothing.
func Repanic(err error) {
	if p := Find(err); p != nil {
		panic(p)
	}
}
