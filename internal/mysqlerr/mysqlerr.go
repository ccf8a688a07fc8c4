// Package mysqlerr names the MySQL/MariaDB error numbers dumpscope acts on, so that a
// comparison reads as the server's documentation does (ER_DUP_KEYNAME, not 1061). Each
// constant carries the server's own name in its comment; the numbers are shared by MySQL
// and MariaDB unless the comment says otherwise (MariaDB's error list:
// https://mariadb.com/kb/en/mariadb-error-code-reference/, MySQL's errmsg-utf8.txt).
package mysqlerr

// Server errors (ER_*).
const (
	DBCreateExists     = 1007 // ER_DB_CREATE_EXISTS: the database exists
	DBDropExists       = 1008 // ER_DB_DROP_EXISTS: can't drop a database that does not exist
	ConCount           = 1040 // ER_CON_COUNT_ERROR: too many connections
	DBAccessDenied     = 1044 // ER_DBACCESS_DENIED_ERROR: no rights on a database
	AccessDenied       = 1045 // ER_ACCESS_DENIED_ERROR
	BadDB              = 1049 // ER_BAD_DB_ERROR: unknown database
	TableExists        = 1050 // ER_TABLE_EXISTS_ERROR
	BadTable           = 1051 // ER_BAD_TABLE_ERROR: unknown table
	ServerShutdown     = 1053 // ER_SERVER_SHUTDOWN: shutdown in progress
	DupFieldName       = 1060 // ER_DUP_FIELDNAME: duplicate column name
	DupKeyName         = 1061 // ER_DUP_KEYNAME: duplicate key name
	MultiplePriKey     = 1068 // ER_MULTIPLE_PRI_KEY: multiple primary key defined
	CantDropFieldOrKey = 1091 // ER_CANT_DROP_FIELD_OR_KEY: check that it exists
	UnknownTable       = 1109 // ER_UNKNOWN_TABLE: e.g. an information_schema table this server lacks
	NonexistingGrant   = 1141 // ER_NONEXISTING_GRANT: SHOW GRANTS FOR an account that is not there
	NoSuchTable        = 1146 // ER_NO_SUCH_TABLE
	TableAccessDenied  = 1142 // ER_TABLEACCESS_DENIED_ERROR
	NotAllowedCommand  = 1148 // ER_NOT_ALLOWED_COMMAND: LOAD DATA LOCAL refused
	LockWaitTimeout    = 1205 // ER_LOCK_WAIT_TIMEOUT
	LockDeadlock       = 1213 // ER_LOCK_DEADLOCK
	// SpecificAccessDenied is ER_SPECIFIC_ACCESS_DENIED_ERROR: SUPER, PROCESS, … missing.
	SpecificAccessDenied = 1227
	SPAlreadyExists      = 1304 // ER_SP_ALREADY_EXISTS: procedure or function exists
	SPDoesNotExist       = 1305 // ER_SP_DOES_NOT_EXIST
	TrgAlreadyExists     = 1359 // ER_TRG_ALREADY_EXISTS
	TrgDoesNotExist      = 1360 // ER_TRG_DOES_NOT_EXIST
	CannotUser           = 1396 // ER_CANNOT_USER: CREATE USER of an account there, DROP USER of one gone, …
	EventAlreadyExists   = 1537 // ER_EVENT_ALREADY_EXISTS
	EventDoesNotExist    = 1539 // ER_EVENT_DOES_NOT_EXIST
	FKDupName            = 1826 // ER_FK_DUP_NAME: duplicate foreign key constraint name
	ConnectionKilled     = 1927 // ER_CONNECTION_KILLED (MariaDB)
	ClientLocalFilesOff  = 3948 // ER_CLIENT_LOCAL_FILES_DISABLED (MySQL 8)
	LoadInfileCapOff     = 3950 // ER_LOAD_INFILE_CAPABILITY_DISABLED (MySQL 8)
	// UnknownView is MariaDB's ER_UNKNOWN_VIEW: DROP VIEW of a view that does not exist
	// (MySQL answers ER_BAD_TABLE_ERROR).
	UnknownView = 4092
	// VersNotSupported is MariaDB's ER_VERS_NOT_SUPPORTED: a system-versioned table
	// refuses the statement (TRUNCATE TABLE).
	VersNotSupported = 4137
	// MariaDBLoadInfileCapOff is MariaDB's ER_LOAD_INFILE_CAPABILITY_DISABLED (local_infile=OFF),
	// which has another number than MySQL's.
	MariaDBLoadInfileCapOff = 4166
)

// Client errors (CR_*), as the C client numbers them; go-sql-driver reports them as
// driver errors, but a server or proxy may relay them.
const (
	ServerGoneError = 2006 // CR_SERVER_GONE_ERROR: MySQL server has gone away
	ServerLost      = 2013 // CR_SERVER_LOST: lost connection during query
)

// Retryable reports whether a transaction that failed with code may succeed when run again
// from its start: InnoDB rolled it back for a deadlock or a lock wait timeout.
func Retryable(code uint16) bool { return code == LockDeadlock || code == LockWaitTimeout }

// ConnectionFatal reports whether the session cannot continue after code, even under
// --force (the client reconnects; dumpscope does not, because the session state would be
// lost).
func ConnectionFatal(code uint16) bool {
	switch code {
	case ServerShutdown, ServerGoneError, ServerLost, ConnectionKilled:
		return true
	}
	return false
}

// PrivilegeMissing reports whether code says the account lacks a privilege (on a
// database, a table, or a global one such as SUPER).
func PrivilegeMissing(code uint16) bool {
	return code == DBAccessDenied || code == TableAccessDenied || code == SpecificAccessDenied
}

// LocalInfileRefused reports whether code says the server refuses LOAD DATA LOCAL.
func LocalInfileRefused(code uint16) bool {
	switch code {
	case NotAllowedCommand, ClientLocalFilesOff, LoadInfileCapOff, MariaDBLoadInfileCapOff:
		return true
	}
	return false
}
