package difffuzz

import (
	"fmt"
	"path"
	"strings"
)

// The filter profile (branch x-fuzz, session 46): a dump-shaped script over two or
// three databases, with a filter chosen from the seed (--include-databases,
// --exclude-tables, --tables, each sometimes with --schema-only) that the filter modes
// give `dumpscope import`. The reference is not dumpscope's transform code: the
// generator tags every statement, and every part of a text the server runs as several,
// with the object it belongs to (it wrote them), and Script.Reference drops what the
// filter leaves out by docs/filters.md's meaning. The client runs that filtered script.
// Dropped statements become as many newlines as they had, so that an error's line is
// the same on both sides.
//
// What the script holds: per database CREATE DATABASE and USE; tables t1…t3 (the same
// names in every database, so that a bare `t2` entry matches in each) with DROP, CREATE,
// mysqldump's LOCK TABLES / DISABLE KEYS / rows / ENABLE KEYS / UNLOCK TABLES, UPDATE and
// DELETE; triggers (SET NEW only: a trigger never writes another table, which a filter
// may have left out); a procedure (sometimes in Oracle mode) and its CALL; accounts
// (CREATE USER) and GRANTs on *.*, db.*, db.t, a bare t and PROCEDURE db.p; texts of
// several statements whose parts belong to different tables, grants and the session.
// The runner drops the `fzu%` accounts before each import and compares their SHOW
// GRANTS after it.
//
// The filter is chosen so that the reference does not fail by the filter's own doing:
// no CALL under --tables or --schema-only (routines are not kept under --tables; a CALL
// follows the current database), no statement reads a table other than the one it is
// attributed to.

// ProfileFilter is the filter modes' profile (gen_filter.go).
const ProfileFilter Profile = "filter"

// CreateUserResume: the filter profile's accounts made by a plain CREATE USER. Killed
// after the server ran it and before dumpscope recorded it, --resume sent it again:
// ERROR 1396 where the client ran on (seeds 113818, 113819; fixed in stop 46, replay's
// accountRanAgain, TestDiffFuzzFoundS46CreateUserResumed). On in every mode since
// x-fuzz2's search with it on in the kill modes (seeds 131000–131034: no 1396). Off, the
// accounts are made by CREATE USER IF NOT EXISTS.
const CreateUserResume Construct = "create-user-resume"

// FilterKillModeOff are the filter profile's constructs the modes with kills leave out:
// none now.
var FilterKillModeOff = []Construct{}

// Filter is a filter-profile script's filter: the flags dumpscope gets and, for the
// reference, what they keep (docs/filters.md).
type Filter struct {
	// Kind is "include-databases", "exclude-tables" or "tables".
	Kind string
	// Names are its entries: databases, or db.t / t (globs allowed).
	Names      []string
	SchemaOnly bool
}

// Args are the flags of f for `dumpscope import`.
func (f *Filter) Args() []string {
	a := []string{"--" + f.Kind, strings.Join(f.Names, ",")}
	if f.SchemaOnly {
		a = append(a, "--schema-only")
	}
	return a
}

func (f *Filter) String() string { return strings.Join(f.Args(), " ") }

// ownKind is what a statement is, for a filter.
type ownKind int

const (
	ownSession      ownKind = iota // SET, DELIMITER, transaction statements: always kept
	ownAccount                     // CREATE USER, GRANT … ON *.*: always kept
	ownDatabase                    // CREATE DATABASE, USE: kept with the database
	ownGrantDB                     // GRANT … ON db.*: with the database
	ownTableDDL                    // DROP/CREATE TABLE: with the table; schema
	ownTrigger                     // CREATE TRIGGER … ON table: with the table; schema
	ownRows                        // INSERT, UPDATE, DELETE, LOCK TABLES, DISABLE KEYS: with the table; data
	ownGrantTable                  // GRANT … ON db.t: with the table, neither schema nor data
	ownRoutine                     // CREATE PROCEDURE: with the database, not under --tables; schema
	ownGrantRoutine                // GRANT … ON PROCEDURE db.p: as the routine, neither schema nor data
	ownCurrentDB                   // CALL: with the current database
)

