package crash

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

func panicsInHelper() { panic("first") }

// TestRepanicKeepsFirstStack: a panic recovered in one goroutine and raised again in its
// owner's (Repanic) reaches the owner's Recover as the same *PanicError, with the stack
// of the goroutine that panicked first, not wrapped in a second one; an error without a
// panic is not raised.
func TestRepanicKeepsFirstStack(t *testing.T) {
	var first error
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer Recover(func(err error) { first = err })
		panicsInHelper()
	}()
	<-done
	var got error
	func() {
		defer Recover(func(err error) { got = err })
		Repanic(fmt.Errorf("open: %w", first))
	}()
	p := Find(got)
	if p == nil || p != Find(first) || p.Value != "first" || !strings.Contains(string(p.Stack), "panicsInHelper") {
		t.Errorf("raised again: %v (%T), want the first panic with its stack", got, got)
	}
	func() {
		defer Recover(func(err error) { t.Errorf("a plain error was raised: %v", err) })
		Repanic(errors.New("plain"))
		Repanic(nil)
	}()
}
