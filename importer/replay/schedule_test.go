package replay

import (
	"context"
	"errors"
	"os"
	"slices"
	"strings"
	"testing"
	"unsafe"

	"github.com/dumpscope/dumpscope/importer/plan"
	"github.com/dumpscope/dumpscope/importer/split"
)

// TestSpoolRoundTrip: batches written to the spool come back byte for byte (NULs, empty
// and multi-MiB statements), the file is unlinked from the start, and it is emptied once
// nothing in it is outstanding.
func TestSpoolRoundTrip(t *testing.T) {
	dir := t.TempDir()
	sp, err := newSpool(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer sp.close()
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Fatalf("spool left a name in %s: %v", dir, ents)
	}
	big := strings.Repeat("(1,'x\\'y'),", 300_000)
	ar := newArenas(1<<10, 2)
	batches := []*rowBatch{
		batchOf(ar, "d.a", batchStmt{sql: "INSERT INTO a VALUES (1)", offset: 10, line: 2, rows: 1}, batchStmt{sql: "", offset: 40, line: 3}),
		batchOf(ar, "d.b", batchStmt{sql: "INSERT INTO b VALUES ('\x00\xff\n;')", offset: 1 << 40, line: 1 << 33, rows: 7}),
		batchOf(ar, "d.c", batchStmt{sql: "INSERT INTO c VALUES " + big, offset: 99, line: 5, rows: 300_000}),
	}
	var want [][]batchStmt
	for _, b := range batches {
		want = append(want, append([]batchStmt(nil), b.stmts...))
		for _, s := range b.stmts {
			b.bytes += int64(len(s.sql))
		}
		if err := sp.put(b); err != nil {
			t.Fatal(err)
		}
	}
	for i := len(batches) - 1; i >= 0; i-- { // read back in any order, reusing the buffers
		b := batches[i]
		if err := sp.get(b, ar); err != nil {
			t.Fatal(err)
		}
		if len(b.stmts) != len(want[i]) {
			t.Fatalf("batch %d: %d statements back, want %d", i, len(b.stmts), len(want[i]))
		}
		for j, s := range b.stmts {
			if s != want[i][j] {
				t.Fatalf("batch %d statement %d: got %+v, want %+v", i, j, trim(s), trim(want[i][j]))
			}
		}
		b.release(ar) // they point into its buffer
	}
	for _, b := range batches {
		sp.release(b)
	}
	if fi, err := sp.f.Stat(); err != nil || fi.Size() != 0 || sp.end != 0 || sp.outstanding != 0 {
		t.Fatalf("spool not emptied: size %v (%v), end %d, outstanding %d", fi.Size(), err, sp.end, sp.outstanding)
	}
}

// batchOf is a batch of the statements as the dispatcher builds it (rowBatch.add).
func batchOf(ar *arenas, table string, stmts ...batchStmt) *rowBatch {
	b := &rowBatch{table: table}
	for _, s := range stmts {
		b.add(&split.Statement{SQL: []byte(s.sql), Offset: s.offset, Line: s.line, Rows: s.rows}, ar)
	}
	return b
}

func trim(s batchStmt) batchStmt {
	if len(s.sql) > 60 {
		s.sql = s.sql[:60] + "…"
	}
	return s
}

// schedFixture is a scheduler with two workers and a backlog.
func schedFixture(entries ...entry) *scheduler {
	s := newScheduler(2, ParallelOptions{}, func() error { return nil })
	for i, e := range entries {
		e.state().seq = int64(i + 1)
		s.backlog = append(s.backlog, e)
	}
	return s
}

func rows(table string, n int64) *rowBatch { return &rowBatch{table: table, bytes: n} }

func pinnedRows(table string, n int64) *rowBatch {
	b := rows(table, n)
	b.pinned = true
	return b
}

// claim is claimLocked with the lock held; it returns what worker w claimed, described.
func claim(s *scheduler, w int) (e entry, table string, seq int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if e = s.claimLocked(w); e == nil {
		return nil, "", 0
	}
	if b, ok := e.(*rowBatch); ok {
		table = b.table
	}
	return e, table, e.state().seq
}

