package transform

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestStripDefiner(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"mysqldump trigger", "/*!50003 CREATE*/ /*!50017 DEFINER=`root`@`localhost`*/ /*!50003 TRIGGER t BEFORE INSERT ON x FOR EACH ROW SET NEW.a=1 */",
			"/*!50003 CREATE*/ /*!50017 */ /*!50003 TRIGGER t BEFORE INSERT ON x FOR EACH ROW SET NEW.a=1 */"},
		{"view keeps SQL SECURITY", "/*!50013 DEFINER=`app`@`%` SQL SECURITY DEFINER */", "/*!50013  SQL SECURITY DEFINER */"},
		{"routine quoted", "CREATE DEFINER='a''b'@'10.0.0.%' PROCEDURE p() SELECT 1", "CREATE  PROCEDURE p() SELECT 1"},
		{"unquoted and spaces", "CREATE definer = root@localhost FUNCTION f() RETURNS INT RETURN 1", "CREATE  FUNCTION f() RETURNS INT RETURN 1"},
		{"current_user()", "CREATE DEFINER=CURRENT_USER() EVENT e ON SCHEDULE EVERY 1 DAY DO SELECT 1", "CREATE  EVENT e ON SCHEDULE EVERY 1 DAY DO SELECT 1"},
		{"inside a string is kept", "CREATE VIEW v AS SELECT 'DEFINER=`x`@`y`' AS s", "CREATE VIEW v AS SELECT 'DEFINER=`x`@`y`' AS s"},
		{"column named definer_x is kept", "CREATE VIEW v AS SELECT definer_x=1", "CREATE VIEW v AS SELECT definer_x=1"},
		{"none", "CREATE TABLE t (a int)", "CREATE TABLE t (a int)"},
		// The server's blanks (x-review14 #8): \f and \v around = are spaces to it.
		{"form feed and vertical tab", "CREATE DEFINER\f=\vroot@localhost PROCEDURE p() SELECT 1", "CREATE  PROCEDURE p() SELECT 1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := string(StripDefiner([]byte(tc.in))); got != tc.want {
				t.Errorf("StripDefiner(%q)\n got %q\nwant %q", tc.in, got, tc.want)
			}
		})
	}
}

func TestDefiner(t *testing.T) {
	tests := []struct {
		in   string
		want string
		ok   bool
	}{
		{"/*!50003 CREATE*/ /*!50017 DEFINER=`root`@`localhost`*/ /*!50003 TRIGGER t", "root@localhost", true},
		{"CREATE DEFINER='a''b'@'10.0.0.%' PROCEDURE p() SELECT 1", "a'b@10.0.0.%", true},
		{"CREATE DEFINER=CURRENT_USER() EVENT e", "CURRENT_USER", true},
		{"CREATE TABLE t (a int)", "", false},
	}
	for _, tc := range tests {
		got, ok := Definer([]byte(tc.in))
		if got != tc.want || ok != tc.ok {
			t.Errorf("Definer(%q) = %q, %v; want %q, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

func TestReplaceDefiner(t *testing.T) {
	dump := "/*!50003 CREATE*/ /*!50017 DEFINER=`root`@`localhost`*/ /*!50003 TRIGGER t AFTER INSERT ON x FOR EACH ROW SET @a = 'DEFINER=`root`@`x`' */;\n" +
		"/*!50001 CREATE ALGORITHM=UNDEFINED */ /*!50013 DEFINER=root@'%' SQL SECURITY DEFINER */ /*!50001 VIEW v AS select 1 AS a */;\n" +
		"CREATE DEFINER=CURRENT_USER() PROCEDURE p() SELECT 1;\n" +
		"CREATE PROCEDURE q() SELECT 'DEFINER=x@y';\n" +
		"INSERT INTO d VALUES ('DEFINER=`root`@`localhost`');\n"
	got, _ := sqlOf(t, dump, Options{Definer: "'app@corp'@10.0.0.%"})
	want := []string{
		"/*!50003 CREATE*/ /*!50017 DEFINER=`app@corp`@`10.0.0.%`*/ /*!50003 TRIGGER t AFTER INSERT ON x FOR EACH ROW SET @a = 'DEFINER=`root`@`x`' */",
		"/*!50001 CREATE ALGORITHM=UNDEFINED */ /*!50013 DEFINER=`app@corp`@`10.0.0.%` SQL SECURITY DEFINER */ /*!50001 VIEW v AS select 1 AS a */",
		"CREATE DEFINER=`app@corp`@`10.0.0.%` PROCEDURE p() SELECT 1",
		"CREATE PROCEDURE q() SELECT 'DEFINER=x@y'",
		"INSERT INTO d VALUES ('DEFINER=`root`@`localhost`')",
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
	for _, bad := range []string{"root", "@localhost", "root@"} {
		if _, err := New(Options{Definer: bad}); err == nil {
			t.Errorf("--definer %q accepted", bad)
		}
	}
}
