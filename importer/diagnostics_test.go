package importer_test

import (
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// A statement that reads the diagnostics area of the statement before it (GET
// DIAGNOSTICS, @@warning_count in a SET) in a run gone serial, under the dump's LOCK TABLES
// and outside them: dumpscope's progress row after the statement emptied the conditions
// (0 where the client reads 1), and its SET autocommit=1 or COMMIT set ROW_COUNT to 0
// (replay's diagTail). Each failed before the fix, in both shapes, with progress rows
// (checkpointed) and with warning counting on (the parallel replay's default).

// diagWarn is an INSERT into k that raises one warning (a value truncated, sql_mode
// empty), and diagReaders what reads its diagnostics, each into a row of r.
const diagWarn = "SET sql_mode = '';\nINSERT INTO k VALUES (600, 'yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy');\n"

var diagReaders = map[string]string{
	"GET DIAGNOSTICS": "GET DIAGNOSTICS @w = NUMBER, @r = ROW_COUNT;\nINSERT INTO r (what, n) VALUES ('number', @w), ('row_count', @r);\n",
	"GET CURRENT DIAGNOSTICS CONDITION": "GET CURRENT DIAGNOSTICS CONDITION 1 @e = MYSQL_ERRNO;\nGET DIAGNOSTICS @w = NUMBER;\n" +
		"INSERT INTO r (what, n) VALUES ('errno', @e), ('number again', @w);\n",
	"@@warning_count": "SET @w = @@warning_count;\nINSERT INTO r (what, n) VALUES ('warning_count', @w);\n",
}

// diagSerial is the dump with the reader after the INSERT outside any table lock, in a
// run that went serial (SELECT … INTO @c).
func diagSerial(reader string) string {
	return "CREATE DATABASE x6;\nUSE x6;\n" +
		"CREATE TABLE k (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n" +
		"CREATE TABLE r (id int PRIMARY KEY AUTO_INCREMENT, what varchar(40), n bigint) ENGINE=InnoDB;\n" +
		"SELECT COUNT(*) INTO @c FROM k;\n" + rowsOf("k", 1, 21) + diagWarn + reader + rowsOf("k", 21, 41)
}

func TestDiagnosticsAfterStatementSerial(t *testing.T) {
	for name, reader := range diagReaders {
		for shape, dump := range map[string]string{"locked": lockedSerial(diagWarn+reader, rowsOf("k", 21, 41)), "unlocked": diagSerial(reader)} {
			for oname, o := range map[string]importer.Options{"checkpointed": checkpointed(t), "warnings counted": {Parallel: 2, BatchBytes: 512}} {
				t.Run(name+", "+shape+", "+oname, func(t *testing.T) { importMatchesClient(t, dump, o, "x6") })
			}
		}
	}
}

// TestDiagnosticsAfterStatementKilledOrStopped: killed after the INSERT ran and before
// its progress row (which now waits for the reader), the resume runs both again and reads
// the client's; stopped between the two, the resume cannot give the reader what the
// INSERT left, and refuses it (as a ROW_COUNT() reader there) instead of a silent 0.
func TestDiagnosticsAfterStatementKilledOrStopped(t *testing.T) {
	reader := diagReaders["GET DIAGNOSTICS"]
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	for shape, dump := range map[string]string{"locked": lockedSerial(diagWarn+reader, ""), "unlocked": diagSerial(reader)} {
		at := lineOf(t, dump, "INSERT INTO k VALUES (600,")
		t.Run(shape+", killed", func(t *testing.T) {
			runLockCase(t, ref, srv, lockCase{db: "x6", dump: dump, killAt: at})
		})
		t.Run(shape+", stopped", func(t *testing.T) {
			runReviewCase(t, ref, srv, reviewCase{db: "x6", dump: dump, stop: at, opt: importer.Options{Parallel: 2, BatchBytes: 512},
				refused: "--resume cannot recreate the diagnostics area"})
		})
	}
}

// TestDiagnosticsReaderRefusedInParallel: while the run is parallel the statement before
// a reader may have run in a batch on a worker; the reader is refused with its place,
// not given the control connection's diagnostics (0 where the client reads 1).
func TestDiagnosticsReaderRefusedInParallel(t *testing.T) {
	dump := "CREATE DATABASE x6;\nUSE x6;\n" +
		"CREATE TABLE k (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n" +
		"CREATE TABLE r (id int PRIMARY KEY AUTO_INCREMENT, what varchar(40), n bigint) ENGINE=InnoDB;\n" +
		rowsOf("k", 1, 21) + diagWarn + diagReaders["GET DIAGNOSTICS"]
	path := writeFile(t, "d.sql", []byte(dump))
	res := importFile(t, testsandbox.Start(t), "", path, importer.Options{Parallel: 2, BatchBytes: 512})
	want := "line 8: GET DIAGNOSTICS: it reads the diagnostics area (warnings, errors, row count) of the statement before it"
	if res.Err == nil || !strings.Contains(res.Err.Error(), want) || !strings.Contains(res.Err.Error(), "GET DIAGNOSTICS @w = NUMBER") {
		t.Fatalf("got %v, want a refusal: %s", res.Err, want)
	}
}
