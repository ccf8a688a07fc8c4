// Command srvwork measures the server's CPU for the same rows sent in different shapes
// (issue 24): it takes a dump's INSERT statements of one table and runs them into
// copies of the table on a throwaway server, variant after variant in alternating
// order, each chunk measured by the server process's CPU time (/proc schedstat of all
// its threads), so that the machine's load drifts alike over every variant. Paired
// chunks are less load-sensitive than whole restores.
package main

import (
	"bufio"
	"compress/gzip"
	"context"
	"database/sql"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	_ "github.com/go-sql-driver/mysql"

	"github.com/dumpscope/dumpscope/sandbox"
)

// variant is one shape of sending a chunk of statements.
type variant struct {
	name  string
	names string // SET NAMES value
	txn   int    // statements per transaction (0: autocommit each)
	conns int    // connections sending at once (each its own table copy)
	empty bool   // the copies start empty: the first transaction takes InnoDB's bulk path
}

func main() {
	dump := flag.String("dump", "/tmp/psrv-bench/sysbench-4x250000.sql.gz", "mysqldump .sql.gz")
	table := flag.String("table", "sbtest1", "table whose INSERTs are used")
	n := flag.Int("statements", 24, "INSERT statements per chunk")
	rounds := flag.Int("rounds", 6, "rounds (each runs every variant once, order alternating)")
	which := flag.String("variants", "names", "names | txn | streams | bulk")
	flag.Parse()
	ctx := context.Background()
	create, stmts := readTable(*dump, *table, *n*4+1)
	warm := stmts[*n*4]
	var vs []variant
	switch *which {
	case "names":
		vs = []variant{{"utf8mb4 txn4", "utf8mb4", 4, 1, false}, {"binary txn4", "binary", 4, 1, false}}
	case "txn":
		vs = []variant{{"autocommit", "utf8mb4", 0, 1, false}, {"txn4", "utf8mb4", 4, 1, false}, {"txn24", "utf8mb4", 24, 1, false}}
	case "bulk":
		vs = []variant{{"txn4 empty", "utf8mb4", 4, 1, true}, {"one txn empty", "utf8mb4", 1 << 30, 1, true}}
	case "streams":
		vs = []variant{{"1 stream", "utf8mb4", 4, 1, false}, {"2 streams", "utf8mb4", 4, 2, false}}
	}
	srv, err := sandbox.Start(ctx, sandbox.Options{Dir: "/tmp/psrv-bench"})
	if err != nil {
		log.Fatal(err)
	}
	defer srv.Stop()
	db, err := sql.Open("mysql", srv.DSN(""))
	if err != nil {
		log.Fatal(err)
	}
	db.SetMaxOpenConns(8)
	mustExec(db, "CREATE DATABASE w")
	per := map[string][]float64{}
	for r := 0; r < *rounds; r++ {
		order := append([]variant(nil), vs...)
		if r%2 == 1 {
			for i, j := 0, len(order)-1; i < j; i, j = i+1, j-1 {
				order[i], order[j] = order[j], order[i]
			}
		}
		for _, v := range order {
			chunk := stmts[(r%4)**n : (r%4+1)**n]
			sec := runChunk(ctx, db, srv.PID, create, warm, v, r, chunk)
			per[v.name] = append(per[v.name], sec)
			fmt.Printf("round %d %-14s server cpu %.3f s\n", r, v.name, sec)
		}
	}
	for _, v := range vs {
		xs := per[v.name]
		sort.Float64s(xs)
		fmt.Printf("%-14s median %.3f s  min %.3f  max %.3f  (%d chunks of %d statements)\n", v.name, xs[len(xs)/2], xs[0], xs[len(xs)-1], len(xs), *n)
	}
}

