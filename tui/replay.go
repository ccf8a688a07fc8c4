package tui

import "github.com/dumpscope/dumpscope/advisor"

// Replay turns a recorded run's samples into the frames the live dashboard received:
// each sample goes through a fresh engine with rules, so findings fire and clear at the
// ticks they did live, and each frame carries the findings as they stood then. serverAt,
// when set, gives the server's variables as they stood at time t (a SET GLOBAL recorded
// during the run); Env.Server is updated from it before each sample.
func Replay(samples []advisor.Snapshot, env *advisor.Env, serverAt func(t float64) advisor.ServerInfo, rules []advisor.Rule) []TickMsg {
	eng := advisor.NewEngine(rules, advisor.DefaultWindowSeconds)
	frames := make([]TickMsg, 0, len(samples))
	for _, s := range samples {
		if serverAt != nil {
			env.Server = serverAt(s.T)
		}
		events := eng.Observe(env, s)
		frames = append(frames, TickMsg{Tick: advisor.Tick{Snapshot: s, Events: events}, Findings: eng.Findings()})
	}
	return frames
}
