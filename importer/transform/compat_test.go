package transform

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

func TestMapCollation(t *testing.T) {
	cases := map[string]string{
		"utf8mb4_0900_ai_ci":         "utf8mb4_uca1400_nopad_ai_ci",
		"UTF8MB4_0900_AS_CS":         "utf8mb4_uca1400_nopad_as_cs",
		"utf8mb4_0900_as_ci":         "utf8mb4_uca1400_nopad_as_ci",
		"utf8mb4_0900_bin":           "utf8mb4_nopad_bin",
		"utf8mb4_de_pb_0900_ai_ci":   "utf8mb4_uca1400_german2_nopad_ai_ci",
		"utf8mb4_es_trad_0900_as_cs": "utf8mb4_uca1400_spanish2_nopad_as_cs",
		"utf8mb4_nb_0900_ai_ci":      "utf8mb4_uca1400_danish_nopad_ai_ci",
		"utf8mb4_zh_0900_as_cs":      "utf8mb4_uca1400_nopad_as_cs", // approximate
		"utf8mb4_xx_0900_ai_ci":      "",
		"utf8mb4_general_ci":         "",
	}
	for from, want := range cases {
		if got, _ := mapCollation(from); got != want {
			t.Errorf("%s → %q, want %q", from, got, want)
		}
	}
	if _, approx := mapCollation("utf8mb4_zh_0900_as_cs"); !approx {
		t.Error("zh not marked approximate")
	}
}

// TestCompatMariaDBStatements: each construct alone, and strings that merely look like
// one stay as they are.
func TestCompatMariaDBStatements(t *testing.T) {
	dump := "CREATE TABLE t (a varchar(5) COLLATE utf8mb4_0900_ai_ci, g int GENERATED ALWAYS AS (1) VIRTUAL NOT NULL, KEY k ((lower(a))), CONSTRAINT c CHECK ((a > 0)) /*!80016 NOT ENFORCED */) DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci;\n" +
		"INSERT INTO t VALUES ('utf8mb4_0900_ai_ci /*!80016 NOT ENFORCED */');\n" +
		"/*!50003 SET collation_connection = 'utf8mb4_0900_ai_ci' */;\n" +
		"CREATE TABLE u (id int, KEY i (id) /*!80000 INVISIBLE */, KEY j ((id + 1), id));\n" +
		"SET @@GLOBAL.GTID_PURGED=/*!80000 '+'*/ 'x:1-5';\n" +
		"ALTER TABLE u ADD CONSTRAINT c CHECK (id > 0) /*!80016 NOT ENFORCED */;\n"
	got, _ := sqlOf(t, dump, Options{Compat: "mariadb", GTIDPurged: "off"})
	want := []string{
		"CREATE TABLE t (a varchar(5) COLLATE utf8mb4_uca1400_nopad_ai_ci, g int GENERATED ALWAYS AS (1) VIRTUAL) DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_uca1400_nopad_ai_ci",
		"INSERT INTO t VALUES ('utf8mb4_0900_ai_ci /*!80016 NOT ENFORCED */')",
		"/*!50003 SET collation_connection = 'utf8mb4_uca1400_nopad_ai_ci' */",
		"CREATE TABLE u (id int, KEY i (id) IGNORED)",
		"ALTER TABLE u ADD CONSTRAINT c CHECK (id > 0) /*!80016 NOT ENFORCED */", // listed as left
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

func TestCompatHint(t *testing.T) {
	if h := CompatHint([]byte("CREATE TABLE t (a int) COLLATE=utf8mb4_0900_ai_ci")); !strings.Contains(h, "--compat mariadb") {
		t.Errorf("hint %q", h)
	}
	if h := CompatHint([]byte("SET @@GLOBAL.GTID_PURGED='x:1'")); !strings.Contains(h, "--gtid-purged off") {
		t.Errorf("hint %q", h)
	}
	// A MySQL 8 comment MariaDB ignores is not why a statement failed.
	if h := CompatHint([]byte("CREATE TABLE t (p point /*!80003 SRID 4326 */, x nosuchtype)")); h != "" {
		t.Errorf("hint %q for an ignored comment", h)
	}
}

// TestCompatAccount: SHOW CREATE USER of a MySQL 8 account; MariaDB cannot use the hash,
// so the account arrives locked, and the MySQL-only options are gone.
func TestCompatAccount(t *testing.T) {
	dump := "CREATE USER `app`@`%` IDENTIFIED WITH 'caching_sha2_password' AS '$A$005$x;y' REQUIRE NONE PASSWORD EXPIRE DEFAULT ACCOUNT UNLOCK PASSWORD HISTORY DEFAULT PASSWORD REUSE INTERVAL DEFAULT PASSWORD REQUIRE CURRENT DEFAULT;\n" +
		"CREATE USER 'ro'@'localhost' IDENTIFIED WITH 'sha256_password' FAILED_LOGIN_ATTEMPTS 3 PASSWORD_LOCK_TIME 2;\n" +
		"CREATE USER 'plain'@'localhost' IDENTIFIED BY 'caching_sha2_password is a string here';\n"
	got, _ := sqlOf(t, dump, Options{Compat: "mariadb"})
	want := []string{
		"CREATE USER `app`@`%`  REQUIRE NONE PASSWORD EXPIRE DEFAULT ACCOUNT LOCK   ",
		"CREATE USER 'ro'@'localhost'    ACCOUNT LOCK",
		// Not a MySQL-only plugin: the word is inside the password. Left alone.
		"CREATE USER 'plain'@'localhost' IDENTIFIED BY 'caching_sha2_password is a string here'",
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

// The warning names the account as written, whichever way its user and host are quoted.
func TestCompatAccountName(t *testing.T) {
	for _, account := range []string{"`app`@`%`", "'ro'@'localhost'", "\"u\"@\"h\"", "u@h", "'u'@h"} {
		_, got := mapAccount([]byte("CREATE USER "+account+" IDENTIFIED WITH 'caching_sha2_password' AS 'x'"), sqlscan.Syntax{})
		if got != account {
			t.Errorf("account %q, want %q", got, account)
		}
	}
}
