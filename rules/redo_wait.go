package rules

import "github.com/dumpscope/dumpscope/advisor"

// redoWait is the share (0..1) of the interval iw (two snapshots) in which the restore
// waited for the checkpoint: where the checkpoint age sits between the async point (0)
// and the sync point (1), at both ends of the interval (a tick is one reading of a
// saw-tooth: a reading near the sync point says the age touched it within the interval),
// plus one durable log write (lat) for each log-buffer wait. 0 when no redo was written.
// The verdict's redo share (Attribute) and the redo-log-too-small finding's (redoWaitShare)
// are both this, so the two lines a user reads give the same figure for the same time.
func redoWait(env *advisor.Env, iw advisor.Window, redoBytesPerSec float64, lat flushLatency, haveLat bool) float64 {
	if redoBytesPerSec <= 0 {
		return 0
	}
	redo := checkpointStall(env, iw)
	if waits, ok := iw.Rate("Innodb_log_waits"); ok && waits > 0 && haveLat {
		redo += waits * lat.ms / 1000
	}
	return min(redo, 1)
}

// redoWaitShare is redoWait over the window w: each interval the verdict attributes (the
// restore moved: intervalActive) weighted by its length, as the verdict sums its shares.
// activeSeconds is their total; ok is false without one.
func redoWaitShare(env *advisor.Env, w advisor.Window) (share, activeSeconds float64, ok bool) {
	var waited float64
	for i := 1; i < len(w); i++ {
		iw := w[i-1 : i+1]
		dt := iw.Span()
		if dt <= 0 {
			continue
		}
		rate, _, haveRedo := redoRate(iw)
		if !intervalActive(iw, rate) {
			continue
		}
		activeSeconds += dt
		if !haveRedo {
			continue
		}
		lat, haveLat := syncLatency(env, iw, dataDevices(env, iw))
		waited += redoWait(env, iw, rate, lat, haveLat) * dt
	}
	if activeSeconds <= 0 {
		return 0, 0, false
	}
	return waited / activeSeconds, activeSeconds, true
}
