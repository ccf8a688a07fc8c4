package preflight

import (
	"context"
	"fmt"

	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// What the dump's own tables are, wherever it makes them: a MERGE table is a view over
// its UNION tables (writes through it write them), a CREATE TABLE … LIKE copy is what its
// source is (a MERGE table over the same tables, columns whose DEFAULT moves the target's
// sequence), and code (EXECUTE IMMEDIATE, a procedure, a block) makes tables and views
// as the top level does. x-review26 found each of these let through silently where only
// the top level's CREATE TABLE text was read (TestReviewX26MergeUnionUnseen,
// TestReviewX26SequenceDefaultRenamedCopy).

// noteTable records what the dump's CREATE TABLE q (key, in tableDB) makes, for the
// checks after it: the target's tables under it when it is a MERGE table (its UNION, or
// the UNION of the MERGE table it is a LIKE copy of), and the sequence defaults of a LIKE
// copy; it forgets what a view or table of the name was before.
func (p *Preflight) noteTable(key sqlscan.TableKey, q []byte, syn sqlscan.Syntax, tableDB string) {
	var src sqlscan.TableKey
	like := false
	if len(p.targetMerges) > 0 || len(p.seqDefaults) > 0 || len(p.viewOver) > 0 {
		// A LIKE copy has something to carry only then: no pass over every CREATE TABLE
		// of a dump into a target that holds no MERGE table and no sequence default.
		src, like = likeSource(q, syn, p.current)
	}
	union, _ := mergeUnion(q, syn, tableDB, p.current)
	if like {
		if u, ok := p.targetMerges[src]; ok {
			union = u // the target's MERGE table: the copy keeps its UNION
		} else if p.created[src] {
			union = p.viewOver[src] // the dump's MERGE table (its view bases are not copied: a LIKE of a view fails)
		}
	}
	p.noteViewOver(key, union)
	p.seqDefaults.likeCopy(key, src, like)
	p.seqHidden.likeCopy(key, src, like)
}

// likeSource is the source of CREATE TABLE … LIKE src (or (LIKE src)) in q, unqualified
// in current; ok false when q is no LIKE copy.
func likeSource(q []byte, syn sqlscan.Syntax, current string) (src sqlscan.TableKey, ok bool) {
	l := sqlscan.New(q, syn)
	for t := range sqlscan.TopLevel(&l) {
		if t.Is("LIKE") {
			d, name := l.Name(l.Next())
			if name == "" {
				return "", false
			}
			if d == "" {
				d = current
			}
			return sqlscan.TableKeyOf(d, name), true
		}
		if t.Is("SELECT") || t.Is("AS") {
			return "", false // CREATE TABLE … SELECT … LIKE '%x': a pattern, not a source
		}
	}
	return "", false
}

// madeInCode notes a CREATE TABLE or CREATE VIEW that code runs (the body reader's made:
// EXECUTE IMMEDIATE, a routine's or a block's body), q being that statement and db the
// database its unqualified names belong to, as the top level notes its own: a MERGE
// table or view over the target's tables is then written through as such. A function,
// not a method: Preflight is at the layout's limit of methods. One of the target's
// tables or a temporary table is not the dump's: the body reader judges the first, the
// second shadows nothing the check follows.
func madeInCode(p *Preflight, q []byte, syn sqlscan.Syntax, db string) {
	l := sqlscan.New(q, syn)
	l.Next() // CREATE; then the head (sqlscan.ObjectHead)
	t, _, temporary := sqlscan.ObjectHead(&l)
	if temporary || (!t.Is("TABLE") && !t.Is("VIEW")) {
		return // a temporary table, an index, a routine, a trigger, …
	}
	view := t.Is("VIEW")
	n := l.Next()
	for n.Is("IF") || n.Is("NOT") || n.Is("EXISTS") {
		n = l.Next()
	}
	d, name := l.Name(n)
	if name == "" {
		return
	}
	if d == "" {
		d = db
	}
	key := sqlscan.TableKeyOf(d, name)
	if p.tables[key] && !p.created[key] {
		return // the target's: an overwrite the body reader reports
	}
	p.created[key] = true
	if view {
		p.noteViewOver(key, viewBases(q, syn, d))
		return
	}
	p.noteTable(key, q, syn, d)
}

// rowsFree reports whether rows written into key, one of the target's tables, lose
// nothing the target held: it was empty at the start, no trigger of the target's on it
// writes elsewhere (triggerRuns), and no column of it has a DEFAULT that moves the
// target's sequence (seqDefaults: a row that leaves it out, or gives DEFAULT, moves it).
// The one answer for code (the body reader) and for the dump's views over it
// (viewHits); the top level reads a row insert's column list (seqDefaults.finding) and
// names the trigger (triggerFinding) instead (TestReviewX26SequenceDefaultIndirect). A
// function: Preflight is at the layout's limit of methods.
func rowsFree(p *Preflight, key sqlscan.TableKey) bool {
	return p.empty[key] && p.seqDefaults[string(key)] == nil && p.triggerRuns(key) == ""
}

// mergeUnions reads, for the target's MERGE tables keys (from the table list), the
// tables under each (mergeUnion of SHOW CREATE TABLE; information_schema holds no UNION
// list): nil when there are none, one query for each otherwise. Unqualified names in a
// MERGE table's UNION are in its own database.
func mergeUnions(ctx context.Context, q Conn, keys []sqlscan.TableKey) (map[sqlscan.TableKey][]sqlscan.TableKey, error) {
	if len(keys) == 0 {
		return nil, nil
	}
	out := map[sqlscan.TableKey][]sqlscan.TableKey{}
	for _, key := range keys {
		d, t := key.Names()
		var name, def string
		if err := q.QueryRowContext(ctx, "SHOW CREATE TABLE "+sqlscan.QuoteIdent(d)+"."+sqlscan.QuoteIdent(t)).Scan(&name, &def); err != nil {
			return nil, fmt.Errorf("preflight: read the MERGE table %s.%s: %w", d, t, err)
		}
		out[key], _ = mergeUnion([]byte(def), sqlscan.Syntax{}, d, d)
	}
	return out, nil
}
