package importer

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestDDLWords(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"/*!40000 DROP DATABASE IF EXISTS `sakila`*/", []string{"DROP", "DATABASE", "IF", "EXISTS", "sakila"}},
		{"CREATE DATABASE /*!32312 IF NOT EXISTS*/ `sakila` /*!40100 DEFAULT CHARACTER SET utf8mb4 */", []string{"CREATE", "DATABASE", "IF", "NOT", "EXISTS", "sakila", "DEFAULT", "CHARACTER", "SET", "utf8mb4"}},
		{"CREATE TABLE `we;ird``x` (\n  `a` int)", []string{"CREATE", "TABLE", "we;ird`x"}},
		{"DROP TABLE IF EXISTS `db`.`t`", []string{"DROP", "TABLE", "IF", "EXISTS", "db\x01t"}},
		{"/*!50001 DROP VIEW IF EXISTS `v`*/", []string{"DROP", "VIEW", "IF", "EXISTS", "v"}},
		{"USE `sakila`", []string{"USE", "sakila"}},
	}
	for _, tc := range tests {
		if diff := cmp.Diff(tc.want, ddlWords([]byte(tc.in), 12)); diff != "" {
			t.Errorf("ddlWords(%q) (-want +got):\n%s", tc.in, diff)
		}
	}
}

func TestPreflightObserve(t *testing.T) {
	p := &Preflight{
		databases: map[string]bool{"shop": true},
		tables:    map[string]bool{"shop\x00orders": true, "shop\x00v_orders": true, "shop\x00lines": true},
		created:   map[string]bool{},
	}
	stmts := []string{
		"CREATE DATABASE /*!32312 IF NOT EXISTS*/ `shop`",
		"USE `shop`",
		"DROP TABLE IF EXISTS `customers`",          // does not exist: fine
		"CREATE TABLE `customers` (id int)",         // new
		"DROP TABLE IF EXISTS `customers`",          // created by the dump itself: fine
		"DROP TABLE IF EXISTS `orders`",             // existing: reported
		"CREATE TABLE `orders` (id int)",            // re-created by the dump: fine
		"/*!50001 DROP VIEW IF EXISTS `v_orders`*/", // existing view
		"CREATE /*!50017 DEFINER=`root`@`localhost`*/ TRIGGER x BEFORE INSERT ON orders FOR EACH ROW SET @a=1",
		"USE other",
		"DROP TABLE IF EXISTS `shop`.`lines`", // qualified: in shop, not in the current database
	}
	// Through the splitter, which classifies them, one statement per line. A statement's
	// span (its offset) begins right after the previous one's ';': at the newline.
	var dump strings.Builder
	offset := make([]int, len(stmts))
	for i, s := range stmts {
		offset[i] = max(dump.Len()-1, 0)
		dump.WriteString(s + ";\n")
	}
	sp := NewSplitter(strings.NewReader(dump.String()), SplitOptions{})
	var got []string
	for sp.Next() {
		st := sp.Statement()
		if ow := p.Observe(&st); ow != nil {
			got = append(got, ow.String())
		}
	}
	if err := sp.Err(); err != nil {
		t.Fatal(err)
	}
	want := []string{
		"CREATE DATABASE `shop` (offset 0, line 1)",
		fmt.Sprintf("DROP TABLE `shop`.`orders` (offset %d, line 6)", offset[5]),
		fmt.Sprintf("DROP VIEW `shop`.`v_orders` (offset %d, line 8)", offset[7]),
		fmt.Sprintf("DROP TABLE `shop`.`lines` (offset %d, line 11)", offset[10]),
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("overwrites (-want +got):\n%s", diff)
	}
	if p.Definers != 1 {
		t.Errorf("Definers = %d, want 1", p.Definers)
	}
}

func TestMayAssignDefiner(t *testing.T) {
	tests := []struct {
		grant string
		want  bool
	}{
		{"GRANT ALL PRIVILEGES ON *.* TO `root`@`localhost` WITH GRANT OPTION", true},
		{"GRANT SELECT, INSERT, SUPER ON *.* TO `app`@`%`", true},
		{"GRANT SET USER ON *.* TO `loader`@`localhost`", true},
		{"GRANT ALL PRIVILEGES ON `shop`.* TO `app`@`%`", false},
		{"GRANT USAGE ON *.* TO `app`@`%` IDENTIFIED BY PASSWORD '*AB'", false},
	}
	for _, tc := range tests {
		if got := MayAssignDefiner(tc.grant); got != tc.want {
			t.Errorf("MayAssignDefiner(%q) = %v, want %v", tc.grant, got, tc.want)
		}
	}
}

