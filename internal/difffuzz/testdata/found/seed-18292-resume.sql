-- difffuzz: the mariadb client and `dumpscope import` disagree on this script.
-- seed 18292, mode resume (dumpscope import --parallel 2 --batch-bytes 2K --checkpoint JOURNAL), kind exit.
-- Shrunk from 87 statements and 862 rows to 15 statements and 32 rows.
-- The original: go run ./scripts/difffuzz --dumpscope BIN --seed 18292 --count 1 --modes resume
-- (line numbers in the detail below count from the first line after this header)
--
-- the client succeeded, dumpscope failed
--  client:    
--  dumpscope: dumpscope: resume: reading /tmp/difffuzz-2845755575/script.sql up to offset 14831 to check it is the dump that was committed…
-- dumpscope: resuming run 6d17a5cdd8fe9775e184960f3fb37635: 14.4 KiB of statements committed (furthest offset 14831) are skipped; the rest is sent
-- dumpscope: fz0.t3 (non-transactional engine or no primary key) was truncated and is reloaded from its first row
-- dumpscope: fz0.t1 (non-transactional engine or no primary key) was truncated and is reloaded from its first row
-- dumpscope: importing /tmp/difffuzz-2845755575/script.sql on 2 connections
-- dumpscope: into root@localhost via /tmp/dumpscope-sandbox-811477391/mysqld.sock
-- dumpscope import: /tmp/difffuzz-2845755575/script.sql: offset 892, line 32: insert `fz0.t3`: ERROR 1054 (42S22): Unknown column 'c2' in 'INSERT INTO': INSERT INTO t3 (id,c0,c2,`c3`) VALUES (1,"ra",0x32EED83BA24FD47F,_utf8mb4'À\td'),(2,'nn予glk能\b能十',4106744030910894155,'vtyké')
-- dumpscope: failed in 0:00: 892 B of SQL, 5 statements, 0 rows (13.2 KiB/s, 0 rows/s)
-- dumpscope: everything up to offset 892 of /tmp/difffuzz-2845755575/script.sql was executed; statements up to offset 1030 were sent on other connections and may have committed (the progress rows record which; --resume skips exactly those)
-- dumpscope: resumable; continue with:
--   dumpscope import --resume --checkpoint /tmp/difffuzz-2845755575/script.journal --no-defaults -u root -S /tmp/dumpscope-sandbox-811477391/mysqld.sock --no-advisor --no-tui --default-character-set utf8mb4 --parallel 2 --batch-bytes 2K /tmp/difffuzz-2845755575/script.sql
-- dumpscope: dumpscope_progress kept for --resume; to give up the resume: DROP DATABASE dumpscope_progress
-- verdict: inconclusive: the server was not sampled (--no-advisor, or the advisor could not connect)

CREATE DATABASE `fz0` DEFAULT CHARACTER SET latin1;
USE `fz0`;
CREATE TABLE `fz0`.`t1` (
  `id` int,
  `c0` set('1','2','4','x'),
  `c1` decimal(10,2)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
CREATE TABLE `fz0`.`t2` (
  `id` int NOT NULL AUTO_INCREMENT,
  `c0` int,
  `c1` double(10,3),
  `c2` varchar(40) CHARACTER SET latin1 NOT NULL,
  `c3` tinyint unsigned NOT NULL,
  PRIMARY KEY (`id`),
  KEY `k1` (`c0`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
CREATE TABLE `fz0`.`t3` (
  `id` int NOT NULL AUTO_INCREMENT,
  `c0` varchar(40) CHARACTER SET gbk NOT NULL,
  `c1` decimal(30,10),
  `c2` bit(64) NOT NULL,
  `c3` varchar(40) CHARACTER SET latin1 NOT NULL,
  `c4` json,
  `u` int,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uk` (`u`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
INSERT INTO t3 (id,c0,c2,`c3`) VALUES (1,"ra",0,0),(2,'nn予glk能\b能十','','vtyké');
DROP TABLE `fz0`.`t3`;
CREATE TABLE `fz0`.`t3` (
  `id` int,
  `c0` blob,
  `c1` varchar(40) CHARACTER SET latin1
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
INSERT INTO `t2` (c0,`c2`,`c3`) VALUES (null,0,069),(-1991298278,0,68.4),(1615420427,0,134),('1658867801',0,87),(-1549398939,0,18.4),(b'101000',0,b'11011100'),(null,0,0x8E),(284993503,0,37),(-1806760125,0,TRUE),(162,0,82e0),(198,0,13e0);
INSERT INTO `t1` VALUES (NULL,'4,x',-33.5e1),(NULL,'2,1',27476.21),(NULL,NULL,309.123456789012),(NULL,'1,4','22376.264'),(NULL,'x',-50701),(NULL,5,3454),(NULL,'x',-42974),(NULL,'1,4',0xB035),(NULL,'x',68884.89);
INSERT IGNORE INTO `t2` (`c1`,`c2`,`c3`) VALUES (0,'neo\tém',0);
DROP TABLE IF EXISTS `fz0`.`t4`;
INSERT INTO t3 VALUES (17,NULL,'süc	ijqrq'),(91,NULL,'\uéße'),(92,NULL,' '),(93,NULL,'\owoßx-- -- '),(94,NULL,'sk'),(12,NULL,'agÀ'),(98,NULL,'ßfü\%'),(15,NULL,null),(99,NULL,'ßsmeob');
CREATE TABLE `fz0`.`t5` (
  `id` int NOT NULL AUTO_INCREMENT,
  `c0` tinytext CHARACTER SET latin1,
  `c1` tinytext CHARACTER SET latin1,
  `c2` varchar(40) CHARACTER SET latin1,
  `u` int,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uk` (`u`)
) ENGINE=Aria DEFAULT CHARSET=utf8mb4;
CREATE TABLE `fz0`.`t6` (
  `id` bigint NOT NULL,
  `c0` double(10,3),
  `c1` blob,
  `c2` time(2),
  `c3` varbinary(64) NOT NULL,
  `c4` varchar(40) CHARACTER SET latin1,
  `c5` varchar(40) CHARACTER SET sjis,
  `u` int,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uk` (`u`),
  KEY `k1` (`c0`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
