package importer_test

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-sql-driver/mysql"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/importer/transform"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
	"github.com/dumpscope/dumpscope/sandbox"
)

// The eighteenth review (branch x-review18, session 44): dumps as real producers write
// them (phpMyAdmin, Adminer, HeidiSQL, Navicat, DBeaver, MySQL Workbench, mysqldump's
// options, mariadb-dump --system=users, mysqlpump, Flyway/Liquibase migrations), each
// imported by the client and by dumpscope in every mode, re-dumped and compared.
// Open findings are gated (reviewX18):
//
//	DUMPSCOPE_REVIEW_X=1 go test -count=1 $(scripts/gotags) ./importer/ -run TestReviewX18
//
// A fix removes its test's reviewX18 call.
//
// Found, most severe first:
//   - silent, a filter (--include-databases): mariadb-dump --all-databases --system=users
//     writes the accounts after the last database's USE; CREATE USER and GRANT … ON
//     kept.* are judged by that USE (transform/filter.go:432, t.dbKept(t.current)) and
//     left out though they belong to no database (docs/filters.md: what belongs to no
//     database passes): TestReviewX18FilterDropsAccountsAfterOtherDatabase;
//   - loud, a filter (--exclude-tables db.t): GRANT … ON db.t is kept (the same line judges
//     it by the current database, not by its ON object) and fails with ERROR 1146 half way:
//     TestReviewX18FilterKeepsGrantOnExcludedTable.
//
// Refused in one exact line that names the place (listed, not gated):
//   - (lifted by x-fix41) stop + --resume (serial and --parallel 2), MySQL Workbench's data
//     section (START TRANSACTION; INSERT … VALUES (DEFAULT, …); COMMIT) stopped anywhere
//     before its last COMMIT, and mysqldump --no-autocommit (set autocommit=0 … commit)
//     stopped inside a table of an AUTO_INCREMENT column: "--resume cannot recreate the
//     AUTO_INCREMENT counter … the interrupted run may have been inside this statement"
//     (replay/exact.go lostCounter). A graceful stop now records that it sent nothing
//     after its statement (checkpoint.NeverSent): refused only where the stop came after
//     an INSERT that took ids inside the open transaction, and after a kill
//     (TestStopSweepAutoIncrementTransaction);
//   - mysqlpump's and mariadb-dump --system=users' CREATE USER without
//     --allow-system-schemas: "rerun with --allow-system-schemas".
//
// Tried and matched the client (kept as TestX18ProducersDumps, every mode, global
// time_zone '+05:00' on both servers so that a connection missing the dump's SET
// time_zone shows): the twelve dumps below in serial, --parallel 2, --load-data,
// --defer-indexes (serial and --parallel 2), --checkpoint, a graceful stop + --resume
// (serial and --parallel 2) and --exclude-tables. A kill right after a DDL and --resume
// (serial, --parallel 2, --defer-indexes; scratch test not kept): phpMyAdmin's ALTER
// TABLE … ADD PRIMARY KEY of each table, HeidiSQL's CREATE PROCEDURE and CREATE TRIGGER
// (inside its SET @OLDTMP_SQL_MODE pair), the migration's CREATE TABLE of the circular FK,
// ALTER TABLE … ADD COLUMN and CREATE INDEX, Adminer's CREATE TABLE after an FK to it,
// mysqlpump's deferred ADD KEY, Navicat's CREATE ALGORITHM … VIEW: all matched.
//
// Not findings: phpMyAdmin's whole-dump START TRANSACTION … COMMIT makes a stop wait for
// the end (the run finishes); a dump without SET NAMES gives views utf8mb3 (client) against
// utf8mb4 (this harness's connection), the harness artefact x-review8 names.

// reviewX18 skips an open finding's test unless DUMPSCOPE_REVIEW_X=1.
func reviewX18(t *testing.T) {
	t.Helper()
	if os.Getenv("DUMPSCOPE_REVIEW_X") != "1" {
		t.Skip("an open finding of the x-review18 (fails on main): DUMPSCOPE_REVIEW_X=1 runs it")
	}
}

// x18q writes a dump with ´ for the backtick Go's raw strings cannot hold.
func x18q(s string) string { return strings.ReplaceAll(s, "´", "`") }

// x18Dump is one producer's dump: db is what it creates; stop is a statement's line
// (the first that starts with stop) after which the resume mode stops; exclude is a table the filter mode leaves out and
// cut what the client's database loses for it; users are accounts it creates (dropped
// between modes, their grants compared).
type x18Dump struct {
	name, db, dump string
	stop           string // the first line that starts with it
	exclude        string
	allowSystem    bool // the accounts it creates need --allow-system-schemas
	cut            []string
	users          []string
}

// x18Mode is one way of running dumpscope on a dump.
type x18Mode struct {
	name   string
	opt    importer.Options
	resume bool // stop after x18Dump.stop, then resume
	filter bool // leave x18Dump.exclude out
}

// x18Modes are every mode the brief names.
var x18Modes = []x18Mode{
	{name: "serial"},
	{name: "parallel2", opt: importer.Options{Parallel: 2, BatchBytes: 512}},
	{name: "load-data", opt: importer.Options{Parallel: 2, BatchBytes: 512, LoadData: true}},
	{name: "defer-indexes", opt: importer.Options{DeferIndexes: true}},
	{name: "defer-indexes-parallel2", opt: importer.Options{Parallel: 2, BatchBytes: 512, DeferIndexes: true}},
	{name: "checkpoint", opt: importer.Options{BatchBytes: 512}},
	{name: "stop-resume", opt: importer.Options{Parallel: 2, BatchBytes: 512}, resume: true},
	{name: "stop-resume-serial", resume: true},
	{name: "filter", filter: true},
}

