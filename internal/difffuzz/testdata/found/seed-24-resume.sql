-- difffuzz: the mariadb client and `dumpscope import` disagree on this script.
-- seed 24, mode resume (dumpscope import --parallel 2 --batch-bytes 2K --checkpoint JOURNAL), kind dump.
-- Reduced by hand from the original (97 statements, 1222 rows, generator of branch p-fuzz2;
-- it differed 2 times in 15 runs, the shrinker's candidates never), with its statement
-- shapes and table names. The run is serial from SET @v7 = LAST_INSERT_ID() on. SET
-- autocommit=1 committed the transaction that SET autocommit=0 opened (after the implicit
-- commit of CREATE TABLE IF NOT EXISTS vars) without its progress row: killed between it
-- and the next progress row (here, before DROP TABLE t1), the resume started at
-- INSERT INTO vars ('v406', @v406) and sent it again: the keyless vars held ('v406',0)
-- twice (three times after a second kill and resume) where the client's holds it once.
--
CREATE DATABASE fz0;
USE fz0;
CREATE TABLE t2 (id int PRIMARY KEY) ENGINE=InnoDB;
CREATE TABLE t6 (id int PRIMARY KEY) ENGINE=MyISAM;
CREATE TABLE t1 (id int PRIMARY KEY) ENGINE=InnoDB;
SET @v7 = LAST_INSERT_ID();
CREATE TABLE IF NOT EXISTS vars (name varchar(20), v bigint);
INSERT INTO vars VALUES ('v7', @v7);
SET autocommit=0;
INSERT INTO t2 VALUES (1);
SET @v406 = LAST_INSERT_ID();
CREATE TABLE IF NOT EXISTS vars (name varchar(20), v bigint);
INSERT INTO vars VALUES ('v406', @v406);
INSERT INTO t6 VALUES (1);
DELETE FROM t2 WHERE id % 5 = 0;
SET autocommit=1;
INSERT INTO t1 VALUES (1);
INSERT INTO t1 VALUES (2);
DROP TABLE t1;
CREATE TABLE t1 (id int PRIMARY KEY) ENGINE=InnoDB;
INSERT INTO t1 VALUES (3);
