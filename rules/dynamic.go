package rules

// dynamic reports whether SET GLOBAL can change variable on this server without a
// restart. It is the one table recommendations consult (docs/rules.md "Dynamic or not,
// per flavour and version" gives the sources); a variable it does not know is treated as
// static, so the worst a gap costs is an unneeded restart, never a SET GLOBAL that fails.
func dynamic(s server, variable string) bool {
	switch variable {
	case "innodb_flush_log_at_trx_commit", "sync_binlog", "innodb_io_capacity", "innodb_io_capacity_max",
		"innodb_flush_neighbors", "max_allowed_packet":
		// Dynamic on every supported version (READ_ONLY=NO on MariaDB 10.11.19).
		return true
	case "innodb_log_file_size":
		// MariaDB 10.9: MDEV-27812 "Allow SET GLOBAL innodb_log_file_size" (10.9 release
		// notes; READ_ONLY=NO on 10.11.19). Static on MySQL and Percona.
		return s.mariaDB() && s.v.AtLeast(10, 9, 0)
	case "innodb_redo_log_capacity":
		// MySQL/Percona 8.0.30 (the variable's first release).
		return s.mysqlLike() && s.v.AtLeast(8, 0, 30)
	case "innodb_doublewrite":
		// MySQL/Percona 8.0.30: changeable online between the enabled modes only
		// (ON/DETECT_AND_RECOVER/DETECT_ONLY; OFF needs a restart — the rule recommends
		// DETECT_ONLY live). MariaDB 11.4: MDEV-33545 made it an ENUM settable at run
		// time (per the sampler's capability table; READ_ONLY=YES on 10.11.19).
		return (s.mysqlLike() && s.v.AtLeast(8, 0, 30)) || (s.mariaDB() && s.v.AtLeast(11, 4, 0))
	case "innodb_buffer_pool_size":
		// Online resizing: MySQL 5.7.5 (WL#6117), MariaDB 10.2.2.
		return (s.mysqlLike() && s.v.AtLeast(5, 7, 5)) || (s.mariaDB() && s.v.AtLeast(10, 2, 2))
	case "innodb_log_buffer_size":
		// MySQL 8.0 (GA 8.0.11); static on MariaDB (KB "Dynamic: No", READ_ONLY=YES on
		// 10.11.19).
		return s.mysqlLike() && s.v.AtLeast(8, 0, 11)
	}
	// innodb_flush_method (static everywhere), log_bin (static; sql_log_bin is per
	// session), anything else.
	return false
}
