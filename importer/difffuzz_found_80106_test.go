package importer_test

import (
	"path/filepath"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
)

// TestDiffFuzzFound80106ChecksumNamesAfterCharsetChange (open, gated): the intents of
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
	reviewX(t)
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
