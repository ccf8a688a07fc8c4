package plan

import (
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// tableRefs reads the tables a statement names where it reads or writes rows
// (sqlscan.TableRefs, which the preflight's DMLTables shares): keys db-qualified (db,
// the current database), each once; ok is false where the text does not read so, and
// the caller refuses rather than trust a short list.
func tableRefs(sql []byte, syntax sqlscan.Syntax, db string) (keys []string, ok bool) {
	tk, ok := sqlscan.TableRefs(sql, syntax, db)
	if len(tk) == 0 {
		return nil, ok
	}
	keys = make([]string, len(tk))
	for i, k := range tk {
		keys[i] = string(k)
	}
	return keys, ok
}