// TestClaim checks the scheduling rules of schedule.go on fixed backlogs.
func TestClaim(t *testing.T) {
	t.Run("pinned entries are worker 0's, in order", func(t *testing.T) {
		p := schedFixture(pinnedRows("d.log", 1), rows("d.a", 1), pinnedRows("d.log", 1))
		if b, table, _ := claim(p, 1); b == nil || table != "d.a" {
			t.Fatalf("worker 1 claimed %+v, want the d.a batch (it may not take pinned ones)", b)
		}
		if b, _, _ := claim(p, 1); b != nil {
			t.Fatalf("worker 1 claimed pinned %+v", b)
		}
		for _, want := range []int64{1, 3} {
			if b, _, seq := claim(p, 0); b == nil || seq != want {
				t.Fatalf("worker 0 claimed %+v, want seq %d", b, want)
			}
		}
	})
	t.Run("a free worker goes on to the next table", func(t *testing.T) {
		// Worker 0 is loading d.a (claimed seq 1); d.a has 2 MB left, d.b 8 MB after it.
		p := schedFixture(rows("d.a", 1<<20), rows("d.a", 1<<20), rows("d.a", 1<<20), rows("d.b", 4<<20), rows("d.b", 4<<20))
		if _, _, seq := claim(p, 0); seq != 1 {
			t.Fatalf("worker 0 claimed seq %d", seq)
		}
		if b, table, _ := claim(p, 1); b == nil || table != "d.b" {
			t.Fatalf("worker 1 claimed %+v, want d.b's first batch", b)
		}
		// Worker 1 has passed d.a: worker 0 is left to finish it, in order.
		for _, want := range []int64{2, 3} {
			if b, _, seq := claim(p, 0); b == nil || seq != want {
				t.Fatalf("worker 0 claimed %+v, want seq %d", b, want)
			}
		}
	})
	t.Run("a table bigger than what follows keeps every worker", func(t *testing.T) {
		p := schedFixture(rows("d.a", 4<<20), rows("d.a", 4<<20), rows("d.a", 4<<20), rows("d.b", 1<<20))
		claim(p, 0)
		if b, _, seq := claim(p, 1); b == nil || seq != 2 {
			t.Fatalf("worker 1 claimed %+v, want d.a's second batch", b)
		}
	})
	t.Run("not while the reader is still in the table", func(t *testing.T) {
		p := schedFixture(rows("d.a", 1), rows("d.a", 1), rows("d.b", 8))
		p.streaming = "d.a" // more of d.a may come: how much is left is not known
		claim(p, 0)
		if b, _, seq := claim(p, 1); b == nil || seq != 2 {
			t.Fatalf("worker 1 claimed %+v, want d.a's second batch", b)
		}
	})
	t.Run("nothing is passed over that no other worker can take", func(t *testing.T) {
		p := schedFixture(rows("d.a", 1), rows("d.a", 1), rows("d.a", 1), rows("d.b", 8))
		claim(p, 0)
		p.pos[0] = 3 // worker 0 got past seq 2 (it may not come back for it)
		if b, _, seq := claim(p, 1); b == nil || seq != 2 {
			t.Fatalf("worker 1 claimed %+v, want seq 2, which only it can still take", b)
		}
	})
	t.Run("an item waits until the entries of its tables before it are claimed", func(t *testing.T) {
		item := &barrierItem{stmt: &split.Statement{}, keys: []string{"d.a"}}
		p := schedFixture(pinnedRows("d.a", 1), item)
		if b, _, _ := claim(p, 1); b != nil {
			t.Fatalf("worker 1 claimed %+v while d.a's pinned batch was unclaimed", b)
		}
		claim(p, 0)
		if b, _, _ := claim(p, 1); b != item {
			t.Fatalf("worker 1 claimed %+v, want the item", b)
		}
	})
}

