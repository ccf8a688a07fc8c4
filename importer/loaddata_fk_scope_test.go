package importer_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/importer/split"
)

// fkScopeCase is a dump in which one statement (at) on a table related by a foreign key
// to another (held) is dispatched while the held table's rows are inside their LOAD DATA.
type fkScopeCase struct {
	name string
	// pre: what comes after CREATE DATABASE d; USE d; and before the held table's rows.
	pre string
	// held is the table whose rows the test holds inside their LOAD with a gap lock; its
	// rows are "INSERT INTO `held` VALUES (2000,…" in pre's tables' shape.
	held, rows string
	// at and post: the statement dispatched while the rows are held, and what follows.
	at, post string
	// beside: the import must not hold at back for the held table's batch (it runs on
	// the server beside the LOAD, or waits there for a lock). The others may go to a
	// worker as a barrier item behind that batch, so whether they are held back is not
	// read from the dispatcher.
	beside bool
}

// The tables of the cases: c's foreign key references p; both take AUTO_INCREMENT ids,
// whose table-level AUTO-INC lock a LOAD with explicit ids asks for inside its statement
// (after its IX lock).
const (
	fkChild  = "CREATE TABLE `c` (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, pid INT, note VARCHAR(20), KEY kp (pid),\n  CONSTRAINT fk FOREIGN KEY (pid) REFERENCES p (id)) ENGINE=InnoDB;\n"
	fkParent = "CREATE TABLE `p` (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c0 VARCHAR(20)) ENGINE=InnoDB;\n"
	fkHeader = "SET FOREIGN_KEY_CHECKS=0;\nCREATE DATABASE d;\nUSE d;\n"
)

// fkScopeCases: each statement that may act on a table another one's foreign key relates
// it to, dispatched while that other table's rows are held inside their LOAD DATA (the
// parent's statements beside the child's rows, and the child's beside the parent's).
var fkScopeCases = []fkScopeCase{
	// mysqldump's order: the child sorts before its parent, which does not exist yet.
	{name: "parent-drop-if-exists-missing", pre: fkChild, held: "c", at: "DROP TABLE IF EXISTS `p`",
		post: fkParent + "INSERT INTO `p` VALUES (1,'a'),(2,'b');\n", beside: true},
	{name: "parent-create", pre: fkChild, held: "c", at: "CREATE TABLE `p`",
		post: "INSERT INTO `p` VALUES (1,'a'),(2,'b');\n", beside: true},
	{name: "parent-create-like", pre: "CREATE TABLE `q` (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c0 VARCHAR(20)) ENGINE=InnoDB;\n" + fkChild,
		held: "c", at: "CREATE TABLE `p` LIKE `q`", post: "INSERT INTO `p` VALUES (1,'a'),(2,'b');\n", beside: true},
	// A parent that exists: what changes it waits for the child's rows.
	{name: "parent-drop-existing", pre: fkParent + fkChild, held: "c", at: "DROP TABLE IF EXISTS `p`",
		post: fkParent + "INSERT INTO `p` VALUES (1,'a'),(2,'b');\n"},
	{name: "parent-alter-add-index", pre: fkParent + fkChild, held: "c", at: "ALTER TABLE `p` ADD INDEX",
		post: "INSERT INTO `p` VALUES (1,'a'),(2,'b');\n"},
	{name: "parent-create-index", pre: fkParent + fkChild, held: "c", at: "CREATE INDEX",
		post: "INSERT INTO `p` VALUES (1,'a'),(2,'b');\n"},
	{name: "parent-truncate", pre: fkParent + "INSERT INTO `p` VALUES (5,'e');\n" + fkChild, held: "c", at: "TRUNCATE",
		post: "INSERT INTO `p` VALUES (1,'a'),(2,'b');\n"},
	{name: "parent-rename", pre: fkParent + fkChild, held: "c", at: "RENAME TABLE",
		post: "INSERT INTO `p2` VALUES (1,'a'),(2,'b');\n"},
	{name: "parent-optimize", pre: fkParent + fkChild, held: "c", at: "OPTIMIZE TABLE",
		post: "INSERT INTO `p` VALUES (1,'a'),(2,'b');\n"},
	{name: "parent-create-or-replace-missing", pre: fkChild, held: "c", at: "CREATE OR REPLACE TABLE `p`",
		post: "INSERT INTO `p` VALUES (1,'a'),(2,'b');\n", beside: true},
	{name: "parent-create-or-replace-existing", pre: fkParent + fkChild, held: "c", at: "CREATE OR REPLACE TABLE `p`",
		post: "INSERT INTO `p` VALUES (1,'a'),(2,'b');\n"},
	// The child's statements beside the parent's rows.
	{name: "child-create", pre: fkParent, held: "p", at: "CREATE TABLE `c`",
		post: "INSERT INTO `c` VALUES (1,2000,'a');\n", beside: true},
	{name: "child-create-checks-on", pre: fkParent + "SET FOREIGN_KEY_CHECKS=1;\n", held: "p", at: "CREATE TABLE `c`",
		post: "INSERT INTO `c` VALUES (1,2000,'a');\n", beside: true},
	{name: "child-alter-add-index", pre: fkParent + fkChild, held: "p", at: "ALTER TABLE `c` ADD INDEX",
		post: "INSERT INTO `c` VALUES (1,1,'a');\n"},
}

