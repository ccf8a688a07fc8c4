package transform

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dumpscope/dumpscope/importer/split"
)

func TestRenameDatabase(t *testing.T) {
	dump := "CREATE DATABASE /*!32312 IF NOT EXISTS*/ `shop` /*!40100 DEFAULT CHARACTER SET utf8mb4 */;\n" +
		"USE `shop`;\n" +
		"use shop\n;\n" +
		"INSERT INTO shop.orders VALUES (1,'shop.orders','`shop`.x', \"shop.y\");\n" +
		"INSERT INTO `orders` VALUES (2,'it''s shop.z');\n" +
		"SELECT shop . orders.id, o.shop, @shop.x, `shop`.`orders`.`shop` FROM `shop` . `orders` AS shop -- shop.c\n;\n" +
		"GRANT SELECT ON shop.* TO x@localhost;\n" +
		"/*!50001 CREATE VIEW `v` AS select `shop`.`t`.`a` AS `a` from `shop`.`t` */;\n" +
		"DELIMITER ;;\n" +
		"CREATE PROCEDURE shop.p() BEGIN SET @q = 'SELECT * FROM shop.t'; PREPARE s FROM @q; END ;;\n" +
		"DELIMITER ;\n" +
		"ALTER DATABASE shop CHARACTER SET latin1;\n" +
		"CREATE TABLE shopping.t (a int);\n"
	got, _ := sqlOf(t, dump, Options{RenameDatabases: map[string]string{"shop": "shop copy"}})
	want := []string{
		"CREATE DATABASE /*!32312 IF NOT EXISTS*/ `shop copy` /*!40100 DEFAULT CHARACTER SET utf8mb4 */",
		"USE `shop copy`",
		"use `shop copy`",
		"INSERT INTO `shop copy`.orders VALUES (1,'shop.orders','`shop`.x', \"shop.y\")",
		"INSERT INTO `orders` VALUES (2,'it''s shop.z')",
		"SELECT `shop copy` . orders.id, o.shop, @shop.x, `shop copy`.`orders`.`shop` FROM `shop copy` . `orders` AS shop",
		"GRANT SELECT ON `shop copy`.* TO x@localhost",
		"/*!50001 CREATE VIEW `v` AS select `shop copy`.`t`.`a` AS `a` from `shop copy`.`t` */",
		"DELIMITER ;;",
		"CREATE PROCEDURE `shop copy`.p() BEGIN SET @q = 'SELECT * FROM shop.t'; PREPARE s FROM @q; END",
		"DELIMITER ;",
		"ALTER DATABASE `shop copy` CHARACTER SET latin1",
		"CREATE TABLE shopping.t (a int)",
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}

	tr, _ := New(Options{RenameDatabases: map[string]string{"shop": "shop2"}})
	tr.Attach(split.NewSplitter(strings.NewReader(dump), split.SplitOptions{}), "", nil)
	for tr.Next() {
	}
	st := tr.Stats()
	// The SELECT also has an alias named like the database; the procedure builds SQL in a string.
	if len(st.Warnings) != 2 || !strings.Contains(st.Warnings[0], "line 7: select names a renamed database and also uses that name alone") ||
		!strings.Contains(st.Warnings[1], "procedure `p` names a renamed database inside a string") {
		t.Errorf("warnings: %q", st.Warnings)
	}
	if len(st.Mappings) != 1 || st.Mappings[0].What != "database shop → shop2" || st.Mappings[0].Count != 12 || st.Mappings[0].FirstOffset != 0 {
		t.Errorf("mappings: %+v", st.Mappings)
	}
}

func TestRenameOptionErrors(t *testing.T) {
	if _, err := New(Options{RenameDatabases: map[string]string{"a": "b", "b": "c"}}); err == nil {
		t.Error("chained renames accepted")
	}
}

// TestRenameMultibyteTrail5C: under SET NAMES sjis, 0x83 0x5C is one character (ソ) whose
// trail byte is a backslash in ASCII. The rewriter read it as an escape, took the closing
// quote for a character of the string, and renamed a database name inside the next string
// literal (data changed) while missing the real one after it.
func TestRenameMultibyteTrail5C(t *testing.T) {
	dump := "SET NAMES sjis;\n" +
		"INSERT INTO shop.t VALUES ('\x83\x5C', 'shop.x'), (2, 'y') ;\n" +
		"INSERT INTO shop.t VALUES ('\x83\x5C', 'z') , (shop.f(), 'w');\n"
	got, _ := sqlOf(t, dump, Options{RenameDatabases: map[string]string{"shop": "shop2"}})
	want := []string{
		"SET NAMES sjis",
		"INSERT INTO shop2.t VALUES ('\x83\x5C', 'shop.x'), (2, 'y')",
		"INSERT INTO shop2.t VALUES ('\x83\x5C', 'z') , (shop2.f(), 'w')",
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

// TestTransformTracksSQLMode: with a splitter that follows the dump's SET sql_mode on its
// own (`dumpscope split`, the preflight's read-ahead), the rename reads "shop" as the
// identifier the splitter split it as. The Transform's own copy of ANSI_QUOTES, set only
// through SetANSIQuotes, read it as a string and left it.
func TestTransformTracksSQLMode(t *testing.T) {
	tr, err := New(Options{RenameDatabases: map[string]string{"shop": "s2"}})
	if err != nil {
		t.Fatal(err)
	}
	dump := "SET sql_mode='ANSI_QUOTES';\nINSERT INTO \"shop\".t VALUES ('shop.x');\n"
	tr.Attach(split.NewSplitter(strings.NewReader(dump), split.SplitOptions{TrackSQLMode: true}), "", nil)
	var got []string
	for tr.Next() {
		if st := tr.Statement(); len(st.SQL) > 0 {
			got = append(got, string(st.SQL))
		}
	}
	want := []string{"SET sql_mode='ANSI_QUOTES'", "INSERT INTO `s2`.t VALUES ('shop.x')"}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}
