package importer_test

import (
	"path/filepath"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
)

// TestXFix48TriggerKinScope: x-review20's DROP TRIGGER shape (t's 40 INSERTs of 100 rows,
// each firing a trigger, then a statement that changes what the trigger does) with the
// trigger's kin: a view its body reads, ALTERed or DROPped after t's rows; a stored
// function its body calls, replaced (CREATE OR REPLACE); the trigger dropped by a
// quoted, qualified name in an executable comment. Each must wait for t's batches
// in flight (the client's rows before it fired the old code). Every mode with workers.
func TestXFix48TriggerKinScope(t *testing.T) {
	rows := fortyInserts("t", 0)
	const head = "CREATE DATABASE r48;\nUSE r48;\nCREATE TABLE t (id int PRIMARY KEY, v varchar(200)) ENGINE=InnoDB;\n" +
		"CREATE TABLE lg (id int PRIMARY KEY, src int) ENGINE=InnoDB;\n"
	view := head + "CREATE VIEW v AS SELECT 1 AS s;\n" +
		"CREATE TRIGGER trg AFTER INSERT ON t FOR EACH ROW INSERT INTO lg SELECT NEW.id, s FROM v;\n" + rows
	fn := head + "CREATE FUNCTION f(x int) RETURNS int DETERMINISTIC RETURN x + 1;\n" +
		"CREATE TRIGGER trg AFTER INSERT ON t FOR EACH ROW INSERT INTO lg VALUES (NEW.id, f(1));\n" + rows
	for name, dump := range map[string]string{
		"alter view":          view + "ALTER VIEW v AS SELECT 2 AS s;\n",
		"create or replace v": view + "CREATE OR REPLACE VIEW v AS SELECT 3 AS s;\n",
		"drop view":           view + "DROP TRIGGER trg;\nDROP VIEW v;\n",
		"replace function":    fn + "CREATE OR REPLACE FUNCTION f(x int) RETURNS int DETERMINISTIC RETURN x + 7;\n",
		"drop trigger quoted": fn + "/*!50032 DROP TRIGGER IF EXISTS `r48`.`trg` */;\n",
	} {
		dump += "CREATE TABLE z (a int) ENGINE=InnoDB;\nINSERT INTO z VALUES (1);\n"
		for mode, o := range map[string]importer.Options{
			"parallel 2": {Parallel: 2},
			"load-data":  {LoadData: true},
			"checkpoint": {CheckpointPath: "x"},
		} {
			t.Run(name+"/"+mode, func(t *testing.T) {
				if o.CheckpointPath != "" {
					o.CheckpointPath = filepath.Join(t.TempDir(), "journal")
				}
				importMatchesClient(t, dump, o, "r48")
			})
		}
	}
}