// fkScopeAt is the text of each case's statement at.
var fkScopeAt = map[string]string{
	"DROP TABLE IF EXISTS `p`":    "DROP TABLE IF EXISTS `p`;\n",
	"CREATE TABLE `p`":            fkParent,
	"CREATE TABLE `p` LIKE `q`":   "CREATE TABLE `p` LIKE `q`;\n",
	"ALTER TABLE `p` ADD INDEX":   "ALTER TABLE `p` ADD INDEX ix (c0);\n",
	"CREATE INDEX":                "CREATE INDEX ix ON `p` (c0);\n",
	"TRUNCATE":                    "TRUNCATE TABLE `p`;\n",
	"RENAME TABLE":                "RENAME TABLE `p` TO `p2`;\n",
	"OPTIMIZE TABLE":              "OPTIMIZE TABLE `p`;\n",
	"CREATE TABLE `c`":            fkChild,
	"CREATE OR REPLACE TABLE `p`": "CREATE OR REPLACE TABLE `p` (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c0 VARCHAR(20)) ENGINE=InnoDB;\n",
	"ALTER TABLE `c` ADD INDEX":   "ALTER TABLE `c` ADD INDEX ix (note);\n",
}

// TestLoadDataForeignKeyKinScope: under --load-data a statement on a table related to
// another by a foreign key waits for that table's batches in flight only when it may
// change an existing table. Beside a LOAD into the child held between its IX lock and its
// AUTO-INC lock (difffuzz seed 30015), with that wait removed, a DROP of an existing
// parent, a CREATE OR REPLACE of one, its ALTER … ADD INDEX, CREATE INDEX, TRUNCATE and
// RENAME failed with ERROR 1213 (or 1025, errno 149), most in every run, CREATE INDEX and
// TRUNCATE in one of two (in the other they waited on the server for a lock, which
// innodb_lock_wait_timeout ends); an ALTER of the child beside the parent's LOAD waited
// so in both. mysqldump's DROP TABLE IF EXISTS of a parent not yet
// created, its CREATE TABLE (… LIKE), and a CREATE OR REPLACE of a missing one took no
// lock there, and now go to the server beside the LOAD: they had waited for the child's
// batch, idling a worker at that table boundary. The held table's rows are held inside
// their LOAD by a gap lock; they are released once the statement waits on the server
// for a lock, or the dispatcher passed it, or after a while; every case must finish as
// the client's import does.
func TestLoadDataForeignKeyKinScope(t *testing.T) {
	for _, c := range fkScopeCases {
		t.Run(c.name, func(t *testing.T) {
			dump := fkHeader + c.pre
			if c.held == "c" {
				dump += "INSERT INTO `c` VALUES (2000,1,'x'),(2001,2,'y');\n"
			} else {
				dump += "INSERT INTO `p` VALUES (2000,'x'),(2001,'y');\n"
			}
			dump += fkScopeAt[c.at] + c.post + "SET FOREIGN_KEY_CHECKS=1;\n"
			if beside := fkScopeRun(t, dump, c.held, c.at); c.beside && !beside {
				t.Errorf("%s was held back for the LOAD into %s: want it beside", c.at, c.held)
			}
		})
	}
}