// runChunk creates fresh table copies for v (one per connection), then sends chunk on
// each (split among the connections) and returns the server's CPU seconds meanwhile.
func runChunk(ctx context.Context, db *sql.DB, pid int, create, warm string, v variant, r int, chunk []string) float64 {
	conns := make([]*sql.Conn, v.conns)
	tables := make([]string, v.conns)
	for i := range conns {
		c, err := db.Conn(ctx)
		if err != nil {
			log.Fatal(err)
		}
		conns[i] = c
		tables[i] = fmt.Sprintf("t_%d_%d_%d", r, len(v.name), i)
		mustConn(c, "USE w")
		mustConn(c, "SET NAMES "+v.names+", unique_checks=0, foreign_key_checks=0, sql_mode='NO_AUTO_VALUE_ON_ZERO', time_zone='+00:00'")
		mustConn(c, strings.Replace(create, "`"+"TABLE"+"`", "`"+tables[i]+"`", 1))
		// The first transaction into an empty table takes InnoDB's bulk path: warm each
		// copy with one statement so every variant measures the row-by-row path alike.
		if !v.empty {
			mustConn(c, strings.Replace(warm, "`"+"TABLE"+"`", "`"+tables[i]+"`", 1))
		}
	}
	time.Sleep(300 * time.Millisecond) // let the page cleaner's burst after CREATE pass
	before := serverCPU(pid)
	var wg sync.WaitGroup
	for i, c := range conns {
		wg.Add(1)
		go func(i int, c *sql.Conn) {
			defer wg.Done()
			// The connections share the chunk's statements, each into its own table.
			in := 0
			for k, q := range chunk {
				if k%v.conns != i {
					continue
				}
				if v.txn > 0 && in == 0 {
					mustConn(c, "START TRANSACTION")
				}
				mustConn(c, strings.Replace(q, "`"+"TABLE"+"`", "`"+tables[i]+"`", 1))
				in++
				if v.txn > 0 && in == v.txn {
					mustConn(c, "COMMIT")
					in = 0
				}
			}
			if v.txn > 0 && in > 0 {
				mustConn(c, "COMMIT")
			}
		}(i, c)
	}
	wg.Wait()
	after := serverCPU(pid)
	for i, c := range conns {
		mustConn(c, "DROP TABLE "+tables[i])
		c.Close()
	}
	return after - before
}

// serverCPU is the CPU seconds of every thread of process pid (schedstat: ns on CPU).
func serverCPU(pid int) float64 {
	tasks, _ := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/schedstat", pid))
	var ns float64
	for _, t := range tasks {
		b, err := os.ReadFile(t)
		if err != nil {
			continue
		}
		f := strings.Fields(string(b))
		v, _ := strconv.ParseFloat(f[0], 64)
		ns += v
	}
	// A thread that ends mid-chunk (a background task of the server's) takes its time
	// out of the sum: such a chunk reads low, even below zero; read it as lost.
	return ns / 1e9
}

// readTable returns the table's CREATE TABLE (name replaced by `TABLE`) and up to max
// of its INSERT statements (likewise), from a mysqldump file with one statement a line.
func readTable(path, table string, max int) (string, []string) {
	f, err := os.Open(path)
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		log.Fatal(err)
	}
	br := bufio.NewReaderSize(zr, 1<<20)
	var create strings.Builder
	var stmts []string
	inCreate := false
	var ins *strings.Builder
	name := "`" + table + "`"
	for len(stmts) < max {
		line, err := br.ReadString('\n')
		if err == io.EOF {
			break
		}
		if err != nil {
			log.Fatal(err)
		}
		switch {
		case strings.HasPrefix(line, "CREATE TABLE "+name):
			inCreate = true
			create.WriteString(line)
		case inCreate:
			create.WriteString(line)
			if strings.HasPrefix(line, ")") {
				inCreate = false
			}
		case strings.HasPrefix(line, "INSERT INTO "+name+" VALUES"):
			ins = &strings.Builder{}
			ins.WriteString(line)
		case ins != nil:
			ins.WriteString(line) // mysqldump writes a row a line; the last ends in ";"
			if strings.HasSuffix(line, ";\n") {
				stmts = append(stmts, strings.Replace(strings.TrimRight(ins.String(), ";\n"), name, "`TABLE`", 1))
				ins = nil
			}
		}
	}
	if len(stmts) < max {
		log.Fatalf("%s: %d INSERT statements of %s, want %d", path, len(stmts), table, max)
	}
	return strings.Replace(strings.TrimRight(create.String(), ";\n"), name, "`TABLE`", 1), stmts
}

func mustExec(db *sql.DB, q string) {
	if _, err := db.Exec(q); err != nil {
		log.Fatalf("%.80s: %v", q, err)
	}
}

func mustConn(c *sql.Conn, q string) {
	if _, err := c.ExecContext(context.Background(), q); err != nil {
		log.Fatalf("%.80s: %v", q, err)
	}
}
