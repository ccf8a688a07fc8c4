package sqlscan

// OtherTables returns the tables (database as written, "" unqualified, and name) a
// CREATE TABLE or (alter) ALTER TABLE names past its own, read from l's position at the
// statement's top level: LIKE's source, the new name of ALTER TABLE … RENAME [TO|AS] b,
// and the table whose rows an ALTER moves (`EXCHANGE PARTITION p WITH TABLE k`, `CONVERT
// TABLE k TO PARTITION …`, `CONVERT PARTITION p TO TABLE k`). It is the one reading of
// them: split's NamedTables (the top level's scopes and overwrite check) and the
// preflight's body reader (such an ALTER inside a routine or dynamic SQL) share it.
func OtherTables(l *Tokenizer, alter bool) (names [][2]string) {
	for t := range TopLevel(l) {
		// EXCHANGE PARTITION p WITH TABLE k and CONVERT TABLE k TO PARTITION move k's
		// rows: k is in the scope too (x-review20's TestReviewX20ExchangePartitionScope).
		swap := alter && (t.Is("WITH") || t.Is("CONVERT"))
		if !swap && !t.Is("LIKE") && (!alter || !t.Is("RENAME") && !t.Is("TO") && !t.Is("AS")) {
			continue
		}
		n := l.Next()
		if swap && !n.Is("TABLE") {
			continue
		}
		if n.Is("TO") || n.Is("AS") || n.Is("TABLE") {
			n = l.Next()
		}
		if n.Is("COLUMN") || n.Is("INDEX") || n.Is("KEY") || n.Is("PARTITION") {
			continue
		}
		if d, name := l.Name(n); name != "" {
			names = append(names, [2]string{d, name})
		}
	}
	return names
}