// Owner is the object a statement (or a part of a text) belongs to; the zero Owner is
// a session statement's, kept by every filter.
type Owner struct {
	Kind      ownKind
	DB, Table string
}

// Part is one statement of a text the server runs as several, with its owner.
type Part struct {
	Text string
	Own  Owner
}

// matches says whether entry (db.t or t, globs) names table db.t.
func matches(entry, db, t string) bool {
	if i := strings.IndexByte(entry, '.'); i >= 0 {
		okDB, _ := path.Match(entry[:i], db)
		okT, _ := path.Match(entry[i+1:], t)
		return okDB && okT
	}
	ok, _ := path.Match(entry, t)
	return ok
}

// dbKept: a database is kept when --include-databases names it or a --tables entry
// could match in it; --exclude-tables keeps every database.
func (f *Filter) dbKept(db string) bool {
	switch f.Kind {
	case "include-databases":
		for _, n := range f.Names {
			if ok, _ := path.Match(n, db); ok {
				return true
			}
		}
		return false
	case "tables":
		for _, n := range f.Names {
			i := strings.IndexByte(n, '.')
			if i < 0 {
				return true
			}
			if ok, _ := path.Match(n[:i], db); ok {
				return true
			}
		}
		return false
	}
	return true
}

func (f *Filter) tableKept(db, t string) bool {
	switch f.Kind {
	case "include-databases":
		return f.dbKept(db)
	case "tables":
		for _, n := range f.Names {
			if matches(n, db, t) {
				return true
			}
		}
		return false
	}
	for _, n := range f.Names {
		if matches(n, db, t) {
			return false
		}
	}
	return true
}

// Keeps says whether f keeps a statement of o, current being the database USE last
// named (for a CALL).
func (f *Filter) Keeps(o Owner, current string) bool {
	if f == nil {
		return true
	}
	switch o.Kind {
	case ownSession, ownAccount:
		return true
	case ownDatabase:
		return f.dbKept(o.DB)
	case ownGrantDB:
		return f.dbKept(o.DB)
	case ownTableDDL, ownTrigger:
		return f.tableKept(o.DB, o.Table)
	case ownRows:
		return !f.SchemaOnly && f.tableKept(o.DB, o.Table)
	case ownGrantTable:
		return f.tableKept(o.DB, o.Table)
	case ownRoutine, ownGrantRoutine:
		return f.Kind != "tables" && f.dbKept(o.DB)
	case ownCurrentDB:
		return !f.SchemaOnly && f.dbKept(current)
	}
	return true
}

// Reference is s as the client must run it for s.Filter: the statements and parts it
// leaves out replaced by their newlines (nil Filter: s itself).
func (s Script) Reference() Script {
	if s.Filter == nil {
		return s
	}
	out := Script{Seed: s.Seed}
	current := ""
	for _, st := range s.Stmts {
		if st.Own.Kind == ownDatabase && strings.HasPrefix(st.Head, "USE ") {
			current = st.Own.DB
		}
		if len(st.Parts) > 0 {
			out.Stmts = append(out.Stmts, filteredText(s.Filter, st, current))
			continue
		}
		if s.Filter.Keeps(st.Own, current) {
			out.Stmts = append(out.Stmts, st)
			continue
		}
		out.Stmts = append(out.Stmts, Stmt{Head: strings.Repeat("\n", strings.Count(st.Text(), "\n")), Raw: true})
	}
	return out
}

