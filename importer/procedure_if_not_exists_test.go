package importer_test

import (
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestProcedureIfNotExistsNew: CREATE PROCEDURE IF NOT EXISTS p() SET @x = 1 (as written,
// through mysqldump's versioned comments, or through EXECUTE IMMEDIATE), then CALL p()
// into an empty target. On main (11d107a) the CALL was refused under --parallel,
// --checkpoint, --load-data and --defer-indexes ("CALL p: the dump did not create the
// procedure"): the planner left the name unknown, since the server keeps a procedure of
// the name that was there before the dump. Now the planner asks the target
// (plan.RoutineCatalog) and, the procedure being absent, judges the CALL by the body the
// dump gave it: the import ends as the client's. A procedure that was there before the
// dump keeps the CALL refused (its body, which the server keeps, is not known).
func TestProcedureIfNotExistsNew(t *testing.T) {
	head := "CREATE DATABASE fz0;\nUSE fz0;\nCREATE TABLE k (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n" + rowsOf("k", 1, 21)
	tail := "CALL p();\nINSERT INTO k VALUES (100, @x);\n"
	creates := map[string]string{
		"plain":     "CREATE PROCEDURE IF NOT EXISTS p() SET @x = 1;\n",
		"mysqldump": "DELIMITER ;;\n/*!50003 CREATE*/ /*!50020 DEFINER=`root`@`localhost`*/ /*!50003 PROCEDURE IF NOT EXISTS `p`() SET @x = 1 */;;\nDELIMITER ;\n",
		"execute":   "EXECUTE IMMEDIATE 'CREATE PROCEDURE IF NOT EXISTS p() SET @x = 1';\n",
	}
	modes := map[string]importer.Options{
		"parallel":   {Parallel: 2, BatchBytes: 512},
		"checkpoint": checkpointed(t),
		"load-data":  {Parallel: 2, BatchBytes: 512, LoadData: true},
		"defer":      {Parallel: 2, BatchBytes: 512, DeferIndexes: true},
	}
	for name, create := range creates {
		for mode, o := range modes {
			t.Run(name+"/"+mode, func(t *testing.T) {
				importMatchesClient(t, head+create+tail, o, "fz0")
			})
		}
	}
	t.Run("there-before", func(t *testing.T) {
		srv := testsandbox.Start(t)
		db, err := sql.Open("mysql", srv.DSN(""))
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		for _, q := range []string{"CREATE DATABASE fz0", "CREATE PROCEDURE fz0.p() SET autocommit = 0"} {
			if _, err := db.Exec(q); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
		f := filepath.Join(t.TempDir(), "dump.sql")
		dump := strings.Replace(head, "CREATE DATABASE fz0;\n", "", 1) + creates["plain"] + tail
		if err := os.WriteFile(f, []byte(dump), 0o644); err != nil {
			t.Fatal(err)
		}
		res, err := tryImport(t, srv, "", importer.Source{Path: f}, modes["parallel"])
		if err == nil && res != nil {
			err = res.Err
		}
		if want := "CALL p: the dump did not create the procedure"; err == nil || !strings.Contains(err.Error(), want) {
			t.Fatalf("import: %v, want an error with %q", err, want)
		}
	})
}