// TestLocalDDL: which statements wait only for their own tables, and not for every barrier
// item in flight. mysqldump's view stand-ins read nothing; a real view may read any table.
func TestLocalDDL(t *testing.T) {
	for _, c := range []struct {
		sql          string
		local, items bool // localDDL; mayRunOnWorker
		global       bool // scope: waits for every table's batches
	}{
		{"/*!50001 CREATE VIEW `v` AS SELECT\n 1 AS `a`,\n 1 AS `b` */", true, false, false},
		{"/*!50001 CREATE VIEW `v` AS SELECT\n NULL AS `customer_id`,\n NULL AS `from` */", true, false, false},
		{"/*!50001 DROP VIEW IF EXISTS `v`*/", true, false, false},
		{"DROP VIEW IF EXISTS `v`, `w`", false, false, false},
		{"/*!50001 CREATE ALGORITHM=UNDEFINED */ /*!50013 DEFINER=`root`@`localhost` SQL SECURITY DEFINER */ /*!50001 VIEW `v` AS select `c`.`id` AS `id` from `customers` `c` */", false, false, true},
		{"CREATE VIEW v AS SELECT f() AS x", false, false, true},
		{"CREATE VIEW v (a) AS SELECT 1", false, false, true},
		{"CREATE VIEW v AS TABLE t", false, false, true},
		{"ALTER VIEW v AS TABLE t", false, false, true},
		{"CREATE VIEW v AS SELECT 1 AS a UNION SELECT id FROM t", false, false, true},
		{"CREATE TABLE t (id int)", true, false, false},
		{"DROP TABLE IF EXISTS `t`", true, false, false},
		{"ALTER TABLE `t` ADD KEY (k)", true, true, false},
		{"CREATE TABLE t LIKE u", false, false, false},
		{"CREATE TABLE t AS SELECT * FROM u", true, false, true},
		{"CREATE PROCEDURE p() SELECT 1", false, false, false}, // its routine and the tables whose triggers may call it (routineScope)
	} {
		sp := split.NewSplitter(strings.NewReader(c.sql+";\n"), split.SplitOptions{})
		if !sp.Next() {
			t.Fatalf("%s: %v", c.sql, sp.Err())
		}
		st := sp.Statement()
		if got := localDDL(&st); got != c.local {
			t.Errorf("localDDL(%s) [%s] = %v, want %v", c.sql, st.Verb, got, c.local)
		}
		if got := mayRunOnWorker(&st); got != c.items {
			t.Errorf("mayRunOnWorker(%s) [%s] = %v, want %v", c.sql, st.Verb, got, c.items)
		}
		if _, global := plan.BarrierScope(&st, ""); global != c.global {
			t.Errorf("scope(%s) [%s]: global %v, want %v", c.sql, st.Verb, global, c.global)
		}
	}
}

// TestTriggerTables: the tables a trigger names, qualified with its database when the
// body does not say which, including those it only reads; a CALL makes them unknown.
func TestTriggerTables(t *testing.T) {
	for _, c := range []struct {
		sql   string
		want  []string
		known bool
	}{
		{"CREATE TRIGGER ins_film AFTER INSERT ON film FOR EACH ROW BEGIN INSERT INTO film_text (film_id, title) VALUES (new.film_id, new.title); END",
			[]string{"d.film", "d.film_text"}, true},
		{"CREATE TRIGGER t AFTER INSERT ON `a` FOR EACH ROW UPDATE `other`.`counters` SET n=n+1",
			[]string{"d.a", "other.counters"}, true},
		{"CREATE TRIGGER t BEFORE INSERT ON a_items FOR EACH ROW SET NEW.price=(SELECT p FROM b_prices WHERE id=NEW.pid)",
			[]string{"d.a_items", "d.b_prices"}, true},
		{"CREATE TRIGGER t AFTER DELETE ON a FOR EACH ROW DELETE FROM log WHERE id IN (SELECT id FROM x JOIN y USING (id))",
			[]string{"d.a", "d.log", "d.x", "d.y"}, true},
		{"CREATE TRIGGER t AFTER INSERT ON a FOR EACH ROW CALL add_total(NEW.id)", []string{"d.a"}, false},
	} {
		got, known := plan.TriggerTables([]byte(c.sql), "d")
		slices.Sort(got)
		got = slices.Compact(got)
		if !slices.Equal(got, c.want) || known != c.known {
			t.Errorf("plan.TriggerTables(%s) = %v, %v; want %v, %v", c.sql, got, known, c.want, c.known)
		}
	}
}

