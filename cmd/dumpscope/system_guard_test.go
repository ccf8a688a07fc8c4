package main

import (
	"regexp"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/internal/testsandbox"
	"github.com/dumpscope/dumpscope/sandbox"
)

// TestImportRefusesAccountsInBodies: a procedure whose body creates a user and grants it
// everything, then CALLed, is refused without --allow-system-schemas, with one line naming
// the procedure and where it is, and no account is made; with the flag it runs as the
// client runs it. Dynamic SQL from a variable is refused the same way: the guard cannot
// see what it runs. Issue 22, item 10.
func TestImportRefusesAccountsInBodies(t *testing.T) {
	superuser := writeDump(t, "superuser.sql", []byte("CREATE DATABASE app;\nUSE app;\nDELIMITER ;;\n"+
		"CREATE PROCEDURE p()\nBEGIN\n  CREATE USER evil@'%' IDENTIFIED BY 'x';\n  GRANT ALL ON *.* TO evil@'%' WITH GRANT OPTION;\nEND;;\n"+
		"DELIMITER ;\nCALL p();\n"))
	dynamic := writeDump(t, "dynamic.sql", []byte("CREATE DATABASE app;\nUSE app;\n"+
		"SET @q = CONCAT('CREATE USER ', 'evil@''%''');\nPREPARE s FROM @q;\nEXECUTE s;\n"))
	evil := func(t *testing.T, srv *sandbox.Server) int {
		var n int
		db := openDB(t, srv, "")
		if err := db.QueryRow("SELECT COUNT(*) FROM mysql.user WHERE User = 'evil'").Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	for _, tc := range []struct {
		name, dump string
		where      *regexp.Regexp
	}{
		{"procedure", superuser, regexp.MustCompile("CREATE PROCEDURE `p` would run CREATE USER evil@'%' IDENTIFIED BY 'x' \\(offset \\d+, line 4\\)")},
		{"dynamic", dynamic, regexp.MustCompile(`PREPARE from something other than a string literal: what it runs cannot be checked \(offset \d+, line 4\)`)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := testsandbox.Start(t)
			code, _, stderr := dumpscopeImport(t, srv, []string{"--no-advisor"}, tc.dump)
			if code == 0 || !tc.where.MatchString(stderr) || !strings.Contains(stderr, "--allow-system-schemas") {
				t.Fatalf("without --allow-system-schemas: exit %d, want a refusal matching %q: %s", code, tc.where, stderr)
			}
			if n := evil(t, srv); n != 0 {
				t.Fatalf("refused, yet the account exists")
			}
			// Into a target that is not empty, with --preflight-scan, the file is read
			// ahead: the same line, before the first statement.
			srv2 := testsandbox.Start(t)
			if _, err := openDB(t, srv2, "").Exec("CREATE DATABASE other"); err != nil {
				t.Fatal(err)
			}
			code, _, stderr = dumpscopeImport(t, srv2, []string{"--no-advisor", "--preflight-scan"}, tc.dump)
			if code == 0 || !tc.where.MatchString(stderr) {
				t.Fatalf("read ahead: exit %d, want a refusal matching %q: %s", code, tc.where, stderr)
			}
			// Refused before its first statement there, so it can run with the flag. Dynamic
			// SQL from a variable may also write into what the target holds (`other`), which
			// the overwrite check refuses as well since x-fix58 (stop 49): it needs
			// --overwrite too.
			args := []string{"--no-advisor", "--allow-system-schemas"}
			if tc.name == "dynamic" {
				args = append(args, "--overwrite")
			}
			code, _, stderr = dumpscopeImport(t, srv2, args, tc.dump)
			if code != 0 {
				t.Fatalf("with --allow-system-schemas: exit %d: %s", code, stderr)
			}
			if n := evil(t, srv2); n != 1 {
				t.Fatalf("with --allow-system-schemas: %d accounts named evil, want 1 (as the client makes)", n)
			}
		})
	}
}

// TestImportReadAheadSplitsAsTheReplay: the preflight that reads the file ahead (a target
// that is not empty) splits it as the import will: the client's `use` without a semicolon
// and `\u` are commands there too, and NO_BACKSLASH_ESCAPES is followed. Split otherwise
// (as --binary-mode, with backslash escapes) the INSERT into mysql.db hid inside the text
// of the statement before it, and the guard let it through.
func TestImportReadAheadSplitsAsTheReplay(t *testing.T) {
	for name, text := range map[string]string{
		"use without semicolon": "CREATE DATABASE app;\nuse mysql\nINSERT INTO db (Host, Db, User) VALUES ('%', 'app', 'evil');\n",
		"short use":             "CREATE DATABASE app;\n\\u mysql\nINSERT INTO db (Host, Db, User) VALUES ('%', 'app', 'evil');\n",
		"no backslash escapes": "SET sql_mode = 'NO_BACKSLASH_ESCAPES';\nCREATE DATABASE app;\nSELECT 'C:\\';\n" +
			"INSERT INTO mysql.db (Host, Db, User) VALUES ('%', 'app', 'evil');\nSELECT 'x';\n",
	} {
		t.Run(name, func(t *testing.T) {
			dump := writeDump(t, "ahead.sql", []byte(text))
			srv := testsandbox.Start(t)
			if _, err := openDB(t, srv, "").Exec("CREATE DATABASE other"); err != nil {
				t.Fatal(err)
			}
			code, _, stderr := dumpscopeImport(t, srv, []string{"--no-advisor"}, dump)
			if code == 0 || !strings.Contains(stderr, "INSERT INTO `mysql`.`db`") {
				t.Fatalf("exit %d, want the INSERT into mysql.db refused: %s", code, stderr)
			}
		})
	}
}
