package split

import (
	"slices"
	"strings"
	"testing"
)

// TestServerParts: a text under DELIMITER ;; that holds a ';' the server ends a
// statement at is its parts (CLIENT_MULTI_STATEMENTS); a compound statement, a routine
// body, a ';' in a string or comment, a trailing ';' and any text under the delimiter ;
// stay whole.
func TestServerParts(t *testing.T) {
	for q, want := range map[string][]string{
		"INSERT INTO t VALUES (1); INSERT INTO t VALUES (2)":                                                         {"INSERT INTO t VALUES (1)", "INSERT INTO t VALUES (2)"},
		"SET @a = 'x;y'; SELECT @a /* ; */ INTO @b; DO 1":                                                            {"SET @a = 'x;y'", "SELECT @a  INTO @b", "DO 1"},
		"BEGIN; INSERT INTO t VALUES (1); COMMIT":                                                                    {"BEGIN", "INSERT INTO t VALUES (1)", "COMMIT"},
		"INSERT INTO t VALUES (1);":                                                                                  nil,
		"CREATE PROCEDURE p() BEGIN INSERT INTO t VALUES (5); SELECT 1; END":                                         nil,
		"/*!50003 CREATE*/ /*!50003 TRIGGER tr BEFORE INSERT ON t FOR EACH ROW BEGIN SET @a = 1; SET @b = 2; END */": nil,
		"BEGIN NOT ATOMIC INSERT INTO t VALUES (7); INSERT INTO t VALUES (8); END":                                   nil,
		"IF 1 THEN SELECT 1; END IF":                                                                                 nil,
		"l1: LOOP LEAVE l1; END LOOP":                                                                                nil,
		"SELECT 'a;b', `c;d` FROM t -- ;\n":                                                                          nil,
		// A CREATE or ALTER of a table, database or view holds no body.
		"CREATE DATABASE d2; USE d2":                                      {"CREATE DATABASE d2", "USE d2"},
		"CREATE TABLE k (id int); INSERT INTO k VALUES (1)":               {"CREATE TABLE k (id int)", "INSERT INTO k VALUES (1)"},
		"ALTER TABLE k ADD COLUMN c int; DO 1":                            {"ALTER TABLE k ADD COLUMN c int", "DO 1"},
		"CREATE EVENT e ON SCHEDULE EVERY 1 DAY DO BEGIN DO 1; DO 2; END": nil,
		// What the re-split alone read as the client's commands is the server's text.
		"INSERT INTO t VALUES (1); exit":        {"INSERT INTO t VALUES (1)", "exit"},
		"INSERT INTO t VALUES (1); delimiter x": {"INSERT INTO t VALUES (1)", "delimiter x"},
		"DO 1;\nquit\n":                         {"DO 1", "quit"},
		"DO 1; source x.sql":                    {"DO 1", "source x.sql"},
		// A statement with a body after a ';': the rest of the text is one part (the
		// hand-written DROP … IF EXISTS; CREATE … BEGIN …; END //).
		"DROP PROCEDURE IF EXISTS p; CREATE PROCEDURE p() BEGIN INSERT INTO t VALUES (1); INSERT INTO t VALUES (2); END":        {"DROP PROCEDURE IF EXISTS p", "CREATE PROCEDURE p() BEGIN INSERT INTO t VALUES (1); INSERT INTO t VALUES (2); END"},
		"DROP TRIGGER IF EXISTS tr; CREATE DEFINER=`u`@`%` TRIGGER tr BEFORE INSERT ON t FOR EACH ROW BEGIN SET NEW.a = 1; END": {"DROP TRIGGER IF EXISTS tr", "CREATE DEFINER=`u`@`%` TRIGGER tr BEFORE INSERT ON t FOR EACH ROW BEGIN SET NEW.a = 1; END"},
		"SET @x = 7; DO 1; CREATE OR REPLACE FUNCTION f() RETURNS int BEGIN DECLARE a int; RETURN 1; END":                       {"SET @x = 7", "DO 1", "CREATE OR REPLACE FUNCTION f() RETURNS int BEGIN DECLARE a int; RETURN 1; END"},
		"DO 1; BEGIN NOT ATOMIC DO 2; DO 3; END": {"DO 1", "BEGIN NOT ATOMIC DO 2; DO 3; END"},
		"DO 1; l: LOOP LEAVE l; END LOOP":        {"DO 1", "l: LOOP LEAVE l; END LOOP"},
		"DO 1; IF 1 THEN DO 2; END IF":           {"DO 1", "IF 1 THEN DO 2; END IF"},
		"DO 1; BEGIN; DO 2":                      {"DO 1", "BEGIN", "DO 2"},
		"DO 1; CREATE TABLE k (id int); DO 2":    {"DO 1", "CREATE TABLE k (id int)", "DO 2"},
		"DROP TABLE IF EXISTS k; DO 2":           {"DROP TABLE IF EXISTS k", "DO 2"},
		// A routine's own text is never cut, whatever it starts with.
		"DROP PROCEDURE IF EXISTS p": nil,
	} {
		sp := NewSplitter(strings.NewReader("DELIMITER ;;\n"+q+";;\n"), SplitOptions{})
		var got []string
		for sp.Next() {
			st := sp.Statement()
			if len(st.SQL) == 0 || st.Kind == KindClient {
				continue
			}
			if !st.OwnDelimiter {
				t.Errorf("%q: OwnDelimiter not set", q)
			}
			for _, p := range ServerParts(&st) {
				got = append(got, string(p.SQL))
				if p.Kind == KindClient {
					t.Errorf("%q: part %q is a client command", q, p.SQL)
				}
				if p.Line != st.Line {
					t.Errorf("%q: part at line %d, want %d", q, p.Line, st.Line)
				}
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("%q: parts %q, want %q", q, got, want)
		}
	}
	sp := NewSplitter(strings.NewReader("SELECT 1; SELECT 2;\n"), SplitOptions{})
	for sp.Next() {
		if st := sp.Statement(); st.OwnDelimiter || ServerParts(&st) != nil {
			t.Errorf("%q under ;: OwnDelimiter %v, parts %d", st.SQL, st.OwnDelimiter, len(ServerParts(&st)))
		}
	}
}

// TestPartsUnsure: a part that may change sql_mode or the character set before a part
// with a backslash or a non-ASCII byte makes the cut unsure; any other text is sure.
func TestPartsUnsure(t *testing.T) {
	for q, unsure := range map[string]bool{
		"SET sql_mode = 'NO_BACKSLASH_ESCAPES'; INSERT INTO t VALUES ('a\\\\b')": true,
		"SET NAMES gbk; INSERT INTO t VALUES ('\xb5\\\\')":                       true,
		"SET NAMES gbk; SELECT \xb5`x` FROM t":                                   true,
		"SET NAMES gbk; INSERT INTO t VALUES ('\xb5')":                           false,
		"SET NAMES utf8mb4; INSERT INTO t VALUES ('caf\xc3\xa9')":                false,
		"CREATE TABLE k (c CHAR(3)); INSERT INTO k VALUES ('a\\\\b')":            false,
		"EXECUTE IMMEDIATE @q; SELECT 'x\\\\'":                                   true,
		"SET sql_mode = ''; INSERT INTO t VALUES ('plain')":                      false,
		"INSERT INTO t VALUES ('a\\\\b'); SET sql_mode = ''":                     false,
		"INSERT INTO t VALUES (1); INSERT INTO t VALUES ('\xb5')":                false,
	} {
		sp := NewSplitter(strings.NewReader("DELIMITER ;;\n"+q+";;\n"), SplitOptions{})
		found := false
		for sp.Next() {
			st := sp.Statement()
			if parts := ServerParts(&st); parts != nil {
				found = true
				if got := PartsUnsure(parts) != ""; got != unsure {
					t.Errorf("%q: unsure %v, want %v", q, got, unsure)
				}
			}
		}
		if !found {
			t.Errorf("%q: no parts", q)
		}
	}
}

// TestServerPartsBodyKind: the part with a body is classified as the splitter classifies
// the statement written alone under DELIMITER // (a routine, with its body whole), and the
// parts before it as theirs.
func TestServerPartsBodyKind(t *testing.T) {
	sp := NewSplitter(strings.NewReader("DELIMITER //\nDROP PROCEDURE IF EXISTS p; CREATE PROCEDURE p() BEGIN DO 1; DO 2; END //\n"), SplitOptions{})
	for sp.Next() {
		st := sp.Statement()
		if st.Kind == KindClient || len(st.SQL) == 0 {
			continue
		}
		parts := ServerParts(&st)
		if len(parts) != 2 {
			t.Fatalf("%d parts of %q, want 2", len(parts), st.SQL)
		}
		for i, p := range parts {
			if p.Kind != KindRoutine {
				t.Errorf("part %d %q: kind %v, want a routine's", i, p.SQL, p.Kind)
			}
		}
		if got := string(parts[1].SQL); got != "CREATE PROCEDURE p() BEGIN DO 1; DO 2; END" {
			t.Errorf("the body's part is %q", got)
		}
	}
}
