package transform

import (
	"context"
	"database/sql"
	"fmt"
	"path"
	"sort"
	"strings"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// A Transform sits between the splitter and a replayer: it drops the statements of objects
// a filter leaves out and rewrites the ones it keeps (database renames, cross-flavour
// compatibility, DEFINER replacement). The replayers see only what the Transform lets
// through, so both the serial and the parallel replay get it by setting
// ReplayOptions.Transform; `dumpscope split` runs one on its own to show what a filter
// keeps.
//
// Skipped statements are never sent, but their bytes count as consumed: the Transform
// reports each skipped span's end to the replay's progress, so % and ETA move while a
// 200 GB dump is read past the one table wanted, and reach 100 % at its end.
type Transform struct {
	opt    Options
	tables []objectPattern
	except []objectPattern
	dbs    []string

	src    StatementSource
	onSkip func(end int64)
	// skipped, when set, gets the raw bytes of every skipped statement (ObserveSkipped).
	skipped func(raw []byte)
	cur     split.Statement
	current string // the database unqualified names belong to (USE, or the connection's)
	// lastLockKept is whether the last LOCK TABLES was kept: its UNLOCK TABLES follows it.
	lastLockKept bool
	// preparedKept holds, per prepared statement name (lower case), whether its last
	// PREPARE was kept: EXECUTE s and DEALLOCATE PREPARE s follow it, since what they run
	// is what the server prepared, with the tables it resolved then (a PREPARE in d and an
	// EXECUTE after USE e write d's tables; a PREPARE left out leaves the server's older
	// statement of that name, or none).
	preparedKept map[string]bool
	// triggers are the tables of the triggers the dump created so far and the target's
	// (triggers.go), for DROP TRIGGER.
	triggers triggerTables
	hit      hits // the filter entries that matched something (unmatched.go)

	rename  renamer
	compat  compatMapper
	definer []byte

	stats   Stats
	started bool // StartAt reached
	ended   bool // the stream's end was reached (warnUnmatched ran)
	// lost are the user variables set before StartAt that it cannot rebuild, with where
	// (startat.go).
	lost lostVars
	err  error // StartAt not on a statement boundary
}

// Options say which objects a Transform keeps and how it rewrites them.
type Options struct {
	// IncludeDatabases keeps only these databases (globs: * ? [..] as in path.Match).
	IncludeDatabases []string
	// Tables keeps only these tables ("db.t", or "t" in any database; globs allowed), their
	// triggers, and the session statements around them. Routines and events, which belong
	// to a database rather than a table, are left out, as mysqldump --tables does.
	Tables []string
	// ExcludeTables leaves these tables ("db.t" or "t"; globs) and their triggers out.
	ExcludeTables []string
	// SchemaOnly keeps DDL, routines, triggers and events; DataOnly keeps rows (INSERT,
	// REPLACE, LOCK TABLES, ALTER TABLE … DISABLE/ENABLE KEYS) and DML. Session statements
	// stay in both.
	SchemaOnly, DataOnly bool
	// RenameDatabases maps an old database name to a new one (rename.go).
	RenameDatabases map[string]string
	// Compat is the target flavour to map constructs to ("mariadb"), or "" (compat.go).
	Compat string
	// GTIDPurged is "auto", "on" or "off" (compat.go); "" sends it as the client does
	// (the command's default is auto).
	GTIDPurged string
	// SkipGTIDPurged skips SET @@GLOBAL.GTID_PURGED. Import sets it from GTIDPurged and
	// the target (GTIDPurgedSkip): under auto, when the target has GTIDs executed, is in a
	// replication group, or has no such variable (MariaDB).
	SkipGTIDPurged bool
	// SkipGTIDSlavePos is the same for MariaDB's SET GLOBAL gtid_slave_pos (set when
	// replication runs on the target; see GTIDSlavePosSkip).
	SkipGTIDSlavePos bool
	// Definer replaces every DEFINER= account with this one ("user@host", quoted as needed).
	Definer string
	// StartAt continues a serial import at the statement that starts at this byte offset
	// (the offset an error named): before it only session statements (SET, USE) and client
	// commands (DELIMITER) are kept, so the statement runs in the session state the dump
	// had built by then.
	StartAt int64
}

// Stats is what a Transform did, for the summary.
type Stats struct {
	KeptStatements    int64
	SkippedStatements int64
	SkippedBytes      int64 // raw dump bytes of skipped statements
	// Mappings lists each rewrite applied, with a count and the first offset (compat.go,
	// rename.go, DEFINER); in the order first seen.
	Mappings []Mapping
	// Warnings are what the Transform could not rewrite (dynamic SQL naming a renamed
	// database, say), with positions; at most maxWarnings.
	Warnings []string
}

// Mapping is one kind of rewrite, e.g. "collation utf8mb4_0900_ai_ci → utf8mb4_uca1400_nopad_ai_ci".
type Mapping struct {
	What        string
	Count       int64
	FirstOffset int64
	FirstLine   int64
}

const maxWarnings = 20

// StatementSource is what the replayers pull statements from: a *Splitter, or a
// Transform wrapped around one. The Set… methods pass the session's sql_mode on to the
// splitter underneath.
type StatementSource interface {
	Next() bool
	Statement() split.Statement
	Err() error
	SetNoBackslashEscapes(on bool)
	SetANSIQuotes(on bool)
}

// objectPattern is one --tables / --exclude-tables entry: a database glob ("" for any)
// and a table glob.
type objectPattern struct{ db, table string }

// New checks the options (glob syntax, conflicting flags) and returns a
// Transform to attach to a splitter.
func New(opt Options) (*Transform, error) {
	t := &Transform{opt: opt}
	if opt.SchemaOnly && opt.DataOnly {
		return nil, fmt.Errorf("--schema-only and --data-only exclude each other; pick one")
	}
	parse := func(flag string, list []string) ([]objectPattern, error) {
		var out []objectPattern
		for _, s := range list {
			s = strings.TrimSpace(s)
			if s == "" {
				continue
			}
			// The names as a table key reads them: `d.x`.t is table t of database d.x
			// (cut at the first dot it was d` and x`.t, and kept nothing).
			db, table := sqlscan.TableKey(s).Names()
			p := objectPattern{db: db, table: table}
			for _, g := range []string{p.db, p.table} {
				if _, err := path.Match(g, ""); err != nil {
					return nil, fmt.Errorf("%s %q: bad glob: %v", flag, s, err)
				}
			}
			out = append(out, p)
		}
		return out, nil
	}
	var err error
	if t.tables, err = parse("--tables", opt.Tables); err != nil {
		return nil, err
	}
	if t.except, err = parse("--exclude-tables", opt.ExcludeTables); err != nil {
		return nil, err
	}
	for _, d := range opt.IncludeDatabases {
		if d = unquoteName(strings.TrimSpace(d)); d != "" {
			if _, err := path.Match(d, ""); err != nil {
				return nil, fmt.Errorf("--include-databases %q: bad glob: %v", d, err)
			}
			t.dbs = append(t.dbs, d)
		}
	}
	t.hit = newHits(t)
	if t.rename, err = newRenamer(opt.RenameDatabases); err != nil {
		return nil, err
	}
	if t.compat, err = newCompatMapper(opt.Compat, opt.GTIDPurged, opt.SkipGTIDPurged, opt.SkipGTIDSlavePos); err != nil {
		return nil, err
	}
	if opt.Definer != "" {
		if t.definer, err = quoteAccount(opt.Definer); err != nil {
			return nil, err
		}
	}
	return t, nil
}

// unquoteName removes backquotes around a name given on the command line (`my db`).
func unquoteName(s string) string {
	if len(s) >= 2 && s[0] == '`' && s[len(s)-1] == '`' {
		return strings.ReplaceAll(s[1:len(s)-1], "``", "`")
	}
	return s
}

// Filters reports whether the Transform leaves any statement out.
func (t *Transform) Filters() bool {
	return len(t.tables)+len(t.except)+len(t.dbs) > 0 || t.opt.SchemaOnly || t.opt.DataOnly || t.opt.StartAt > 0
}

// Attach makes t read from src; database is the connection's current database (unqualified
// names before the first USE belong to it); onSkip, when set, is told the end offset of
// every skipped statement (the replay's progress). A Transform is attached once.
func (t *Transform) Attach(src StatementSource, database string, onSkip func(end int64)) {
	t.src, t.current, t.onSkip = src, database, onSkip
}

// Options returns the options the Transform was built with.
func (t *Transform) Options() Options { return t.opt }

// Stats returns what the Transform did so far. Not safe while Next runs elsewhere.
func (t *Transform) Stats() Stats { return t.stats }

func (t *Transform) Statement() split.Statement { return t.cur }

// ObserveSkipped makes f get the raw bytes of every statement the Transform skips: a
// checkpoint's stream digest covers the whole file, kept or not.
func (t *Transform) ObserveSkipped(f func(raw []byte)) { t.skipped = f }

func (t *Transform) Err() error {
	if t.err != nil {
		return t.err
	}
	return t.src.Err()
}

// SetNoBackslashEscapes and SetANSIQuotes pass the session's quoting on to the splitter.
// The rewriters read each statement with the quoting it was split under
// (split.Statement.Syntax: the modes, and the connection character set, so that a
// multibyte character's 0x5C trail byte is not taken for an escape,
// TestRenameMultibyteTrail5C), so the Transform keeps no copy of it: a copy missed the
// splitter's own tracking of SET sql_mode (TrackSQLMode, `dumpscope split` and the
// preflight's read-ahead) and read "…" as a string there (TestTransformTracksSQLMode).
func (t *Transform) SetNoBackslashEscapes(on bool) { t.src.SetNoBackslashEscapes(on) }
func (t *Transform) SetANSIQuotes(on bool)         { t.src.SetANSIQuotes(on) }

// Next advances to the next kept statement, rewritten.
func (t *Transform) Next() bool {
	for t.src.Next() {
		st := t.src.Statement()
		drop := !t.keep(&st) || !t.reachedStart(&st)
		if !drop && len(st.SQL) > 0 && st.Kind != split.KindClient {
			drop = t.rewrite(&st) // a statement --compat or --gtid-purged leaves out
		}
		if !drop && t.started && t.lost.refuse(&st, t) {
			return false
		}
		if drop {
			if t.err != nil {
				return false
			}
			t.stats.SkippedStatements++
			t.stats.SkippedBytes += int64(len(st.Raw))
			if t.onSkip != nil {
				t.onSkip(st.Offset + int64(len(st.Raw)))
			}
			if t.skipped != nil {
				t.skipped(st.Raw)
			}
			continue
		}
		t.stats.KeptStatements++
		t.cur = st
		return true
	}
	if t.opt.StartAt > 0 && !t.started && t.src.Err() == nil {
		t.err = fmt.Errorf("--start-at %d is beyond the end of the dump", t.opt.StartAt)
	}
	if t.src.Err() == nil && !t.ended {
		t.ended = true
		t.warnUnmatched()
	}
	return false
}

// reachedStart reports whether st is at or after --start-at, or is a statement that
// builds session state and runs before it too.
func (t *Transform) reachedStart(st *split.Statement) bool {
	if t.opt.StartAt <= 0 || t.started {
		return true
	}
	if st.Offset < t.opt.StartAt {
		if startInParts(st, t.opt.StartAt, &t.lost) {
			t.started = true
			return true
		}
		if end := st.Offset + int64(len(st.Raw)); end > t.opt.StartAt {
			t.err = &split.SplitError{Offset: st.Offset, Line: st.Line, Msg: fmt.Sprintf("--start-at %d is inside the statement that starts at offset %d (line %d); start at %d", t.opt.StartAt, st.Offset, st.Line, st.Offset)}
			return false
		}
		if st.Kind != split.KindClient {
			t.lost.note(st)
		}
		return st.Kind == split.KindSession || st.Kind == split.KindClient
	}
	t.started = true
	return true
}

// rewrite applies renames, compat mappings and the DEFINER replacement to st.SQL; it
// reports whether the statement is to be left out instead (GTID_PURGED under
// --gtid-purged).
func (t *Transform) rewrite(st *split.Statement) (drop bool) {
	q := st.SQL
	if t.compat.active() {
		out, skip := t.compat.apply(t, st, q)
		if skip {
			return true
		}
		if out != nil {
			q = out
		}
	}
	if t.rename.active() {
		if out := t.rename.apply(t, st, q); out != nil {
			q = out
		}
	}
	if t.definer != nil {
		var n int
		for q, n = replaceDefiners(st, q, t.definer); n > 0; n-- {
			t.mapped(st, "DEFINER → "+string(t.definer))
		}
	}
	st.SQL = q
	return false
}

// mapped counts one rewrite of kind what at st.
func (t *Transform) mapped(st *split.Statement, what string) {
	for i := range t.stats.Mappings {
		if t.stats.Mappings[i].What == what {
			t.stats.Mappings[i].Count++
			return
		}
	}
	t.stats.Mappings = append(t.stats.Mappings, Mapping{What: what, Count: 1, FirstOffset: st.Offset, FirstLine: st.Line})
}

func (t *Transform) warn(st *split.Statement, format string, args ...any) {
	if len(t.stats.Warnings) < maxWarnings {
		t.stats.Warnings = append(t.stats.Warnings, split.At("", st).String()+": "+fmt.Sprintf(format, args...))
	}
}

// keepStatement decides keep's question for st, a statement of the dump or one a wrapper
// runs (depth wrappers deep).
func (t *Transform) keepStatement(st *split.Statement, depth int) bool {
	switch st.Kind {
	case split.KindClient, split.KindTxn:
		return true
	case split.KindOther:
		if alwaysPasses(st) {
			return true
		}
	case split.KindSession:
		if st.Verb == "USE" {
			t.current = st.Database
			return t.dbKept(st.Database)
		}
		return true
	}
	if !t.Filters() || len(st.SQL) == 0 {
		return true
	}
	if kept, ok := t.keepWrapped(st, depth); ok {
		return kept
	}
	db := st.Database
	if db == "" {
		db = t.current
	}
	if p, ok := readPrivileges(st); ok {
		// Accounts and grants: by what they name, not the current database (grants.go);
		// neither schema nor rows, they pass --schema-only and --data-only.
		return t.privilegesKept(p, db)
	}
	if st.Table != "" && (st.Kind == split.KindInsert || st.Kind == split.KindDDL) {
		t.hit.table(t, db, st.Table) // before --schema-only or --data-only leaves it out
	}
	if t.opt.SchemaOnly || t.opt.DataOnly {
		data, judged := isDataStatement(st), true
		if st.Kind == split.KindOther && !data {
			data, judged = t.wrappedData(st)
		}
		if _, _, seq := setvalSequence(st); seq {
			data, judged = false, true // a sequence's state: mariadb-dump --no-data keeps it
		}
		if data && t.opt.SchemaOnly || !data && judged && t.opt.DataOnly {
			return false
		}
	}
	switch st.Kind {
	case split.KindInsert:
		return t.tableKept(db, st.Table)
	case split.KindLock:
		if strings.HasPrefix(st.Verb, "UNLOCK") {
			return t.lastLockKept
		}
		t.lastLockKept = t.tableKept(db, st.Table)
		return t.lastLockKept
	case split.KindDDL:
		if strings.HasSuffix(st.Verb, "DATABASE") || strings.HasSuffix(st.Verb, "SCHEMA") {
			return t.dbKept(st.Database)
		}
		return t.tableKept(db, st.Table)
	case split.KindRoutine:
		if strings.HasSuffix(st.Verb, "TRIGGER") {
			if tdb, table, ok := sqlscan.TriggerTable(st.SQL, st.Syntax()); ok {
				if tdb == "" {
					tdb = db
				}
				t.triggers.note(db, st.Table, tdb, table)
				return t.tableKept(tdb, table)
			}
			if tdb, table, ok := t.triggers.dropped(st, db); ok {
				return t.tableKept(tdb, table) // DROP TRIGGER: by its table (triggers.go)
			}
			// A trigger neither the dump nor the target has: it follows its database,
			// unless only some tables are wanted, where it could drop another table's.
			return t.dbKept(db) && len(t.tables) == 0
		}
		return t.dbKept(db) && len(t.tables) == 0
	case split.KindOther:
		if keys, ok := otherTables(st, db); ok {
			for _, k := range keys {
				if kdb, table := k.Names(); t.tableKept(kdb, table) {
					return true // a multi-table UPDATE or DELETE is kept with any of its tables
				}
			}
			return false
		}
	}
	return t.dbKept(db)
}

// isDataStatement: rows and what goes with them in a dump (table locks, DISABLE/ENABLE
// KEYS), and DML.
func isDataStatement(st *split.Statement) bool {
	switch st.Kind {
	case split.KindInsert, split.KindLock:
		return true
	case split.KindDDL:
		return st.Verb == "ALTER TABLE" && sqlscan.IsKeysToggle(st.SQL, st.Syntax())
	case split.KindOther:
		return dataVerbs[st.Verb]
	}
	return false
}

func (t *Transform) dbKept(db string) bool {
	t.hit.database(t, db)
	if len(t.dbs) > 0 && !matchAny(t.dbs, db) {
		return false
	}
	if len(t.tables) == 0 {
		return true
	}
	for _, p := range t.tables {
		if p.db == "" || globMatch(p.db, db) {
			return true
		}
	}
	return false
}

func (t *Transform) tableKept(db, table string) bool {
	t.hit.table(t, db, table)
	if !t.dbKept(db) {
		return false
	}
	if len(t.tables) > 0 && !matchObject(t.tables, db, table) {
		return false
	}
	return !matchObject(t.except, db, table)
}

func matchObject(ps []objectPattern, db, table string) bool {
	for _, p := range ps {
		if (p.db == "" || globMatch(p.db, db)) && globMatch(p.table, table) {
			return true
		}
	}
	return false
}

func matchAny(globs []string, s string) bool {
	for _, g := range globs {
		if globMatch(g, s) {
			return true
		}
	}
	return false
}

// globMatch is path.Match, which never fails here: New checked the pattern.
// Names are compared as the server does on Linux with lower_case_table_names=0: exactly.
func globMatch(glob, s string) bool {
	if !strings.ContainsAny(glob, "*?[\\") {
		return glob == s
	}
	ok, _ := path.Match(glob, s)
	return ok
}

// Querier is the one method of a connection the Transform asks the target with (the
// GTID decisions, the current database): a *sql.Conn or *sql.DB.
type Querier interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// NewImport builds the Transform of an import, or nil when nothing asks for one (the
// client's exact stream). For --gtid-purged auto it asks the target whether the dump's
// GTID_PURGED could apply. triggersBefore: targetTriggers.
func NewImport(ctx context.Context, c Querier, o Options, triggersBefore *[][4]string) (*Transform, error) {
	var err error
	if o.SkipGTIDPurged, err = GTIDPurgedSkip(ctx, c, o.GTIDPurged); err != nil {
		return nil, err
	}
	if o.SkipGTIDSlavePos, err = GTIDSlavePosSkip(ctx, c, o.GTIDPurged); err != nil {
		return nil, err
	}
	if len(o.IncludeDatabases)+len(o.Tables)+len(o.ExcludeTables)+len(o.RenameDatabases) == 0 && o.StartAt == 0 &&
		!o.SchemaOnly && !o.DataOnly && o.Compat == "" && o.Definer == "" && !o.SkipGTIDPurged && !o.SkipGTIDSlavePos {
		return nil, nil
	}
	t, err := New(o)
	if err == nil {
		targetTriggers(ctx, t, c, triggersBefore)
	}
	return t, err
}

// NewScan puts a fresh Transform with the same options around a splitter that reads the
// dump ahead of the import (the preflight), so that it judges what will be sent, under
// the names it will have.
func NewScan(ctx context.Context, c Querier, o Options, sp *split.Splitter) StatementSource {
	tr, err := New(o)
	if err != nil {
		return sp
	}
	var current sql.NullString
	_ = c.QueryRowContext(ctx, "SELECT DATABASE()").Scan(&current)
	loadTargetTriggers(ctx, tr, c)
	tr.Attach(sp, current.String, nil)
	return tr
}

// Fingerprint describes what o changes in the statement stream, canonically (sorted
// lists, no defaults), for a checkpoint journal: a resumed import must filter and rewrite
// as the interrupted one did, or the offsets it skips would mean other statements. ""
// when o changes nothing. StartAt and the GTID decisions are left out: they depend on
// the run, not on what the dump becomes.
func (o Options) Fingerprint() string {
	var parts []string
	add := func(name string, list []string) {
		var l []string
		for _, s := range list {
			if s = strings.TrimSpace(s); s != "" {
				l = append(l, s)
			}
		}
		if len(l) > 0 {
			sort.Strings(l)
			parts = append(parts, name+"="+strings.Join(l, ","))
		}
	}
	add("include-databases", o.IncludeDatabases)
	add("tables", o.Tables)
	add("exclude-tables", o.ExcludeTables)
	if o.SchemaOnly {
		parts = append(parts, "schema-only")
	}
	if o.DataOnly {
		parts = append(parts, "data-only")
	}
	var renames []string
	for old, nw := range o.RenameDatabases {
		renames = append(renames, old+"="+nw)
	}
	add("rename-database", renames)
	if o.Compat != "" {
		parts = append(parts, "compat="+o.Compat)
	}
	if o.Definer != "" {
		parts = append(parts, "definer="+o.Definer)
	}
	return strings.Join(parts, " ")
}
