package advisor

// FlushPoints returns where InnoDB of a flavour/release changes how it flushes, as
// fractions of its maximum checkpoint age (Innodb_checkpoint_max_age, or
// MaxCheckpointAgeBytes where the server does not report it):
//
//   - async: from here the page cleaner flushes dirty pages aggressively (adaptive
//     "furious" flushing) to move the checkpoint forward;
//   - sync: from here user threads wait for flushing before they may write more redo.
//
// MySQL 5.7/8.0 and Percona (log0log.cc log_calc_max_ages, log0chkp.cc) set
// max_modified_age_async = margin − margin/8 and max_modified_age_sync = margin −
// margin/16, with margin the maximum checkpoint age: 7/8 and 15/16. MariaDB < 10.5 keeps
// those. MariaDB ≥ 10.5 (log0log.cc log_set_capacity / log_t::set_capacity) keeps only
// max_modified_age_async = margin − margin/8 and flushes synchronously when the age
// reaches max_checkpoint_age itself: 7/8 and 1.
func FlushPoints(flavor string, v Version) (async, sync float64) {
	if flavor == FlavorMariaDB && v.AtLeast(10, 5, 0) {
		return 7.0 / 8, 1
	}
	return 7.0 / 8, 15.0 / 16
}