// TestSchedulerCompletions scripts sends, claims and completions: what is in flight per
// table, what waitFor and a barrier item wait for, and that done gives the budget back.
func TestSchedulerCompletions(t *testing.T) {
	ctx := context.Background()
	s := newScheduler(2, ParallelOptions{QueueBytes: 10}, func() error { return nil })
	a1, a2, b1 := rows("d.a", 4), rows("d.a", 4), rows("d.b", 2)
	for _, b := range []*rowBatch{a1, a2, b1} {
		if !s.budget().tryAcquire(b.bytes) {
			t.Fatalf("budget refused %d bytes with %d queued", b.bytes, s.queuedBytes)
		}
		s.send(b, false)
	}
	if s.budget().tryAcquire(1) {
		t.Fatal("budget of 10 bytes took an 11th")
	}
	item := &barrierItem{stmt: &split.Statement{Offset: 99}, keys: []string{"d.a"}}
	s.send(item, false)
	if !s.isBusy([]string{"d.a"}) || !s.barrierPending("d.a") || s.barrierPending("d.b") {
		t.Fatalf("in flight: busy %v, barrierOn %v", s.busy, s.barrierOn)
	}
	e0, _, _ := claim(s, 0)
	e1, _, _ := claim(s, 1)
	if e0 != a1 || e1 != a2 {
		t.Fatalf("claims: worker 0 %v, worker 1 %v; want d.a's batches in order", e0, e1)
	}
	// The item may not be claimed before d.b's batch, which comes before it.
	if e, _, _ := claim(s, 0); e != b1 {
		t.Fatalf("worker 0's next claim: %v, want d.b's batch", e)
	}
	if e, _, _ := claim(s, 1); e != item {
		t.Fatalf("worker 1's next claim: %v, want the item", e)
	}
	itemReady := func() bool { return !anyOver(s.busy, item.keys, 1) }
	waited := make(chan error, 1)
	go func() { waited <- s.wait(ctx, func() error { return nil }, itemReady) }()
	s.done(b1)
	s.done(a1)
	select {
	case err := <-waited:
		t.Fatalf("the item's wait ended (%v) with a batch of d.a still running", err)
	default:
	}
	s.done(a2)
	if err := <-waited; err != nil {
		t.Fatal(err)
	}
	if s.queuedBytes != 0 || len(s.running) != 0 {
		t.Fatalf("after the batches: %d bytes queued, running %v", s.queuedBytes, s.running)
	}
	s.done(item)
	if err := s.waitFor(ctx, nil, true); err != nil || s.barriers != 0 || len(s.busy) != 0 {
		t.Fatalf("after everything: %v, barriers %d, busy %v", err, s.barriers, s.busy)
	}
	// A failure ends every wait with it.
	stopped := errors.New("stopped")
	s.stop = func() error { return stopped }
	s.send(rows("d.c", 1), false)
	if err := s.waitFor(ctx, []string{"d.c"}, false); err != stopped {
		t.Fatalf("waitFor after a failure: %v", err)
	}
}

// TestBatchAddCopiesOnce: a row insert's bytes are copied once out of the splitter's buffer,
// into the batch's buffer, which the spool writes as it is and which goes back for the next
// batch once the batch is done: filling a batch from a recycled buffer allocates nothing
// (a fresh string per statement did, megabytes at a time).
func TestBatchAddCopiesOnce(t *testing.T) {
	ar := newArenas(1<<20, 2)
	st := &split.Statement{SQL: []byte(strings.Repeat("(1,'x'),", 8<<10)), Offset: 7, Line: 3, Rows: 8 << 10}
	stmts := make([]batchStmt, 0, 8)
	var b rowBatch
	allocs := testing.AllocsPerRun(10, func() {
		b.stmts = stmts[:0]
		for i := 0; i < 8; i++ {
			b.add(st, ar)
		}
		for _, s := range b.stmts {
			at := uintptr(unsafe.Pointer(unsafe.StringData(s.sql))) - uintptr(unsafe.Pointer(unsafe.SliceData(b.buf)))
			if s.sql != string(st.SQL) || at >= uintptr(len(b.buf)) {
				t.Fatalf("statement not in the batch's buffer, or changed")
			}
		}
		b.release(ar)
	})
	if allocs != 0 {
		t.Errorf("filling a batch from a recycled buffer: %v allocations, want 0", allocs)
	}
}

// TestBatchShrink: a batch that fills little of a full-size buffer moves to a small one (at
// most twice its size, or smallBufferMinBytes) when it is sent, its statements intact, and
// gives the big buffer back.
func TestBatchShrink(t *testing.T) {
	ar := newArenas(4<<20, 2)
	b := batchOf(ar, "d.t", batchStmt{sql: "INSERT INTO t VALUES (1)", offset: 1, line: 1, rows: 1}, batchStmt{sql: "", offset: 30, line: 2}, batchStmt{sql: "INSERT INTO t VALUES (2)", offset: 40, line: 3, rows: 1})
	var want []batchStmt
	for _, s := range b.stmts {
		s.sql = strings.Clone(s.sql)
		want = append(want, s)
	}
	b.shrink(ar)
	if cap(b.buf) > max(2*len(b.buf), smallBufferMinBytes) || len(ar.free) != 1 {
		t.Fatalf("after shrink: buffer cap %d len %d, %d buffers free; want a small buffer, 1 free", cap(b.buf), len(b.buf), len(ar.free))
	}
	big := ar.free[0]
	ar.free = ar.free[:0]
	clear(big[:cap(big)]) // what a later batch does to the buffer
	if !slices.Equal(b.stmts, want) {
		t.Fatalf("statements after shrink: %v, want %v", b.stmts, want)
	}
	// Its small buffer is not kept for the next batch, which would grow it by copying, but
	// for the next shrink (TestShrinkReusesSmallBuffer).
	b.release(ar)
	if len(ar.free) != 0 || len(ar.small.free) != 1 {
		t.Fatalf("the shrunk buffer was kept for full batches, or not for the next shrink")
	}
}

