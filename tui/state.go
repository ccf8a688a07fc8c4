package tui

import (
	"sort"

	"github.com/dumpscope/dumpscope/advisor"
	"github.com/dumpscope/dumpscope/iostat"
)

// TickMsg carries one monitor tick to the program, with the engine's findings as they
// stood after it (Findings nil: apply the tick's events to the findings seen so far).
type TickMsg struct {
	Tick     advisor.Tick
	Findings []advisor.Finding
}

// StopWaitMsg is what a graceful stop still waits for ("still waiting for the statement
// in flight to end, 45 s after …; on the server: session 7 (…)"), for the status line:
// the log that says it is held while the screen is up.
type StopWaitMsg string

// ticksMsg is a batch of ticks that queued while the program was busy.
type ticksMsg []TickMsg

// DoneMsg says the run ended. Status is "finished", "failed", "interrupted" or "stopped";
// Detail is one line for the status bar (the error, how far it got).
type DoneMsg struct {
	Status string
	Detail string
}

// redoInfo is what the InnoDB panel needs of the server: where its flush points are, and
// the maximum checkpoint age and redo capacity derived from its variables for servers
// whose status does not report them (the rules' derivation, advisor.MaxCheckpointAgeBytes).
type redoInfo struct {
	async, sync      float64
	derivedMaxBytes  int64
	capacityBytes    int64
	flavor, describe string
}

func newRedoInfo(env *advisor.Env) redoInfo {
	r := redoInfo{}
	if env == nil {
		r.async, r.sync = advisor.FlushPoints(advisor.FlavorMySQL, advisor.Version{})
		return r
	}
	flavor, v, _ := advisor.DetectFlavor(env.Server.Version, "")
	if env.Server.Flavor != "" && flavor != advisor.FlavorMariaDB {
		flavor = env.Server.Flavor
	}
	r.flavor = flavor
	r.async, r.sync = advisor.FlushPoints(flavor, v)
	caps := advisor.CapabilitiesFor(flavor, v)
	vars := env.Server.Variables
	r.capacityBytes = advisor.RedoCapacityBytes(caps, vars)
	r.derivedMaxBytes = advisor.MaxCheckpointAgeFromVariables(flavor, v, caps, r.capacityBytes, vars)
	return r
}

// state is everything the panels show, derived once per tick so View only formats.
type state struct {
	ticks    int
	cur      advisor.Snapshot
	prev     *advisor.Snapshot
	dt       float64 // seconds between prev and cur
	hasTick  bool
	redo     redoInfo
	devOrder []string

	// import: bytesPerSec and rowsPerSec are the "now" rates, over the last
	// nowWindowSeconds (recent); bytesHist is per tick
	bytesPerSec, rowsPerSec float64
	bytesHist               series
	recent                  []progressPoint

	// devices: %util and w/s per device
	utilHist map[string]*series
	wHist    map[string]*series

	// InnoDB
	agePct, ageBytes, maxAgeBytes float64
	ageKnown                      bool
	ageHist                       series
	redoPerSec                    float64
	bpReadsPerSec, logWaitsPerSec float64
	hasBPReads, hasLogWaits       bool

	// CPU
	serverCPUHist, clientCPUHist series

	findings []advisor.Finding
	// verdict is the run's verdict as of the last tick that carried one.
	verdict *advisor.Verdict
	errs    []string // the last tick's source errors
	done    *DoneMsg
}

func newState(env *advisor.Env) *state {
	st := &state{redo: newRedoInfo(env), utilHist: map[string]*series{}, wHist: map[string]*series{}}
	if env != nil {
		for _, d := range env.Devices {
			st.devOrder = append(st.devOrder, d.Name)
		}
	}
	return st
}

