package plan

import (
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer/split"
)

// TestTxnStart: where the transaction open after a stream's statements began (its first
// statement that is not a session statement), or none.
func TestTxnStart(t *testing.T) {
	for _, c := range []struct {
		name, sql string
		line      int64 // 0: none open
	}{
		{"autocommit", "CREATE TABLE t (i int);\nINSERT INTO t VALUES (1);\n", 0},
		{"no-autocommit", "LOCK TABLES t WRITE;\nset autocommit=0;\nINSERT INTO t VALUES (1);\nINSERT INTO t VALUES (2);\n", 3},
		{"committed", "set autocommit=0;\nINSERT INTO t VALUES (1);\ncommit;\nINSERT INTO t VALUES (2);\n", 4},
		{"begin", "BEGIN;\nINSERT INTO t VALUES (1);\n", 1},
		{"begin committed", "BEGIN;\nINSERT INTO t VALUES (1);\nCOMMIT;\nINSERT INTO t VALUES (2);\n", 0},
		{"ddl commits", "SET AUTOCOMMIT = 0;\nSTART TRANSACTION;\nINSERT INTO t VALUES (1);\nCREATE TABLE u (i int);\nSET @a = 1;\nINSERT INTO u VALUES (1);\n", 6},
		{"unlock commits", "LOCK TABLES t WRITE;\nset autocommit=0;\nINSERT INTO t VALUES (1);\nUNLOCK TABLES;\n", 0},
		{"rollback to", "BEGIN;\nINSERT INTO t VALUES (1);\nSAVEPOINT s;\nROLLBACK TO SAVEPOINT s;\n", 1},
		{"chain", "BEGIN;\nINSERT INTO t VALUES (1);\nCOMMIT AND CHAIN;\nINSERT INTO t VALUES (2);\n", 4},
		{"autocommit back on", "set autocommit=0;\nINSERT INTO t VALUES (1);\nset autocommit=1;\nINSERT INTO t VALUES (2);\n", 0},
		{"xa", "XA START 'a';\nINSERT INTO t VALUES (1);\nXA END 'a';\n", 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			k := NewTxnStart()
			sp := split.NewSplitter(strings.NewReader(c.sql), split.SplitOptions{})
			for sp.Next() {
				st := sp.Statement()
				k.Ran(&st)
			}
			pos, open := k.Open()
			switch {
			case c.line == 0 && open:
				t.Errorf("open from line %d, want none", pos.Line)
			case c.line != 0 && (!open || pos.Line != c.line):
				t.Errorf("open %v from line %d, want line %d", open, pos.Line, c.line)
			}
		})
	}
}
