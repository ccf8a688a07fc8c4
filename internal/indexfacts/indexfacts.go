// Package indexfacts holds the one type of what the dump's CREATE TABLEs say of secondary
// indexes: the importer's replay counts it as it reads the statements (importer/replay),
// the tick carries it (advisor.IndexFacts, an alias) into the run record's
// samples[].import.indexes and to server-cpu-bound's --defer-indexes advice. It is here,
// below both, because the importer may not import the advisor (docs/architecture.md):
// the two packages used to keep a copy each, joined by a field-by-field conversion.
package indexfacts

// Facts is what --defer-indexes would act on, as the importer read the dump: the CREATE
// TABLEs read (Tables: the tables they make; a table made again counts its last
// CREATE's keys), how many have secondary indexes --defer-indexes would build after the
// data (IndexedTables) and how many such indexes (SecondaryIndexes: plain KEY/INDEX
// definitions of a CREATE TABLE written over several lines, as mysqldump writes it; not
// PRIMARY, UNIQUE, FULLTEXT or SPATIAL keys, which it leaves in place), and the row
// inserts read (RowBytes, their SQL text) of which into those tables (IndexedRowBytes).
// The json names are the run record's (docs/runrecord.md), a public interface.
type Facts struct {
	Tables           int   `json:"tables"`
	IndexedTables    int   `json:"indexed_tables"`
	SecondaryIndexes int   `json:"secondary_indexes"`
	RowBytes         int64 `json:"row_bytes"`
	IndexedRowBytes  int64 `json:"indexed_row_bytes"`
}
