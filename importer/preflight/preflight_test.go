package preflight

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

func TestPreflightObserve(t *testing.T) {
	p := &Preflight{
		databases: map[string]bool{"shop": true},
		tables:    map[sqlscan.TableKey]bool{"shop.orders": true, "shop.v_orders": true, "shop.lines": true, "shop.notes": true},
		empty:     map[sqlscan.TableKey]bool{"shop.notes": true},
		created:   map[sqlscan.TableKey]bool{}, createdDBs: map[string]bool{},
	}
	stmts := []string{
		// mariadb-dump --databases --no-create-info: changes nothing on shop, whose
		// tables stay the target's (TestReviewX24DataOnlyDatabasesOverRefused).
		"CREATE DATABASE /*!32312 IF NOT EXISTS*/ `shop`",
		"USE `shop`",
		"INSERT INTO `notes` VALUES (1)",            // the target's, empty: nothing to lose
		"DROP TABLE IF EXISTS `customers`",          // does not exist: fine
		"CREATE TABLE `customers` (id int)",         // new
		"DROP TABLE IF EXISTS `customers`",          // created by the dump itself: fine
		"DROP TABLE IF EXISTS `orders`",             // existing: reported
		"CREATE TABLE `orders` (id int)",            // re-created by the dump: fine
		"/*!50001 DROP VIEW IF EXISTS `v_orders`*/", // existing view
		"CREATE /*!50017 DEFINER=`root`@`localhost`*/ TRIGGER x BEFORE INSERT ON orders FOR EACH ROW SET @a=1",
		"USE other",
		"DROP TABLE IF EXISTS `shop`.`lines`", // qualified: in shop, not in the current database
		"CREATE DATABASE `shop`",              // fails on one that exists, as the client does
	}
	// Through the splitter, which classifies them, one statement per line. A statement's
	// span (its offset) begins right after the previous one's ';': at the newline.
	var dump strings.Builder
	offset := make([]int, len(stmts))
	for i, s := range stmts {
		offset[i] = max(dump.Len()-1, 0)
		dump.WriteString(s + ";\n")
	}
	sp := split.NewSplitter(strings.NewReader(dump.String()), split.SplitOptions{})
	var got []string
	for sp.Next() {
		st := sp.Statement()
		if ow := p.Observe(&st); ow != nil {
			got = append(got, ow.String())
		}
	}
	if err := sp.Err(); err != nil {
		t.Fatal(err)
	}
	want := []string{
		fmt.Sprintf("DROP TABLE `shop`.`orders` (offset %d, line 7)", offset[6]),
		fmt.Sprintf("DROP VIEW `shop`.`v_orders` (offset %d, line 9)", offset[8]),
		fmt.Sprintf("DROP TABLE `shop`.`lines` (offset %d, line 12)", offset[11]),
		fmt.Sprintf("CREATE DATABASE `shop` (offset %d, line 13)", offset[12]),
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("overwrites (-want +got):\n%s", diff)
	}
	if p.Definers != 1 {
		t.Errorf("Definers = %d, want 1", p.Definers)
	}
}

func TestMayAssignDefiner(t *testing.T) {
	tests := []struct {
		grant string
		want  bool
	}{
		{"GRANT ALL PRIVILEGES ON *.* TO `root`@`localhost` WITH GRANT OPTION", true},
		{"GRANT SELECT, INSERT, SUPER ON *.* TO `app`@`%`", true},
		{"GRANT SET USER ON *.* TO `loader`@`localhost`", true},
		{"GRANT ALL PRIVILEGES ON `shop`.* TO `app`@`%`", false},
		{"GRANT USAGE ON *.* TO `app`@`%` IDENTIFIED BY PASSWORD '*AB'", false},
	}
	for _, tc := range tests {
		if got := MayAssignDefiner(tc.grant); got != tc.want {
			t.Errorf("MayAssignDefiner(%q) = %v, want %v", tc.grant, got, tc.want)
		}
	}
}

