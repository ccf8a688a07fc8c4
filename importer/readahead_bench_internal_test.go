package importer

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer/split"
)

// BenchmarkReadAheadQuotingUnknown: the read-ahead's per-statement quotingUnknown over
// Sakila's dump and 200 copies of its routines (a dump with many DELIMITER texts): it read
// every DELIMITER text holding a ';' once more into its server parts (split.ServerParts)
// to look for EXECUTE, which the overwrite, definer and system checks read it into too.
func BenchmarkReadAheadQuotingUnknown(b *testing.B) {
	dump, err := os.ReadFile("../../shared/testdata/sakila/sakila-mariadb-dump.sql")
	if err != nil {
		b.Skip(err)
	}
	var routines strings.Builder
	for i := range 200 {
		routines.WriteString(strings.ReplaceAll(x79RoutineText, "rN", "r"+strings.Repeat("x", i%7)+string(rune('a'+i%26))))
	}
	data := append(append([]byte{}, dump...), routines.String()...)
	var sts []split.Statement // copied: a statement's slices last until the next one
	raw := split.NewSplitter(bytes.NewReader(data), split.SplitOptions{TrackSQLMode: true})
	for raw.Next() {
		st := raw.Statement()
		st.SQL, st.Raw = bytes.Clone(st.SQL), bytes.Clone(st.Raw)
		sts = append(sts, st)
	}
	if err := raw.Err(); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		for i := range sts {
			if quotingUnknown(&sts[i], raw) != "" {
				b.Fatal("quoting unknown")
			}
		}
	}
}

// x79RoutineText is a procedure in a DELIMITER text as mysqldump writes one.
const x79RoutineText = "DELIMITER ;;\nCREATE PROCEDURE rN(IN p INT)\nBEGIN\n  DECLARE v INT DEFAULT 0;\n  SELECT COUNT(*) INTO v FROM t1 WHERE id > p;\n" +
	"  IF v > 10 THEN\n    UPDATE t1 SET a = a + 1 WHERE id = p;\n  ELSE\n    INSERT INTO t1 VALUES (p, v);\n  END IF;\n  SELECT v;\nEND ;;\nDELIMITER ;\n"
