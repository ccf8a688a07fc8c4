package preflight

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
	"github.com/dumpscope/dumpscope/internal/termsafe"
)

// Writes through a view the dump makes: `CREATE VIEW v AS SELECT i FROM other.k` then
// `INSERT INTO v …` or `UPDATE v …` writes other.k, which the target held
// (TestReviewX23OverwriteThroughCode). A view of the target's is an existing object
// itself: writing into it is reported by name.

// viewBases returns the tables a view's definition names in its table lists (after FROM
// or JOIN, at any depth: subqueries and derived tables too), unqualified ones in db: the
// tables a write through it may change. They are read by the one table-list reader
// (sqlscan.TableRefs: index hints, PARTITION lists, derived tables and JSON_TABLE in a
// comma list, TestReviewX25ViewListForms). Where it cannot read the text (ok false:
// LATERAL, FOR SYSTEM_TIME, …) every name in it counts, read as [db.]table: a name too
// many is a refusal too many, a name too few a write into the target let by.
func viewBases(q []byte, syn sqlscan.Syntax, db string) []sqlscan.TableKey {
	keys, ok := sqlscan.TableRefs(q, syn, db)
	if ok {
		return keys
	}
	l := sqlscan.New(q, syn)
	for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
		if !t.IsName() {
			continue
		}
		d, name := l.Name(t)
		if d == "" {
			d = db
		}
		if k := sqlscan.TableKeyOf(d, name); !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
	}
	return keys
}

// noteView records, for a view the dump makes, the tables the target held that it reads.
func (p *Preflight) noteView(st *split.Statement, key sqlscan.TableKey, db string) {
	p.noteViewOver(key, viewBases(st.SQL, st.Syntax(), db))
}

// noteViewOver records bases, the tables view key reads, as its viewOver: the target's
// tables among them, and those under the dump's own views among them (a view of a view).
func (p *Preflight) noteViewOver(key sqlscan.TableKey, bases []sqlscan.TableKey) {
	delete(p.viewOver, key)
	for _, b := range bases {
		under := p.viewOver[b] // the dump's view b: the target's tables it reads
		if p.tables[b] && !p.created[b] {
			under = []sqlscan.TableKey{b}
		}
		if len(under) == 0 {
			continue
		}
		if p.viewOver == nil {
			p.viewOver = map[sqlscan.TableKey][]sqlscan.TableKey{}
		}
		p.viewOver[key] = append(p.viewOver[key], under...)
	}
}

