package importer

import "github.com/dumpscope/dumpscope/importer/split"

// tableCounter counts the distinct tables a dump inserts rows into, as the preflight scan
// reads it: the progress's TablesTotal.
type tableCounter struct {
	db     string // the database unqualified names belong to (USE)
	tables map[string]bool
}

func newTableCounter(db string) *tableCounter {
	return &tableCounter{db: db, tables: map[string]bool{}}
}

func (c *tableCounter) observe(st *split.Statement) {
	switch {
	case st.Kind == split.KindSession && st.Verb == "USE":
		c.db = st.Database
	case st.Kind == split.KindInsert && st.Table != "":
		db := st.Database
		if db == "" {
			db = c.db
		}
		c.tables[db+"."+st.Table] = true
	}
}

// total is the number of tables seen.
func (c *tableCounter) total() int { return len(c.tables) }
