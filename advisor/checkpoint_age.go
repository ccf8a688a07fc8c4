package advisor

// CheckpointAge reads the checkpoint age and its maximum from a snapshot, whatever part of
// it has them: the sampler's derived InnoDB state; else the status counters (MariaDB and
// Percona Innodb_checkpoint_age and _max_age; MySQL ≥ 8.0.30
// Innodb_redo_log_current_lsn − Innodb_redo_log_checkpoint_lsn; Innodb_lsn_current −
// Innodb_lsn_last_checkpoint). derivedMaxBytes (MaxCheckpointAgeFromVariables) stands in
// for a maximum the snapshot does not carry; ok is false when either is unknown. The redo
// rules and the dashboard read it this one way, so they show the same numbers.
func (s *Snapshot) CheckpointAge(derivedMaxBytes int64) (age, maxAge float64, ok bool) {
	maxAge = float64(derivedMaxBytes)
	if m, ok := s.Status["Innodb_checkpoint_max_age"]; ok && m > 0 {
		maxAge = m
	}
	if s.InnoDB != nil && s.InnoDB.MaxCheckpointAgeBytes > 0 {
		maxAge = float64(s.InnoDB.MaxCheckpointAgeBytes)
	}
	if maxAge <= 0 {
		return 0, 0, false
	}
	if s.InnoDB != nil && s.InnoDB.LSN > 0 {
		return float64(s.InnoDB.CheckpointAgeBytes), maxAge, true
	}
	if a, ok := s.Status["Innodb_checkpoint_age"]; ok {
		return a, maxAge, true
	}
	for _, pair := range [][2]string{{"Innodb_redo_log_current_lsn", "Innodb_redo_log_checkpoint_lsn"}, {"Innodb_lsn_current", "Innodb_lsn_last_checkpoint"}} {
		cur, ok1 := s.Status[pair[0]]
		chk, ok2 := s.Status[pair[1]]
		if ok1 && ok2 && cur >= chk {
			return cur - chk, maxAge, true
		}
	}
	return 0, 0, false
}