// TestPreflightObserveAll: every name of a statement that drops, truncates, renames,
// deletes from or writes into existing tables is named, once per action.
func TestPreflightObserveAll(t *testing.T) {
	p := &Preflight{
		databases: map[string]bool{"shop": true},
		tables: map[string]bool{"shop\x00a": true, "shop\x00b": true, "shop\x00c": true, "shop\x00d": true,
			"shop\x00e": true, "shop\x00f": true, "shop\x00g": true, "shop\x00h": true},
		created: map[string]bool{}, current: "shop",
	}
	stmts := []string{
		"DROP TABLE IF EXISTS a, `b`",
		"TRUNCATE TABLE c",
		"RENAME TABLE d TO d2, e TO e2",
		"DELETE FROM f WHERE id > 1",
		"INSERT INTO g VALUES (1)",
		"INSERT INTO g VALUES (2)",
		"UPDATE h JOIN d2 ON h.id = d2.id SET h.v = 1",
		"CREATE TABLE n (id int)",
		"INSERT INTO n VALUES (1)",
	}
	sp := NewSplitter(strings.NewReader(strings.Join(stmts, ";\n")+";\n"), SplitOptions{})
	var got []string
	for sp.Next() {
		st := sp.Statement()
		for _, ow := range p.ObserveAll(&st) {
			got = append(got, ow.Action+" "+ow.Database+"."+ow.Table)
		}
	}
	want := []string{"DROP TABLE shop.a", "DROP TABLE shop.b", "TRUNCATE TABLE shop.c", "RENAME TABLE shop.d",
		"RENAME TABLE shop.e", "DELETE FROM shop.f", "INSERT INTO shop.g", "UPDATE shop.h"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("overwrites (-want +got):\n%s", diff)
	}
}

// TestSystemCheck: an --all-databases dump's writes into mysql.* and its account
// statements are named, whether or not the tables exist.
func TestSystemCheck(t *testing.T) {
	c := NewSystemCheck("")
	stmts := []string{
		"CREATE DATABASE IF NOT EXISTS `mysql`",
		"USE `mysql`",
		"DROP TABLE IF EXISTS `global_priv`",
		"CREATE TABLE `global_priv` (`Host` char(255))",
		"INSERT INTO `global_priv` VALUES ('localhost','root','{}')",
		"USE shop",
		"INSERT INTO t VALUES (1)",
		"UPDATE mysql.user SET Password = '' WHERE User = 'root'",
		"GRANT ALL ON *.* TO `evil`@`%`",
		"CREATE USER 'x\x1b[2J'@'%'",
		"DELETE FROM sys.sys_config",
	}
	sp := NewSplitter(strings.NewReader(strings.Join(stmts, ";\n")+";\n"), SplitOptions{})
	var got []string
	for sp.Next() {
		st := sp.Statement()
		for _, ow := range c.Observe(&st) {
			if !ow.System {
				t.Errorf("%s: System not set", ow)
			}
			got = append(got, ow.Action+" "+ow.Database+"."+ow.Table+" "+ow.Detail)
		}
	}
	want := []string{"CREATE DATABASE mysql. ", "DROP TABLE mysql.global_priv ", "CREATE TABLE mysql.global_priv ",
		"INSERT INTO mysql.global_priv ", "UPDATE mysql.user ", "GRANT mysql. GRANT ALL ON *.* TO `evil`@`%`",
		"CREATE USER mysql. CREATE USER 'x\\x1b[2J'@'%'", "DELETE FROM sys.sys_config "}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("system writes (-want +got):\n%s", diff)
	}
}

// TestPreflightObserveDottedNames: a table whose database or name holds a dot is found
// when the dump deletes from it or drops it (its key is `d.x`.`t.y`, not to be cut at the first dot), so the
// refusal to overwrite covers it; and keyOf and splitKey are each other's inverse.
func TestPreflightObserveDottedNames(t *testing.T) {
	p := &Preflight{
		databases: map[string]bool{"d.x": true},
		tables:    map[string]bool{"d.x\x00t.y": true},
		created:   map[string]bool{},
	}
	sp := NewSplitter(strings.NewReader("USE `d.x`;\nDELETE FROM `t.y`;\nDROP TABLE IF EXISTS `t.y`;\n"), SplitOptions{})
	var got []string
	for sp.Next() {
		st := sp.Statement()
		if ow := p.Observe(&st); ow != nil {
			got = append(got, ow.String())
		}
	}
	if want := []string{"DELETE FROM `d.x`.`t.y` (offset 10, line 2)", "DROP TABLE `d.x`.`t.y` (offset 29, line 3)"}; !slices.Equal(got, want) {
		t.Errorf("overwrites %q, want %q", got, want)
	}
	for _, n := range [][2]string{{"a", "b"}, {"d.x", "t"}, {"d", "x.t"}, {"a`b", "c"}, {"a", "b``.c"}} {
		if db, table := splitKey(keyOf(n[0], n[1])); db != n[0] || table != n[1] {
			t.Errorf("splitKey(keyOf(%q, %q)) = %q, %q", n[0], n[1], db, table)
		}
	}
}