// TestPreflightObserveAll: every name of a statement that drops, truncates, renames,
// deletes from or writes into existing tables is named, once per action.
func TestPreflightObserveAll(t *testing.T) {
	p := &Preflight{
		databases: map[string]bool{"shop": true},
		tables: map[sqlscan.TableKey]bool{"shop.a": true, "shop.b": true, "shop.c": true, "shop.d": true,
			"shop.e": true, "shop.f": true, "shop.g": true, "shop.h": true},
		created: map[sqlscan.TableKey]bool{}, createdDBs: map[string]bool{}, current: "shop",
	}
	stmts := []string{
		"DROP TABLE IF EXISTS a, `b`",
		"TRUNCATE TABLE c",
		"RENAME TABLE d TO d2, e TO e2",
		"DELETE FROM f WHERE id > 1",
		"INSERT INTO g VALUES (1)",
		"INSERT INTO g VALUES (2)",
		"UPDATE h JOIN d2 ON h.id = d2.id SET h.v = 1",
		"CREATE TABLE n (id int)",
		"INSERT INTO n VALUES (1)",
	}
	got := observed(statements(stmts...), p.ObserveAll)
	want := []string{"DROP TABLE shop.a", "DROP TABLE shop.b", "TRUNCATE TABLE shop.c", "RENAME TABLE shop.d",
		"RENAME TABLE shop.e", "DELETE FROM shop.f", "INSERT INTO shop.g", "UPDATE shop.h"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("overwrites (-want +got):\n%s", diff)
	}
}

// TestSystemCheck: an --all-databases dump's writes into mysql.* and its account
// statements are named, whether or not the tables exist.
func TestSystemCheck(t *testing.T) {
	c := NewSystemCheck("")
	stmts := []string{
		"CREATE DATABASE IF NOT EXISTS `mysql`",
		"USE `mysql`",
		"DROP TABLE IF EXISTS `global_priv`",
		"CREATE TABLE `global_priv` (`Host` char(255))",
		"INSERT INTO `global_priv` VALUES ('localhost','root','{}')",
		"USE shop",
		"INSERT INTO t VALUES (1)",
		"UPDATE mysql.user SET Password = '' WHERE User = 'root'",
		"GRANT ALL ON *.* TO `evil`@`%`",
		"CREATE USER 'x\x1b[2J'@'%'",
		"DELETE FROM sys.sys_config",
		"CREATE TRIGGER tr BEFORE INSERT ON mysql.user FOR EACH ROW SET @a = 1",
		"INSTALL SONAME 'ha_example'",
		"CREATE SERVER s FOREIGN DATA WRAPPER mysql OPTIONS (HOST 'evil')",
		"CREATE FUNCTION sys_exec RETURNS int SONAME 'lib_mysqludf_sys.so'",
		"CREATE FUNCTION f(x int) RETURNS int RETURN x",
		"ALTER TABLE shop.t RENAME TO mysql.t2",
	}
	sp := split.NewSplitter(strings.NewReader(statements(stmts...)), split.SplitOptions{})
	var got []string
	for sp.Next() {
		st := sp.Statement()
		for _, ow := range c.Observe(&st) {
			if !ow.System {
				t.Errorf("%s: System not set", ow)
			}
			got = append(got, ow.Action+" "+ow.Database+"."+ow.Table+" "+ow.Detail)
		}
	}
	want := []string{"CREATE DATABASE mysql. ", "DROP TABLE mysql.global_priv ", "CREATE TABLE mysql.global_priv ",
		"INSERT INTO mysql.global_priv ", "UPDATE mysql.user ", "GRANT mysql. GRANT ALL ON *.* TO `evil`@`%`",
		"CREATE USER mysql. CREATE USER 'x\\x1b[2J'@'%'", "DELETE FROM sys.sys_config ", "CREATE TRIGGER ON mysql.user ",
		"INSTALL SONAME mysql. INSTALL SONAME 'ha_example'", "CREATE SERVER mysql. CREATE SERVER s FOREIGN DATA WRAPPER mysql OPTIONS (HOST 'evil')",
		"CREATE FUNCTION … SONAME mysql. CREATE FUNCTION sys_exec RETURNS int SONAME 'lib_mysqludf_sys.so'",
		"RENAME TABLE onto mysql.t2 "}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("system writes (-want +got):\n%s", diff)
	}
}