// filteredText is a text of parts with the parts f leaves out replaced by their
// newlines, its lines where they were; all left out, newlines only.
func filteredText(f *Filter, st Stmt, current string) Stmt {
	var b strings.Builder
	any := false
	for i, p := range st.Parts {
		kept := f.Keeps(p.Own, current)
		if i > 0 {
			if kept && any {
				b.WriteString(";")
			}
			b.WriteString("\n")
		}
		if kept {
			b.WriteString(p.Text)
			any = true
		} else {
			b.WriteString(strings.Repeat("\n", strings.Count(p.Text, "\n")))
		}
	}
	if !any {
		return Stmt{Head: strings.Repeat("\n", strings.Count(st.Text(), "\n")), Raw: true}
	}
	return Stmt{Head: "DELIMITER ;;\n" + b.String() + "\n;;\nDELIMITER ;\n", Raw: true}
}

// partsText is the script text of parts: one DELIMITER ;; text, as filteredText writes
// it when every part is kept.
func partsText(parts []Part) Stmt {
	texts := make([]string, len(parts))
	for i, p := range parts {
		texts[i] = p.Text
	}
	return Stmt{Head: "DELIMITER ;;\n" + strings.Join(texts, ";\n") + "\n;;\nDELIMITER ;\n", Raw: true, Parts: parts}
}

// filterGen is the filter profile's generator state beyond gen's.
type filterGen struct {
	*gen
	f     *Filter
	users []string
	ids   map[string]int // next id per db.t
}

func (fg *filterGen) own(kind ownKind, db, t string, format string, args ...any) {
	fg.out = append(fg.out, Stmt{Head: fmt.Sprintf(format, args...), Own: Owner{Kind: kind, DB: db, Table: t}})
}

// chooseFilter draws the script's filter over dbs (tables t1…t3 in each).
func chooseFilter(g *gen, dbs []string) *Filter {
	f := &Filter{}
	switch g.pick(3) {
	case 0:
		f.Kind = "include-databases"
		f.Names = []string{dbs[g.pick(len(dbs))]}
		if g.chance(0.3) {
			f.Names = []string{"fz[02]"}
		}
	case 1:
		f.Kind = "exclude-tables"
		for range 1 + g.pick(2) {
			switch g.pick(4) {
			case 0:
				f.Names = append(f.Names, fmt.Sprintf("t%d", 1+g.pick(3)))
			case 1:
				f.Names = append(f.Names, dbs[g.pick(len(dbs))]+".t*")
			default:
				f.Names = append(f.Names, fmt.Sprintf("%s.t%d", dbs[g.pick(len(dbs))], 1+g.pick(3)))
			}
		}
	default:
		f.Kind = "tables"
		for range 1 + g.pick(3) {
			if g.chance(0.25) {
				f.Names = append(f.Names, fmt.Sprintf("t%d", 1+g.pick(3)))
				continue
			}
			f.Names = append(f.Names, fmt.Sprintf("%s.t%d", dbs[g.pick(len(dbs))], 1+g.pick(3)))
		}
	}
	f.SchemaOnly = g.chance(0.2)
	return f
}

// filterScript writes the filter profile's script (Generate with ProfileFilter).
func filterScript(g *gen) *Filter {
	fg := &filterGen{gen: g, ids: map[string]int{}}
	n := 2 + g.pick(2)
	var dbs []string
	for i := range n {
		dbs = append(dbs, fmt.Sprintf("fz%d", i))
	}
	fg.f = chooseFilter(g, dbs)
	g.emit("SET NAMES utf8mb4")
	g.emit("/*!40014 SET @OLD_FOREIGN_KEY_CHECKS=@@FOREIGN_KEY_CHECKS, FOREIGN_KEY_CHECKS=0 */")
	for i := range 1 + g.pick(2) {
		u := fmt.Sprintf("'fzu%d'@'localhost'", i+1)
		fg.users = append(fg.users, u)
		create := "CREATE USER "
		if !g.cfg.on(CreateUserResume) {
			create = "CREATE USER IF NOT EXISTS "
		}
		fg.own(ownAccount, "", "", "%s%s", create, u)
	}
	early := g.chance(0.5) // grants before the databases (mariadb-dump --system=users) or after
	if early {
		fg.own(ownAccount, "", "", "GRANT SELECT ON *.* TO %s", fg.user())
	}
	if g.chance(0.3) { // an unescaped % spans databases: kept by every filter
		fg.own(ownAccount, "", "", "GRANT CREATE ON `fz%%`.* TO %s", fg.user())
	}
	for _, db := range dbs {
		fg.database(db)
	}
	if !early {
		fg.own(ownAccount, "", "", "GRANT SELECT ON *.* TO %s", fg.user())
	}
	for range g.pick(3) {
		fg.mixedText(dbs)
	}
	return fg.f
}

