package importer_test

import (
	"path/filepath"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestDiffFuzzFound80106ChecksumNamesAfterCharsetChange (fixed): the intents of
// statements on non-transactional tables (checkpoint/intent.go) CHECKSUM TABLE names from
// a catalog read once (readNonTransactional) in the character set of that moment, and
// send them on the dump's connection in the character set of now. After `SET CHARACTER SET
// sjis` the utf8 bytes of the quoted name Ñ`3 (C3 91 60 60 33) read as sjis swallow a backtick: ERROR
// 1064 and the import fails where the client succeeds (difffuzz seed 80106, --parallel 3
// gone serial; the same with serial --checkpoint). Read after the change instead, the name
// comes back as ?`3 (Ñ has no sjis form) and CHECKSUM TABLE of a table that does not
// exist gives NULL, silently: a change to it would not be seen on resume. The catalog and
// the checksums must use one encoding whatever the dump's session has (definitionDigest
// fixes its settings and puts the session's back), and the keys read from the dump's text
// (in its client character set) must be compared in that same encoding.
func TestDiffFuzzFound80106ChecksumNamesAfterCharsetChange(t *testing.T) {
	dump := "SET NAMES utf8mb4;\n" +
		"CREATE DATABASE `fz0` DEFAULT CHARACTER SET latin1;\n" +
		"CREATE TABLE `fz0`.`Ñ``3` (id int PRIMARY KEY, v varchar(10)) ENGINE=MyISAM;\n" +
		"INSERT INTO `fz0`.`Ñ``3` VALUES (1,'a');\n" +
		"CREATE TABLE `fz0`.`t2` (id int PRIMARY KEY) ENGINE=MyISAM;\n" +
		"INSERT INTO `fz0`.`t2` VALUES (1),(2);\n" +
		"UPDATE `fz0`.`t2` a JOIN `fz0`.`t2` b USING (id) SET a.id = a.id + 10;\n" +
		"SET CHARACTER SET sjis;\n" +
		"UPDATE `fz0`.`t2` a JOIN `fz0`.`t2` b USING (id) SET a.id = a.id + 10;\n"
	for name, o := range map[string]importer.Options{
		"parallel":   {Parallel: 3, BatchBytes: 2 << 10},
		"checkpoint": {Parallel: 1},
	} {
		t.Run(name, func(t *testing.T) {
			if name == "checkpoint" {
				o.CheckpointPath = filepath.Join(t.TempDir(), "journal")
			}
			importMatchesClient(t, dump, o, "fz0")
		})
	}
}

// TestIntentNamesUnderLatin1 (seed 80106's kin): under SET NAMES latin1 the dump names
// the MyISAM table Ñ`3 with the byte D1, which is not the UTF-8 of the catalog's name;
// the statement that writes it must still get its intent (its key cannot be compared
// exactly: every non-transactional table is checksummed), and the checksums must be
// taken of the real table, whatever character set the catalog was read in.
func TestIntentNamesUnderLatin1(t *testing.T) {
	dump := "SET NAMES utf8mb4;\n" +
		"CREATE DATABASE `fz0` DEFAULT CHARACTER SET latin1;\n" +
		"CREATE TABLE `fz0`.`Ñ``3` (id int PRIMARY KEY, n int) ENGINE=MyISAM;\n" +
		"INSERT INTO `fz0`.`Ñ``3` VALUES (1,1);\n" +
		"CREATE TABLE `fz0`.`t2` (id int PRIMARY KEY) ENGINE=MyISAM;\n" +
		"INSERT INTO `fz0`.`t2` VALUES (1),(2);\n" +
		"SET NAMES latin1;\n" +
		"UPDATE `fz0`.`\xd1``3` SET n = n + 1;\n" +
		"UPDATE `fz0`.`t2` a JOIN `fz0`.`t2` b USING (id) SET a.id = a.id + 10;\n" +
		"CREATE TABLE `fz0`.`\xe9` (id int PRIMARY KEY) ENGINE=Aria;\n" +
		"INSERT INTO `fz0`.`\xe9` VALUES (1);\n" +
		"UPDATE `fz0`.`\xe9` SET id = id + 1;\n"
	for name, o := range map[string]importer.Options{
		"parallel":   {Parallel: 3, BatchBytes: 2 << 10},
		"checkpoint": {Parallel: 1},
	} {
		t.Run(name, func(t *testing.T) {
			if name == "checkpoint" {
				o.CheckpointPath = filepath.Join(t.TempDir(), "journal")
			}
			importMatchesClient(t, dump, o, "fz0")
		})
	}
}

// TestIntentNonASCIIResume: the statement that changes the MyISAM table Ñ`3 (under SET
// NAMES latin1 by its name, under SET CHARACTER SET sjis through a procedure, whose
// intent covers every non-transactional table, or through a view that joins it with t2)
// is killed after it ran and before its progress row, its marker taken away: the resume
// must see that Ñ`3 changed and refuse it as maybe half applied. Before, the name was
// not matched (latin1: no intent, the UPDATE ran twice) or CHECKSUM TABLE failed (sjis:
// ERROR 1064); the view's definition, read in sjis, named ?`3, and its intent covered t2
// alone.
func TestIntentNonASCIIResume(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	head := "SET NAMES utf8mb4;\nCREATE DATABASE fz0 DEFAULT CHARACTER SET latin1;\nUSE fz0;\n" +
		"CREATE TABLE `Ñ``3` (id int PRIMARY KEY, n int) ENGINE=MyISAM;\n" +
		"INSERT INTO `Ñ``3` VALUES (1,1);\n" +
		"CREATE PROCEDURE p() UPDATE `Ñ``3` SET n = n + 1;\n" +
		"CREATE TABLE t2 (id int PRIMARY KEY) ENGINE=MyISAM;\nINSERT INTO t2 VALUES (5);\n" +
		"CREATE VIEW v AS SELECT b.id, b.n FROM `Ñ``3` b JOIN t2 a ON a.id = b.id;\n" +
		"START TRANSACTION;\nSAVEPOINT s1;\nCOMMIT;\n" +
		"UPDATE `Ñ``3` a JOIN `Ñ``3` b USING (id) SET a.n = a.n + 10;\n" // the catalog is read here, in utf8mb4
	tail := "CREATE TABLE b (id int PRIMARY KEY) ENGINE=InnoDB;\nINSERT INTO b VALUES (1),(2);\n"
	for _, c := range []struct{ name, dump string }{
		{"latin1", head + "SET NAMES latin1;\nUPDATE `\xd1``3` SET n = n + 1;\n" + tail},                         // line 15
		{"sjis", head + "SET CHARACTER SET sjis;\nCALL p();\n" + tail},                                           // line 15
		{"sjis, through a view", head + "SET CHARACTER SET sjis;\nINSERT INTO v (id, n) VALUES (5,5);\n" + tail}, // line 15
		{"utf8mb4", head + "SET NAMES utf8mb4;\nUPDATE `Ñ``3` SET n = n + 1;\n" + tail},                          // line 15
	} {
		t.Run(c.name, func(t *testing.T) {
			runFoundCase(t, ref, srv, foundCase{db: "fz0", dump: c.dump, killAtDDL: 15,
				ranUnrecorded: []string{"DELETE FROM dumpscope_progress.ran"}, refusal: "(not transactional) and was running or failing when the interrupted run ended: it may be half applied;"})
		})
	}
}