// TestSystemCheckBodies: account and system-schema statements inside compound statements
// (routine, trigger and event bodies, BEGIN NOT ATOMIC … END) and in dynamic SQL are named
// too; dynamic SQL the check cannot read (PREPARE from a variable or an expression) is
// named as such. Statements that only read system tables, or write user tables, are not.
// Issue 22, item 10.
func TestSystemCheckBodies(t *testing.T) {
	tests := []struct {
		name, dump string
		want       []string // Detail of each finding, in order
	}{
		{"procedure creating a superuser",
			"DELIMITER ;;\nCREATE PROCEDURE p()\nBEGIN\n  CREATE USER evil@'%' IDENTIFIED BY 'x';\n  GRANT ALL ON *.* TO evil@'%';\nEND;;\nDELIMITER ;\nCALL p();\n",
			[]string{"CREATE PROCEDURE `p` would run CREATE USER evil@'%' IDENTIFIED BY 'x'"}},
		{"mysqldump-style trigger writing mysql.user",
			"CREATE TABLE t (a int);\nDELIMITER ;;\n/*!50003 CREATE*/ /*!50017 DEFINER=`root`@`localhost`*/ /*!50003 TRIGGER tr AFTER INSERT ON t FOR EACH ROW BEGIN IF NEW.a = 1 THEN UPDATE mysql.global_priv SET Priv = '{}' WHERE User = 'root'; END IF; END */;;\nDELIMITER ;\n",
			[]string{"CREATE TRIGGER `tr` would run UPDATE mysql.global_priv SET Priv = '{}' WHERE User = 'root'"}},
		{"event",
			"CREATE EVENT e ON SCHEDULE AT CURRENT_TIMESTAMP DO REVOKE ALL ON *.* FROM app;\n",
			[]string{"CREATE EVENT `e` would run REVOKE ALL ON *.* FROM app"}},
		{"anonymous block",
			"DELIMITER //\nBEGIN NOT ATOMIC\n  IF 1 THEN SET PASSWORD FOR root@localhost = PASSWORD('x'); END IF;\nEND//\nDELIMITER ;\n",
			[]string{"BEGIN NOT ATOMIC would run SET PASSWORD FOR root@localhost = PASSWORD('x')"}},
		{"function inserting into mysql.user via a qualified name",
			"DELIMITER ;;\nCREATE FUNCTION f() RETURNS int\nBEGIN\n  INSERT IGNORE INTO `mysql`.`user` (User) VALUES ('x');\n  RETURN 1;\nEND;;\nDELIMITER ;\n",
			[]string{"CREATE FUNCTION `f` would run INSERT IGNORE INTO `mysql`.`user` (User) VALUES ('x')"}},
		{"prepare from a literal",
			"PREPARE s FROM 'GRANT ALL ON *.* TO evil';\nEXECUTE s;\n",
			[]string{"PREPARE would run GRANT ALL ON *.* TO evil"}},
		{"prepare from adjacent literals",
			"PREPARE s FROM 'GR' 'ANT ALL ON *.* TO evil';\n",
			[]string{"PREPARE would run GRANT ALL ON *.* TO evil"}},
		{"execute immediate of a literal inside a procedure",
			"DELIMITER ;;\nCREATE PROCEDURE q() EXECUTE IMMEDIATE 'DROP USER app';;\nDELIMITER ;\n",
			[]string{"CREATE PROCEDURE `q` would run EXECUTE IMMEDIATE: DROP USER app"}},
		{"prepare from a variable",
			"SET @q = 'SELECT 1';\nPREPARE s FROM @q;\n",
			[]string{"PREPARE from something other than a string literal: what it runs cannot be checked"}},
		{"execute immediate of an expression in a body",
			"DELIMITER ;;\nCREATE PROCEDURE r(x text) BEGIN EXECUTE IMMEDIATE CONCAT('GR', x); END;;\nDELIMITER ;\n",
			[]string{"CREATE PROCEDURE `r` would run EXECUTE IMMEDIATE of something other than a string literal: what it runs cannot be checked"}},
		{"procedure in the mysql schema",
			"CREATE PROCEDURE mysql.p() SELECT 1;\n",
			[]string{"CREATE PROCEDURE `mysql`.`p` is created in a system schema"}},
		{"plugin from a procedure",
			"CREATE PROCEDURE i() INSTALL PLUGIN example SONAME 'ha_example';\n",
			[]string{"CREATE PROCEDURE `i` would run INSTALL PLUGIN example SONAME 'ha_example'"}},
		{"set statement for",
			"SET STATEMENT max_statement_time = 10 FOR GRANT ALL ON *.* TO evil;\n",
			[]string{"SET STATEMENT … FOR would run GRANT ALL ON *.* TO evil"}},
		{"analyze runs its statement",
			"ANALYZE UPDATE mysql.global_priv SET Priv = '{}';\nANALYZE TABLE mysql.user;\n",
			[]string{"ANALYZE would run UPDATE mysql.global_priv SET Priv = '{}'"}},
		{"labelled top-level loop",
			"DELIMITER ;;\nl1: LOOP\n  DROP ROLE IF EXISTS admin;\n  LEAVE l1;\nEND LOOP;;\nDELIMITER ;\n",
			[]string{"l1: LOOP would run DROP ROLE IF EXISTS admin"}},
		{"block after USE mysql, unqualified",
			"USE mysql;\nDELIMITER ;;\nBEGIN NOT ATOMIC\n  DELETE FROM db WHERE User = '';\nEND;;\nDELIMITER ;\n",
			[]string{"BEGIN NOT ATOMIC would run DELETE FROM db WHERE User = ''"}},
		{"harmless bodies",
			"CREATE TABLE log (u text);\nDELIMITER ;;\nCREATE PROCEDURE ok()\nBEGIN\n  DECLARE n int;\n  SELECT COUNT(*) INTO n FROM mysql.user;\n  INSERT INTO log SELECT User FROM mysql.user;\n  UPDATE log SET u = 'grant';\n  PREPARE s FROM 'SELECT * FROM mysql.db';\n  EXECUTE s;\n  INSERT INTO log VALUES ('a') ON DUPLICATE KEY UPDATE u = 'b';\n  CREATE TEMPORARY TABLE tt AS SELECT * FROM mysql.user;\n  ALTER TABLE log DROP user, ALTER role SET DEFAULT 1, RENAME COLUMN server TO srv;\n  CREATE TABLE c (user int, p int REFERENCES log (u) ON DELETE CASCADE ON UPDATE CASCADE);\n  SELECT install, TRUNCATE(1.5, 0), REPLACE('a', 'b', 'c') FROM log FOR UPDATE;\n  DROP TEMPORARY TABLE tt;\nEND;;\nCREATE TRIGGER tr BEFORE INSERT ON log FOR EACH ROW SET NEW.u = 'x';;\nDELIMITER ;\nPREPARE s FROM 'INSERT INTO log VALUES (?)';\n",
			nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := NewSystemCheck("shop")
			sp := split.NewSplitter(strings.NewReader(tc.dump), split.SplitOptions{})
			var got []string
			for sp.Next() {
				st := sp.Statement()
				for _, ow := range c.Observe(&st) {
					got = append(got, ow.Detail)
				}
			}
			if err := sp.Err(); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("findings (-want +got):\n%s", diff)
			}
		})
	}
}

