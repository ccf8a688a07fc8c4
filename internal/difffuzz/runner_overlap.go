package difffuzz

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/dumpscope/dumpscope/internal/redump"
	"github.com/dumpscope/dumpscope/internal/stopmsg"
)

// The overlap mode (x-fuzz4, session 49) is the oracle of the guarantee session 48 gave a
// file imported into a target that already holds what it writes (docs/import.md
// §Preflight): without --preflight-scan each statement is checked just before it runs,
// and the import stops before the first that would overwrite, with one line naming it,
// what ran before it staying and no resume offered. The client would overwrite, so the
// client's run of the whole script is not the reference; the mode checks instead:
//
//  1. the target first holds P: what the client makes of a seeded prefix of the script,
//     less a seeded 3 in 4 of its tables and views (so the first overwrite is not always
//     the first object the script makes);
//  2. dumpscope imports D, the script without its CREATE DATABASE of the databases P
//     holds (else every import would stop at its second line: a schema-then-data split,
//     as Sakila's, writes into databases that exist);
//  3. (a) every object of P is as it was (its definition, and its rows unless it was an
//     empty table: rows into an empty table overwrite nothing), "touched" if not;
//     (b) when dumpscope stopped, the databases are what the client makes of D cut at
//     the byte offset the stop names, from P in a fresh target; when it did not, what
//     the client makes of the whole of D from P (nothing of P was overwritten, so the
//     client's run is the reference again);
//     (c) after a stop, `--resume` with the same flags is refused or touches nothing of P
//     ("resumed-over" if it does); a stop exits 1 (the CLI's failure) with one line.
//
// Kinds: "touched" (a), "dump"/"exit"/"error" (b), "resumed-over" and "stop-line" (c;
// the stop's message is not one line naming offset and line, or the exit code is not 1),
// "stop-unfounded" (the stop names nothing of P it would overwrite: an over-refusal).

// stopRe reads the per-statement preflight's stop (importer/import_steps.go
// preflightHook): what, offset, line. It reads it by the end every such refusal shares
// (stopmsg.OverwriteStopEnd), not by what it says the statement does: the refusals of
// code ("which writes into what exists in the target", "which could write into …",
// x-fix58/x-fix62) were read as no stop, and a stop then counted as a failure. A stop
// before a DELIMITER text of several statements names the text's place and which of its
// statements would overwrite, "(offset N, line L; statement 2 of the 2 …)" (x-fix70).
var stopRe = regexp.MustCompile(`the dump would ([^\n]*) \(offset (\d+), line (\d+)(?:; [^)\n]*)?\), which [^\n]*?; ` + regexp.QuoteMeta(stopmsg.OverwriteStopEnd))

// OverlapStats counts how deep the overlap mode's imports went (Result.Overlap).
type OverlapStats struct {
	Imports int // overlap imports run
	Stops   int // imports stopped before an overwrite
	Deep    int // stops after at least one statement that wrote something of D (offset past D's first CREATE)
	Clean   int // imports that overwrote nothing and ran to the end (or to the client's error)
	Resumes int // --resume after a stop that was refused
	// ResumesRan are resumes after a stop that ran (each then checked touching nothing).
	ResumesRan int
}

func (s *OverlapStats) add(o OverlapStats) {
	s.Imports += o.Imports
	s.Stops += o.Stops
	s.Deep += o.Deep
	s.Clean += o.Clean
	s.Resumes += o.Resumes
	s.ResumesRan += o.ResumesRan
}

// overlapPlan is one overlap import's seeded choices: the prefix the client makes P of
// and the tables and views of P dropped again (by position in P's sorted list).
type overlapPlan struct {
	prefix int
	drop   []bool
}

func newOverlapPlan(s Script, rng *rand.Rand) overlapPlan {
	n := len(s.Stmts)
	first := slices.IndexFunc(s.Stmts, func(st Stmt) bool { return strings.HasPrefix(st.Head, "CREATE DATABASE ") })
	p := overlapPlan{prefix: first + 1 + rng.Intn(n-first)} // past the first CREATE DATABASE

	for range 64 {
		p.drop = append(p.drop, rng.Intn(4) != 0) // 3 in 4: the first overwrite lands later
	}
	return p
}

