package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/pflag"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/importer/replay"
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/transform"
	"github.com/dumpscope/dumpscope/internal/units"
)

// transformFlags are the flags that choose part of a dump and rewrite it on the way
// (transform.Transform): filters, database renames, cross-flavour compatibility, GTID
// policy and DEFINER replacement. `import` and `split` share the filter half.
type transformFlags struct {
	includeDatabases, tables, excludeTables string
	schemaOnly, dataOnly                    bool
	rename                                  multiFlag
	compat, gtidPurged, definer             string
	rejects                                 string
	startAt                                 int64
	database                                string // split's --database (import has -D)
}

// addFilterFlags adds the flags that choose what part of a dump is kept.
func addFilterFlags(fs *pflag.FlagSet) *transformFlags {
	f := &transformFlags{}
	fs.StringVar(&f.includeDatabases, "include-databases", "", "keep only these `DATABASES` (comma-separated; globs * ? […])")
	fs.StringVar(&f.tables, "tables", "", "keep only these `TABLES` (db.t or t, comma-separated; globs), with their triggers")
	fs.StringVar(&f.excludeTables, "exclude-tables", "", "leave out these `TABLES` (db.t or t, comma-separated; globs) and their triggers")
	fs.BoolVar(&f.schemaOnly, "schema-only", false, "keep DDL, triggers, routines and events; leave out rows")
	fs.BoolVar(&f.dataOnly, "data-only", false, "keep rows (and DML); leave out DDL, triggers, routines and events")
	return f
}

// addTransformFlags adds the filter flags and the rewriting ones.
func addTransformFlags(fs *pflag.FlagSet) *transformFlags {
	f := addFilterFlags(fs)
	fs.Var(&f.rename, "rename-database", "`OLD=NEW`: rename database old to new in USE, CREATE DATABASE and qualified names, view/trigger/routine bodies too (repeatable)")
	fs.StringVar(&f.compat, "compat", "", "map what the target `FLAVOR` (mariadb) does not know, e.g. MySQL 8 collations; each mapping is listed")
	fs.StringVar(&f.gtidPurged, "gtid-purged", "auto", "what to do with the dump's SET @@GLOBAL.GTID_PURGED (and MariaDB's gtid_slave_pos): `MODE` auto (skip it when the target cannot take it: GTIDs of its own, a replication group or running replica, no such variable), on (send it), off (skip it)")
	fs.StringVar(&f.definer, "definer", "", "replace every DEFINER= with this `USER@HOST` (views, triggers, routines, events)")
	fs.StringVar(&f.rejects, "rejects", "", "with --force: write each failed statement, its offset and error to this `FILE`, which imports once they are fixed")
	fs.Int64Var(&f.startAt, "start-at", 0, "continue a serial import at the statement starting at this byte `OFFSET` (the one an error named); only SET/USE/DELIMITER before it run")
	return f
}

// checkImport checks the flags against the rest of the import's before anything starts.
func (f *transformFlags) checkImport(o *importOptions) error {
	if _, err := f.options(); err != nil {
		return err
	}
	serial := o.parallel == 1 && o.checkpoint == "" && !o.resume && !o.deferIndexes && !o.loadData
	switch {
	case f.definer != "" && o.stripDefiners:
		return fmt.Errorf("--definer and --strip-definers exclude each other; pick one")
	case f.rejects != "" && !o.force:
		return fmt.Errorf("--rejects needs --force (without it the import stops at the first failed statement)")
	case f.rejects != "" && !serial:
		return fmt.Errorf("--rejects works with serial imports only for now (rows in parallel batches do not reach it); drop --parallel/--checkpoint/--resume/--defer-indexes/--load-data")
	case f.startAt < 0:
		return fmt.Errorf("--start-at must be a byte offset ≥ 0")
	case f.startAt > 0 && !serial:
		return fmt.Errorf("--start-at is for serial imports; --parallel, --checkpoint and --resume continue from their own progress rows")
	}
	return nil
}

// setOptions puts the filters and rewrites and the rejects file on an import's options;
// the function it returns is called with the result (nil when the import did not start):
// it prints what the Transform did and closes the rejects file.
func (f *transformFlags) setOptions(iopt *importer.Options, name string) (func(io.Writer, *importer.Result), error) {
	topt, err := f.options()
	if err != nil {
		return nil, err
	}
	iopt.Transform = topt
	if f.rejects != "" {
		if iopt.Rejects, err = replay.CreateRejects(f.rejects, name); err != nil {
			return nil, fmt.Errorf("--rejects: %w", err)
		}
	}
	return func(w io.Writer, res *importer.Result) {
		if res != nil {
			printTransformSummary(w, res.Transform)
		}
		if iopt.Rejects == nil {
			return
		}
		switch err, n := iopt.Rejects.Close(), iopt.Rejects.Count(); {
		case err != nil:
			fmt.Fprintf(w, "dumpscope: warning: rejects file %s is incomplete: %v\n", f.rejects, err)
		case n > 0:
			fmt.Fprintf(w, "dumpscope: %d failed statement(s) written to %s; fix them and import that file\n", n, f.rejects)
		}
	}, nil
}

func splitList(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, ",")
}

// options turns the flags into transform.Options; it checks their syntax.
func (f *transformFlags) options() (transform.Options, error) {
	o := transform.Options{
		IncludeDatabases: splitList(f.includeDatabases), Tables: splitList(f.tables), ExcludeTables: splitList(f.excludeTables),
		SchemaOnly: f.schemaOnly, DataOnly: f.dataOnly, Compat: f.compat, GTIDPurged: f.gtidPurged, Definer: f.definer,
		StartAt: f.startAt,
	}
	for _, r := range f.rename {
		old, nw, ok := strings.Cut(r, "=")
		if !ok || old == "" || nw == "" {
			return o, fmt.Errorf("--rename-database %q: expected old=new", r)
		}
		if o.RenameDatabases == nil {
			o.RenameDatabases = map[string]string{}
		}
		o.RenameDatabases[old] = nw
	}
	_, err := transform.New(o) // syntax errors now, before any server is started
	return o, err
}

// printTransformSummary says what a Transform left out and rewrote.
func printTransformSummary(w io.Writer, tr *transform.Transform) {
	if tr == nil {
		return
	}
	st := tr.Stats()
	if tr.Filters() {
		fmt.Fprintf(w, "dumpscope: filter kept %d statements and skipped %d (%s of the dump)\n",
			st.KeptStatements, st.SkippedStatements, units.FormatBytes(float64(st.SkippedBytes)))
	}
	for _, m := range st.Mappings {
		fmt.Fprintf(w, "dumpscope: mapped %d× %s (first at %s)\n", m.Count, m.What, split.Position{Offset: m.FirstOffset, Line: m.FirstLine})
	}
	for _, x := range st.Warnings {
		fmt.Fprintln(w, "dumpscope: warning:", x)
	}
}

// startAtHint tells, after a serial import stopped on a statement, how to continue from
// that statement once it (or the target) is fixed.
func (f *transformFlags) startAtHint(w io.Writer, o *importOptions, res *importer.Result) {
	var se *importer.StatementError
	if res == nil || res.Status != importer.Failed || res.Journal != "" || o.parallel > 1 || o.checkpoint != "" || o.loadData || o.deferIndexes || !errors.As(res.Err, &se) {
		return
	}
	fmt.Fprintln(w, "dumpscope: "+res.StartAtAdvice(se.Offset))
}