func (fg *filterGen) user() string { return fg.users[fg.pick(len(fg.users))] }

// database writes one database's part of the dump.
func (fg *filterGen) database(db string) {
	g := fg.gen
	g.dbs = append(g.dbs, db)
	fg.own(ownDatabase, db, "", "CREATE DATABASE /*!32312 IF NOT EXISTS*/ `%s`", db)
	fg.own(ownDatabase, db, "", "USE `%s`", db)
	var proc string
	if fg.f.Kind != "tables" && !fg.f.SchemaOnly && g.chance(0.6) {
		proc = fg.procedure(db)
	}
	for i := 1; i <= 3; i++ {
		fg.table(db, fmt.Sprintf("t%d", i))
		if proc != "" && g.chance(0.3) {
			fg.own(ownCurrentDB, db, "", "CALL `%s`()", proc)
		}
	}
	if g.chance(0.5) {
		fg.own(ownGrantDB, db, "", "GRANT INSERT ON `%s`.* TO %s", db, fg.user())
	}
	if g.chance(0.25) {
		fg.own(ownGrantDB, db, "", "GRANT SHOW VIEW ON * TO %s", fg.user()) // bare *: the current database
	}
	if g.chance(0.2) {
		fg.own(ownDatabase, db, "", "ALTER DATABASE `%s` CHARACTER SET utf8mb4", db)
	}
	if fg.f.Kind != "tables" && g.chance(0.25) {
		// An event belongs to its database (not kept under --tables); disabled: it never runs.
		fg.own(ownRoutine, db, "", "CREATE DEFINER=`root`@`localhost` EVENT `%s` ON SCHEDULE EVERY 1 DAY STARTS '2030-01-01 00:00:00' ON COMPLETION PRESERVE DISABLE DO DELETE FROM `t1` WHERE `id` < 0", rname(g, "fev"))
	}
	if proc != "" {
		fg.own(ownGrantRoutine, db, proc, "GRANT EXECUTE ON PROCEDURE `%s`.`%s` TO %s", db, proc, fg.user())
	}
	if g.chance(0.4) {
		fg.mixedText(g.dbs)
	}
}

// procedure writes a procedure of db (no table in its body), sometimes in Oracle mode
// as mariadb-dump writes it; its name.
func (fg *filterGen) procedure(db string) string {
	g := fg.gen
	name := rname(g, "fp")
	if g.chance(0.4) {
		g.out = append(g.out, Stmt{Head: oracleMode, Raw: true})
		fg.out = append(fg.out, Stmt{Head: fmt.Sprintf("DELIMITER ;;\nCREATE DEFINER=\"root\"@\"localhost\" PROCEDURE \"%s\"()\nAS\n  y INT := 1;\nBEGIN\n  y := y + 1;\n  SET @fp = COALESCE(@fp, 0) + y;\nEND\n;;\nDELIMITER ;\n", name), Raw: true, Own: Owner{Kind: ownRoutine, DB: db}})
		g.out = append(g.out, Stmt{Head: oracleBack, Raw: true})
		return name
	}
	fg.out = append(fg.out, Stmt{Head: fmt.Sprintf("DELIMITER ;;\nCREATE DEFINER=`root`@`localhost` PROCEDURE `%s`()\nBEGIN\n  SET @fp = COALESCE(@fp, 0) + 1;\nEND ;;\nDELIMITER ;\n", name), Raw: true, Own: Owner{Kind: ownRoutine, DB: db}})
	return name
}

