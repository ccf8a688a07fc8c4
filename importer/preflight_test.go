package importer

import (
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
		tables:    map[string]bool{"shop\x00orders": true, "shop\x00v_orders": true},
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
	}
	var got []string
	for i, s := range stmts {
		if ow := p.Observe(&Statement{SQL: []byte(s), Offset: int64(i * 100), Line: int64(i + 1)}); ow != nil {
			got = append(got, ow.String())
		}
	}
	want := []string{
		"CREATE DATABASE `shop` (offset 0, line 1)",
		"DROP TABLE `shop`.`orders` (offset 500, line 6)",
		"DROP VIEW `shop`.`v_orders` (offset 700, line 8)",
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
