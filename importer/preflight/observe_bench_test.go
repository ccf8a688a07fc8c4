package preflight

import (
	"fmt"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// BenchmarkObserveMysqldump1000: ObserveAll over a mysqldump of 1000 tables (each with its
// DROP/CREATE, LOCK, DISABLE KEYS, a 4 KiB INSERT, ENABLE KEYS, UNLOCK, and a trigger
// every tenth table) into a target holding 1000 other tables: the per-statement check's
// cost on the control path (the body reader reads routines and compound statements only).
func BenchmarkObserveMysqldump1000(b *testing.B) { benchObserveMysqldump(b, 0) }

// BenchmarkObserveMysqldump1000Calls is the same into a target that also holds a function
// and a procedure that write its tables (calls.go): each statement that is no row insert
// is read once more for calls; a row insert of literal values is not read (literalRows).
func BenchmarkObserveMysqldump1000Calls(b *testing.B) { benchObserveMysqldump(b, 1) }

// BenchmarkObserveMysqldump1000Calls20 is the same into a target holding 20 functions
// with short names (f0 … f19) that write its tables, as when the account may read none of
// their bodies: each row insert was searched once per function's name (x-fix69, reread
// item 1), and is read once by the row reader now, whatever their number.
func BenchmarkObserveMysqldump1000Calls20(b *testing.B) { benchObserveMysqldump(b, 20) }

// benchObserveMysqldump: funcs is the number of the target's functions with a finding (0:
// no routine at all; ≥ 1: a procedure too).
func benchObserveMysqldump(b *testing.B, funcs int) {
	var d strings.Builder
	d.WriteString("CREATE DATABASE IF NOT EXISTS `shop`;\nUSE `shop`;\n")
	row := "(1,'" + strings.Repeat("x", 60) + "')"
	for i := range 1000 {
		fmt.Fprintf(&d, "DROP TABLE IF EXISTS `t%d`;\n/*!40101 SET character_set_client = utf8mb4 */;\nCREATE TABLE `t%d` (`id` int NOT NULL, `v` varchar(80), PRIMARY KEY (`id`)) ENGINE=InnoDB;\n", i, i)
		fmt.Fprintf(&d, "LOCK TABLES `t%d` WRITE;\n/*!40000 ALTER TABLE `t%d` DISABLE KEYS */;\nINSERT INTO `t%d` VALUES %s;\n/*!40000 ALTER TABLE `t%d` ENABLE KEYS */;\nUNLOCK TABLES;\n", i, i, i, strings.TrimSuffix(strings.Repeat(row+",", 64), ","), i)
		if i%10 == 0 {
			fmt.Fprintf(&d, "DELIMITER ;;\n/*!50003 CREATE*/ /*!50017 DEFINER=`root`@`localhost`*/ /*!50003 TRIGGER `tr%d` BEFORE INSERT ON `t%d` FOR EACH ROW BEGIN SET NEW.v = UPPER(NEW.v); INSERT INTO `t%d` VALUES (NEW.id + 1000000, 'x') ON DUPLICATE KEY UPDATE v = v; END */;;\nDELIMITER ;\n", i, i, (i+1)%1000)
		}
	}
	sp := split.NewSplitter(strings.NewReader(d.String()), split.SplitOptions{})
	var stmts []split.Statement
	for sp.Next() {
		stmts = append(stmts, sp.Statement())
	}
	b.ResetTimer()
	for range b.N {
		p := &Preflight{databases: map[string]bool{"other": true}, tables: map[sqlscan.TableKey]bool{}, empty: map[sqlscan.TableKey]bool{},
			created: map[sqlscan.TableKey]bool{}, createdDBs: map[string]bool{}, objects: map[string]bool{}, createdObjects: map[string]bool{}}
		for i := range 1000 {
			p.tables[sqlscan.TableKeyOf("other", fmt.Sprintf("o%d", i))] = true
		}
		if funcs > 0 {
			bodies := map[string]targetBody{
				objectKey("FUNCTION", "other", "audit"):   {db: "other", body: "BEGIN INSERT INTO o1 VALUES (1); RETURN 1; END", readable: true},
				objectKey("PROCEDURE", "other", "log_it"): {db: "other", body: "UPDATE o2 SET v = v + 1", readable: true},
			}
			for i := 1; i < funcs; i++ {
				bodies[objectKey("FUNCTION", "other", fmt.Sprintf("f%d", i))] = targetBody{db: "other", readable: false}
			}
			for k := range bodies {
				p.objects[k] = true
			}
			p.judgeBodies(bodies)
		}
		for i := range stmts {
			if ow := p.ObserveAll(&stmts[i]); len(ow) > 0 {
				b.Fatalf("%v", ow)
			}
		}
	}
}
