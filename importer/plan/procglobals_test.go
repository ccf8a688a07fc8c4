package plan

import "testing"

// TestProcedureSetsGlobal: a procedure body's SET GLOBAL x or SET @@global.x counts; a
// session SET, a local named global_x, a function's body and a SET GLOBAL inside a
// string do not.
func TestProcedureSetsGlobal(t *testing.T) {
	for sql, want := range map[string]bool{
		"CREATE PROCEDURE p() SET GLOBAL net_read_timeout = 99":                                         true,
		"CREATE PROCEDURE p() BEGIN SET time_zone = '+01:00'; SET @@global.max_connections = 9; END":    true,
		"CREATE PROCEDURE p() BEGIN SET SESSION time_zone = '+01:00'; SET @a = 'SET GLOBAL x = 1'; END": false,
		"CREATE PROCEDURE p() BEGIN DECLARE global_x int; SET global_x = 1; END":                        false,
		"CREATE FUNCTION f() RETURNS int BEGIN SET GLOBAL net_read_timeout = 99; RETURN 1; END":         false,
	} {
		st := parseRoutine(t, sql)
		if got := ProcedureSetsGlobal(&st); got != want {
			t.Errorf("%s: %v, want %v", sql, got, want)
		}
	}
}