// table writes one table of db: its DDL, rows as mysqldump writes them, a trigger, DML
// and grants.
func (fg *filterGen) table(db, t string) {
	g := fg.gen
	fg.own(ownTableDDL, db, t, "DROP TABLE IF EXISTS `%s`", t)
	fg.own(ownTableDDL, db, t, "CREATE TABLE `%s` (\n  `id` int NOT NULL,\n  `a` int DEFAULT NULL,\n  `s` varchar(40) DEFAULT NULL,\n  PRIMARY KEY (`id`)\n) ENGINE=%s DEFAULT CHARSET=utf8mb4", t, []string{"InnoDB", "InnoDB", "MyISAM", "Aria"}[g.pick(4)])
	if g.chance(0.3) {
		fg.trigger(db, t, g.chance(0.4))
	}
	lock := g.chance(0.6)
	if lock {
		fg.own(ownRows, db, t, "LOCK TABLES `%s` WRITE", t)
		fg.own(ownRows, db, t, "/*!40000 ALTER TABLE `%s` DISABLE KEYS */", t)
	}
	st := Stmt{Head: "INSERT INTO `" + t + "` VALUES ", Own: Owner{Kind: ownRows, DB: db, Table: t}}
	n := 1 + g.pick(8)
	if g.chance(0.5) {
		n = 1 + g.pick(120) // several 2K batches: --load-data and --parallel split them
	}
	for range n {
		st.Rows = append(st.Rows, fg.row(db, t))
	}
	fg.out = append(fg.out, st)
	if lock {
		fg.own(ownRows, db, t, "/*!40000 ALTER TABLE `%s` ENABLE KEYS */", t)
		fg.own(ownRows, db, t, "UNLOCK TABLES")
	}
	if g.chance(0.15) {
		fg.own(ownTableDDL, db, t, "ALTER TABLE `%s`.`%s` COMMENT 'c%d'", db, t, g.pick(100))
	}
	if g.chance(0.3) {
		fg.own(ownRows, db, t, "UPDATE `%s`.`%s` SET `a` = `a` + 1 WHERE `id` <= %d", db, t, 1+g.pick(10))
	}
	fg.wrapped(db, t)
	if g.chance(0.2) {
		fg.own(ownRows, db, t, "DELETE FROM `%s` WHERE `id` = %d", t, 1+g.pick(10))
	}
	switch g.pick(4) {
	case 0:
		u := fg.user()
		fg.own(ownGrantTable, db, t, "GRANT SELECT, INSERT ON `%s`.`%s` TO %s", db, t, u)
		if g.chance(0.3) {
			fg.own(ownGrantTable, db, t, "REVOKE INSERT ON `%s`.`%s` FROM %s", db, t, u)
		}
	case 1:
		fg.own(ownGrantTable, db, t, "GRANT UPDATE ON `%s` TO %s", t, fg.user()) // bare: the current database
	}
}

