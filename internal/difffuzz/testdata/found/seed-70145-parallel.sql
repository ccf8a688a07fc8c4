-- difffuzz: the mariadb client and `dumpscope import` disagree on this script.
-- seed 70145, mode parallel (dumpscope import --parallel 3 --batch-bytes 2K), kind exit.
-- Shrunk from 208 statements and 1424 rows to 8 statements and 1 rows.
-- The original: go run ./scripts/difffuzz --dumpscope BIN --seed 70145 --count 1 --modes parallel
-- (line numbers in the detail below count from the first line after this header)
--
-- the client failed, dumpscope succeeded
--  client:    --------------
-- SET autocommit = @ac112
-- --------------
-- 
-- ERROR 1231 (42000) at line 20: Variable 'autocommit' can't be set to the value of '3'
--  dumpscope: dumpscope: importing /tmp/difffuzz-1753957832/script.sql on 3 connections
-- dumpscope: into root@localhost via /tmp/dumpscope-sandbox-3824365476/mysqld.sock
-- dumpscope import: /tmp/difffuzz-1753957832/script.sql: offset 431, line 18: SELECT â€¦ INTO @v111 sets a user variable on one connection: the rest of the dump runs on one connection
-- dumpscope: finished in 0:00: 512 B of SQL, 8 statements, 1 rows (4.7 KiB/s, 9 rows/s)
-- dumpscope: the server raised 3 warnings (silent truncation or conversion shows here):
--   offset 368, line 17: Warning 1366: Incorrect string value: '\xC0xa' for column `fz0`.`t4`.`c1` at row 1
--   offset 368, line 17: Warning 1366: Incorrect integer value: '' for column `fz0`.`t4`.`c2` at row 1
--   offset 368, line 17: Warning 1366: Incorrect double value: '' for column `fz0`.`t4`.`c3` at row 1
-- table                                       dump rows  server rows
-- fz0.t4                                              1            1
-- verdict: inconclusive: the server was not sampled (--no-advisor, or the advisor could not connect)

CREATE DATABASE `fz0`;
USE `fz0`;
CREATE TABLE `fz0`.`t4` (
  `id` int NOT NULL AUTO_INCREMENT,
  `c0` varchar(64),
  `c1` varchar(64),
  `c2` bigint NOT NULL,
  `c3` double NOT NULL,
  `c4` decimal(10,2),
  `c5` longblob,
  `u` int,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uk` (`u`),
  KEY `k1` (`c0`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
/*!40101 SET SQL_MODE='' */;
REPLACE INTO t4 VALUES (0,0,'j\tvdf/*j-- Àxa','','',NULL,0,0);
SELECT 14 INTO @v111;
GET DIAGNOSTICS @ac112 = NUMBER;
SET autocommit = @ac112;
