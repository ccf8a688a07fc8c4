// Package splittest makes dumps for the benchmarks of the splitter and of what reads its
// statements (the filters): one generator, so that their MB/s compare.
package splittest

import (
	"bytes"
	"fmt"
)

// ExtendedInsertDump returns about sizeBytes bytes of mysqldump-style extended INSERTs: ~1 MB
// statements. Typical rows look like Sakila's film table (numbers, dates, NULL, prose);
// with escapes, every row also carries quotes, backslashes and newlines escaped the way
// mysqldump writes them.
func ExtendedInsertDump(sizeBytes int, escapes bool) []byte {
	var b bytes.Buffer
	b.Grow(sizeBytes + 2<<20)
	b.WriteString("/*!40101 SET NAMES utf8mb4 */;\nLOCK TABLES `film` WRITE;\n/*!40000 ALTER TABLE `film` DISABLE KEYS */;\n")
	row := 0
	for b.Len() < sizeBytes {
		b.WriteString("INSERT INTO `film` VALUES ")
		start := b.Len()
		for b.Len()-start < 1<<20 {
			if b.Len() > start {
				b.WriteByte(',')
			}
			if escapes {
				fmt.Fprintf(&b, "(%d,%d,'customer \\'%d\\' said \\\"ok\\\"; then left','2024-01-%02d 12:34:56',%d.%02d,NULL,'line1\\nline2 \\\\ tab\\t')",
					row, row*7%1000, row%977, row%28+1, row%10000, row%100)
			} else {
				fmt.Fprintf(&b, "(%d,'ACADEMY DINOSAUR %d','A Epic Drama of a Feminist And a Mad Scientist who must Battle a Teacher in The Canadian Rockies',2006,1,NULL,6,%d.99,86,'20.99','PG','Deleted Scenes,Behind the Scenes','2006-02-15 05:03:42')",
					row, row%977, row%5)
			}
			row++
		}
		b.WriteString(";\n")
	}
	b.WriteString("/*!40000 ALTER TABLE `film` ENABLE KEYS */;\nUNLOCK TABLES;\n")
	return b.Bytes()
}
