package preflight

import (
	"fmt"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// Writes through a view the dump makes: `CREATE VIEW v AS SELECT i FROM other.k` then
// `INSERT INTO v …` or `UPDATE v …` writes other.k, which the target held
// (TestReviewX23OverwriteThroughCode). A view of the target's is an existing object
// itself: writing into it is reported by name.

// viewBases returns the tables a view's definition reads after FROM or JOIN (each name of
// a FROM list), unqualified ones in db: the tables a write through it may change.
func viewBases(st *split.Statement, db string) []sqlscan.TableKey {
	l := st.Tokens()
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
		for n := l.Next(); n.IsName(); n = l.Next() {
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
	delete(p.viewOver, key)
	for _, b := range viewBases(st, db) {
		if p.tables[b] && !p.created[b] {
			if p.viewOver == nil {
				p.viewOver = map[sqlscan.TableKey][]sqlscan.TableKey{}
			}
			p.viewOver[key] = append(p.viewOver[key], b)
		}
	}
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
