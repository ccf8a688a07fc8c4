package main

import (
	"bytes"
	"fmt"
	"math/rand"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// planCorpus are hand-written and tool-style scripts whose meaning depends on one
// connection's state, on transactions, or on statements that read other tables: the
// planner must give the mariadb client's result under --parallel. Each creates its own
// database, so that all run against the same servers.
func planCorpus() []struct{ name, db, sql string } {
	rows := func(table string, n int, row func(i int) string) string {
		var b strings.Builder
		for i := 0; i < n; i += 200 {
			fmt.Fprintf(&b, "INSERT INTO %s VALUES ", table)
			for j := i; j < i+200 && j < n; j++ {
				if j > i {
					b.WriteByte(',')
				}
				b.WriteString(row(j))
			}
			b.WriteString(";\n")
		}
		return b.String()
	}
	pad := strings.Repeat("v", 40)
	src := func(n int) string {
		return "CREATE TABLE src (id int PRIMARY KEY, v varchar(100));\n" +
			rows("src", n, func(i int) string { return fmt.Sprintf("(%d,'%s')", i, pad) })
	}
	return []struct{ name, db, sql string }{
		{"select-into", "pc_sel", "CREATE DATABASE pc_sel;\nUSE pc_sel;\n" + src(20000) +
			"CREATE TABLE cnt (n int);\nSELECT COUNT(*) INTO @n FROM src;\nINSERT INTO cnt VALUES (@n);\n"},
		{"rollback", "pc_rb", "CREATE DATABASE pc_rb;\nUSE pc_rb;\nCREATE TABLE rb (id int PRIMARY KEY);\n" +
			"START TRANSACTION;\nINSERT INTO rb VALUES (1),(2),(3);\nROLLBACK;\nINSERT INTO rb VALUES (4);\n" +
			"START TRANSACTION;\nINSERT INTO rb VALUES (5);\nCOMMIT;\n"},
		{"temporary", "pc_tmp", "CREATE DATABASE pc_tmp;\nUSE pc_tmp;\n" + src(2000) +
			"CREATE TEMPORARY TABLE tmp1 (id int PRIMARY KEY, v varchar(100));\nINSERT INTO tmp1 VALUES (1,'a'),(2,'b');\n" +
			"CREATE TABLE x AS SELECT * FROM tmp1;\n" + rows("src", 400, func(i int) string { return fmt.Sprintf("(%d,'late')", 100000+i) })},
		{"insert-select-value", "pc_is", "CREATE DATABASE pc_is;\nUSE pc_is;\n" + src(20000) +
			"CREATE TABLE dst (id int PRIMARY KEY, value varchar(100));\nINSERT INTO dst (id, value) SELECT id, v FROM src;\n" +
			"CREATE TABLE dst2 LIKE src;\nINSERT INTO dst2 SELECT * FROM src WHERE v LIKE '%VALUES (%' OR id < 10;\n"},
		{"on-duplicate", "pc_dup", "CREATE DATABASE pc_dup;\nUSE pc_dup;\n" + src(20000) +
			"CREATE TABLE tally (k int PRIMARY KEY, n int);\nINSERT INTO tally VALUES (1, 0);\n" +
			"INSERT INTO tally VALUES (1, 1) ON DUPLICATE KEY UPDATE n = (SELECT COUNT(*) FROM src);\n"},
		{"set-subquery", "pc_set", "CREATE DATABASE pc_set;\nUSE pc_set;\n" + src(20000) +
			"SET @v = (SELECT COUNT(*) FROM src);\nCREATE TABLE seen (n int);\nINSERT INTO seen VALUES (@v);\n" +
			"CREATE TABLE parent (id int AUTO_INCREMENT PRIMARY KEY, name varchar(20));\nCREATE TABLE child (parent_id int, name varchar(20));\n" +
			"INSERT INTO parent (name) VALUES ('a');\nSET @p = LAST_INSERT_ID();\nINSERT INTO child VALUES (@p, 'c');\n"},
		{"rename-drop", "pc_ren", "CREATE DATABASE pc_ren;\nUSE pc_ren;\nCREATE TABLE a (id int PRIMARY KEY);\nCREATE TABLE c (id int PRIMARY KEY);\n" +
			rows("a", 20000, func(i int) string { return fmt.Sprintf("(%d)", i) }) +
			rows("c", 20000, func(i int) string { return fmt.Sprintf("(%d)", i) }) +
			"RENAME TABLE a TO b, c TO d;\nCREATE TABLE counts AS SELECT (SELECT COUNT(*) FROM b) AS nb, (SELECT COUNT(*) FROM d) AS nd;\n" +
			"CREATE TABLE e (id int PRIMARY KEY);\nCREATE TABLE f (id int PRIMARY KEY);\n" +
			rows("e", 8000, func(i int) string { return fmt.Sprintf("(%d)", i) }) +
			rows("f", 8000, func(i int) string { return fmt.Sprintf("(%d)", i) }) +
			"DROP TABLE e, f;\nCREATE TABLE e (id int PRIMARY KEY);\nINSERT INTO e VALUES (1);\n"},
		{"no-autocommit", "pc_nac", "-- MySQL dump 10.13  Distrib 8.0.36, for Linux (x86_64)\n" +
			"/*!40101 SET @OLD_CHARACTER_SET_CLIENT=@@CHARACTER_SET_CLIENT */;\n/*!40101 SET NAMES utf8mb4 */;\n" +
			"CREATE DATABASE pc_nac;\nUSE pc_nac;\nDROP TABLE IF EXISTS `t1`;\nCREATE TABLE `t1` (`id` int NOT NULL, `v` varchar(100), PRIMARY KEY (`id`));\n" +
			"LOCK TABLES `t1` WRITE;\n/*!40000 ALTER TABLE `t1` DISABLE KEYS */;\nset autocommit=0;\n" +
			rows("`t1`", 20000, func(i int) string { return fmt.Sprintf("(%d,'%s')", i, pad) }) +
			"/*!40000 ALTER TABLE `t1` ENABLE KEYS */;\nUNLOCK TABLES;\ncommit;\n" +
			"CREATE TABLE `t2` (`id` int NOT NULL, PRIMARY KEY (`id`));\nset autocommit=0;\n" +
			rows("`t2`", 20000, func(i int) string { return fmt.Sprintf("(%d)", i) }) + "commit;\n" +
			"/*!40101 SET CHARACTER_SET_CLIENT=@OLD_CHARACTER_SET_CLIENT */;\n"},
		{"hand-autocommit", "pc_hac", "CREATE DATABASE pc_hac;\nUSE pc_hac;\nCREATE TABLE t (id int PRIMARY KEY);\nSET autocommit=0;\n" +
			rows("t", 4000, func(i int) string { return fmt.Sprintf("(%d)", i) }) + "ROLLBACK;\n" +
			"INSERT INTO t VALUES (1),(2);\nCOMMIT;\nSET autocommit=1;\n" + rows("t", 4000, func(i int) string { return fmt.Sprintf("(%d)", 10+i) })},
		{"open-at-eof", "pc_eof", "CREATE DATABASE pc_eof;\nUSE pc_eof;\nCREATE TABLE t (id int PRIMARY KEY);\n" +
			rows("t", 2000, func(i int) string { return fmt.Sprintf("(%d)", i) }) +
			"SET autocommit=0;\nINSERT INTO t VALUES (100001);\nCOMMIT;\nINSERT INTO t VALUES (100002),(100003);\n"},
		{"adminer", "pc_adm", "-- Adminer 4.8.1 MySQL 10.11.6-MariaDB dump\n\nSET NAMES utf8;\nSET time_zone = '+00:00';\nSET foreign_key_checks = 0;\n" +
			"SET sql_mode = 'NO_AUTO_VALUE_ON_ZERO';\n\nCREATE DATABASE `pc_adm`;\nUSE `pc_adm`;\n\nSET NAMES utf8mb4;\n\nDROP TABLE IF EXISTS `users`;\n" +
			"CREATE TABLE `users` (\n  `id` int unsigned NOT NULL AUTO_INCREMENT,\n  `name` varchar(100) NOT NULL,\n  PRIMARY KEY (`id`)\n) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;\n\n" +
			"INSERT INTO `users` (`id`, `name`) VALUES\n" + strings.TrimSuffix(strings.Repeat("(0,\t'zero'),\n", 1), ",\n") + ";\n" +
			rows("`users` (`id`, `name`)", 6000, func(i int) string { return fmt.Sprintf("(%d,\t'user %d')", i+1, i) }) +
			"\n-- 2024-01-01 10:00:00\n"},
		{"laravel-ids", "pc_lar", "CREATE DATABASE pc_lar;\nUSE pc_lar;\n" +
			"CREATE TABLE migrations (id int unsigned NOT NULL AUTO_INCREMENT PRIMARY KEY, migration varchar(255) NOT NULL, batch int NOT NULL);\n" +
			"CREATE TABLE posts (id bigint unsigned NOT NULL AUTO_INCREMENT PRIMARY KEY, user_id int, title varchar(100));\n" +
			"INSERT INTO migrations (migration, batch) VALUES ('2014_10_12_000000_create_users_table', 1);\n" +
			rows("posts (user_id, title)", 3000, func(i int) string { return fmt.Sprintf("(%d,'post %d')", i%17, i) }) +
			"INSERT INTO migrations VALUES (NULL, '2024_01_01_000000_create_posts_table', 2);\n" +
			"INSERT INTO posts (user_id, title) VALUES (LAST_INSERT_ID(), 'after');\n" +
			"UPDATE posts p JOIN migrations m ON m.batch = 2 SET p.title = CONCAT(p.title, '!') WHERE p.id % 100 = 0;\n"},
		{"procedure", "pc_proc", "CREATE DATABASE pc_proc;\nUSE pc_proc;\n" + src(8000) +
			"CREATE TABLE agg (n int);\nDELIMITER //\nCREATE PROCEDURE fill() BEGIN DECLARE c int; SELECT COUNT(*) INTO c FROM src; INSERT INTO agg VALUES (c); SET @last = c; END //\nDELIMITER ;\n" +
			"CALL fill();\nINSERT INTO agg VALUES (@last);\n" + rows("src", 400, func(i int) string { return fmt.Sprintf("(%d,'after')", 200000+i) })},
		{"create-like", "pc_like", "CREATE DATABASE pc_like;\nUSE pc_like;\nCREATE TABLE a (id int PRIMARY KEY, v int, KEY kv (v));\n" +
			rows("a", 6000, func(i int) string { return fmt.Sprintf("(%d,%d)", i, i%13) }) +
			"CREATE TABLE b LIKE a;\nINSERT INTO b SELECT * FROM a WHERE v = 3;\n"},
		{"navicat", "pc_nav", "/*\n Navicat Premium Data Transfer\n\n Source Server Type    : MySQL\n Target Server Version : 100611\n*/\n\n" +
			"CREATE DATABASE pc_nav;\nUSE pc_nav;\nSET NAMES utf8mb4;\nSET FOREIGN_KEY_CHECKS = 0;\n\n-- ----------------------------\n-- Table structure for items\n-- ----------------------------\n" +
			"DROP TABLE IF EXISTS `items`;\nCREATE TABLE `items` (\n  `id` int NOT NULL,\n  `name` varchar(100) DEFAULT NULL,\n  PRIMARY KEY (`id`) USING BTREE\n) ENGINE = InnoDB;\n\n" +
			"-- ----------------------------\n-- Records of items\n-- ----------------------------\nBEGIN;\n" +
			func() string {
				var b strings.Builder
				for i := 0; i < 3000; i++ {
					fmt.Fprintf(&b, "INSERT INTO `items` (`id`, `name`) VALUES (%d, 'item %d');\n", i, i)
				}
				return b.String()
			}() + "COMMIT;\n\nSET FOREIGN_KEY_CHECKS = 1;\n"},
		{"phpmyadmin", "pc_pma", "-- phpMyAdmin SQL Dump\n-- version 5.2.1\n\nSET SQL_MODE = \"NO_AUTO_VALUE_ON_ZERO\";\nSTART TRANSACTION;\nSET time_zone = \"+00:00\";\n" +
			"CREATE DATABASE IF NOT EXISTS `pc_pma`;\nUSE `pc_pma`;\n" +
			"CREATE TABLE `items` (`id` int(11) NOT NULL, `name` varchar(100) NOT NULL) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;\n" +
			rows("`items`", 20000, func(i int) string { return fmt.Sprintf("(%d, 'item %d')", i, i) }) +
			"ALTER TABLE `items`\n  ADD PRIMARY KEY (`id`);\nCOMMIT;\n"},
	}
}

// TestImportPlanCorpus: every script of planCorpus imported with --parallel 3 (plain, with
// --checkpoint, with --defer-indexes) gives a re-dump identical to the mariadb client's.
func TestImportPlanCorpus(t *testing.T) {
	testsandbox.RequireTool(t, "mariadb")
	corpus := planCorpus()
	ref := testsandbox.Start(t)
	dumps := make([]string, len(corpus))
	var dbs []string
	for i, c := range corpus {
		dumps[i] = writeDump(t, c.name+".sql", []byte(c.sql))
		clientImport(t, ref, dumps[i])
		dbs = append(dbs, c.db)
	}
	want := redump(t, ref, dbs...)
	for _, mode := range [][]string{
		{"--parallel", "3", "--batch-bytes", "4K"},
		{"--parallel", "3", "--batch-bytes", "4K", "--checkpoint", "JOURNAL"},
		{"--parallel", "3", "--batch-bytes", "4K", "--defer-indexes"},
	} {
		srv := testsandbox.Start(t)
		for i, c := range corpus {
			args := append([]string{"--no-advisor"}, mode...)
			for j, a := range args {
				if a == "JOURNAL" {
					args[j] = filepath.Join(t.TempDir(), c.name+".journal")
				}
			}
			code, _, stderr := dumpscopeImport(t, srv, args, dumps[i])
			if code != 0 {
				t.Fatalf("%v %s: exit %d\n%s", mode, c.name, code, stderr)
			}
		}
		if have := redump(t, srv, dbs...); !bytes.Equal(want, have) {
			t.Errorf("%v: re-dumps differ from the client's; first difference at %s", mode, firstDiff(want, have))
		}
	}
}

// TestImportPlanSerialNotice: the statement that makes the run serial is named once, with
// its position and the reason.
func TestImportPlanSerialNotice(t *testing.T) {
	srv := testsandbox.Start(t)
	dump := writeDump(t, "sel.sql", []byte(planCorpus()[0].sql))
	code, _, stderr := dumpscopeImport(t, srv, []string{"--no-advisor", "--parallel", "2"}, dump)
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	if n := strings.Count(stderr, "the rest of the dump runs on one connection"); n != 1 || !strings.Contains(stderr, "SELECT … INTO @n") || !strings.Contains(stderr, "line ") {
		t.Errorf("want one line naming SELECT … INTO @n and its line; stderr:\n%s", stderr)
	}
}

// TestImportSystemSchemaRefused: a dump that creates an account (it writes mysql.*) stops
// before that statement unless --allow-system-schemas is given.
func TestImportSystemSchemaRefused(t *testing.T) {
	srv := testsandbox.Start(t)
	dump := writeDump(t, "acct.sql", []byte("CREATE DATABASE app;\nUSE app;\nCREATE TABLE t (id int PRIMARY KEY);\nINSERT INTO t VALUES (1);\n"+
		"CREATE USER 'intruder'@'%' IDENTIFIED BY 'x';\nINSERT INTO mysql.proxies_priv VALUES ('h','u','','',0,'',NOW());\n"))
	exists := func() int {
		var n int
		if err := openDB(t, srv, "").QueryRow("SELECT COUNT(*) FROM mysql.user WHERE User = 'intruder'").Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	for _, mode := range [][]string{{"--parallel", "2"}, nil} {
		code, _, stderr := dumpscopeImport(t, srv, append([]string{"--no-advisor", "--overwrite"}, mode...), dump)
		if code == 0 || !strings.Contains(stderr, "CREATE USER 'intruder'") || !strings.Contains(stderr, "--allow-system-schemas") {
			t.Fatalf("%v: exit %d, want a refusal naming the CREATE USER and the flag:\n%s", mode, code, stderr)
		}
		if exists() != 0 {
			t.Fatalf("%v: the account was created despite the refusal", mode)
		}
		if _, err := openDB(t, srv, "").Exec("DROP DATABASE IF EXISTS app"); err != nil {
			t.Fatal(err)
		}
	}
	if code, _, stderr := dumpscopeImport(t, srv, []string{"--no-advisor", "--allow-system-schemas"}, dump); code != 0 {
		t.Fatalf("--allow-system-schemas: exit %d\n%s", code, stderr)
	}
	if exists() != 1 {
		t.Error("--allow-system-schemas: the account was not created")
	}
}

// TestImportPlanCorpusKill9: scripts of the corpus whose plans run serially (user
// variables, temporary tables, transactions) or keep mysqldump's regions parallel,
// killed with SIGKILL at random moments under --parallel 3 and resumed, end as the
// client's import does.
func TestImportPlanCorpusKill9(t *testing.T) {
	testsandbox.RequireTool(t, "mariadb")
	keep := map[string]bool{"select-into": true, "rollback": true, "temporary": true, "set-subquery": true,
		"no-autocommit": true, "hand-autocommit": true, "open-at-eof": true}
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	seed := time.Now().UnixNano()
	rng := rand.New(rand.NewSource(seed))
	t.Logf("kill points from seed %d", seed)
	for _, c := range planCorpus() {
		if !keep[c.name] {
			continue
		}
		dump := writeDump(t, c.name+".sql", []byte(c.sql))
		clientImport(t, ref, dump)
		journal := filepath.Join(t.TempDir(), c.name+".journal")
		args := []string{"--checkpoint", journal, "--parallel", "3", "--batch-bytes", "4K"}
		refusal := killAndResume(t, srv, dump, journal, args, killPlan{kills: 3, maxDelay: 400 * time.Millisecond, rng: rng}, "--resume cannot recreate")
		if refusal != "" {
			// A refusal that names what to check is the other allowed outcome.
			t.Logf("%s: resume refused: %s", c.name, refusal)
			continue
		}
		if want, have := redump(t, ref, c.db), redump(t, srv, c.db); !bytes.Equal(want, have) {
			t.Errorf("%s: after kill -9 and resume the re-dump differs from the client's; first difference at %s", c.name, firstDiff(want, have))
		}
	}
}