// x18State is what is compared: the re-dump of db and the users' grants.
func x18State(t *testing.T, srv *sandbox.Server, d x18Dump) string {
	t.Helper()
	s := redump(t, srv, d.db)
	if len(d.users) == 0 {
		return s
	}
	db := sandboxDB(t, srv, "")
	for _, u := range d.users {
		rows, err := db.Query("SHOW GRANTS FOR " + x18q(u))
		if err != nil {
			s += "\n" + u + ": " + err.Error()
			continue
		}
		for rows.Next() {
			var g string
			if err := rows.Scan(&g); err != nil {
				t.Fatal(err)
			}
			s += "\n" + g
		}
		rows.Close()
	}
	return s
}

// x18GlobalTimeZone gives srv a global time zone other than the dumps' '+00:00', so
// that a connection that missed the dump's SET time_zone stores its TIMESTAMPs shifted;
// the zone is set back when the test ends (the sandbox is reused).
func x18GlobalTimeZone(t *testing.T, srv *sandbox.Server) {
	t.Helper()
	db, err := sql.Open("mysql", srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec("SET GLOBAL time_zone = '+05:00'"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		defer db.Close()
		if _, err := db.Exec("SET GLOBAL time_zone = SYSTEM"); err != nil {
			t.Error(err)
		}
	})
}

// x18Line is the line of d's statement that the resume mode stops after.
func x18Line(t *testing.T, d x18Dump) int64 {
	t.Helper()
	for i, l := range strings.Split(d.dump, "\n") {
		if strings.HasPrefix(l, x18q(d.stop)) {
			return int64(i + 1)
		}
	}
	t.Fatalf("%s: no line starts with %q", d.name, d.stop)
	return 0
}