// TestPreflightTriggersAndEmptyTables: a trigger is an overwrite of the table it is ON
// (not of a table named like the trigger), unless that table holds no rows; rows into an
// empty table and mysqldump's DISABLE/ENABLE KEYS around them are no overwrite, while
// dropping or altering an empty table, or replacing a trigger on it, still is.
func TestPreflightTriggersAndEmptyTables(t *testing.T) {
	p := &Preflight{
		databases: map[string]bool{"shop": true},
		tables:    map[sqlscan.TableKey]bool{"shop.full": true, "shop.empty": true, "shop.empty2": true},
		empty:     map[sqlscan.TableKey]bool{"shop.empty": true, "shop.empty2": true},
		created:   map[sqlscan.TableKey]bool{}, createdDBs: map[string]bool{}, current: "shop",
	}
	stmts := []string{
		"CREATE TRIGGER t1 BEFORE INSERT ON full FOR EACH ROW SET NEW.a = 1",
		"CREATE TRIGGER t2 BEFORE INSERT ON empty FOR EACH ROW SET NEW.a = 1",
		"/*!40000 ALTER TABLE `empty` DISABLE KEYS */",
		"INSERT INTO empty VALUES (1)",
		"/*!40000 ALTER TABLE `empty` ENABLE KEYS */",
		"UPDATE empty SET a = 2",
		"CREATE OR REPLACE TRIGGER t3 BEFORE INSERT ON empty2 FOR EACH ROW SET NEW.a = 1",
		"ALTER TABLE empty2 ADD COLUMN b int",
		"DROP TABLE empty2",
	}
	got := observed(statements(stmts...), p.ObserveAll)
	want := []string{"CREATE TRIGGER ON shop.full", "CREATE TRIGGER ON shop.empty2", "ALTER TABLE shop.empty2", "DROP TABLE shop.empty2"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("overwrites (-want +got):\n%s", diff)
	}
}