func (st *state) apply(m TickMsg) {
	s := m.Tick.Snapshot
	if st.hasTick {
		p := st.cur
		st.prev = &p
	}
	st.cur, st.hasTick = s, true
	st.ticks++
	if m.Tick.Verdict != nil {
		st.verdict = m.Tick.Verdict
	}
	st.dt = 0
	if st.prev != nil {
		st.dt = s.T - st.prev.T
	}
	rate := func(cur, prev float64) float64 {
		if st.dt <= 0 {
			return 0
		}
		return max(0, (cur-prev)/st.dt)
	}

	st.bytesPerSec, st.rowsPerSec = 0, 0
	if s.Import != nil && st.prev != nil && st.prev.Import != nil {
		st.bytesHist.add(rate(float64(s.Import.Bytes), float64(st.prev.Import.Bytes)))
	} else if s.Import != nil {
		st.bytesHist.add(0)
	}
	st.bytesPerSec, st.rowsPerSec = st.nowRates(s)

	names := make([]string, 0, len(s.Devices))
	for name := range s.Devices {
		names = append(names, name)
	}
	sort.Strings(names) // devices the environment did not list appear in name order
	for _, name := range names {
		d := s.Devices[name]
		if st.utilHist[name] == nil {
			st.utilHist[name], st.wHist[name] = &series{}, &series{}
			if !contains(st.devOrder, name) {
				st.devOrder = append(st.devOrder, name)
			}
		}
		st.utilHist[name].add(d.UtilPct)
		st.wHist[name].add(d.WPerSec)
	}

	st.ageKnown = false
	if age, maxAge, ok := st.checkpointAge(&s); ok {
		st.ageKnown, st.ageBytes, st.maxAgeBytes = true, age, maxAge
		st.agePct = 100 * age / maxAge
		st.ageHist.add(st.agePct)
	}
	st.redoPerSec = 0
	if s.InnoDB != nil && st.prev != nil && st.prev.InnoDB != nil && s.InnoDB.LSN > 0 {
		st.redoPerSec = rate(float64(s.InnoDB.LSN), float64(st.prev.InnoDB.LSN))
	} else if cur, ok := s.Status["Innodb_os_log_written"]; ok && st.prev != nil {
		st.redoPerSec = rate(cur, st.prev.Status["Innodb_os_log_written"])
	}
	st.bpReadsPerSec, st.hasBPReads = st.statusRate(&s, "Innodb_buffer_pool_reads", rate)
	st.logWaitsPerSec, st.hasLogWaits = st.statusRate(&s, "Innodb_log_waits", rate)

	if s.CPU != nil {
		st.clientCPUHist.add(s.CPU.ClientPct)
		if s.CPU.ServerPct != nil {
			st.serverCPUHist.add(*s.CPU.ServerPct)
		}
	}

	if m.Findings != nil {
		st.findings = m.Findings
	} else {
		for _, e := range m.Tick.Events {
			st.event(e)
		}
	}
	st.errs = st.errs[:0]
	for _, err := range m.Tick.Errors {
		st.errs = append(st.errs, err.Error())
	}
}

func (st *state) statusRate(s *advisor.Snapshot, name string, rate func(cur, prev float64) float64) (float64, bool) {
	cur, ok := s.Status[name]
	if !ok || st.prev == nil {
		return 0, ok
	}
	prev, ok := st.prev.Status[name]
	if !ok {
		return 0, false
	}
	return rate(cur, prev), true
}

// event applies a fired or cleared finding to the list (used when the sink has no
// engine to ask, as in tests built from events alone).
func (st *state) event(e advisor.Event) {
	if !e.Cleared {
		st.findings = append(st.findings, e.Finding)
		return
	}
	for i := len(st.findings) - 1; i >= 0; i-- {
		if st.findings[i].ID == e.Finding.ID && st.findings[i].ClearedAt == nil {
			st.findings[i] = e.Finding
			return
		}
	}
}

// checkpointAge reads the checkpoint age and its maximum the way the redo rule does
// (advisor.Snapshot.CheckpointAge), with the maximum derived from the variables when the
// server reports none.
func (st *state) checkpointAge(s *advisor.Snapshot) (age, maxAge float64, ok bool) {
	return s.CheckpointAge(st.redo.derivedMaxBytes)
}

// capacity is the configured redo size: the sampler's, else from the variables.
func (st *state) capacity() float64 {
	if st.cur.InnoDB != nil && st.cur.InnoDB.RedoCapacityBytes > 0 {
		return float64(st.cur.InnoDB.RedoCapacityBytes)
	}
	return float64(st.redo.capacityBytes)
}

// sortedFindings returns the findings newest first, active before cleared at equal times.
func (st *state) sortedFindings() []advisor.Finding {
	out := append([]advisor.Finding(nil), st.findings...)
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].FiredAt != out[j].FiredAt {
			return out[i].FiredAt > out[j].FiredAt
		}
		return out[i].ClearedAt == nil && out[j].ClearedAt != nil
	})
	return out
}

func (st *state) activeFindings() int {
	n := 0
	for _, f := range st.findings {
		if f.ClearedAt == nil {
			n++
		}
	}
	return n
}

// device returns the current stats of a device.
func (st *state) device(name string) (iostat.DeviceStats, bool) {
	d, ok := st.cur.Devices[name]
	return d, ok
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