// Overlap runs script s through the overlap mode's oracle (see above) and returns the
// difference it shows, or nil, and what it counted.
func (r *Runner) Overlap(ctx context.Context, s Script, mode Mode) (*Difference, OverlapStats, error) {
	st := OverlapStats{Imports: 1}
	// Drawn from the seed alone: the shrinker's candidates and the finding's header get
	// the same choices as the run that found it, whatever the mode's place.
	plan := newOverlapPlan(s, rand.New(rand.NewSource(s.Seed*7927+0x0e)))
	pre, dbs, err := r.makeOverlapTarget(ctx, s, plan)
	if err != nil {
		return nil, st, err
	}
	ds := overlapScript(s, dbs)
	d := ds.SQL()
	r.lastOverlap.input = d
	have, out, code, err := r.dumpscopeInto(ctx, d, mode, false)
	if err != nil {
		return nil, st, err
	}
	after, err := r.objects(ctx)
	if err != nil {
		return nil, st, err
	}
	if err := r.capture(ctx, &have); err != nil {
		return nil, st, err
	}
	if t := pre.changedIn(after); t != "" {
		return sig(&Difference{Mode: mode.Name, Kind: "touched", Detail: t + "\n dumpscope: " + have.Output}, Outcome{}, have), st, nil
	}
	cut := len(d)
	if m := stopRe.FindSubmatch(out); m != nil {
		st.Stops++
		off, _ := strconv.Atoi(string(m[2]))
		if code != 1 || strings.Contains(whyLine(string(out)), "\n") || !strings.Contains(whyLine(string(out)), string(m[0])) {
			return sig(&Difference{Mode: mode.Name, Kind: "stop-line", Detail: fmt.Sprintf("exit %d; the stop is not the one line that says why: %s", code, have.Output)}, Outcome{}, have), st, nil
		}
		if off > len(d) {
			return sig(&Difference{Mode: mode.Name, Kind: "stop-line", Detail: fmt.Sprintf("the stop names offset %d, past the input's %d bytes", off, len(d))}, Outcome{}, have), st, nil
		}
		if why := pre.unfounded(string(m[1])); why != "" {
			return sig(&Difference{Mode: mode.Name, Kind: "stop-unfounded", Detail: "the stop names what overwrites nothing of the target (" + why + "): " + string(m[0])}, Outcome{}, have), st, nil
		}
		cut = textCut(ds, off)
		// The stop is the outcome wanted: what it left is compared with the client's run
		// of the cut input, which ends there without an error.
		have.Failed, have.ErrCode, have.ErrLine = false, "", ""
		if off > firstCreate(d) {
			st.Deep++
		}
		// (c) --resume after the stop.
		_, rout, rcode, err := r.dumpscopeInto(ctx, d, mode, true)
		if err != nil {
			return nil, st, err
		}
		if rcode != 0 {
			st.Resumes++
		} else {
			st.ResumesRan++
		}
		again, err := r.objects(ctx)
		if err != nil {
			return nil, st, err
		}
		if t := pre.changedIn(again); t != "" {
			return sig(&Difference{Mode: mode.Name, Kind: "resumed-over", Detail: fmt.Sprintf("--resume after the stop (exit %d) changed what the target held: %s\n stop: %s\n resume: %s", rcode, t, m[0], tail(rout))}, Outcome{}, have), st, nil
		}
	} else if have.Refused == "" {
		st.Clean++
	}
	// (b) the reference: the client on D (cut at the stop) from P in a fresh target.
	if _, _, err := r.makeOverlapTarget(ctx, s, plan); err != nil {
		return nil, st, err
	}
	want, err := r.clientOn(ctx, d[:cut])
	if err != nil {
		return nil, st, err
	}
	if err := r.capture(ctx, &want); err != nil {
		return nil, st, err
	}
	return Compare(mode.Name, want, have), st, nil
}

// sig gives d its shrinker's signature (Compare's form).
func sig(d *Difference, want, have Outcome) *Difference {
	d.Sig = d.Kind + " " + want.ErrCode + "/" + have.ErrCode
	return d
}