// TestPreflightObserveDottedNames: a table whose database or name holds a dot is found
// when the dump deletes from it or drops it (its key is `d.x`.`t.y`, not to be cut at the first dot), so the
// refusal to overwrite covers it.
func TestPreflightObserveDottedNames(t *testing.T) {
	p := &Preflight{
		databases: map[string]bool{"d.x": true},
		tables:    map[sqlscan.TableKey]bool{"`d.x`.`t.y`": true},
		created:   map[sqlscan.TableKey]bool{}, createdDBs: map[string]bool{},
	}
	sp := split.NewSplitter(strings.NewReader("USE `d.x`;\nDELETE FROM `t.y`;\nDROP TABLE IF EXISTS `t.y`;\n"), split.SplitOptions{})
	var got []string
	for sp.Next() {
		st := sp.Statement()
		if ow := p.Observe(&st); ow != nil {
			got = append(got, ow.String())
		}
	}
	if want := []string{"DELETE FROM `d.x`.`t.y` (offset 10, line 2)", "DROP TABLE `d.x`.`t.y` (offset 29, line 3)"}; !slices.Equal(got, want) {
		t.Errorf("overwrites %q, want %q", got, want)
	}
}

// TestSystemCheckServerBlanks: a write into mysql.* whose words are apart by the server's
// blanks other than " \t\r\n" is found: \f and \v in any character set, 0xA0 in a latin1
// connection (SET NAMES latin1; INSERT<A0>INTO mysql.user … is an INSERT to the server;
// x-review14 #8).
func TestSystemCheckServerBlanks(t *testing.T) {
	dump := "INSERT\fINTO mysql.user VALUES ('x');\nUPDATE\vmysql.db SET Host = '%';\n" +
		"SET NAMES latin1;\nINSERT\xa0INTO\xa0mysql.global_priv VALUES ('y');\nDELETE\xa0FROM mysql.tables_priv;\n"
	c := NewSystemCheck("shop")
	got := observed(dump, c.Observe)
	want := []string{"INSERT INTO mysql.user", "UPDATE mysql.db", "INSERT INTO mysql.global_priv", "DELETE FROM mysql.tables_priv"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("system writes (-want +got):\n%s", diff)
	}
}

// TestSystemCheckServerParts: a text under DELIMITER ;; that holds two statements, which
// the server runs one after the other (CLIENT_MULTI_STATEMENTS), is checked part by part:
// its second part's write into mysql.user is named.
func TestSystemCheckServerParts(t *testing.T) {
	dump := "DELIMITER ;;\nINSERT INTO t VALUES (1); INSERT INTO mysql.user VALUES ('x');;\nSET @a = 1; UPDATE mysql.db SET Host = '%';;\n"
	c := NewSystemCheck("shop")
	got := observed(dump, c.Observe)
	want := []string{"INSERT INTO mysql.user", "UPDATE mysql.db"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("system writes (-want +got):\n%s", diff)
	}
}

// TestPreflightTemporaryShadow: a TEMPORARY table takes the writes and the DROP TABLE of
// its name while it lives (the server looks for it first); once dropped the name is the
// target's table again (TestReviewX23TemporaryShadowRefused).
func TestPreflightTemporaryShadow(t *testing.T) {
	p := &Preflight{
		databases: map[string]bool{"other": true},
		tables:    map[sqlscan.TableKey]bool{"other.k": true},
		empty:     map[sqlscan.TableKey]bool{},
		created:   map[sqlscan.TableKey]bool{}, createdDBs: map[string]bool{}, current: "fresh",
	}
	stmts := []string{
		"DROP TEMPORARY TABLE IF EXISTS other.k",
		"CREATE TEMPORARY TABLE other.k (i int)",
		"INSERT INTO other.k VALUES (5)",
		"ALTER TABLE other.k ADD COLUMN j int",
		"DROP TABLE other.k", // the temporary one
		"CREATE TEMPORARY TABLE other.k (i int)",
		"DROP TEMPORARY TABLE other.k",
		"DELETE FROM other.k", // the target's again
	}
	got := observed(statements(stmts...), p.ObserveAll)
	if diff := cmp.Diff([]string{"DELETE FROM other.k"}, got); diff != "" {
		t.Errorf("overwrites (-want +got):\n%s", diff)
	}
}

// statements is a dump of stmts, each ended by ";\n".
func statements(stmts ...string) string { return strings.Join(stmts, ";\n") + ";\n" }

// observed is what observe (Preflight.ObserveAll, SystemCheck.Observe) names in dump,
// statement by statement: "action database.table" each.
func observed(dump string, observe func(*split.Statement) []Overwrite) []string {
	sp := split.NewSplitter(strings.NewReader(dump), split.SplitOptions{})
	var got []string
	for sp.Next() {
		st := sp.Statement()
		for _, ow := range observe(&st) {
			got = append(got, ow.Action+" "+ow.Database+"."+ow.Table)
		}
	}
	return got
}
