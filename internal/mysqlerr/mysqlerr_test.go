package mysqlerr

import "testing"

// TestNumbers pins each name to the number the server documents (errmsg-utf8.txt,
// MariaDB's error code reference): a typo in a constant would make a comparison silently
// never match.
func TestNumbers(t *testing.T) {
	for name, c := range map[string]struct{ got, want int }{
		"ER_DB_CREATE_EXISTS":       {DBCreateExists, 1007},
		"ER_DB_DROP_EXISTS":         {DBDropExists, 1008},
		"ER_CON_COUNT_ERROR":        {ConCount, 1040},
		"ER_ACCESS_DENIED_ERROR":    {AccessDenied, 1045},
		"ER_DBACCESS_DENIED_ERROR":  {DBAccessDenied, 1044},
		"ER_TABLEACCESS_DENIED":     {TableAccessDenied, 1142},
		"ER_SPECIFIC_ACCESS_DENIED": {SpecificAccessDenied, 1227},
		"ER_BAD_DB_ERROR":           {BadDB, 1049},
		"ER_TABLE_EXISTS_ERROR":     {TableExists, 1050},
		"ER_BAD_TABLE_ERROR":        {BadTable, 1051},
		"ER_SERVER_SHUTDOWN":        {ServerShutdown, 1053},
		"ER_DUP_FIELDNAME":          {DupFieldName, 1060},
		"ER_DUP_KEYNAME":            {DupKeyName, 1061},
		"ER_CANT_DROP_FIELD_OR_KEY": {CantDropFieldOrKey, 1091},
		"ER_NO_SUCH_TABLE":          {NoSuchTable, 1146},
		"ER_NONEXISTING_GRANT":      {NonexistingGrant, 1141},
		"ER_NOT_ALLOWED_COMMAND":    {NotAllowedCommand, 1148},
		"ER_LOCK_WAIT_TIMEOUT":      {LockWaitTimeout, 1205},
		"ER_LOCK_DEADLOCK":          {LockDeadlock, 1213},
		"ER_SP_ALREADY_EXISTS":      {SPAlreadyExists, 1304},
		"ER_SP_DOES_NOT_EXIST":      {SPDoesNotExist, 1305},
		"ER_TRG_ALREADY_EXISTS":     {TrgAlreadyExists, 1359},
		"ER_TRG_DOES_NOT_EXIST":     {TrgDoesNotExist, 1360},
		"ER_EVENT_ALREADY_EXISTS":   {EventAlreadyExists, 1537},
		"ER_EVENT_DOES_NOT_EXIST":   {EventDoesNotExist, 1539},
		"ER_CONNECTION_KILLED":      {ConnectionKilled, 1927},
		"ER_UNKNOWN_VIEW":           {UnknownView, 4092},
		"CR_SERVER_GONE_ERROR":      {ServerGoneError, 2006},
		"CR_SERVER_LOST":            {ServerLost, 2013},
	} {
		if c.got != c.want {
			t.Errorf("%s = %d, the server's number is %d", name, c.got, c.want)
		}
	}
	if !Retryable(1213) || !Retryable(1205) || Retryable(1062) {
		t.Error("Retryable: deadlock and lock wait timeout only")
	}
	if !ConnectionFatal(2013) || ConnectionFatal(1062) {
		t.Error("ConnectionFatal: lost connection yes, duplicate entry no")
	}
	if !LocalInfileRefused(4166) || !LocalInfileRefused(1148) || LocalInfileRefused(1045) {
		t.Error("LocalInfileRefused")
	}
}
