-- difffuzz: the mariadb client and `dumpscope import` disagree on this script.
-- seed 151021, mode resume (dumpscope import --parallel 2 --batch-bytes 2K --checkpoint JOURNAL), kind exit.
-- Shrunk from 234 statements and 1224 rows to 64 statements and 121 rows.
-- The original: go run ./scripts/difffuzz --dumpscope BIN --seed 151021 --count 1 --modes resume
-- (line numbers in the detail below count from the first line after this header)
--
-- the client succeeded, dumpscope failed
--  client:    
--  dumpscope: dumpscope: resume: reading /tmp/difffuzz-139057896/script.sql up to offset 4125 to check it is the dump that was committed…
-- dumpscope: resuming run 74fb988220e81c0c5cb3b49e4ef6618d: 3.0 KiB of statements committed (furthest offset 4125) are skipped; the rest is sent
-- dumpscope: importing /tmp/difffuzz-139057896/script.sql on 2 connections
-- dumpscope: into root@localhost via /tmp/dumpscope-sandbox-1690291555/mysqld.sock
-- dumpscope import: /tmp/difffuzz-139057896/script.sql: offset 1401, line 33: a temporary table exists only on the connection that created it: the rest of the dump runs on one connection
-- dumpscope import: /tmp/difffuzz-139057896/script.sql: offset 2637, line 59: INSERT `ptc1`: ERROR 1146 (42S02): Table 'fz0.ptc1' doesn't exist: INSERT INTO `fz0`.`ptc1` VALUES (1,'c1'),(2,'c2'),(3,'c3'),(4,'c4')
-- dumpscope: failed in 0:00: 2.6 KiB of SQL, 9 statements, 25 rows (20.0 KiB/s, 194 rows/s)
-- dumpscope: everything up to offset 2637 of /tmp/difffuzz-139057896/script.sql was executed (statements after it were not sent)
-- dumpscope: resumable; continue with:
--   dumpscope import --resume --checkpoint /tmp/difffuzz-139057896/script.journal --no-defaults -u root -S /tmp/dumpscope-sandbox-1690291555/mysqld.sock --no-advisor --no-tui --default-character-set utf8mb4 --allow-system-schemas --parallel 2 --batch-bytes 2K /tmp/difffuzz-139057896/script.sql
-- dumpscope: dumpscope_progress kept for --resume; to give up the resume: DROP DATABASE dumpscope_progress
-- verdict: inconclusive: the server was not sampled (--no-advisor, or the advisor could not connect)

