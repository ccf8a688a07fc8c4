package importer_test

import (
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/importer/transform"
)

// TestFixX40AccountsInOneText: x-fix40's three changes together: a text the server runs as
// several statements (DELIMITER ;;) that starts with CREATE USER (cut as the server
// does, not sent whole: ERROR 1064 before), grants on a table --exclude-tables leaves out
// (left out with it: ERROR 1146 before) and on a kept one, a SET NAMES of the session's
// own character set before a row with a backslash (not refused), then a row. Against
// the client on the whole dump with the excluded table's grants revoked and the table
// dropped, serially and under --parallel 2 --load-data.
func TestFixX40AccountsInOneText(t *testing.T) {
	x18FilteredModes(t, x18Dump{name: "accounts-in-one-text", db: "x40", users: []string{"´x40u´@´%´"},
		cut: []string{"REVOKE ALL PRIVILEGES ON x40.u FROM x40u@'%'", "DROP TABLE x40.u"}, dump: x18q(`SET NAMES utf8mb4;
CREATE DATABASE x40;
USE x40;
CREATE TABLE t (id int PRIMARY KEY, v varchar(20));
CREATE TABLE u (id int PRIMARY KEY);
DELIMITER ;;
CREATE USER ´x40u´@´%´; GRANT SELECT ON ´x40´.´u´ TO ´x40u´@´%´; GRANT SELECT, INSERT ON x40.t TO ´x40u´@´%´; REVOKE INSERT ON x40.u FROM ´x40u´@´%´;;
SET NAMES utf8mb4; INSERT INTO t VALUES (1, 'O\'Brien'); INSERT INTO u VALUES (1);;
DELIMITER ;
INSERT INTO t VALUES (2, 'x');
`)}, importer.Options{Transform: transform.Options{ExcludeTables: []string{"x40.u"}}})
}
