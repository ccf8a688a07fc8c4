package tui

import "github.com/dumpscope/dumpscope/advisor"

// Replay turns a recorded run's samples into the frames the live dashboard received:
// each sample goes through eng (a fresh engine: rules.NewEngine()), so findings fire and
// clear at the ticks they did live, and each frame carries the findings and the verdict
// as they stood then. serverAt,
// when set, gives the server's variables as they stood at time t (a SET GLOBAL recorded
// during the run); Env.Server is updated from it before each sample.
func Replay(samples []advisor.Snapshot, env *advisor.Env, serverAt func(t float64) advisor.ServerInfo, eng *advisor.Engine) []TickMsg {
	frames := make([]TickMsg, 0, len(samples))
	for _, s := range samples {
		if serverAt != nil {
			env.Server = serverAt(s.T)
		}
		tick := advisor.Tick{Snapshot: s, Events: eng.Observe(env, s)}
		if v, ok := eng.Verdict(); ok {
			tick.Verdict = &v
		}
		frames = append(frames, TickMsg{Tick: tick, Findings: eng.Findings()})
	}
	return frames
}
