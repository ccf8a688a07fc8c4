package tui

import (
	"sync"
	"sync/atomic"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/dumpscope/dumpscope/advisor"
)

// maxQueuedTicks bounds the ticks held for a program that does not read them (a hung
// terminal): the oldest are dropped, the monitor never waits.
const maxQueuedTicks = 3600

// Sink is the advisor.Sink of the dashboard. Tick queues the tick and returns at once;
// a goroutine hands queued ticks to the program (tea.Program.Send blocks until the
// program reads), in order and batched when the screen fell behind, so no finding is
// lost and the monitor's tick never waits for the terminal.
type Sink struct {
	// findings, when set, is called on the monitor's goroutine after each tick (the
	// engine is not safe for concurrent use) to send the findings with their latest
	// evidence along with the tick.
	findings atomic.Pointer[func() []advisor.Finding]

	mu    sync.Mutex
	queue []TickMsg
	wake  chan struct{}
	stop  chan struct{}
	once  sync.Once
	wg    sync.WaitGroup
}

// NewSink returns a sink; Attach connects it to a program.
func NewSink(findings func() []advisor.Finding) *Sink {
	s := &Sink{wake: make(chan struct{}, 1), stop: make(chan struct{})}
	s.SetFindings(findings)
	return s
}

// SetFindings sets the function that returns the engine's findings (the engine's
// Findings method); safe while ticks arrive.
func (s *Sink) SetFindings(f func() []advisor.Finding) {
	if f != nil {
		s.findings.Store(&f)
	}
}

// Tick queues t for the program.
func (s *Sink) Tick(t advisor.Tick) {
	m := TickMsg{Tick: t}
	if f := s.findings.Load(); f != nil {
		m.Findings = (*f)()
	}
	s.mu.Lock()
	if len(s.queue) >= maxQueuedTicks {
		s.queue = append(s.queue[:0], s.queue[1:]...)
	}
	s.queue = append(s.queue, m)
	s.mu.Unlock()
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// Attach starts forwarding to send (a tea.Program's Send). Ticks queued before it are
// delivered first.
func (s *Sink) Attach(send func(tea.Msg)) {
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		for {
			select {
			case <-s.stop:
				return
			case <-s.wake:
			}
			s.mu.Lock()
			batch := s.queue
			s.queue = nil
			s.mu.Unlock()
			switch len(batch) {
			case 0:
			case 1:
				send(batch[0])
			default:
				send(ticksMsg(batch))
			}
		}
	}()
	select { // deliver what queued before Attach
	case s.wake <- struct{}{}:
	default:
	}
}

// Close stops forwarding; call it after the program has exited (its Send then returns
// at once) or before.
func (s *Sink) Close() {
	s.once.Do(func() { close(s.stop) })
	s.wg.Wait()
}
