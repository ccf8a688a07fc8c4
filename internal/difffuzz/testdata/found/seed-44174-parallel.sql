-- difffuzz: the mariadb client and `dumpscope import` disagree on this script.
-- seed 44174, mode parallel (dumpscope import --parallel 3 --batch-bytes 2K), kind exit.
-- Shrunk from 139 statements and 1375 rows to 7 statements and 2 rows.
-- The original: go run ./scripts/difffuzz --dumpscope BIN --seed 44174 --count 1 --modes parallel
-- (line numbers in the detail below count from the first line after this header)
--
-- the client failed, dumpscope succeeded
--  client:    --------------
-- SET autocommit = @ac265
-- --------------
-- 
-- ERROR 1231 (42000) at line 19: Variable 'autocommit' can't be set to the value of '3'
--  dumpscope: dumpscope: importing /tmp/difffuzz-625015495/script.sql on 3 connections
-- dumpscope: into root@localhost via /tmp/dumpscope-sandbox-2318534891/mysqld.sock
-- dumpscope import: /tmp/difffuzz-625015495/script.sql: offset 338, line 14: a prepared statement lives in one connection: the rest of the dump runs on one connection
-- dumpscope: finished in 0:01: 553 B of SQL, 7 statements, 2 rows (664 B/s, 2 rows/s)
-- dumpscope: the server raised 3 warnings (silent truncation or conversion shows here):
--   offset 383, line 15: Warning 1048: Column 'c1' cannot be null
--   offset 383, line 15: Warning 1048: Column 'c2' cannot be null
--   … and 1 more
-- table                                       dump rows  server rows
-- fz0.t2                                              2            2
-- verdict: inconclusive: the server was not sampled (--no-advisor, or the advisor could not connect)

CREATE DATABASE `fz0`;
CREATE TABLE `fz0`.`t2` (
  `id` int NOT NULL AUTO_INCREMENT,
  `c0` int,
  `c1` decimal(5,0) unsigned NOT NULL,
  `c2` char(12) NOT NULL,
  `c3` bigint unsigned,
  `c4` varchar(40) CHARACTER SET gbk,
  `u` int,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uk` (`u`),
  KEY `k1` (`c0`)
) ENGINE=Aria DEFAULT CHARSET=utf8mb4;
PREPARE s177 FROM 'SET completion_type = 0';
INSERT INTO `fz0`.`t2` (`c0`,`c1`,c2,`c3`,`u`) VALUES (0,74.5e0,'',0,0),
(0,NULL,NULL,0,NULL);
SET @ac265 = 1;
GET DIAGNOSTICS @ac265 = NUMBER;
SET autocommit = @ac265;