// fkScopeRun imports dump with --parallel 2 --load-data, holding the rows of held inside
// their LOAD while the statement that begins with at is dispatched, checks it against the
// client's import, and reports whether the import sent that statement while they were
// held (prepared it: a statement of the control connection then runs).
func fkScopeRun(t *testing.T, dump, held, at string) bool {
	t.Helper()
	f, ref, got, db, lock := heldLoadTarget(t, dump)
	ctx := context.Background()
	verb := strings.Join(strings.Fields(fkScopeAt[at])[:2], " ")
	// serverWaits reports whether the server runs a statement that begins with verb and
	// waits for a lock (an InnoDB lock or a metadata lock).
	serverWaits := func() bool {
		var n int
		err := db.QueryRow("SELECT (SELECT COUNT(*) FROM information_schema.INNODB_TRX WHERE trx_state = 'LOCK WAIT' AND trx_query LIKE ?)"+
			" + (SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE INFO LIKE ? AND STATE LIKE '%lock%')", verb+"%", verb+"%").Scan(&n)
		if err != nil {
			t.Error(err)
		}
		return n > 0
	}
	loading := func() bool {
		var n int
		if err := db.QueryRow("SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE INFO LIKE 'LOAD DATA%'").Scan(&n); err != nil {
			t.Error(err)
		}
		return n > 0
	}
	var (
		mu       sync.Mutex
		atSent   bool // the import prepared at: it is about to run it (or, as a barrier item, queued it)
		isPast   bool
		passed   = make(chan struct{}) // the dispatcher reached the statement after at
		released = make(chan struct{})
		started  bool // the rows are held (set by the dispatcher before it reaches at)
		sent     bool // at was prepared while the rows were held
		waited   bool // at waited for a lock on the server while the rows were held
	)
	// waitLoading polls for a LOAD DATA on the server, for about 6 s.
	waitLoading := func() bool {
		for range 200 {
			if loading() {
				return true
			}
			time.Sleep(30 * time.Millisecond)
		}
		return false
	}
	// release lets the held rows go on once at waits on the server or the dispatcher
	// passed it, or after about 6 s (the import holds at back for them).
	release := func() {
		defer close(released)
		if !waitLoading() {
			t.Errorf("the rows of %s never went in as a LOAD DATA", held)
		}
		for range 200 {
			mu.Lock()
			sent = atSent
			mu.Unlock()
			if sent {
				if waited = serverWaits(); waited {
					break
				}
				select {
				case <-passed:
				default:
					time.Sleep(30 * time.Millisecond)
					continue
				}
				break
			}
			time.Sleep(30 * time.Millisecond)
		}
		if _, err := lock.ExecContext(ctx, "COMMIT"); err != nil {
			t.Error(err)
		}
	}
	o := importer.Options{LoadData: true, Parallel: 2, BatchBytes: 16 << 20}
	o.OnStatement = func(_ context.Context, st *split.Statement) error {
		q := string(st.SQL)
		if started && strings.HasPrefix(q, at) {
			// at goes to the server only once the held rows are inside their LOAD (they
			// went to a worker at its barrier), unless the import held it back until
			// they were released.
			select {
			case <-released:
			default:
				waitLoading()
			}
		}
		mu.Lock()
		defer mu.Unlock()
		switch {
		case strings.HasPrefix(q, "INSERT INTO `"+held+"` VALUES (2000"):
			// A gap lock above every id: the rows wait inside their statement.
			for _, q := range []string{"BEGIN", "SELECT * FROM d.`" + held + "` WHERE id > 0 FOR UPDATE"} {
				if _, err := lock.ExecContext(ctx, q); err != nil {
					return err
				}
			}
			started = true
			go release()
		case strings.HasPrefix(q, at) && !atSent:
			atSent = true
		case atSent && !isPast:
			isPast = true
			close(passed)
		}
		return nil
	}
	res, err := tryImport(t, got, "", importer.Source{Path: f}, o)
	if started {
		<-released
	}
	if err != nil {
		t.Fatalf("import: %v", err)
	}
	finished(t, res)
	if res.Replay.LoadData == nil || res.Replay.LoadData.Loaded == 0 {
		t.Error("no batch was loaded in bulk")
	}
	sameDump(t, "--load-data", redumps(t, ref, "d"), redumps(t, got, "d"))
	t.Logf("%s: sent while the rows were held: %v; waited on the server for a lock: %v", at, sent, waited)
	return sent
}
