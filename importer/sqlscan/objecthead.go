package sqlscan

// ObjectHead reads, after a DDL's verb (CREATE, DROP, ALTER) on l, the words before the
// kind of object: OR REPLACE, TEMPORARY, ONLINE/OFFLINE, IGNORE, UNIQUE/FULLTEXT/SPATIAL,
// AGGREGATE, DEFINER = …, ALGORITHM = …, SQL SECURITY …; it returns the word naming the
// object (TABLE, VIEW, INDEX, TRIGGER, …), whether OR REPLACE and TEMPORARY were among
// them. The one head reader: the preflight's body checks (ddlFinding), what code makes
// (madeInCode) and replay's pre-state of a marked CREATE (createPreState) each read a
// statement's kind of object here, so mysqldump's `/*!50003 CREATE*/ /*!50017 DEFINER=…*/
// /*!50003 TRIGGER` is a trigger to all of them (x-fix81 moved madeInCode's twin loop
// here; x-fix83 replay's).
func ObjectHead(l *Tokenizer) (object Token, replace, temporary bool) {
	t := l.Next()
	for {
		switch {
		case t.Is("REPLACE"):
			replace = true
		case t.Is("TEMPORARY"):
			temporary = true
		case t.Is("OR") || t.Is("ONLINE") || t.Is("OFFLINE") || t.Is("IGNORE") ||
			t.Is("UNIQUE") || t.Is("FULLTEXT") || t.Is("SPATIAL") || t.Is("AGGREGATE"):
		case t.Is("DEFINER"):
			l.SkipDefiner()
		case t.Is("ALGORITHM"):
			l.Next() // =
			l.Next()
		case t.Is("SQL"):
			l.Next() // SECURITY
			l.Next()
		default:
			return t, replace, temporary
		}
		t = l.Next()
	}
}