// x18Reset drops what d made on srv.
func x18Reset(t *testing.T, srv *sandbox.Server, d x18Dump) {
	t.Helper()
	db, err := sql.Open("mysql", srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	qs := []string{"DROP DATABASE IF EXISTS `" + d.db + "`", "DROP DATABASE IF EXISTS dumpscope_progress"}
	for _, u := range d.users {
		if strings.Contains(u, "@") {
			qs = append(qs, "DROP USER IF EXISTS "+x18q(u))
		} else {
			qs = append(qs, "DROP ROLE IF EXISTS "+x18q(u))
		}
	}
	for _, q := range qs {
		if _, err := db.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
}

// x18Run imports d with dumpscope in mode m into srv (reset first) and returns the
// error, if any, that the import ended with.
func x18Run(t *testing.T, srv *sandbox.Server, path string, d x18Dump, m x18Mode) (string, error) {
	t.Helper()
	x18Reset(t, srv, d)
	cfg, err := mysql.ParseDSN(srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	o := m.opt
	if m.name == "checkpoint" || m.resume {
		o.CheckpointPath = filepath.Join(t.TempDir(), "journal")
	}
	o.AllowSystemSchemas = d.allowSystem
	if m.filter {
		o.Transform = transform.Options{ExcludeTables: []string{d.exclude}}
	}
	var log strings.Builder
	o.Log = &log
	ctx := context.Background()
	src := importer.Source{Path: path}
	if m.resume {
		o.SkipWarningCount = true
		line := x18Line(t, d)
		res, err := importer.Import(ctx, cfg, src, stopAfter(line, o))
		if err != nil {
			return log.String(), err
		}
		switch {
		case res.Status == importer.Finished && res.Err == nil:
			// the stop came inside the dump's one transaction and waited for its end
			t.Logf("the first run finished (the stop after line %d waited for the dump's transaction)", line)
			return log.String(), nil
		case res.Status != importer.Interrupted:
			if res.Err != nil {
				return log.String(), res.Err
			}
			t.Fatalf("the first run did not stop after line %d: %v", line, res.Status)
		}
		o.Resume = true
	}
	res, err := importer.Import(ctx, cfg, src, o)
	if err == nil && res.Err != nil {
		err = res.Err
	}
	if err == nil && res.Status != importer.Finished {
		t.Fatalf("status %v", res.Status)
	}
	return log.String(), err
}

// x18Check imports d with the client and with dumpscope in every mode of modes, and
// reports each mode whose database differs or which fails.
func x18Check(t *testing.T, ref, srv *sandbox.Server, d x18Dump, modes []x18Mode) {
	t.Helper()
	path := filepath.Join(t.TempDir(), d.name+".sql")
	if err := os.WriteFile(path, []byte(d.dump), 0o600); err != nil {
		t.Fatal(err)
	}
	x18Reset(t, ref, d)
	clientImport(t, ref, path)
	want := x18State(t, ref, d)
	var wantFiltered string
	for _, m := range modes {
		t.Run(m.name, func(t *testing.T) {
			if m.resume && d.stop == "" {
				t.Skip("no place to stop that a resume takes (see the dump's comment)")
			}
			if m.filter {
				if wantFiltered == "" {
					rdb := sandboxDB(t, ref, "")
					rdb.SetMaxOpenConns(1)
					for _, q := range append([]string{"SET foreign_key_checks = 0"}, d.cut...) {
						if _, err := rdb.Exec(q); err != nil {
							t.Fatalf("reference: %s: %v", q, err)
						}
					}
					wantFiltered = x18State(t, ref, d)
				}
			}
			log, err := x18Run(t, srv, path, d, m)
			if err != nil {
				t.Fatalf("%s: dumpscope: %v; the client imports this dump without an error\n%s", d.name, err, log)
			}
			w := want
			if m.filter {
				w = wantFiltered
			}
			sameDump(t, d.name+" "+m.name, w, x18State(t, srv, d))
		})
	}
}

// x18Dumps are the producers' dumps, each ≤ 40 lines, written from each tool's output.
var x18Dumps = []x18Dump{
	{name: "phpmyadmin", db: "pma", stop: "(2, 'bob'", exclude: "pma.logs", cut: []string{"DROP TABLE pma.logs"}, dump: x18q(`-- phpMyAdmin SQL Dump
-- version 5.2.1
-- Host: 127.0.0.1
-- Server version: 10.11.6-MariaDB
SET SQL_MODE = "NO_AUTO_VALUE_ON_ZERO";
START TRANSACTION;
SET time_zone = "+00:00";

/*!40101 SET @OLD_CHARACTER_SET_CLIENT=@@CHARACTER_SET_CLIENT */;
/*!40101 SET @OLD_CHARACTER_SET_RESULTS=@@CHARACTER_SET_RESULTS */;
/*!40101 SET @OLD_COLLATION_CONNECTION=@@COLLATION_CONNECTION */;
/*!40101 SET NAMES utf8mb4 */;
CREATE DATABASE IF NOT EXISTS ´pma´ DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci;
USE ´pma´;
DELIMITER $$
CREATE DEFINER=´root´@´localhost´ PROCEDURE ´cnt´ ()   BEGIN SELECT COUNT(*) FROM users; END$$
DELIMITER ;
CREATE TABLE ´users´ (
  ´id´ int(11) NOT NULL,
  ´name´ varchar(50) NOT NULL,
  ´created´ timestamp NOT NULL DEFAULT current_timestamp()
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
INSERT INTO ´users´ (´id´, ´name´, ´created´) VALUES
(0, 'zero', '2024-01-01 10:00:00'),
(1, 'alice', '2024-01-02 10:00:00');
INSERT INTO ´users´ (´id´, ´name´, ´created´) VALUES
(2, 'bob', '2024-01-03 10:00:00');
CREATE TABLE ´logs´ (´id´ int(11) NOT NULL, ´msg´ text DEFAULT NULL) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
INSERT INTO ´logs´ (´id´, ´msg´) VALUES (0, 'boot'), (1, 'it\'s \"quoted\"\r\nnext');
ALTER TABLE ´users´
  ADD PRIMARY KEY (´id´),
  ADD KEY ´name´ (´name´);
ALTER TABLE ´logs´
  ADD PRIMARY KEY (´id´);
ALTER TABLE ´users´
  MODIFY ´id´ int(11) NOT NULL AUTO_INCREMENT, AUTO_INCREMENT=3;
ALTER TABLE ´logs´
  MODIFY ´id´ int(11) NOT NULL AUTO_INCREMENT, AUTO_INCREMENT=2;
COMMIT;
/*!40101 SET CHARACTER_SET_CLIENT=@OLD_CHARACTER_SET_CLIENT */;
`)},
	{name: "adminer", db: "adm", stop: "DROP TABLE IF EXISTS ´item´", exclude: "adm.note", cut: []string{"DROP TABLE adm.note"}, dump: x18q(`-- Adminer 4.8.1 MySQL 10.11.6-MariaDB dump
SET NAMES utf8;
SET time_zone = '+00:00';
SET foreign_key_checks = 0;
SET sql_mode = 'NO_AUTO_VALUE_ON_ZERO';
SET NAMES utf8mb4;
DROP DATABASE IF EXISTS ´adm´;
CREATE DATABASE ´adm´ /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;
USE ´adm´;
DELIMITER ;;
CREATE FUNCTION ´twice´(´x´ int) RETURNS int(11)
    DETERMINISTIC
RETURN x*2;;
DELIMITER ;
DROP TABLE IF EXISTS ´item´;
CREATE TABLE ´item´ (
  ´id´ int(11) NOT NULL AUTO_INCREMENT,
  ´cat_id´ int(11) DEFAULT NULL,
  ´ts´ timestamp NOT NULL DEFAULT current_timestamp() ON UPDATE current_timestamp(),
  PRIMARY KEY (´id´),
  KEY ´cat_id´ (´cat_id´),
  CONSTRAINT ´item_ibfk_1´ FOREIGN KEY (´cat_id´) REFERENCES ´kind´ (´id´)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
INSERT INTO ´item´ (´id´, ´cat_id´, ´ts´) VALUES
(0,	1,	'2024-01-01 00:00:00'),
(2,	2,	'2024-01-02 00:00:00');
DELIMITER ;;
CREATE TRIGGER ´item_bi´ BEFORE INSERT ON ´item´ FOR EACH ROW
SET NEW.cat_id = IFNULL(NEW.cat_id, 1);;
DELIMITER ;
DROP TABLE IF EXISTS ´kind´;
CREATE TABLE ´kind´ (´id´ int(11) NOT NULL, ´label´ varchar(20) NOT NULL, PRIMARY KEY (´id´)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
INSERT INTO ´kind´ (´id´, ´label´) VALUES
(1,	'one'),
(2,	'tw\\o');
DROP TABLE IF EXISTS ´note´;
CREATE TABLE ´note´ (´id´ int(11) NOT NULL AUTO_INCREMENT, ´body´ blob, PRIMARY KEY (´id´)) ENGINE=MyISAM DEFAULT CHARSET=utf8mb4;
INSERT INTO ´note´ (´id´, ´body´) VALUES
(1,	UNHEX('00FF7F'));
`)},
	{name: "heidisql", db: "heidi", stop: "INSERT INTO ´tag´", exclude: "heidi.tag", cut: []string{"DROP TABLE heidi.tag"}, dump: x18q(`-- HeidiSQL export of 10.11.6-MariaDB
/*!40101 SET @OLD_CHARACTER_SET_CLIENT=@@CHARACTER_SET_CLIENT */;
/*!50503 SET NAMES utf8mb4 */;
/*!40103 SET @OLD_TIME_ZONE=@@TIME_ZONE */;
/*!40103 SET TIME_ZONE='+00:00' */;
/*!40014 SET @OLD_FOREIGN_KEY_CHECKS=@@FOREIGN_KEY_CHECKS, FOREIGN_KEY_CHECKS=0 */;
/*!40101 SET @OLD_SQL_MODE=@@SQL_MODE, SQL_MODE='NO_AUTO_VALUE_ON_ZERO' */;
/*!40111 SET @OLD_SQL_NOTES=@@SQL_NOTES, SQL_NOTES=0 */;
CREATE DATABASE IF NOT EXISTS ´heidi´ /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;
USE ´heidi´;
CREATE TABLE IF NOT EXISTS ´log´ (
  ´id´ int(10) unsigned NOT NULL AUTO_INCREMENT,
  ´msg´ text DEFAULT NULL,
  ´n´ int(11) NOT NULL DEFAULT 0,
  PRIMARY KEY (´id´)
) ENGINE=InnoDB AUTO_INCREMENT=4 DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
INSERT INTO ´log´ (´id´, ´msg´, ´n´) VALUES
	(0, 'a', 0),
	(2, 'it''s', 0),
	(3, NULL, 0);
CREATE TABLE IF NOT EXISTS ´tag´ (´t´ varchar(10) NOT NULL, PRIMARY KEY (´t´)) ENGINE=InnoDB;
INSERT INTO ´tag´ (´t´) VALUES ('x');
DELIMITER //
CREATE PROCEDURE ´addlog´(IN m TEXT)
BEGIN
	INSERT INTO log (msg) VALUES (m);
END//
DELIMITER ;
SET @OLDTMP_SQL_MODE=@@SQL_MODE, SQL_MODE='STRICT_TRANS_TABLES,ERROR_FOR_DIVISION_BY_ZERO,NO_AUTO_CREATE_USER,NO_ENGINE_SUBSTITUTION';
DELIMITER //
CREATE TRIGGER ´log_bi´ BEFORE INSERT ON ´log´ FOR EACH ROW BEGIN
	SET NEW.n = CHAR_LENGTH(IFNULL(NEW.msg, ''));
END//
DELIMITER ;
SET SQL_MODE=@OLDTMP_SQL_MODE;
/*!40103 SET TIME_ZONE=IFNULL(@OLD_TIME_ZONE, 'system') */;
/*!40101 SET SQL_MODE=IFNULL(@OLD_SQL_MODE, '') */;
/*!40014 SET FOREIGN_KEY_CHECKS=IFNULL(@OLD_FOREIGN_KEY_CHECKS, 1) */;
/*!40101 SET CHARACTER_SET_CLIENT=@OLD_CHARACTER_SET_CLIENT */;
/*!40111 SET SQL_NOTES=IFNULL(@OLD_SQL_NOTES, 1) */;
`)},
	{name: "navicat", db: "nav", stop: "INSERT INTO ´misc´", exclude: "nav.misc", cut: []string{"DROP TABLE nav.misc"}, dump: x18q(`/*
 Navicat Premium Data Transfer
 Source Server Type    : MariaDB
 Source Server Version : 101106
 Source Schema         : nav
 Date: 06/12/2026 16:00:00
*/
CREATE DATABASE nav; USE nav;
SET NAMES utf8mb4;
SET FOREIGN_KEY_CHECKS = 0;
-- Table structure for child
DROP TABLE IF EXISTS ´child´;
CREATE TABLE ´child´  (
  ´id´ int NOT NULL AUTO_INCREMENT,
  ´pid´ int NULL DEFAULT NULL,
  PRIMARY KEY (´id´) USING BTREE,
  INDEX ´pid´(´pid´ ASC) USING BTREE,
  CONSTRAINT ´fk´ FOREIGN KEY (´pid´) REFERENCES ´parent´ (´id´) ON DELETE RESTRICT ON UPDATE RESTRICT
) ENGINE = InnoDB AUTO_INCREMENT = 3 CHARACTER SET = utf8mb4 COLLATE = utf8mb4_general_ci ROW_FORMAT = Dynamic;
INSERT INTO ´child´ VALUES (1, 1);
INSERT INTO ´child´ VALUES (2, NULL);
DROP TABLE IF EXISTS ´misc´;
CREATE TABLE ´misc´  (´k´ varchar(8) NOT NULL, PRIMARY KEY (´k´)) ENGINE = MyISAM;
INSERT INTO ´misc´ VALUES ('a');
DROP TABLE IF EXISTS ´parent´;
CREATE TABLE ´parent´  (´id´ int NOT NULL, ´name´ varchar(20) NULL DEFAULT NULL, PRIMARY KEY (´id´) USING BTREE) ENGINE = InnoDB;
INSERT INTO ´parent´ VALUES (1, 'p1');
DROP VIEW IF EXISTS ´v_child´;
CREATE ALGORITHM = UNDEFINED SQL SECURITY DEFINER VIEW ´v_child´ AS select ´c´.´id´ AS ´id´,´p´.´name´ AS ´name´ from (´child´ ´c´ left join ´parent´ ´p´ on(´p´.´id´ = ´c´.´pid´));
DROP PROCEDURE IF EXISTS ´p_count´;
delimiter ;;
CREATE PROCEDURE ´p_count´(OUT n INT)
BEGIN
  SELECT COUNT(*) INTO n FROM child;
END
;;
delimiter ;
SET FOREIGN_KEY_CHECKS = 1;
`)},
	{name: "dbeaver", db: "dbv", stop: "INSERT INTO dbv.b", exclude: "dbv.b", cut: []string{"DROP TABLE dbv.b"}, dump: x18q(`CREATE DATABASE dbv;
CREATE TABLE dbv.a (
	id int(11) NOT NULL,
	name varchar(20) DEFAULT NULL,
	amount decimal(8,2) DEFAULT NULL,
	CONSTRAINT a_pk PRIMARY KEY (id)
)
ENGINE=InnoDB
DEFAULT CHARSET=utf8mb4
COLLATE=utf8mb4_general_ci;
CREATE TABLE dbv.b (id int NOT NULL PRIMARY KEY, note text);
INSERT INTO dbv.a (id,name,amount) VALUES
	 (1,'a',1.50),
	 (2,NULL,-3.25),
	 (3,'ü',0.00);
INSERT INTO dbv.b (id,note) VALUES
	 (1,'x');
CREATE INDEX a_name_IDX USING BTREE ON dbv.a (name);
`)},
	{name: "workbench", db: "wb", stop: "COMMIT;", // refused until a graceful stop recorded that it sent nothing after (checkpoint.NeverSent)
		exclude: "wb.misc", cut: []string{"DROP TABLE wb.misc"}, dump: x18q(`-- MySQL Workbench Forward Engineering

SET @OLD_UNIQUE_CHECKS=@@UNIQUE_CHECKS, UNIQUE_CHECKS=0;
SET @OLD_FOREIGN_KEY_CHECKS=@@FOREIGN_KEY_CHECKS, FOREIGN_KEY_CHECKS=0;
SET @OLD_SQL_MODE=@@SQL_MODE, SQL_MODE='ONLY_FULL_GROUP_BY,STRICT_TRANS_TABLES,NO_ZERO_IN_DATE,NO_ZERO_DATE,ERROR_FOR_DIVISION_BY_ZERO,NO_ENGINE_SUBSTITUTION';
CREATE SCHEMA IF NOT EXISTS ´wb´ DEFAULT CHARACTER SET utf8 ;
USE ´wb´ ;
CREATE TABLE IF NOT EXISTS ´wb´.´book´ (
  ´id´ INT NOT NULL AUTO_INCREMENT,
  ´author_id´ INT NOT NULL,
  PRIMARY KEY (´id´),
  INDEX ´fk_book_author_idx´ (´author_id´ ASC),
  CONSTRAINT ´fk_book_author´
    FOREIGN KEY (´author_id´)
    REFERENCES ´wb´.´author´ (´id´)
    ON DELETE NO ACTION
    ON UPDATE NO ACTION)
ENGINE = InnoDB;
CREATE TABLE IF NOT EXISTS ´wb´.´author´ (
  ´id´ INT NOT NULL AUTO_INCREMENT,
  ´name´ VARCHAR(45) NULL,
  PRIMARY KEY (´id´))
ENGINE = InnoDB;
CREATE TABLE IF NOT EXISTS ´wb´.´misc´ (´id´ INT NOT NULL, PRIMARY KEY (´id´)) ENGINE = InnoDB;
SET SQL_MODE=@OLD_SQL_MODE;
SET FOREIGN_KEY_CHECKS=@OLD_FOREIGN_KEY_CHECKS;
SET UNIQUE_CHECKS=@OLD_UNIQUE_CHECKS;
START TRANSACTION;
USE ´wb´;
INSERT INTO ´wb´.´author´ (´id´, ´name´) VALUES (1, 'Ann');
INSERT INTO ´wb´.´author´ (´id´, ´name´) VALUES (DEFAULT, 'Ben');
COMMIT;
START TRANSACTION;
USE ´wb´;
INSERT INTO ´wb´.´book´ (´id´, ´author_id´) VALUES (DEFAULT, 2);
INSERT INTO ´wb´.´misc´ (´id´) VALUES (7);
COMMIT;
`)},
	{name: "mysqldump-compact-skip-extended-complete-hex", db: "md1", stop: "INSERT INTO ´bin´ (´id´, ´b´, ´j´) VALUES (2", exclude: "md1.k", cut: []string{"DROP TABLE md1.k"}, dump: x18q(`CREATE DATABASE /*!32312 IF NOT EXISTS*/ ´md1´ /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;
USE ´md1´;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8 */;
CREATE TABLE ´bin´ (
  ´id´ int(11) NOT NULL AUTO_INCREMENT,
  ´b´ varbinary(16) DEFAULT NULL,
  ´j´ longtext CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DEFAULT NULL CHECK (json_valid(´j´)),
  PRIMARY KEY (´id´)
) ENGINE=InnoDB AUTO_INCREMENT=4 DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;
INSERT INTO ´bin´ (´id´, ´b´, ´j´) VALUES (1,0x00FF0A27,'{\"a\": 1}');
INSERT INTO ´bin´ (´id´, ´b´, ´j´) VALUES (2,'',NULL);
INSERT INTO ´bin´ (´id´, ´b´, ´j´) VALUES (3,NULL,'[]');
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8 */;
CREATE TABLE ´k´ (´id´ int(11) NOT NULL, PRIMARY KEY (´id´)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;
INSERT INTO ´k´ (´id´) VALUES (1);
`)},
	{name: "mysqldump-noautocommit-insert-ignore-locks-keys-tz", db: "md2", stop: "DROP TABLE IF EXISTS ´u´", exclude: "md2.u", cut: []string{"DROP TABLE md2.u"}, dump: x18q(`-- MariaDB dump 10.19  Distrib 10.11.6-MariaDB, for debian-linux-gnu (x86_64)
/*!40101 SET @OLD_CHARACTER_SET_CLIENT=@@CHARACTER_SET_CLIENT */;
/*!40101 SET NAMES utf8mb4 */;
/*!40103 SET @OLD_TIME_ZONE=@@TIME_ZONE */;
/*!40103 SET TIME_ZONE='+00:00' */;
/*!40014 SET @OLD_UNIQUE_CHECKS=@@UNIQUE_CHECKS, UNIQUE_CHECKS=0 */;
/*!40014 SET @OLD_FOREIGN_KEY_CHECKS=@@FOREIGN_KEY_CHECKS, FOREIGN_KEY_CHECKS=0 */;
/*!40101 SET @OLD_SQL_MODE=@@SQL_MODE, SQL_MODE='NO_AUTO_VALUE_ON_ZERO' */;
/*!40111 SET @OLD_SQL_NOTES=@@SQL_NOTES, SQL_NOTES=0 */;
CREATE DATABASE /*!32312 IF NOT EXISTS*/ ´md2´;
USE ´md2´;
DROP TABLE IF EXISTS ´ev´;
CREATE TABLE ´ev´ (´id´ int(11) NOT NULL AUTO_INCREMENT, ´at´ timestamp NOT NULL DEFAULT current_timestamp(), ´k´ int(11) DEFAULT NULL, PRIMARY KEY (´id´), UNIQUE KEY ´k´ (´k´)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
LOCK TABLES ´ev´ WRITE;
/*!40000 ALTER TABLE ´ev´ DISABLE KEYS */;
set autocommit=0;
INSERT IGNORE INTO ´ev´ VALUES (0,'2024-03-31 01:30:00',1),(1,'2024-10-27 00:30:00',2),(2,'2024-10-27 01:30:00',2);
INSERT IGNORE INTO ´ev´ VALUES (3,'1970-01-01 00:00:01',3);
/*!40000 ALTER TABLE ´ev´ ENABLE KEYS */;
UNLOCK TABLES;
commit;
DROP TABLE IF EXISTS ´u´;
CREATE TABLE ´u´ (´id´ int(11) NOT NULL, PRIMARY KEY (´id´)) ENGINE=MyISAM;
LOCK TABLES ´u´ WRITE;
/*!40000 ALTER TABLE ´u´ DISABLE KEYS */;
set autocommit=0;
REPLACE INTO ´u´ VALUES (1),(1),(2);
/*!40000 ALTER TABLE ´u´ ENABLE KEYS */;
UNLOCK TABLES;
commit;
/*!40103 SET TIME_ZONE=@OLD_TIME_ZONE */;
/*!40101 SET SQL_MODE=@OLD_SQL_MODE */;
/*!40014 SET FOREIGN_KEY_CHECKS=@OLD_FOREIGN_KEY_CHECKS */;
/*!40014 SET UNIQUE_CHECKS=@OLD_UNIQUE_CHECKS */;
/*!40101 SET CHARACTER_SET_CLIENT=@OLD_CHARACTER_SET_CLIENT */;
/*!40111 SET SQL_NOTES=@OLD_SQL_NOTES */;
-- Dump completed on 2026-12-06 16:00:00
`)},
	{name: "mysqldump-single-transaction-master-data-ignore-table", db: "md3", stop: "INSERT INTO ´b´", exclude: "md3.b", cut: []string{"DROP TABLE md3.b"}, dump: x18q(`-- MariaDB dump 10.19  Distrib 10.11.6-MariaDB, for debian-linux-gnu (x86_64)
--
-- Position to start replication or point-in-time recovery from
--
-- CHANGE MASTER TO MASTER_LOG_FILE='mysql-bin.000003', MASTER_LOG_POS=1234;
-- SET GLOBAL gtid_slave_pos='0-1-100';
/*!40101 SET @OLD_CHARACTER_SET_CLIENT=@@CHARACTER_SET_CLIENT */;
/*!40101 SET NAMES utf8mb4 */;
/*!40014 SET @OLD_UNIQUE_CHECKS=@@UNIQUE_CHECKS, UNIQUE_CHECKS=0 */;
/*!40101 SET @OLD_SQL_MODE=@@SQL_MODE, SQL_MODE='NO_AUTO_VALUE_ON_ZERO' */;
CREATE DATABASE /*!32312 IF NOT EXISTS*/ ´md3´;
USE ´md3´;
DROP TABLE IF EXISTS ´a´;
CREATE TABLE ´a´ (´id´ int(11) NOT NULL, ´s´ enum('x','y') DEFAULT NULL, ´d´ date DEFAULT NULL, PRIMARY KEY (´id´)) ENGINE=InnoDB;
INSERT INTO ´a´ VALUES (1,'x','0000-00-00'),(2,'y',NULL),(3,NULL,'2024-02-29');
DROP TABLE IF EXISTS ´b´;
CREATE TABLE ´b´ (´id´ int(11) NOT NULL, PRIMARY KEY (´id´)) ENGINE=InnoDB;
INSERT INTO ´b´ VALUES (1);
/*!50001 DROP VIEW IF EXISTS ´va´*/;
/*!50001 CREATE ALGORITHM=UNDEFINED */
/*!50013 DEFINER=´root´@´localhost´ SQL SECURITY DEFINER */
/*!50001 VIEW ´va´ AS select ´a´.´id´ AS ´id´ from ´a´ */;
/*!40101 SET SQL_MODE=@OLD_SQL_MODE */;
/*!40014 SET UNIQUE_CHECKS=@OLD_UNIQUE_CHECKS */;
/*!40101 SET CHARACTER_SET_CLIENT=@OLD_CHARACTER_SET_CLIENT */;
`)},
	{name: "mariadb-dump-system-users", db: "sysu", allowSystem: true, stop: "GRANT SELECT ON", exclude: "sysu.t2", cut: []string{"DROP TABLE sysu.t2"}, users: []string{"´app´@´%´", "´ro´@´localhost´", "´r_read´"}, dump: x18q(`CREATE DATABASE sysu; USE sysu; CREATE TABLE t (id int PRIMARY KEY); CREATE TABLE t2 (id int PRIMARY KEY); INSERT INTO t VALUES (1);
/*M!100401 UNINSTALL PLUGIN IF EXISTS cracklib_password_check */;
/*M!100401 UNINSTALL PLUGIN IF EXISTS simple_password_check */;
CREATE ROLE ´r_read´;
CREATE USER ´app´@´%´ IDENTIFIED BY PASSWORD '*6BB4837EB74329105EE4568DDA7DC67ED2CA2AD9';
CREATE USER ´ro´@´localhost´ IDENTIFIED VIA mysql_native_password USING '*6BB4837EB74329105EE4568DDA7DC67ED2CA2AD9' OR unix_socket;
/*!80001 ALTER USER 'app'@'%' WITH MAX_USER_CONNECTIONS 10 */;
/*M!100005 ALTER USER 'app'@'%' WITH MAX_USER_CONNECTIONS 10 */;
GRANT SELECT ON ´sysu´.* TO ´r_read´;
GRANT USAGE ON *.* TO ´app´@´%´ IDENTIFIED BY PASSWORD '*6BB4837EB74329105EE4568DDA7DC67ED2CA2AD9' WITH MAX_USER_CONNECTIONS 10;
GRANT SELECT, INSERT ON ´sysu´.´t´ TO ´app´@´%´;
GRANT ´r_read´ TO ´ro´@´localhost´;
/*M!100005 SET DEFAULT ROLE ´r_read´ FOR ´ro´@´localhost´ */;
INSERT INTO t VALUES (2);
`)},
	{name: "mysqlpump", db: "pump", allowSystem: true, stop: "INSERT INTO ´pump´.´c´", exclude: "pump.c", cut: []string{"DROP TABLE pump.c"}, users: []string{"'pu'@'%'"}, dump: x18q(`-- Dump created by MySQL pump utility, version: 8.0.36, Linux (x86_64)
-- Dump start time: Sun Dec  6 16:00:00 2026
-- Server version: 8.0.36

SET @OLD_UNIQUE_CHECKS=@@UNIQUE_CHECKS, UNIQUE_CHECKS=0;
SET @OLD_FOREIGN_KEY_CHECKS=@@FOREIGN_KEY_CHECKS, FOREIGN_KEY_CHECKS=0;
SET @OLD_SQL_MODE=@@SQL_MODE;
SET SQL_MODE="NO_AUTO_VALUE_ON_ZERO";
SET @@SESSION.SQL_LOG_BIN= 0;
SET @OLD_TIME_ZONE=@@TIME_ZONE;
SET TIME_ZONE='+00:00';
SET @OLD_CHARACTER_SET_CLIENT=@@CHARACTER_SET_CLIENT;
SET NAMES utf8mb4;
CREATE DATABASE /*!32312 IF NOT EXISTS*/ ´pump´ /*!40100 DEFAULT CHARACTER SET utf8mb4 */ /*!80016 DEFAULT ENCRYPTION='N' */;
CREATE TABLE ´pump´.´a´ (
´id´ int NOT NULL,
´v´ varchar(10) DEFAULT NULL,
PRIMARY KEY (´id´)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4
;
CREATE TABLE ´pump´.´c´ (´id´ int NOT NULL, PRIMARY KEY (´id´)) ENGINE=InnoDB
;
INSERT INTO ´pump´.´a´ VALUES (1,"x"),(2,"y\"z");
INSERT INTO ´pump´.´c´ VALUES (0);
INSERT INTO ´pump´.´a´ VALUES (3,NULL);
USE ´pump´;
ALTER TABLE ´pump´.´a´ ADD KEY ´v´ (´v´);
CREATE USER 'pu'@'%' IDENTIFIED WITH 'mysql_native_password' AS '*6BB4837EB74329105EE4568DDA7DC67ED2CA2AD9' REQUIRE NONE PASSWORD EXPIRE DEFAULT ACCOUNT UNLOCK;
GRANT SELECT ON ´pump´.* TO 'pu'@'%';
SET TIME_ZONE=@OLD_TIME_ZONE;
SET FOREIGN_KEY_CHECKS=@OLD_FOREIGN_KEY_CHECKS;
SET SQL_MODE=@OLD_SQL_MODE;
SET UNIQUE_CHECKS=@OLD_UNIQUE_CHECKS;
SET @@SESSION.SQL_LOG_BIN= 1;
`)},
	{name: "flyway-liquibase-migration", db: "mig", stop: "CALL hire", exclude: "mig.audit", cut: []string{"DROP TABLE mig.audit"}, dump: x18q(`-- V1__init.sql (Flyway), then a Liquibase formatted changeset
SET NAMES utf8mb4;
CREATE DATABASE mig; USE mig;
SET FOREIGN_KEY_CHECKS=0;
CREATE TABLE dept (id INT PRIMARY KEY, mgr_id INT NULL, CONSTRAINT fk_mgr FOREIGN KEY (mgr_id) REFERENCES emp(id));
CREATE TABLE emp (id INT PRIMARY KEY, dept_id INT NOT NULL, CONSTRAINT fk_dept FOREIGN KEY (dept_id) REFERENCES dept(id));
CREATE TABLE audit (id INT AUTO_INCREMENT PRIMARY KEY, what VARCHAR(40)) ENGINE=InnoDB;
INSERT INTO dept VALUES (1, 10), (2, NULL);
INSERT INTO emp VALUES (10, 1), (12, 2);
INSERT INTO audit (what) VALUES ('init');
SET FOREIGN_KEY_CHECKS=1;
-- liquibase formatted sql
-- changeset bob:2
DELIMITER $$
DROP PROCEDURE IF EXISTS hire$$
CREATE PROCEDURE hire(IN e INT, IN d INT)
BEGIN
  INSERT INTO emp VALUES (e, d);
  UPDATE dept SET mgr_id = e WHERE id = d AND mgr_id IS NULL;
END$$
DELIMITER ;
CALL hire(11, 2);
ALTER TABLE emp ADD COLUMN name VARCHAR(20) NOT NULL DEFAULT 'n/a' AFTER id;
UPDATE emp SET name = CONCAT('e', id) WHERE id > 10;
CREATE INDEX ix_name ON emp (name);
CREATE OR REPLACE VIEW v_emp AS SELECT e.id, e.name, d.id AS dept FROM emp e JOIN dept d ON d.id = e.dept_id;
INSERT INTO audit (what) SELECT CONCAT('rows ', COUNT(*)) FROM emp;
-- rollback DROP VIEW v_emp;
`)},
}

// TestX18ProducersDumps: the producers' dumps that dumpscope imports as the client does,
// in every mode (the regression half of the x-review18).
func TestX18ProducersDumps(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	for _, s := range []*sandbox.Server{ref, srv} {
		x18GlobalTimeZone(t, s)
	}
	for _, d := range x18Dumps {
		t.Run(d.name, func(t *testing.T) { x18Check(t, ref, srv, d, x18Modes) })
		x18Reset(t, ref, d) // accounts and databases out, so the pool reuses the servers
		x18Reset(t, srv, d)
	}
}

// x18Filtered imports dump with the client into one sandbox and removes what the filter
// leaves out (cut), and with dumpscope and o into another; it wants the same re-dump of
// db and the same grants of users.
func x18Filtered(t *testing.T, d x18Dump, o importer.Options) {
	t.Helper()
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	path := filepath.Join(t.TempDir(), d.name+".sql")
	if err := os.WriteFile(path, []byte(d.dump), 0o600); err != nil {
		t.Fatal(err)
	}
	x18Reset(t, ref, d)
	x18Reset(t, srv, d)
	t.Cleanup(func() { x18Reset(t, ref, d); x18Reset(t, srv, d) })
	clientImport(t, ref, path)
	rdb := sandboxDB(t, ref, "")
	rdb.SetMaxOpenConns(1)
	for _, q := range append([]string{"SET foreign_key_checks = 0"}, d.cut...) {
		if _, err := rdb.Exec(q); err != nil {
			t.Fatalf("reference: %s: %v", q, err)
		}
	}
	o.AllowSystemSchemas = true
	res, err := tryImport(t, srv, "", importer.Source{Path: path}, o)
	if err == nil {
		err = res.Err
	}
	if err != nil {
		t.Fatalf("dumpscope: %v; the client imports this dump without an error", err)
	}
	sameDump(t, d.name, x18State(t, ref, d), x18State(t, srv, d))
}

// TestReviewX18FilterKeepsGrantOnExcludedTable: mariadb-dump --system=users appended to a
// database's dump (or any migration that grants on a table) holds GRANT … ON db.t TO …;
// --exclude-tables db.t leaves the table out but sends the GRANT, which fails with
// ERROR 1146 (Table 'sysu.t' doesn't exist) after the rest of the dump ran; the client
// imports the dump, and the client's database with t dropped is what the filter
// promises. Loud (a failure half way), serial and every mode (the filter is the same).
//
// Cause: Transform.keepStatement (importer/transform/filter.go:432) judges a GRANT
// (KindOther) by the current database only (t.dbKept), never by the object after ON.
//
// The oracle revokes the grants on t before dropping it: a DROP TABLE leaves its rows in
// mysql.tables_priv, and the client run on a copy of the dump with t cut out (the filter's
// promise, docs/filters.md) has no GRANT on t (it would fail with the same ERROR 1146).
//
// Fixed by x-fix40 (transform/grants.go): accounts pass every filter, a GRANT or REVOKE
// follows the object after its ON.
func TestReviewX18FilterKeepsGrantOnExcludedTable(t *testing.T) {
	x18FilteredModes(t, x18Dump{name: "grant-excluded", db: "x18g", users: []string{"´x18app´@´%´"},
		cut: []string{"REVOKE ALL PRIVILEGES ON x18g.t FROM x18app@'%'", "DROP TABLE x18g.t"}, dump: x18q(`CREATE DATABASE x18g;
USE x18g;
CREATE TABLE t (id int PRIMARY KEY);
CREATE TABLE u (id int PRIMARY KEY);
INSERT INTO t VALUES (1);
INSERT INTO u VALUES (1);
CREATE USER ´x18app´@´%´ IDENTIFIED BY PASSWORD '*6BB4837EB74329105EE4568DDA7DC67ED2CA2AD9';
GRANT SELECT ON ´x18g´.´u´ TO ´x18app´@´%´;
GRANT SELECT, INSERT ON ´x18g´.´t´ TO ´x18app´@´%´;
GRANT SELECT ON ´x18g´.* TO ´x18app´@´%´;
`)}, importer.Options{Transform: transform.Options{ExcludeTables: []string{"x18g.t"}}})
}

// TestReviewX18FilterDropsAccountsAfterOtherDatabase: mariadb-dump --all-databases
// --system=users writes the accounts after the last database, so after its USE; with
// --databases naming another database (kept), CREATE USER and GRANT … ON kept.* are
// judged by that last USE and left out: the account and its grant on the kept database
// are missing where the client's database, with the other database dropped, has them.
// Silent (the import finishes), serial and every mode.
//
// Cause: Transform.keepStatement (importer/transform/filter.go:432) judges CREATE USER and
// GRANT (KindOther) by the current database (t.dbKept(t.current)), not by the account or
// the object after ON.
//
// Fixed by x-fix40 (transform/grants.go): accounts pass every filter, a GRANT or REVOKE
// follows the object after its ON.
func TestReviewX18FilterDropsAccountsAfterOtherDatabase(t *testing.T) {
	x18FilteredModes(t, x18Dump{name: "accounts-after-last-use", db: "x18a", users: []string{"´x18ro´@´%´"},
		cut: []string{"DROP DATABASE x18b"}, dump: x18q(`CREATE DATABASE x18a;
USE x18a;
CREATE TABLE t (id int PRIMARY KEY);
INSERT INTO t VALUES (1);
CREATE DATABASE x18b;
USE x18b;
CREATE TABLE t (id int PRIMARY KEY);
INSERT INTO t VALUES (2);
CREATE USER ´x18ro´@´%´ IDENTIFIED BY PASSWORD '*6BB4837EB74329105EE4568DDA7DC67ED2CA2AD9';
GRANT SELECT ON ´x18a´.* TO ´x18ro´@´%´;
`)}, importer.Options{Transform: transform.Options{IncludeDatabases: []string{"x18a"}}})
}

// x18FilteredModes is x18Filtered serially and under --parallel 2 --load-data (the
// filter is the Transform's in every mode; the replay of what it keeps is not).
func x18FilteredModes(t *testing.T, d x18Dump, o importer.Options) {
	t.Helper()
	for name, mode := range map[string]importer.Options{"serial": {}, "parallel2-load-data": {Parallel: 2, BatchBytes: 512, LoadData: true}} {
		t.Run(name, func(t *testing.T) {
			mode.Transform = o.Transform
			x18Filtered(t, d, mode)
		})
	}
}