SET NAMES utf8mb4;
CREATE DATABASE `fz0` DEFAULT CHARACTER SET utf8mb4;
CREATE DATABASE `fz1` DEFAULT CHARACTER SET latin1;
USE `fz0`;
/*!40014 SET @OLD_FOREIGN_KEY_CHECKS=@@FOREIGN_KEY_CHECKS, FOREIGN_KEY_CHECKS=0 */;
CREATE TABLE `fz1`.`t1` (
  `id` int NOT NULL AUTO_INCREMENT,
  `c0` double(10,3) NOT NULL,
  `u` int,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uk` (`u`),
  KEY `k1` (`c0`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
DROP TABLE IF EXISTS `fz0`.`t2`;
CREATE TABLE `fz0`.`t2` (
  `id` int NOT NULL AUTO_INCREMENT,
  `c0` double(10,3),
  PRIMARY KEY (`id`),
  KEY `k1` (`c0`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
INSERT INTO `fz1`.`t1` (`id`,`c0`) VALUES (12,.5e1),(13,.5e1),(14,1.5);
/*!40014 SET UNIQUE_CHECKS=1 */;
CREATE TABLE IF NOT EXISTS `fz0`.`sv` (n int AUTO_INCREMENT PRIMARY KEY, name varchar(40), v varchar(400));
CREATE TABLE `fz0`.`tk1` (
  `id` int NOT NULL,
  `a` int DEFAULT NULL,
  `s` varchar(40) DEFAULT NULL,
  `ts` timestamp NULL DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `ka` (`a`)
) ENGINE=InnoDB;
INSERT INTO `fz0`.`tk1` VALUES (1,78,'s99',NULL),(2,86,'s637',NULL),(3,50,'s800',NULL),(4,19,'s358','2013-09-23 03:40:53'),(5,145,'s466',NULL),(6,-29,'s403','2028-04-08 22:33:57'),(7,-27,'s9',NULL),(8,26,'s845','2010-05-15 13:38:59'),(9,53,'s871','2013-11-02 13:53:26'),(10,29,'s22','2019-09-10 21:35:12'),(11,101,'s671',NULL),(12,55,'s521',NULL),(13,31,'s586',NULL);
CREATE TEMPORARY TABLE IF NOT EXISTS `tt2` (
  `id` int NOT NULL,
  `a` int DEFAULT NULL,
  `s` varchar(40) DEFAULT NULL,
  `ts` timestamp NULL DEFAULT NULL,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB SELECT * FROM `fz0`.`tk1`;
CREATE TABLE `fz0`.`tt2` (`id` int NOT NULL PRIMARY KEY, `a` int) ENGINE=InnoDB;
INSERT INTO `tt2` VALUES (1000, -17, 't830', NULL),(1001, -35, 't996', '2027-04-05 18:27:23'),(1002, -14, 't350', '2016-02-25 16:38:09'),(1003, 112, 't695', NULL),(1004, 99, 't341', '2022-04-19 17:38:25'),(1005, -29, 't118', '2024-11-02 04:18:10'),(1006, 39, 't752', '2016-06-04 11:04:43');
SELECT CONCAT_WS(' ', COUNT(*), SUM(`a`)) INTO @tv3 FROM `tt2`;
INSERT INTO `fz0`.`sv` (name, v) VALUES ('tv', @tv3);
DROP TABLE IF EXISTS `tt2`;
DROP TEMPORARY TABLE IF EXISTS `fz0`.`tt2`;
INSERT INTO `fz0`.`tt2` VALUES (1, 6);
CREATE TABLE `fz0`.`pt1` (id INT PRIMARY KEY, v VARCHAR(40)) ENGINE=InnoDB;
DELIMITER ;;
CREATE PROCEDURE `fz0`.`ptp1`(c INT)
BEGIN
  IF c > 0 THEN
    CREATE TEMPORARY TABLE `fz0`.`ptc1` (id INT PRIMARY KEY, v VARCHAR(40)) ENGINE=MEMORY;
  END IF;
  CREATE TEMPORARY TABLE IF NOT EXISTS `fz0`.`pta1` (id INT, v VARCHAR(40));
  INSERT INTO `fz0`.`pta1` VALUES (c, 'call');
END;;
DELIMITER ;
CALL `fz0`.`ptp1`(2);
INSERT INTO `fz0`.`ptc1` VALUES (1,'c1'),(2,'c2'),(3,'c3'),(4,'c4');
INSERT INTO `fz0`.`ptc1` VALUES (11,'c11');
INSERT INTO `fz0`.`ptc1` VALUES (21,'c21'),(22,'c22'),(23,'c23'),(24,'c24');
INSERT INTO `fz0`.`pt1` VALUES (520,'r520'),(521,'r521'),(522,'r522');
INSERT INTO `fz0`.`pt1` SELECT id, v FROM `fz0`.`ptc1`;
CALL `fz0`.`ptp1`(-1);
INSERT INTO `fz0`.`pt1` SELECT id + 1000, v FROM `fz0`.`pta1`;
SELECT COUNT(*) INTO @c4 FROM `fz1`.`t1`;
DROP TABLE IF EXISTS `fz0`.`nosuch5`;
GET DIAGNOSTICS CONDITION 1 @w = MYSQL_ERRNO;
INSERT INTO `fz0`.`sv` (name, v) VALUES ('w', @w);
REPLACE INTO `fz0`.`t2` VALUES (22,0.1),(NULL,-2.25e-3),(53,2),(NULL,'7.5'),(55,.5e1),(56,1234567.125),(NULL,-1E+3),(58,'7.5'),(0,0),(60,1.5),(61,.5e1),(62,.5e1),(NULL,1234567.125),(64,0),(65,0.1),(66,-1E+3),(67,-2.25e-3),(NULL,2),(69,2),(70,1234567.125),(NULL,1.5),(110,-0.0),(0,2),(112,-1E+3),(113,NULL),(118,-2.25e-3),(119,0),(120,0.1),(144,NULL),(NULL,2),(NULL,2),(147,'7.5'),(176,-1E+3),(177,0),(178,'7.5'),(179,0.1),(NULL,1234567.125),(182,1.5),(183,2),(184,'7.5'),(185,0),(186,'7.5'),(187,1.5),(NULL,NULL),(189,2),(190,1.5),(191,-1E+3),(235,NULL),(168,-1E+3),(236,.5e1),(279,-1E+3),(280,-1E+3),(281,0),(282,.5e1),(283,-2.25e-3),(284,NULL),(285,-1E+3),(315,-1E+3),(316,1234567.125),(357,-2.25e-3),(358,1.5),(359,'7.5');
INSERT INTO `fz1`.`t1` VALUES (15,0,1006),(16,2,NULL);
CREATE PROCEDURE `fz0`.`p158`() SET @px = 10;
CALL `fz0`.`p158`();
INSERT INTO `t2` (`c0`) VALUES (-2.25e-3),(0.1),(0),(.5e1);
CREATE TABLE `fz0`.`b159` (
  `id` bigint NOT NULL,
  `c0` decimal(10,2),
  `c1` varchar(64),
  `c2` varchar(40) CHARACTER SET latin1 NOT NULL,
  `c3` blob,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
/*!40014 SET UNIQUE_CHECKS=0 */;
INSERT INTO `fz0`.`b159` (`id`,c2) VALUES (1,'vhgßÿxaß'),(2,'jfi'),(3,'ed\0nh');
INSERT IGNORE INTO b159 (`id`,c2) VALUES (4,'\vÀu'),(4,'éil_ÿüÀa'),(2,_utf8mb4"\Zi"),(3,_utf8mb4'b');
TRUNCATE TABLE `fz0`.`b159`;
INSERT INTO `fz0`.`b159` VALUES (5,0x61AE,'e能\u','\'kßh',_binary'���!,r�1�S�1h');
INSERT IGNORE INTO `b159` VALUES (6,-74699,"±hr表ü",'lknhyv',"十\nulÿn"),(6,-64.5e0,"utt\be`運t",'lcfrj',x'2af5b00947f0eb'),(6,77.5e2,'\t表ß/*±n文vk',N'\"mxgeÀdi',0x7f50b42d80e2c1);
INSERT INTO b159 VALUES (7,NULL,'中rÿy#予運-- d','ew',null);
INSERT INTO `b159` (id,`c2`) VALUES (8,'uboß'),(9,'f#;cv');
CREATE TABLE `fz0`.`rmt11` (
  `id` int NOT NULL,
  `a` int DEFAULT NULL,
  `s` varchar(40) DEFAULT NULL,
  `ts` timestamp NULL DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `ka` (`a`)
) ENGINE=Aria;
SET @OLD_SQL_MODE_PS = @@sql_mode;
EXECUTE IMMEDIATE 'SET sql_mode = ?' USING 'STRICT_ALL_TABLES';
INSERT INTO `fz0`.`rmt11` VALUES (1,27,'s1',NULL),(2,-33,'s111','2027-06-18 06:29:14'),(3,35,'s47',NULL),(4,118,'s613',NULL),(5,80,'s234','2026-09-18 20:11:14'),(6,102,'s861',NULL),(7,123,'s325',NULL),(8,-22,'s573',NULL),(9,93,'s757',NULL),(10,-34,'s97','2027-05-24 06:54:13'),(11,131,'s889','2018-01-18 23:52:42'),(12,137,'s101',NULL),(13,-34,'s509',NULL),(14,76,'s631','2011-10-06 13:00:24'),(15,132,'s722',NULL),(16,55,'s185','2027-12-04 10:14:09'),(17,134,'s841',NULL),(18,84,'s315','2023-07-01 04:55:28'),(19,54,'s676','2012-05-20 20:23:10');
INSERT INTO `fz0`.`sv` (name, v) VALUES ('mode', @@sql_mode);
SET sql_mode = @OLD_SQL_MODE_PS;
CREATE TABLE `fz0`.`mt12` (
  `id` int NOT NULL,
  `a` int DEFAULT NULL,
  `s` varchar(40) DEFAULT NULL,
  `ts` timestamp NULL DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `ka` (`a`)
) ENGINE=InnoDB;
INSERT INTO `fz0`.`mt12` VALUES (1,25,'s263',NULL),(2,20,'s345',NULL),(3,-46,'s500','2015-03-14 05:05:19'),(4,30,'s347','2012-11-03 13:17:39');
SET @mt13 = 0;
SET @mt_mode = @@sql_mode;
SET sql_mode = 'NO_BACKSLASH_ESCAPES';
DELIMITER ;;
SET NAMES utf8mb4; INSERT INTO `fz0`.`mt12` VALUES (5,131,'s822','2029-03-05 00:57:14'),(6,13,'s887','2021-09-16 07:54:30'),(7,76,'s43','2021-06-23 23:15:44'); SET NAMES utf8mb4; SET SESSION sql_mode = CONCAT(@@sql_mode, ''); DO 2; INSERT INTO `fz0`.`mt12` (id, a, s) VALUES (8, 1, 'a\'), (9, 2, 'b;c'); SET sql_mode = @mt_mode;;
DELIMITER ;
DELIMITER ;;
SET @mt13 = (SELECT COUNT(*) FROM `fz0`.`mt12`); INSERT INTO `fz0`.`mt12` VALUES (10,138,'s125','2015-07-01 08:15:49'),(11,-38,'s902',NULL),(12,-33,'s492','2014-06-28 07:49:31'); SET @mt13 = @mt13 + 2; SET @mt13 = (SELECT COUNT(*) FROM `fz0`.`mt12`)
;;
DELIMITER ;
INSERT INTO `fz0`.`sv` (name, v) VALUES ('mt', CONCAT_WS(' ', @mt13, @mt_calls, @mt_inner, @mt_trg));
CREATE TABLE `fz1`.`t160` (
  `id` int NOT NULL AUTO_INCREMENT,
  `c0` double,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
