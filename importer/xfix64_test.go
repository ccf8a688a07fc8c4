package importer_test

import (
	"encoding/hex"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
)

// x-fix64: the readers of dynamic SQL (EXECUTE IMMEDIATE, PREPARE … FROM, in a body too)
// read the literal's text as the server runs it (sqlscan/literal.go, the one decoder),
// in the forms beside x-review24's escapes (TestReviewX24Escaped*): adjacent literals
// joined across an escape, an introducer, a double-quoted literal, a hex literal, a
// trailing NUL the server ignores, and NO_BACKSLASH_ESCAPES.

// TestXFix64LiteralFormsGuarded: each form writes the target's other.k; without
// --overwrite it must stay as it was (refused), serial and read-ahead.
func TestXFix64LiteralFormsGuarded(t *testing.T) {
	f := newSessionFixture(t, "")
	hexOf := func(s string) string { return hex.EncodeToString([]byte(s)) }
	for name, body := range map[string]string{
		"adjacent":      `EXECUTE IMMEDIATE 'DELETE' '\nFROM other.k';` + "\n",
		"introducer":    `EXECUTE IMMEDIATE _utf8mb4 'DELETE\r\nFROM other.k';` + "\n",
		"double quoted": `EXECUTE IMMEDIATE "DELETE\tFROM other.k";` + "\n",
		"hex":           "EXECUTE IMMEDIATE X'" + hexOf("DELETE FROM other.k") + "';\n",
		"0x prepare":    "PREPARE s FROM 0x" + hexOf("UPDATE other.k SET i = 9") + ";\nEXECUTE s;\n",
		"trailing nul":  `EXECUTE IMMEDIATE 'DELETE\tFROM other.k\0';` + "\n",
		"nbe":           "SET sql_mode = 'NO_BACKSLASH_ESCAPES';\n" + `EXECUTE IMMEDIATE 'DELETE FROM other.k WHERE ''\'' <> ''x''';` + "\n",
	} {
		for mode, o := range map[string]importer.Options{"serial": {}, "preflight-scan": {Parallel: 2, PreflightScan: true}} {
			t.Run(name+"/"+mode, func(t *testing.T) {
				x23Untouched(t, f, "CREATE DATABASE fresh;\nUSE fresh;\n"+body, o)
			})
		}
	}
}

// TestXFix64LiteralFormsFollowed: `SET autocommit = 0` run from a hex literal, or from a
// literal ending in a NUL the server ignores, then rows and ROLLBACK: the database is
// the client's (the rows rolled back) under --parallel 2, or the run is refused in one
// line.
func TestXFix64LiteralFormsFollowed(t *testing.T) {
	for name, wrapper := range map[string]string{
		"hex":          "EXECUTE IMMEDIATE 0x" + hex.EncodeToString([]byte("SET autocommit = 0")) + ";\n",
		"trailing nul": `EXECUTE IMMEDIATE 'SET\tautocommit = 0\0';` + "\n",
		"prepared":     `PREPARE s FROM 'SET' '\tautocommit = 0';` + "\nEXECUTE s;\n",
	} {
		dump := "CREATE DATABASE zd;\nUSE zd;\nCREATE TABLE t (id int PRIMARY KEY, v varchar(200));\nCREATE TABLE t2 (id int PRIMARY KEY, v varchar(200));\nCREATE TABLE r (n int);\n" +
			fortyInserts("t", 0) + wrapper + "INSERT INTO r VALUES (5);\n" + fortyInserts("t2", 500000) +
			"ROLLBACK;\nSET autocommit = 1;\n" + fortyInserts("t", 100000)
		t.Run(name, func(t *testing.T) {
			sessionMatchesClient(t, dump, "zd", importer.Options{Parallel: 2, BatchBytes: 2048}, "", "dumpscope's own transactions")
		})
	}
}
