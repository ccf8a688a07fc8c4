package replay

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

func TestDeferredKeys(t *testing.T) {
	tests := []struct {
		name, in, want string
		add            []string
		referenced     [][]string
	}{
		{"sbtest",
			"CREATE TABLE `sbtest1` (\n  `id` int(11) NOT NULL AUTO_INCREMENT,\n  `k` int(11) NOT NULL DEFAULT 0,\n  PRIMARY KEY (`id`),\n  KEY `k_1` (`k`)\n) ENGINE=InnoDB",
			"CREATE TABLE `sbtest1` (\n  `id` int(11) NOT NULL AUTO_INCREMENT,\n  `k` int(11) NOT NULL DEFAULT 0,\n  PRIMARY KEY (`id`)\n) ENGINE=InnoDB",
			[]string{"ADD KEY `k_1` (`k`)"}, nil},
		{"foreign key keeps its index and those before it",
			"CREATE TABLE `o` (\n  `id` int NOT NULL,\n  `a` int,\n  `c` int,\n  `d` int,\n  PRIMARY KEY (`id`),\n  UNIQUE KEY `u` (`d`),\n  KEY `ka` (`a`),\n  KEY `fk_c` (`c`),\n  KEY `kd` (`d`,`a`),\n  CONSTRAINT `o_c` FOREIGN KEY (`c`) REFERENCES `p` (`id`)\n) ENGINE=InnoDB",
			"CREATE TABLE `o` (\n  `id` int NOT NULL,\n  `a` int,\n  `c` int,\n  `d` int,\n  PRIMARY KEY (`id`),\n  UNIQUE KEY `u` (`d`),\n  KEY `ka` (`a`),\n  KEY `fk_c` (`c`),\n  CONSTRAINT `o_c` FOREIGN KEY (`c`) REFERENCES `p` (`id`)\n) ENGINE=InnoDB",
			[]string{"ADD KEY `kd` (`d`,`a`)"}, nil},
		{"auto_increment on a plain key stays",
			"CREATE TABLE `l` (\n  `n` int NOT NULL AUTO_INCREMENT,\n  `s` text,\n  KEY `n` (`n`)\n) ENGINE=MyISAM",
			"CREATE TABLE `l` (\n  `n` int NOT NULL AUTO_INCREMENT,\n  `s` text,\n  KEY `n` (`n`)\n) ENGINE=MyISAM", nil, nil},
		{"plain keys before a spatial key stay",
			"CREATE TABLE `g` (\n  `id` int NOT NULL,\n  `a` int,\n  `p` point NOT NULL,\n  `b` int,\n  PRIMARY KEY (`id`),\n  KEY `ka` (`a`),\n  SPATIAL KEY `sp` (`p`),\n  KEY `kb` (`b`),\n  FULLTEXT KEY `ft` (`t`)\n) ENGINE=InnoDB",
			"CREATE TABLE `g` (\n  `id` int NOT NULL,\n  `a` int,\n  `p` point NOT NULL,\n  `b` int,\n  PRIMARY KEY (`id`),\n  KEY `ka` (`a`),\n  SPATIAL KEY `sp` (`p`),\n  FULLTEXT KEY `ft` (`t`)\n) ENGINE=InnoDB",
			[]string{"ADD KEY `kb` (`b`)"}, nil},
		{"not line-oriented: untouched", "CREATE TABLE t (a int, KEY (a))", "CREATE TABLE t (a int, KEY (a))", nil, nil},
		{"a definition over two lines",
			"CREATE TABLE t (\n  id int PRIMARY KEY,\n  v varchar(40)\n    NOT NULL DEFAULT '',\n  CHECK (id >= 0\n    AND id < 9),\n  KEY k (v, id)\n) ENGINE=InnoDB",
			"CREATE TABLE t (\n  id int PRIMARY KEY,\n  v varchar(40)\n    NOT NULL DEFAULT '',\n  CHECK (id >= 0\n    AND id < 9)\n) ENGINE=InnoDB",
			[]string{"ADD KEY k (v, id)"}, nil},
		{"auto_increment unquoted, lower case, other case in the key",
			"CREATE TABLE t (\n  Id int NOT NULL auto_increment,\n  v int,\n  KEY k (`iD`),\n  KEY kv (v)\n)",
			"CREATE TABLE t (\n  Id int NOT NULL auto_increment,\n  v int,\n  KEY k (`iD`)\n)",
			[]string{"ADD KEY kv (v)"}, nil},
		{"a key an earlier child's FOREIGN KEY references stays",
			"CREATE TABLE `t` (\n  `id` int NOT NULL,\n  `v` int,\n  `w` int,\n  PRIMARY KEY (`id`),\n  KEY `k` (`v`,`w`),\n  KEY `kw` (`w`)\n)",
			"CREATE TABLE `t` (\n  `id` int NOT NULL,\n  `v` int,\n  `w` int,\n  PRIMARY KEY (`id`),\n  KEY `k` (`v`,`w`)\n)",
			[]string{"ADD KEY `kw` (`w`)"}, [][]string{{"v"}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, add := deferredKeys([]byte(tc.in), sqlscan.Syntax{}, tc.referenced)
			if diff := cmp.Diff(tc.want, string(got)); diff != "" {
				t.Errorf("stripped (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tc.add, add); diff != "" {
				t.Errorf("add (-want +got):\n%s", diff)
			}
		})
	}
}

func TestCreatesIfNotExists(t *testing.T) {
	for q, want := range map[string]bool{
		"CREATE TABLE IF NOT EXISTS `t` (\n  `a` int\n)":  true,
		"CREATE TEMPORARY TABLE if not exists t (a int)":  false,
		"/*!40101 CREATE TABLE IF NOT EXISTS*/ t (a int)": true,
		"CREATE TABLE `t` (\n  `a` int\n)":                false,
		"CREATE TABLE `if` (\n  `a` int\n)":               false,
		"CREATE OR REPLACE TABLE t (a int)":               false,
	} {
		if got := createsIfNotExists([]byte(q), sqlscan.Syntax{}); got != want {
			t.Errorf("createsIfNotExists(%q) = %v, want %v", q, got, want)
		}
	}
}
