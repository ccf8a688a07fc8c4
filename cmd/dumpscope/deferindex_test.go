package main

import (
	"bytes"
	"testing"

	"github.com/dumpscope/dumpscope/internal/testsandbox"
	"github.com/dumpscope/dumpscope/sandbox"
)

// TestImportDeferIndexesSpatialAndExisting: under --defer-indexes the keys come back where
// the client's CREATE TABLE puts them when a SPATIAL key stays in the CREATE (the server
// orders plain and spatial keys by position, so keys added after it would follow it), and a
// CREATE TABLE IF NOT EXISTS that finds its table leaves that table alone, as the client's
// does, instead of adding the held-back keys to it. The re-dumps must be identical. Issue
// 22, item 13.
func TestImportDeferIndexesSpatialAndExisting(t *testing.T) {
	dump := writeDump(t, "geo.sql", []byte("CREATE DATABASE IF NOT EXISTS geo;\nUSE geo;\n"+
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
		db := openDB(t, srv, "")
		for _, q := range []string{"CREATE DATABASE geo", "CREATE TABLE geo.old (id int PRIMARY KEY, a int) ENGINE=InnoDB", "INSERT INTO geo.old VALUES (1,1)"} {
			if _, err := db.Exec(q); err != nil {
				t.Fatal(err)
			}
		}
		return srv
	}
	ref := existing(t)
	clientImport(t, ref, dump)
	want := redump(t, ref, "geo")
	for _, extra := range [][]string{{"--defer-indexes"}, {"--defer-indexes", "--parallel", "2"}} {
		got := existing(t)
		if code, _, stderr := dumpscopeImport(t, got, append([]string{"--no-advisor", "--overwrite"}, extra...), dump); code != 0 {
			t.Fatalf("%v: exit %d: %s", extra, code, stderr)
		}
		if have := redump(t, got, "geo"); !bytes.Equal(want, have) {
			t.Errorf("%v: re-dumps differ; first difference at %s", extra, firstDiff(want, have))
		}
	}
}