// firstCreate is the offset of D's first DROP or CREATE (where a stop at the first
// object of P the script names lands when P holds it): a stop past it ran some of D's
// objects first.
func firstCreate(d []byte) int {
	first := len(d)
	for _, w := range []string{"\nDROP ", "\nCREATE "} {
		if i := bytes.Index(d, []byte(w)); i >= 0 {
			first = min(first, i+1)
		}
	}
	return first
}

// makeOverlapTarget empties the target and makes P: the client's run of the plan's
// prefix of s, less the tables and views the plan drops. It returns P's objects and
// databases.
func (r *Runner) makeOverlapTarget(ctx context.Context, s Script, p overlapPlan) (objectSet, []string, error) {
	if err := r.Reset(ctx); err != nil {
		return nil, nil, err
	}
	prefix := Script{Seed: s.Seed, Stmts: s.Stmts[:p.prefix]}
	if _, err := r.clientOn(ctx, prefix.SQL()); err != nil {
		return nil, nil, err
	}
	if err := r.resetGlobals(ctx); err != nil {
		return nil, nil, err
	}
	rows, err := r.db.QueryContext(ctx, "SELECT TABLE_SCHEMA, TABLE_NAME, TABLE_TYPE FROM information_schema.TABLES WHERE TABLE_SCHEMA NOT IN ('mysql','sys','performance_schema','information_schema','dumpscope_progress') ORDER BY 1, 2")
	if err != nil {
		return nil, nil, err
	}
	var drops []string
	for i := 0; rows.Next(); i++ {
		var db, t, typ string
		if err := rows.Scan(&db, &t, &typ); err != nil {
			rows.Close()
			return nil, nil, err
		}
		if p.drop[i%len(p.drop)] {
			what := "TABLE"
			if typ == "VIEW" {
				what = "VIEW"
			}
			drops = append(drops, "DROP "+what+" IF EXISTS "+redump.QuoteIdent(db)+"."+redump.QuoteIdent(t))
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, nil, err
	}
	var b bytes.Buffer
	b.Write(prefix.SQL())
	fmt.Fprintf(&b, "-- the runner's connection then:\n")
	for _, q := range drops {
		fmt.Fprintf(&b, "%s;\n", q)
	}
	for _, q := range append([]string{"SET foreign_key_checks = 0"}, drops...) {
		if _, err := r.db.ExecContext(ctx, q); err != nil {
			return nil, nil, fmt.Errorf("making the overlap target: %s: %w", q, err)
		}
	}
	if _, err := r.db.ExecContext(ctx, "SET foreign_key_checks = 1"); err != nil {
		return nil, nil, err
	}
	// A view kept over a table dropped above no longer opens, and mariadb-dump stops at
	// it (ERROR 1356 under LOCK TABLES): the re-dumps of every run from this P failed and
	// the search stopped (seed 157605, x-fuzz5). Such views go too.
	broken, err := r.brokenViews(ctx)
	if err != nil {
		return nil, nil, err
	}
	for _, q := range broken {
		fmt.Fprintf(&b, "%s;\n", q)
		if _, err := r.db.ExecContext(ctx, q); err != nil {
			return nil, nil, fmt.Errorf("making the overlap target: %s: %w", q, err)
		}
	}
	r.lastOverlap.target = b.Bytes()
	dbs, err := redump.UserDatabases(ctx, r.db)
	if err != nil {
		return nil, nil, err
	}
	objs, err := r.objects(ctx)
	return objs, dbs, err
}

// brokenViews are DROP VIEW statements for the user databases' views that no longer open
// (a table or view they read is gone).
func (r *Runner) brokenViews(ctx context.Context) ([]string, error) {
	rows, err := r.db.QueryContext(ctx, "SELECT TABLE_SCHEMA, TABLE_NAME FROM information_schema.VIEWS WHERE TABLE_SCHEMA NOT IN ('mysql','sys','performance_schema','information_schema','dumpscope_progress') ORDER BY 1, 2")
	if err != nil {
		return nil, err
	}
	var views [][2]string
	for rows.Next() {
		var v [2]string
		if err := rows.Scan(&v[0], &v[1]); err != nil {
			rows.Close()
			return nil, err
		}
		views = append(views, v)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	var drops []string
	for _, v := range views {
		q := redump.QuoteIdent(v[0]) + "." + redump.QuoteIdent(v[1])
		if _, err := r.db.ExecContext(ctx, "SELECT 1 FROM "+q+" LIMIT 0"); err != nil {
			drops = append(drops, "DROP VIEW IF EXISTS "+q)
		}
	}
	return drops, nil
}

// overlapFiles are the last overlap import's target recipe (the client's prefix, then the
// runner's drops) and input D, written next to a finding (writeFinding).
type overlapFiles struct{ target, input []byte }

// overlapInput is D: s without its CREATE DATABASE statements of the databases in dbs,
// and with mysqldump's DROP TABLE / DROP VIEW IF EXISTS before each CREATE TABLE and
// CREATE VIEW (the generator's tables are made without one: into a target that holds
// them the client then fails at "already exists" and overwrites nothing, where a
// mysqldump file drops them first).
func overlapInput(s Script, dbs []string) []byte {
	return overlapScript(s, dbs).SQL()
}

// overlapScript is overlapInput's script.
func overlapScript(s Script, dbs []string) Script {
	var out Script
	for _, st := range s.Stmts {
		if st.Raw || len(st.Rows) != 0 {
			out.Stmts = append(out.Stmts, st)
			continue
		}
		if slices.ContainsFunc(dbs, func(db string) bool { return strings.HasPrefix(st.Head, "CREATE DATABASE `"+db+"`") }) {
			continue
		}
		for _, what := range []string{"TABLE", "VIEW"} {
			rest, ok := strings.CutPrefix(st.Head, "CREATE "+what+" ")
			if !ok || strings.HasPrefix(rest, "IF NOT EXISTS") {
				continue
			}
			if name, _, ok := strings.Cut(rest, " "); ok && !strings.Contains(name, "(") {
				out.Stmts = append(out.Stmts, Stmt{Head: "DROP " + what + " IF EXISTS " + name})
			}
		}
		out.Stmts = append(out.Stmts, st)
	}
	return out
}

// textCut is where the client's reference run of d (ds's SQL) ends for a stop that names
// offset off: off itself, or, when off lies inside a text sent under DELIMITER (a text
// the server runs as several statements, split.ServerParts), the start of that text.
// Such a stop names its part's offset, the text's offset plus the part's index, a byte
// inside the text's first line: cut there, the client sent a piece of a statement and
// failed at it with ERROR 1064 (seed 156014, "the client failed, dumpscope succeeded").
// The client cannot stop inside a text, so the exact stop it can be held to is the
// text's start, none of the text run; dumpscope runs the parts before the stopped one
// (a difference when they write: see x-fix68's report).
func textCut(ds Script, off int) int {
	at := 0
	for _, st := range ds.Stmts {
		text := st.Text()
		if off >= at+len(text) {
			at += len(text)
			continue
		}
		if !st.Raw || !strings.HasPrefix(text, "DELIMITER ") {
			return off
		}
		first, _, _ := strings.Cut(text, "\n")
		delim := strings.TrimSpace(strings.TrimPrefix(first, "DELIMITER "))
		cut := at + len(first) + 1 // the first text's start
		for i := cut - at; ; {
			j := strings.Index(text[i:], delim+"\n")
			if j < 0 || at+i+j+len(delim)+1 > off {
				break
			}
			i += j + len(delim) + 1
			cut = at + i // a text ends: the next one starts here
		}
		return min(cut, off)
	}
	return off
}

// clientOn runs the client on script into the target as it is (Client empties it first).
func (r *Runner) clientOn(ctx context.Context, script []byte) (Outcome, error) {
	ctx, cancel := context.WithTimeout(ctx, r.timeout())
	defer cancel()
	o := Outcome{}
	out, err := r.runClient(ctx, script)
	o.Output = tail(out)
	if err != nil {
		if ctx.Err() != nil {
			o.Hung, o.Failed = true, true
			return o, nil
		}
		o.Failed = true
		if m := clientErrRe.FindSubmatch(out); m != nil {
			o.ErrCode, o.ErrLine = string(m[1]), string(m[2])
		}
	}
	return o, nil
}

// dumpscopeInto imports script with dumpscope in mode into the target as it is (resume:
// with --resume, over what the last one left), without kills; it returns the outcome
// (not yet captured), the whole output and the exit code.
func (r *Runner) dumpscopeInto(ctx context.Context, script []byte, mode Mode, resume bool) (Outcome, []byte, int, error) {
	if err := os.MkdirAll(r.Dir, 0o755); err != nil {
		return Outcome{}, nil, 0, err
	}
	file := filepath.Join(r.Dir, "script.sql")
	journal := filepath.Join(r.Dir, "script.journal")
	if !resume {
		os.Remove(journal)
		if err := os.WriteFile(file, script, 0o644); err != nil {
			return Outcome{}, nil, 0, err
		}
	}
	args := r.importArgs(mode, journal)
	if resume {
		args = append(args, "--resume")
	}
	args = append(args, file)
	ctx, cancel := context.WithTimeout(ctx, r.timeout())
	defer cancel()
	out, _, _, err := r.runDumpscope(ctx, args, journal, false, false, nil)
	o := Outcome{Output: tail(out)}
	code := 0
	if ctx.Err() != nil {
		o.Hung, o.Failed = true, true
		return o, out, -1, nil
	}
	if err != nil {
		if ee, ok := err.(interface{ ExitCode() int }); ok {
			code = ee.ExitCode()
		} else {
			return o, out, 0, err
		}
		readFailure(&o, out)
	}
	return o, out, code, nil
}

// objectSet is what the target holds, by object ("table `d`.`t`", "routine …", …).
type objectSet map[string]object

// object is one object's definition and, for a table that has rows, its rows' checksum
// and creation time (a table dropped and made again has a new one).
type object struct {
	def   string
	rows  string
	empty bool
}

var autoIncRe = regexp.MustCompile(` AUTO_INCREMENT=\d+`)

// objects reads every user database's tables, views, routines, triggers and events, and
// the databases' character sets.
func (r *Runner) objects(ctx context.Context) (objectSet, error) {
	set := objectSet{}
	const notSystem = " NOT IN ('mysql','sys','performance_schema','information_schema','dumpscope_progress')"
	add := func(prefix, q string) error {
		rows, err := r.db.QueryContext(ctx, q)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var k, v sql.NullString
			if err := rows.Scan(&k, &v); err != nil {
				return err
			}
			set[prefix+k.String] = object{def: v.String}
		}
		return rows.Err()
	}
	if err := add("database ", "SELECT SCHEMA_NAME, CONCAT_WS(' ', DEFAULT_CHARACTER_SET_NAME, DEFAULT_COLLATION_NAME) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME"+notSystem); err != nil {
		return nil, err
	}
	if err := add("routine ", "SELECT CONCAT_WS('.', ROUTINE_SCHEMA, ROUTINE_TYPE, ROUTINE_NAME), CONCAT_WS('|', ROUTINE_DEFINITION, SQL_MODE, CREATED, LAST_ALTERED, DEFINER, SECURITY_TYPE) FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA"+notSystem); err != nil {
		return nil, err
	}
	if err := add("trigger ", "SELECT CONCAT_WS('.', TRIGGER_SCHEMA, TRIGGER_NAME), CONCAT_WS('|', EVENT_OBJECT_TABLE, EVENT_MANIPULATION, ACTION_TIMING, ACTION_STATEMENT, ACTION_ORDER, CREATED, SQL_MODE) FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA"+notSystem); err != nil {
		return nil, err
	}
	if err := add("event ", "SELECT CONCAT_WS('.', EVENT_SCHEMA, EVENT_NAME), CONCAT_WS('|', EVENT_DEFINITION, STATUS, CREATED, LAST_ALTERED) FROM information_schema.EVENTS WHERE EVENT_SCHEMA"+notSystem); err != nil {
		return nil, err
	}
	rows, err := r.db.QueryContext(ctx, "SELECT TABLE_SCHEMA, TABLE_NAME, TABLE_TYPE, IFNULL(CREATE_TIME, '') FROM information_schema.TABLES WHERE TABLE_SCHEMA"+notSystem+" ORDER BY 1, 2")
	if err != nil {
		return nil, err
	}
	type tb struct{ db, name, typ, created string }
	var tables []tb
	for rows.Next() {
		var t tb
		if err := rows.Scan(&t.db, &t.name, &t.typ, &t.created); err != nil {
			rows.Close()
			return nil, err
		}
		tables = append(tables, t)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for _, t := range tables {
		q := redump.QuoteIdent(t.db) + "." + redump.QuoteIdent(t.name)
		var name, def string
		if t.typ == "VIEW" {
			var cs, coll string
			if err := r.db.QueryRowContext(ctx, "SHOW CREATE VIEW "+q).Scan(&name, &def, &cs, &coll); err != nil {
				return nil, fmt.Errorf("SHOW CREATE VIEW %s: %w", q, err)
			}
			set["view "+q] = object{def: def}
			continue
		}
		if err := r.db.QueryRowContext(ctx, "SHOW CREATE TABLE "+q).Scan(&name, &def); err != nil {
			return nil, fmt.Errorf("SHOW CREATE TABLE %s: %w", q, err)
		}
		var has int
		if err := r.db.QueryRowContext(ctx, "SELECT EXISTS(SELECT 1 FROM "+q+")").Scan(&has); err != nil {
			return nil, err
		}
		o := object{def: def, empty: has == 0}
		if !o.empty {
			sum, err := rowsSum(ctx, r.db, t.db, t.name) // not CHECKSUM TABLE: runner_rowsum.go
			if err != nil {
				return nil, err
			}
			o.rows = sum + " created " + t.created
		}
		set["table "+q] = o
	}
	return set, nil
}

// changedIn says which object of s (the target before the import) is gone or changed in
// after ("" when none): a table that was empty may have rows now (that overwrites
// nothing) and its AUTO_INCREMENT counter moved with them.
func (s objectSet) changedIn(after objectSet) string {
	keys := make([]string, 0, len(s))
	for k := range s {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		b, a := s[k], after[k]
		if _, ok := after[k]; !ok {
			return k + " is gone"
		}
		bd, ad := b.def, a.def
		if b.empty {
			bd, ad = autoIncRe.ReplaceAllString(bd, ""), autoIncRe.ReplaceAllString(ad, "")
		}
		if bd != ad {
			return fmt.Sprintf("%s changed: %q became %q", k, bd, ad)
		}
		if !b.empty && b.rows != a.rows {
			return fmt.Sprintf("%s: its rows changed (rows and their sum, CREATE_TIME: %q → %q)", k, b.rows, a.rows)
		}
	}
	return ""
}

func (s OverlapStats) line() string {
	return fmt.Sprintf("%d imports, %d stopped before an overwrite (%d after running some of the script), %d ran to the end; resume after a stop: %d refused, %d ran", s.Imports, s.Stops, s.Deep, s.Clean, s.Resumes, s.ResumesRan)
}

// stopNameRe reads the object of a stop's "what": ACTION `db` or ACTION `db`.`name`.
var stopNameRe = regexp.MustCompile("^([A-Z][A-Z ]*?) `([^`]*)`(?:\\.`([^`]*)`)?$")

// rowsOnlyActions change only a table's rows: into a table that was empty they
// overwrite nothing (docs/import.md §Preflight).
var rowsOnlyActions = []string{"INSERT INTO", "REPLACE INTO", "LOAD DATA INTO", "UPDATE", "DELETE FROM", "TRUNCATE TABLE"}

// unfounded says why a stop's what (`DROP TABLE `d`.`t“) names nothing of s, the target
// before the import, that it would overwrite ("" when it does, or when what is not of
// that form): an over-refusal.
func (s objectSet) unfounded(what string) string {
	m := stopNameRe.FindStringSubmatch(what)
	if m == nil {
		return ""
	}
	action, db, name := m[1], m[2], m[3]
	if name == "" {
		if _, ok := s["database "+db]; !ok {
			return "no database " + db
		}
		return ""
	}
	q := redump.QuoteIdent(db) + "." + redump.QuoteIdent(name)
	if t, ok := s["table "+q]; ok {
		if t.empty && slices.Contains(rowsOnlyActions, action) {
			return q + " was empty"
		}
		return ""
	}
	for k := range s {
		if k == "view "+q || strings.HasPrefix(k, "routine "+db+".") && strings.HasSuffix(k, "."+name) || k == "trigger "+db+"."+name || k == "event "+db+"."+name {
			return ""
		}
	}
	return "no table, view, routine, trigger or event " + q
}
