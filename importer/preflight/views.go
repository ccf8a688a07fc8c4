package preflight

import (
	"context"
	"fmt"
	"strings"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// Writes through a view the dump makes: `CREATE VIEW v AS SELECT i FROM other.k` then
// `INSERT INTO v …` or `UPDATE v …` writes other.k, which the target held
// (TestReviewX23OverwriteThroughCode). A view of the target's is an existing object
// itself: writing into it is reported by name.

// viewBases returns the tables a view's definition reads after FROM or JOIN (each name of
// a FROM list), unqualified ones in db: the tables a write through it may change.
func viewBases(q []byte, syn sqlscan.Syntax, db string) []sqlscan.TableKey {
	l := sqlscan.New(q, syn)
	var out []sqlscan.TableKey
	add := func(t sqlscan.Token) {
		d, name := l.Name(t)
		if d == "" {
			d = db
		}
		out = append(out, sqlscan.TableKeyOf(d, name))
	}
	for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
		if !t.Is("FROM") && !t.Is("JOIN") {
			continue
		}
		for n := l.Next(); n.IsName() || n.Kind == sqlscan.Punct && n.Text == "("; n = l.Next() {
			if n.Kind == sqlscan.Punct {
				// `FROM (other.k)`, mysqldump's `from (`other`.`k` join `t` on(…))`: into
				// the list; a subquery's own FROM is read by the outer loop.
				save := l.Pos
				if q := l.Next(); q.Is("SELECT") || q.Is("WITH") || q.Is("VALUES") || q.Is("TABLE") {
					l.Pos = save
					break
				}
				l.Pos = save
				continue
			}
			add(n)
			// [AS] alias, then a comma for the next table of the list
			n = l.Next()
			if n.Is("AS") {
				n = l.Next()
			}
			if n.IsName() && !n.Is("WHERE") && !n.Is("JOIN") && !n.Is("ON") && !n.Is("GROUP") && !n.Is("ORDER") && !n.Is("LIMIT") &&
				!n.Is("LEFT") && !n.Is("RIGHT") && !n.Is("INNER") && !n.Is("CROSS") && !n.Is("NATURAL") && !n.Is("STRAIGHT_JOIN") && !n.Is("UNION") && !n.Is("WITH") {
				n = l.Next()
			}
			if !(n.Kind == sqlscan.Punct && n.Text == ",") {
				if n.Is("JOIN") || n.Is("STRAIGHT_JOIN") {
					continue // the outer loop would miss the name after it
				}
				break
			}
		}
	}
	return out
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
		if !p.created[b] && p.tables[b] && !(rows && p.empty[b]) {
			return true
		}
	}
	return false
}

// throughView returns the overwrites of a write (action) into the dump's view key: the
// target's tables under it, rows into one that was empty excepted.
func (p *Preflight) throughView(key sqlscan.TableKey, action string, st *split.Statement) []Overwrite {
	var out []Overwrite
	vd, vt := key.Names()
	for _, b := range p.viewOver[key] {
		if p.created[b] || !p.tables[b] || p.empty[b] && rowsOnly(action, st) {
			continue
		}
		d, t := b.Names()
		ow := Overwrite{Action: action, Database: d, Table: t, Offset: st.Offset, Line: st.Line, Through: true,
			Detail: fmt.Sprintf("%s %s.%s (a view of %s.%s)", action, sqlscan.QuoteIdent(vd), sqlscan.QuoteIdent(vt), sqlscan.QuoteIdent(d), sqlscan.QuoteIdent(t))}
		if p.report(ow) {
			out = append(out, ow)
		}
	}
	return out
}
