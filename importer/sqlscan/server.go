package sqlscan

import "strings"

// Server is the server a statement goes to, as far as its lexer differs: which executable
// comments it runs. A comment the server skips is a comment to every reader (the splitter's
// tracker, the planner, the replay), or a reader sees a GLOBAL (SET /*!110000 GLOBAL */
// time_zone = …) or a statement the server never runs. It is one value, read from the
// target's @@version where the splitter's options are made (ServerFromVersion), and
// carried in the Syntax of every statement.
type Server struct {
	// VersionID is MAJOR*10000 + MINOR*100 + PATCH (10.11.6 is 101106), as the versions in
	// executable comments are written; 0 when unknown: then every executable comment
	// below 999999 runs, as it did before the server was known (a dry run).
	VersionID int
	// MySQL: not MariaDB, so `/*M!…` is a plain comment and a /*! version has 5 digits.
	MySQL bool
}

// ServerFromVersion reads @@version ("10.11.6-MariaDB-0+deb12u1", "8.0.32-24"); the
// zero Server when it has no numeric release.
func ServerFromVersion(v string) Server {
	mysql := !strings.Contains(strings.ToLower(v), "mariadb")
	v = strings.TrimPrefix(v, "5.5.5-") // MariaDB 10's replication-compatible prefix
	var parts [3]int
	n, digits := 0, 0
	for i := 0; i < len(v) && n < 3; i++ {
		c := v[i]
		switch {
		case c >= '0' && c <= '9':
			parts[n] = parts[n]*10 + int(c-'0')
			digits++
		case c == '.' && digits > 0:
			n, digits = n+1, 0
		default:
			i = len(v)
		}
	}
	if n < 2 || (n == 2 && digits == 0) {
		return Server{}
	}
	return Server{VersionID: parts[0]*10000 + parts[1]*100 + parts[2], MySQL: mysql}
}

// runs reports whether the server runs an executable comment whose opener is `/*!`
// (mariaOnly false) or `/*M!` (mariaOnly true), b being what follows the `!`, and how
// many version digits follow the `!` (0 without a version). The server's lexer (MariaDB
// sql_lex.cc, MySQL sql_lex.cc) reads 5 digits as a version, MariaDB a sixth when there
// is one (MySQL 8.0 too, from 8.0.34 — not followed here); the comment runs when the
// version is at most the server's, and on MariaDB a 5-digit `/*!` version is not one of
// MySQL 5.7's or later (mysqlOnlyFrom). Without 5 digits the comment runs unversioned.
func (s Server) runs(b []byte, mariaOnly bool) (ok bool, digits int) {
	if mariaOnly && s.MySQL {
		return false, 0
	}
	v := 0
	for digits < len(b) && digits < 6 && b[digits] >= '0' && b[digits] <= '9' {
		v = v*10 + int(b[digits]-'0')
		digits++
	}
	if digits < 5 {
		return true, 0
	}
	if digits == 6 && s.MySQL && s.VersionID != 0 {
		digits, v = 5, v/10
	}
	if s.VersionID == 0 {
		return v < 999999, digits
	}
	if !s.MySQL && !mariaOnly && v >= mysqlOnlyFrom && v <= 99999 {
		return false, digits
	}
	return v <= s.VersionID, digits
}

// mysqlOnlyFrom is the first 5-digit version MariaDB takes for MySQL's alone: its lexer
// skips a `/*!NNNNN` from 50700 to 99999 whatever its own version (sql_lex.cc's
// `version < 50700 || version > 99999 || maria_comment_syntax`; `/*M!` runs them), as
// MySQL 5.7 and 8.0 write syntax MariaDB may not know. Checked on MariaDB
// 10.11: SELECT 1 /*!50699 +1 */ is 2, SELECT 1 /*!50700 +1 */ and /*!80000 +1 */ are 1,
// and SET /*!80000 GLOBAL */ time_zone = … sets the session's. Read as run, Percona
// mysqldump's /*!50717 PREPARE s FROM @rocksdb_get_is_supported */ was refused as a
// PREPARE from a variable (TestReviewX13PerconaRocksdbProbe).
const mysqlOnlyFrom = 50700
