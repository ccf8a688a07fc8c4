package advisor

import "testing"

// TestCheckpointAge: each source of the age and its maximum, in the order the redo rules
// and the dashboard read them.
func TestCheckpointAge(t *testing.T) {
	for _, c := range []struct {
		name     string
		s        Snapshot
		derived  int64
		age, max float64
		ok       bool
	}{
		{"derived state", Snapshot{InnoDB: &InnoDB{LSN: 9, CheckpointAgeBytes: 30, MaxCheckpointAgeBytes: 100}}, 0, 30, 100, true},
		{"MariaDB status", Snapshot{Status: map[string]float64{"Innodb_checkpoint_age": 40, "Innodb_checkpoint_max_age": 90}}, 0, 40, 90, true},
		{"MySQL 8.0.30 LSNs, derived maximum", Snapshot{Status: map[string]float64{"Innodb_redo_log_current_lsn": 500, "Innodb_redo_log_checkpoint_lsn": 450}}, 80, 50, 80, true},
		{"older MySQL LSNs", Snapshot{Status: map[string]float64{"Innodb_lsn_current": 70, "Innodb_lsn_last_checkpoint": 60}}, 80, 10, 80, true},
		{"no maximum", Snapshot{Status: map[string]float64{"Innodb_checkpoint_age": 40}}, 0, 0, 0, false},
		{"no age", Snapshot{Status: map[string]float64{}}, 80, 0, 0, false},
	} {
		age, max, ok := c.s.CheckpointAge(c.derived)
		if age != c.age || max != c.max || ok != c.ok {
			t.Errorf("%s: %v %v %v, want %v %v %v", c.name, age, max, ok, c.age, c.max, c.ok)
		}
	}
}
