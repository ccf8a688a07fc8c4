package importer_test

import (
	"fmt"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
	"github.com/dumpscope/dumpscope/sandbox"
)

// TestImportDeferIndexesSpatialAndExisting: under DeferIndexes the keys come back where
// the client's CREATE TABLE puts them when a SPATIAL key stays in the CREATE (the server
// orders plain and spatial keys by position, so keys added after it would follow it), and a
// CREATE TABLE IF NOT EXISTS that finds its table leaves that table alone, as the client's
// does, instead of adding the held-back keys to it. The re-dumps must be identical. Issue
// 22, item 13. (It lived in cmd/dumpscope.)
func TestImportDeferIndexesSpatialAndExisting(t *testing.T) {
	dump := writeFile(t, "geo.sql", []byte("CREATE DATABASE IF NOT EXISTS geo;\nUSE geo;\n"+
		"CREATE TABLE `g` (\n  `id` int(11) NOT NULL,\n  `a` int(11) DEFAULT NULL,\n  `p` point NOT NULL,\n  `b` int(11) DEFAULT NULL,\n"+
		"  PRIMARY KEY (`id`),\n  KEY `ka` (`a`),\n  SPATIAL KEY `sp` (`p`),\n  KEY `kb` (`b`)\n) ENGINE=InnoDB;\n"+
		"INSERT INTO `g` VALUES (1,1,POINT(1,1),1),(2,2,POINT(2,2),2);\n"+
		"CREATE TABLE IF NOT EXISTS `old` (\n  `id` int(11) NOT NULL,\n  `a` int(11) DEFAULT NULL,\n  PRIMARY KEY (`id`),\n  KEY `ka` (`a`)\n) ENGINE=InnoDB;\n"+
		"INSERT INTO `old` VALUES (5,5);\n"+
		"CREATE TABLE IF NOT EXISTS `fresh` (\n  `id` int(11) NOT NULL,\n  `a` int(11) DEFAULT NULL,\n  PRIMARY KEY (`id`),\n  KEY `ka` (`a`)\n) ENGINE=InnoDB;\n"+
		"INSERT INTO `fresh` VALUES (6,6);\n"+
		// A long unique key (USING HASH) and a FULLTEXT key between plain ones.
		"CREATE TABLE `h` (\n  `id` int(11) NOT NULL,\n  `a` int(11) DEFAULT NULL,\n  `s` text DEFAULT NULL,\n  `b` int(11) DEFAULT NULL,\n"+
		"  PRIMARY KEY (`id`),\n  KEY `ka` (`a`),\n  UNIQUE KEY `us` (`s`) USING HASH,\n  FULLTEXT KEY `fs` (`s`),\n  KEY `kb` (`b`)\n) ENGINE=InnoDB;\n"+
		"INSERT INTO `h` VALUES (1,1,'x',1),(2,2,'y',2);\n"))
	existing := func(t *testing.T) *sandbox.Server {
		srv := testsandbox.Start(t)
		db := sandboxDB(t, srv, "")
		for _, q := range []string{"CREATE DATABASE geo", "CREATE TABLE geo.old (id int PRIMARY KEY, a int) ENGINE=InnoDB", "INSERT INTO geo.old VALUES (1,1)"} {
			if _, err := db.Exec(q); err != nil {
				t.Fatal(err)
			}
		}
		return srv
	}
	ref := existing(t)
	clientImport(t, ref, dump)
	want := redumps(t, ref, "geo")
	for _, o := range []importer.Options{{Parallel: 1, DeferIndexes: true, Overwrite: true}, {Parallel: 2, DeferIndexes: true, Overwrite: true}} {
		got := existing(t)
		finished(t, importFile(t, got, "", dump, o))
		sameDump(t, fmt.Sprintf("DeferIndexes, Parallel %d", o.Parallel), want, redumps(t, got, "geo"))
	}
}

// TestImportDeferIndexesANSIQuotes: a CREATE TABLE written under sql_mode ANSI names its
// keys' columns "…"; the held-back keys are added at the end, after the dump set another
// sql_mode, and must still be the keys the client's CREATE made (the kill -9 corpus run
// met ERROR 1064 there on a resume of md-ansi). The AUTO_INCREMENT column's only key stays
// in the CREATE, as it does with `…` names.
func TestImportDeferIndexesANSIQuotes(t *testing.T) {
	dump := writeFile(t, "ansi.sql", []byte("CREATE DATABASE IF NOT EXISTS aq;\nUSE aq;\nSET sql_mode='ANSI';\n"+
		"CREATE TABLE \"t\" (\n  \"id\" int(11) NOT NULL,\n  \"v\" int(11) DEFAULT NULL,\n  \"w\" varchar(10) DEFAULT NULL,\n"+
		"  PRIMARY KEY (\"id\"),\n  KEY \"v\" (\"v\"),\n  KEY \"w x\" (\"w\",\"v\")\n) ENGINE=InnoDB;\n"+
		"INSERT INTO \"t\" VALUES (1,2,'a'),(2,3,'b');\n"+
		"CREATE TABLE \"a\" (\n  \"n\" int(11) NOT NULL AUTO_INCREMENT,\n  \"v\" int(11) DEFAULT NULL,\n  KEY \"n\" (\"n\"),\n  KEY \"v\" (\"v\")\n) ENGINE=InnoDB;\n"+
		"INSERT INTO \"a\" VALUES (1,2),(2,3);\n"+
		"SET sql_mode=DEFAULT;\n"))
	ref := testsandbox.Start(t)
	clientImport(t, ref, dump)
	want := redumps(t, ref, "aq")
	for _, o := range []importer.Options{{Parallel: 1, DeferIndexes: true}, {Parallel: 2, DeferIndexes: true}} {
		got := testsandbox.Start(t)
		finished(t, importFile(t, got, "", dump, o))
		sameDump(t, fmt.Sprintf("DeferIndexes, Parallel %d", o.Parallel), want, redumps(t, got, "aq"))
	}
}
