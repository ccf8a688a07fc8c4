package importer_test

import "testing"

// TestGlobalOnlyReadThenSetGlobal: SET @g = @@max_connections (a variable with no session
// value: unqualified, it reads the GLOBAL one), then SET GLOBAL max_connections, rows, and
// a row that stores @g. The client's @g is the value before; a worker ran the SET @g when
// it next took a batch, after the SET GLOBAL, and stored the new value (--parallel 2, with
// or without --load-data; x-fix7a's leftover of x-review7's GlobalReadLater). Now the SET
// GLOBAL of a variable a replayed session statement read sends the rest serial.
func TestGlobalOnlyReadThenSetGlobal(t *testing.T) {
	dump := "CREATE DATABASE x7;\nUSE x7;\nCREATE TABLE k (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n" + x7Rows("k", 1, 41) +
		"SET @g = @@max_connections;\nSET GLOBAL max_connections = 1234;\n" + x7Rows("k", 100, 141) +
		"INSERT INTO k VALUES (500, @g);\n" + x7Rows("k", 200, 241) + "SET GLOBAL max_connections = 151;\n"
	x7Run(t, dump, x7Modes(), "x7")
}
