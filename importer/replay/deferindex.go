package replay

import (
	"bytes"
	"strings"
)

// deferredKeys splits a mysqldump-style CREATE TABLE (one column or key definition per
// line, indented by two spaces) into the statement without its plain secondary keys and
// the "ADD KEY …" clauses that add them back after the rows (--defer-indexes).
//
// Only plain KEY/INDEX definitions move. PRIMARY, UNIQUE, FULLTEXT and SPATIAL keys stay:
// a unique key can be a table's clustered index and fulltext indexes are built their own
// way. A key that a FOREIGN KEY or an AUTO_INCREMENT column needs stays, and so does
// every plain key before it, so the keys come back in their original order and SHOW CREATE
// TABLE — hence a re-dump — is identical. A SPATIAL key holds back the plain keys before
// it the same way: the server sorts unique keys first and FULLTEXT keys last, but plain
// and spatial keys by position (sort_keys in sql_table.cc), so a plain key added after
// the table exists would come after a spatial key it preceded. It returns add == nil
// when nothing moves.
func deferredKeys(q []byte) (stripped []byte, add []string) {
	lines := bytes.Split(q, []byte("\n"))
	if len(lines) < 3 || !bytes.HasPrefix(bytes.TrimSpace(lines[len(lines)-1]), []byte(")")) {
		return q, nil
	}
	defs := lines[1 : len(lines)-1]
	var needed []string // leading columns a FOREIGN KEY or AUTO_INCREMENT needs indexed
	for _, d := range defs {
		s := strings.TrimSpace(string(d))
		switch {
		case strings.HasPrefix(s, "CONSTRAINT ") || strings.HasPrefix(s, "FOREIGN KEY"):
			if i := strings.Index(s, "FOREIGN KEY ("); i >= 0 {
				cols := s[i+len("FOREIGN KEY ("):]
				if j := strings.IndexByte(cols, ')'); j >= 0 {
					needed = append(needed, "("+cols[:j])
				}
			}
		case strings.HasPrefix(s, "`") && strings.Contains(s, " AUTO_INCREMENT"):
			if j := strings.IndexByte(s[1:], '`'); j >= 0 {
				needed = append(needed, "("+s[:j+2])
			}
		}
	}
	isPlainKey := func(s string) bool { return strings.HasPrefix(s, "KEY ") || strings.HasPrefix(s, "INDEX ") }
	lastNeeded := -1
	for i, d := range defs {
		s := strings.TrimSpace(string(d))
		if strings.HasPrefix(s, "SPATIAL ") {
			lastNeeded = i
			continue
		}
		if !isPlainKey(s) {
			continue
		}
		if k := strings.IndexByte(s, '('); k >= 0 {
			for _, n := range needed {
				if strings.HasPrefix(s[k:], n) {
					lastNeeded = i
				}
			}
		}
	}
	var keep [][]byte
	for i, d := range defs {
		s := strings.TrimSuffix(strings.TrimSpace(string(d)), ",")
		if i > lastNeeded && isPlainKey(s) {
			add = append(add, "ADD "+s)
			continue
		}
		keep = append(keep, bytes.TrimSuffix(bytes.TrimRight(d, " \r"), []byte(",")))
	}
	if len(add) == 0 || len(keep) == 0 {
		return q, nil
	}
	var b bytes.Buffer
	b.Grow(len(q))
	b.Write(lines[0])
	b.WriteByte('\n')
	for i, d := range keep {
		b.Write(d)
		if i < len(keep)-1 {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
	}
	b.Write(lines[len(lines)-1])
	return b.Bytes(), add
}