// wrapped writes, sometimes, a statement of db.t's rows that runs another: SET STATEMENT
// … FOR, EXECUTE IMMEDIATE of a literal, PREPARE / EXECUTE / DEALLOCATE PREPARE (which
// follow their PREPARE).
func (fg *filterGen) wrapped(db, t string) {
	g := fg.gen
	if !g.chance(0.35) {
		return
	}
	q := fmt.Sprintf("`%s`.`%s`", db, t)
	switch g.pick(3) {
	case 0:
		fg.own(ownRows, db, t, "SET STATEMENT max_statement_time = 0 FOR INSERT INTO %s VALUES (%s)", q, strings.Join(fg.row(db, t), ","))
	case 1:
		fg.own(ownRows, db, t, "EXECUTE IMMEDIATE 'UPDATE %s SET `a` = `a` - 1 WHERE `id` = %d'", q, 1+g.pick(8))
	default:
		ps := rname(g, "fps")
		fg.own(ownRows, db, t, "PREPARE %s FROM 'DELETE FROM %s WHERE `id` = %d'", ps, q, 2+g.pick(8))
		fg.own(ownRows, db, t, "EXECUTE %s", ps)
		fg.own(ownRows, db, t, "DEALLOCATE PREPARE %s", ps)
	}
}

// row is one row of db.t with its next id.
func (fg *filterGen) row(db, t string) Row {
	k := db + "." + t
	fg.ids[k]++
	return Row{fmt.Sprint(fg.ids[k]), fmt.Sprint(fg.pick(200) - 50), fmt.Sprintf("'%s s%d'", k, fg.pick(1000))}
}

// trigger writes a trigger on db.t that changes the row only (no other table, no user
// variable: one would make the rest of the import serial).
func (fg *filterGen) trigger(db, t string, drop bool) {
	name := rname(fg.gen, "ftr")
	if drop { // mariadb-dump --add-drop-trigger: the DROP names no table
		// Before its CREATE and not in the target, it follows its database, and not under
		// --tables (docs/filters.md): as a routine.
		fg.own(ownRoutine, db, "", "/*!50032 DROP TRIGGER IF EXISTS `%s` */", name)
	}
	fg.out = append(fg.out, Stmt{Head: fmt.Sprintf("DELIMITER ;;\nCREATE DEFINER=`root`@`localhost` TRIGGER `%s` BEFORE INSERT ON `%s` FOR EACH ROW BEGIN\n  SET NEW.`a` = COALESCE(NEW.`a`, 0) + 1000;\n  SET NEW.`s` = CONCAT(NEW.`s`, '+');\nEND ;;\nDELIMITER ;\n", name, t), Raw: true, Own: Owner{Kind: ownTrigger, DB: db, Table: t}})
}

// mixedText writes one text of several statements whose parts belong to tables of
// different databases, grants and the session.
func (fg *filterGen) mixedText(dbs []string) {
	g := fg.gen
	var parts []Part
	for range 2 + g.pick(4) {
		db := dbs[g.pick(len(dbs))]
		t := fmt.Sprintf("t%d", 1+g.pick(3))
		q := fmt.Sprintf("`%s`.`%s`", db, t)
		switch g.pick(6) {
		case 0, 1:
			r := fg.row(db, t)
			parts = append(parts, Part{Text: "INSERT INTO " + q + " VALUES (" + strings.Join(r, ",") + ")", Own: Owner{Kind: ownRows, DB: db, Table: t}})
		case 2:
			parts = append(parts, Part{Text: fmt.Sprintf("UPDATE %s SET `s` = 'text' WHERE `id` = %d", q, 1+g.pick(5)), Own: Owner{Kind: ownRows, DB: db, Table: t}})
		case 3:
			parts = append(parts, Part{Text: fmt.Sprintf("GRANT DELETE ON %s TO %s", q, fg.user()), Own: Owner{Kind: ownGrantTable, DB: db, Table: t}})
		case 4:
			// A user variable makes the rest of dumpscope's run serial: one SET in three.
			set := "SET SESSION foreign_key_checks = 0"
			if g.chance(0.33) {
				set = fmt.Sprintf("SET @fm = %d", g.pick(100))
			}
			parts = append(parts, Part{Text: set})
		default:
			parts = append(parts, Part{Text: fmt.Sprintf("GRANT SELECT ON `%s`.* TO %s", db, fg.user()), Own: Owner{Kind: ownGrantDB, DB: db}})
		}
	}
	fg.out = append(fg.out, partsText(parts))
}
