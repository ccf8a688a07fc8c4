package importer

import (
	"fmt"
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
