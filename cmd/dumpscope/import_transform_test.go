package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/gen"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
	"github.com/dumpscope/dumpscope/sandbox"
)

// filteredLikeClient is the differential proof of a filter: the client imports the whole
// dump into one sandbox, then SQL removes what the filter leaves out (cut); dumpscope
// imports the dump with the filter flags into another; the re-dumps of db must be
// identical. The oracle shares no code with the filter: it is the client and DROP.
func filteredLikeClient(t *testing.T, dump, db string, cut []string, flags ...string) *sandbox.Server {
	t.Helper()
	ref := testsandbox.Start(t)
	clientImport(t, ref, dump)
	rdb := openDB(t, ref, "")
	rdb.SetMaxOpenConns(1) // one session: foreign_key_checks=0 holds for the DROPs
	for _, q := range append([]string{"SET foreign_key_checks = 0"}, cut...) {
		if _, err := rdb.Exec(q); err != nil {
			t.Fatalf("reference: %s: %v", q, err)
		}
	}
	want := redump(t, ref, db)
	got := testsandbox.Start(t)
	code, _, stderr := dumpscopeImport(t, got, append([]string{"--no-advisor"}, flags...), dump)
	if code != 0 {
		t.Fatalf("dumpscope import %v: exit %d: %s", flags, code, stderr)
	}
	if !strings.Contains(stderr, "filter kept") {
		t.Errorf("no filter summary line in:\n%s", stderr)
	}
	if have := redump(t, got, db); !bytes.Equal(want, have) {
		t.Fatalf("%v: re-dumps differ (%d vs %d bytes); first difference at %s", flags, len(want), len(have), firstDiff(want, have))
	}
	return got
}

// sakilaViews and sakilaRoutines are what Sakila's mariadb-dump creates besides tables.
var (
	sakilaViews    = []string{"actor_info", "customer_list", "film_list", "nicer_but_slower_film_list", "sales_by_film_category", "sales_by_store", "staff_list"}
	sakilaRoutines = []string{"PROCEDURE film_in_stock", "PROCEDURE film_not_in_stock", "PROCEDURE rewards_report", "FUNCTION get_customer_balance", "FUNCTION inventory_held_by_customer", "FUNCTION inventory_in_stock"}
)

func dropAll(kind, db string, names []string) []string {
	var out []string
	for _, n := range names {
		out = append(out, "DROP "+kind+" `"+db+"`.`"+n+"`")
	}
	return out
}

// TestImportTablesFilterSakila: --tables keeps the named tables with their triggers (film's
// write film_text, which is kept too) and leaves out the other tables, the views and the
// routines, as a client import of the dump with those cut out would.
func TestImportTablesFilterSakila(t *testing.T) {
	requireSakila(t)
	dump := filepath.Join(sakilaDir, "sakila-mariadb-dump.sql")
	cut := dropAll("VIEW", "sakila", sakilaViews)
	cut = append(cut, dropAll("TABLE", "sakila", []string{"category", "inventory", "language", "payment", "rental", "staff", "store", "address", "city", "country", "customer"})...)
	for _, r := range sakilaRoutines {
		kind, name, _ := strings.Cut(r, " ")
		cut = append(cut, "DROP "+kind+" sakila."+name)
	}
	filteredLikeClient(t, dump, "sakila", cut, "--tables", "sakila.actor,sakila.film,film_text,sakila.film_actor,sakila.film_category")
}

// TestImportExcludeTablesSakila: --exclude-tables with globs leaves out the film tables,
// their triggers and the views; the routines and the other tables' triggers stay. Under
// --parallel 2 too.
func TestImportExcludeTablesSakila(t *testing.T) {
	requireSakila(t)
	dump := filepath.Join(sakilaDir, "sakila-mariadb-dump.sql")
	cut := append(dropAll("VIEW", "sakila", sakilaViews), dropAll("TABLE", "sakila", []string{"film", "film_actor", "film_category", "film_text"})...)
	filteredLikeClient(t, dump, "sakila", cut, "--exclude-tables", "film*,*_list,actor_info,sales_by_*", "--parallel", "2", "--batch-bytes", "64K")
}

// TestImportIncludeDatabases: of a dump holding Sakila and the generated database, only
// the generated one arrives, and Sakila is not created at all.
func TestImportIncludeDatabases(t *testing.T) {
	requireSakila(t)
	sak, err := os.ReadFile(filepath.Join(sakilaDir, "sakila-mariadb-dump.sql"))
	if err != nil {
		t.Fatal(err)
	}
	g, err := os.ReadFile(genDump(t, 2<<20, true))
	if err != nil {
		t.Fatal(err)
	}
	dump := writeDump(t, "both.sql", append(sak, g...))
	got := filteredLikeClient(t, dump, gen.DefaultDatabase, []string{"DROP DATABASE sakila"}, "--include-databases", gen.DefaultDatabase)
	var n int
	if err := openDB(t, got, "").QueryRow("SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = 'sakila'").Scan(&n); err != nil || n != 0 {
		t.Errorf("sakila exists in the target (%d, %v)", n, err)
	}
}
