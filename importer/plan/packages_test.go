package plan

import (
	"strings"
	"testing"
)

// TestPlanPackageCall: a CALL of a routine of a package body the dump created
// (db.pkg.routine, pkg.routine in the current database) is judged by that body, as a
// procedure's CALL is (TestDiffFuzzFoundS46PackageCallRefused: it was refused as a
// procedure the dump did not create); one of a package the dump did not create, or
// dropped, is refused still, and one whose body starts a transaction is refused for it.
// Failed before: 7 of its 9 cases, the four "serial" ones (refused as not created) and
// the refusals that name the routine after the package.
func TestPlanPackageCall(t *testing.T) {
	// The planner's current database is "db" (lastPlan).
	const spec = "DELIMITER ;;\nCREATE PACKAGE `db`.`pk1` AS\n  PROCEDURE bump(x INT);\nEND\n;;\n"
	const body = "CREATE PACKAGE BODY `db`.`pk1` AS\n  cnt INT := 0;\n  PROCEDURE bump(x INT) AS\n  BEGIN\n    cnt := cnt + x;\n    INSERT INTO t VALUES (cnt);\n  END;\nEND\n;;\nDELIMITER ;\n"
	const txnBody = "CREATE OR REPLACE PACKAGE BODY `db`.`pk1` AS\n  PROCEDURE bump(x INT) AS\n  BEGIN\n    START TRANSACTION;\n    INSERT INTO t VALUES (x);\n  END;\nEND\n;;\nDELIMITER ;\n"
	other := strings.NewReplacer("`db`.", "`d`.").Replace(spec + body)
	for script, want := range map[string]string{
		spec + body + "INSERT INTO t VALUES (1);\nCALL `db`.`pk1`.bump(3);\n":                   "serial",
		spec + body + "INSERT INTO t VALUES (1);\nCALL pk1.bump(3);\n":                          "serial",
		spec + body + "INSERT INTO t VALUES (1);\nCALL db.PK1.Bump(3);\n":                       "serial",
		other + "INSERT INTO t VALUES (1);\nCALL d.pk1.bump(3);\n":                              "serial",
		other + "INSERT INTO t VALUES (1);\nCALL pk1.bump(3);\n":                                "refuse: CALL pk1.bump: the dump did not create the procedure",
		spec + "DELIMITER ;\nINSERT INTO t VALUES (1);\nCALL db.pk1.bump(3);\n":                 "refuse: CALL db.pk1: the dump did not create the procedure",
		spec + body + "DROP PACKAGE db.pk1;\nINSERT INTO t VALUES (1);\nCALL db.pk1.bump(3);\n": "refuse: CALL db.pk1.bump: the dump did not create the procedure",
		other + "DROP DATABASE d;\nINSERT INTO t VALUES (1);\nCALL d.pk1.bump(3);\n":            "refuse: CALL d.pk1.bump: the dump did not create the procedure",
		spec + body + "DELIMITER ;;\n" + txnBody + "CALL db.pk1.bump(3);\n":                     "refuse: CALL db.pk1.bump: the procedure's body has START",
	} {
		last := lastPlan(t, NewPlanner(), script)
		got := last.Kind.String()
		if last.Kind == Refuse {
			got += ": " + last.Reason
		}
		if !strings.HasPrefix(got, want) {
			t.Errorf("%q: last planned %q, want %q…", script, got, want)
		}
	}
}