// NoteMadeViews is, for a resume (FromState), what the skipped statements told the
// check about the views the first attempt made: a view in the target now that it did not
// hold at the start is the dump's, and a write into it writes the target's tables it
// reads (TestReviewX24ResumeForgetsView). Read from information_schema.VIEWS (the
// server's definition, names qualified); one the account may not read (no SHOW VIEW: an
// empty definition) is no view of the target's tables as far as the check can tell.
func (p *Preflight) NoteMadeViews(ctx context.Context, q Conn) error {
	rows, err := q.QueryContext(ctx, "SELECT TABLE_SCHEMA, TABLE_NAME, VIEW_DEFINITION FROM information_schema.VIEWS")
	if err != nil {
		return fmt.Errorf("preflight: list views: %w", err)
	}
	defs := map[sqlscan.TableKey][]sqlscan.TableKey{}
	for rows.Next() {
		var db, name, def string
		if err := rows.Scan(&db, &name, &def); err != nil {
			rows.Close()
			return err
		}
		key := sqlscan.TableKeyOf(db, name)
		if systemSchemas[strings.ToLower(db)] || p.tables[key] {
			continue // the target's own views are objects of their own
		}
		p.created[key] = true
		defs[key] = viewBases([]byte(def), sqlscan.Syntax{}, db)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	merges, err := madeMerges(ctx, q, p.tables)
	if err != nil {
		return err
	}
	for key, bases := range merges {
		p.created[key], defs[key] = true, bases
	}
	// A view of a view: in any order, noted again until nothing more is learnt.
	for last := -1; ; {
		n := 0
		for key, bases := range defs {
			p.noteViewOver(key, bases)
			n += len(p.viewOver[key])
		}
		if n == last {
			return nil
		}
		last = n
	}
}

// viewHits reports whether a write (rows: rows only) into key, the dump's view, writes
// a table the target held: the body reader's question (reader) for code that writes into
// such a view (a procedure, a trigger, PREPARE, SET STATEMENT … FOR).
func (p *Preflight) viewHits(key sqlscan.TableKey, rows bool) bool {
	if !p.created[key] {
		return false
	}
	for _, b := range p.viewOver[key] {
		if !p.created[b] && p.tables[b] && !(rows && rowsFree(p, b)) {
			return true
		}
	}
	return false
}

// writesRows reports whether a statement's action on the dump's view or MERGE table
// writes the rows of the tables under it: a DROP, RENAME or ALTER of the view itself
// leaves them as they are (`RENAME TABLE v TO w` was refused as "RENAME TABLE other.k").
func writesRows(action string) bool {
	switch action {
	case "INSERT INTO", "REPLACE INTO", "LOAD DATA INTO", "UPDATE", "DELETE FROM", "TRUNCATE TABLE":
		return true
	}
	return false
}

// throughView returns the overwrites of a write (action) into the dump's view key: the
// target's tables under it, rows into one that was empty excepted unless its trigger of
// the target's writes elsewhere (triggerFinding, asked as for a direct write:
// TestReviewX25TargetTriggerIndirect).
func (p *Preflight) throughView(key sqlscan.TableKey, action string, st *split.Statement) []Overwrite {
	var out []Overwrite
	vd, vt := key.Names()
	for _, b := range p.viewOver[key] {
		if p.created[b] || !p.tables[b] {
			continue
		}
		if p.empty[b] && rowsOnly(action, st) && p.seqDefaults[string(b)] == nil {
			if ow := p.triggerFinding(b, action, st); ow != nil && p.report(*ow) {
				// INSERT INTO `fresh`.`v` (a view of `other`.`e`, whose trigger runs …)
				ow.Detail = fmt.Sprintf("%s %s.%s (a view of %s)", action, sqlscan.QuoteIdent(vd), sqlscan.QuoteIdent(vt), strings.TrimPrefix(ow.Detail, action+" "))
				out = append(out, *ow)
			}
			continue
		}
		d, t := b.Names()
		ow := Overwrite{Action: action, Database: d, Table: t, Offset: st.Offset, Line: st.Line, Through: true,
			Detail: fmt.Sprintf("%s %s.%s (a view of %s.%s)", action, sqlscan.QuoteIdent(vd), sqlscan.QuoteIdent(vt), sqlscan.QuoteIdent(d), sqlscan.QuoteIdent(t))}
		if col, seq := p.seqDefaults.first(b); p.empty[b] && seq != "" {
			ow.Detail += ", whose column " + termsafe.Line(sqlscan.QuoteIdent(col)) + " has a DEFAULT that moves the target's sequence " + termsafe.Line(seq)
		}
		if p.report(ow) {
			out = append(out, ow)
		}
	}
	return out
}

// madeMerges returns, for a resume (NoteMadeViews), the MERGE tables in the target now
// that it did not hold at the start (held) with their UNION lists (mergeUnion of the
// server's SHOW CREATE TABLE): the skipped CREATE or ALTER TABLE … ENGINE=MERGE noted
// them in the first attempt only, and a write into one after the resume point wrote the
// target's table under it (TestXFix78ResumeForgetsMerge: other.k held 1,9 in every
// mode). A MERGE table's definition is not in information_schema, so each is asked for
// its own; dumps hold few.
func madeMerges(ctx context.Context, q Conn, held map[sqlscan.TableKey]bool) (map[sqlscan.TableKey][]sqlscan.TableKey, error) {
	rows, err := q.QueryContext(ctx, "SELECT TABLE_SCHEMA, TABLE_NAME FROM information_schema.TABLES WHERE ENGINE = 'MRG_MyISAM'")
	if err != nil {
		return nil, fmt.Errorf("preflight: list MERGE tables: %w", err)
	}
	var made []sqlscan.TableKey
	for rows.Next() {
		var db, name string
		if err := rows.Scan(&db, &name); err != nil {
			rows.Close()
			return nil, err
		}
		if key := sqlscan.TableKeyOf(db, name); !systemSchemas[strings.ToLower(db)] && !held[key] {
			made = append(made, key)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	return mergeUnions(ctx, q, made)
}

// mergeUnion returns the tables a MERGE (MRG_MyISAM) table's UNION=(…) names in a CREATE
// or ALTER TABLE q, unqualified ones in tableDB (the MERGE table's database) and in
// current (the database in effect) both, as the check cannot tell which the server takes;
// ok false when q has no such clause. Rows written into, updated or deleted through a
// MERGE table are its UNION tables' rows: for the check it is a view over them
// (TestReviewX25MergeTableOverwrites). A UNION of a CREATE TABLE … SELECT is followed by
// SELECT or a parenthesised SELECT, not a list of names.
func mergeUnion(q []byte, syn sqlscan.Syntax, tableDB, current string) (keys []sqlscan.TableKey, ok bool) {
	l := sqlscan.New(q, syn)
	for t := range sqlscan.TopLevel(&l) {
		if !t.Is("UNION") {
			continue
		}
		save := l.Pos
		n := l.Next()
		if n.Kind == sqlscan.Punct && n.Text == "=" {
			n = l.Next()
		}
		if n.Kind != sqlscan.Punct || n.Text != "(" {
			l.Pos = save
			continue
		}
		first := true
		for n = l.Next(); n.IsName() && !(first && (n.Is("SELECT") || n.Is("WITH") || n.Is("VALUES") || n.Is("TABLE"))); n = l.Next() {
			first = false
			d, name := l.Name(n)
			for _, db := range []string{d, tableDB, current} {
				if db == "" {
					continue
				}
				if k := sqlscan.TableKeyOf(db, name); !slices.Contains(keys, k) {
					keys = append(keys, k)
				}
				if d != "" {
					break
				}
			}
			if n = l.Next(); n.Kind != sqlscan.Punct || n.Text != "," {
				break
			}
		}
		if !first {
			ok = true
		}
		l.Pos = save
	}
	return keys, ok
}