// TestReadAheadPlacement: the dispatcher reads beyond memory into the spool only where
// that places a worker (budget.go), and a worker passes a table over counting what the
// dispatcher has not read yet.
func TestReadAheadPlacement(t *testing.T) {
	var read int64
	s := newScheduler(2, ParallelOptions{QueueBytes: 8, SpoolBytes: 1 << 20}, func() error { return nil })
	s.streamBytes, s.readBytes = func() int64 { return 1000 }, func() int64 { return read }
	overdraw := func() bool {
		s.mu.Lock()
		defer s.mu.Unlock()
		return s.budget().mayOverdrawLocked()
	}
	s.setStreaming("d.a")
	for range 3 {
		s.send(rows("d.a", 4), false)
	}
	claim(s, 0)
	if overdraw() {
		t.Fatal("the spool is read into with one worker busy and the other not waiting")
	}
	w1, _, _ := claim(s, 1)
	read = 12
	if !overdraw() {
		t.Fatal("two workers share the table being read, most of the stream unread: the dispatcher waits instead of reading on to part them")
	}
	read = 997 // the table's unclaimed rest (4 bytes) exceeds what is left to read
	if overdraw() {
		t.Fatal("the spool is read into near the end of the stream, where no next table could take a worker")
	}
	// The dispatcher reads on to the next table: w1, done with its batch, goes on to it
	// although its batch (2 bytes) is smaller than d.a's rest, because the stream goes on.
	read = 20
	s.setStreaming("d.b")
	b1 := rows("d.b", 2)
	s.send(b1, false)
	if overdraw() {
		t.Fatal("the spool is read into once the next table's rows are there to pass over to")
	}
	s.done(w1)
	if e, _, _ := claim(s, 1); e != b1 {
		t.Fatalf("worker 1 claimed %v, want d.b's batch (d.a's rest passed over)", e)
	}
	// A worker with nothing it may claim starves: the spool may take what memory cannot.
	s.setStreaming("d.c")
	s.send(pinnedRows("d.c", 8), true)
	s.mu.Lock()
	s.waiting[1] = true
	s.mu.Unlock()
	if !overdraw() {
		t.Fatal("worker 1 waits with only worker 0's pinned rows in the backlog, and the dispatcher may not read on")
	}
	s.spoolOff = true
	if overdraw() {
		t.Fatal("read beyond memory with the spool off")
	}
}

// TestAccountRanAgain: the account statements a resume may find already applied (ERROR
// 1396), and the forms that never fail so.
func TestAccountRanAgain(t *testing.T) {
	for sql, want := range map[string]bool{
		"CREATE USER 'u'@'localhost'":               true,
		"/*!80000 DROP USER 'u'@'%' */":             true,
		"RENAME USER a TO b":                        true,
		"CREATE ROLE r":                             true,
		"DROP ROLE r":                               true,
		"CREATE USER IF NOT EXISTS 'u'@'localhost'": false,
		"DROP USER IF EXISTS u":                     false,
		"CREATE OR REPLACE USER u":                  false,
		"ALTER USER u IDENTIFIED BY 'x'":            false,
		"GRANT SELECT ON *.* TO u":                  false,
		"CREATE TABLE user (id int)":                false,
	} {
		sp := split.NewSplitter(strings.NewReader(sql+";\n"), split.SplitOptions{})
		if !sp.Next() {
			t.Fatalf("%s: %v", sql, sp.Err())
		}
		st := sp.Statement()
		if got := accountRanAgain(&st); got != want {
			t.Errorf("accountRanAgain(%s) = %v, want %v", sql, got, want)
		}
	}
}
