-- difffuzz: the mariadb client and `dumpscope import` disagree on this script.
-- seed 1229, mode parallel (dumpscope import --parallel 3 --batch-bytes 2K), kind exit.
-- Shrunk from 63 statements and 1534 rows to 8 statements and 62 rows.
-- The original: go run ./scripts/difffuzz --dumpscope BIN --seed 1229 --count 1 --modes parallel
-- (line numbers in the detail below count from the first line after this header)
--
-- the client succeeded, dumpscope failed
--  client:    
--  dumpscope: dumpscope: importing /tmp/difffuzz-3500961123/script.sql on 3 connections
-- dumpscope: into root@localhost via /tmp/dumpscope-sandbox-520385682/mysqld.sock
-- dumpscope import: /tmp/difffuzz-3500961123/script.sql: offset 2058, line 22: insert `child5`: ERROR 1452 (23000): Cannot add or update a child row: a foreign key constraint fails (`fz0`.`child5`, CONSTRAINT `child5_fk` FOREIGN KEY (`pid`) REFERENCES `t1` (`id`)): REPLACE INTO `child5` VALUES (NULL,9,NULL),(NULL,45,NULL),(NULL,40,NULL),(NULL,31,NULL),(NULL,43,NULL),(NULL,37,NULL),(NULL,26,NULL),(NULL,53,NULL),(NULL,20,NULL),(NULL,44,NULL),(NULL,50,NULL),(NULL,4
-- dumpscope: failed in 0:00: 2.0 KiB of SQL, 7 statements, 49 rows (32.9 KiB/s, 801 rows/s)
-- dumpscope: everything up to offset 2058 of /tmp/difffuzz-3500961123/script.sql was executed (statements after it were not sent)
-- dumpscope: resumable; continue with:
--   dumpscope import --resume --checkpoint /tmp/difffuzz-3500961123/script.sql.dumpscope-checkpoint --no-defaults -u root -S /tmp/dumpscope-sandbox-520385682/mysqld.sock --no-advisor --no-tui --default-character-set utf8mb4 --parallel 3 --batch-bytes 2K /tmp/difffuzz-3500961123/script.sql

CREATE DATABASE `fz0`;
USE `fz0`;
CREATE TABLE `fz0`.`t1` (
  `id` bigint NOT NULL,
  `c0` blob,
  `c1` varchar(40) CHARACTER SET sjis,
  `c2` mediumint unsigned,
  `c3` smallint NOT NULL,
  `c4` varbinary(64),
  `c5` binary(6),
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
CREATE TABLE `fz0`.`child5` (
  `id` int NOT NULL AUTO_INCREMENT PRIMARY KEY,
  `pid` bigint,
  `note` varchar(20),
  KEY `kp` (`pid`),
  CONSTRAINT `child5_fk` FOREIGN KEY (`pid`) REFERENCES `fz0`.`t1` (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
INSERT /*!40000 HIGH_PRIORITY */ INTO `fz0`.`child5` VALUES (NULL,NULL,0);
INSERT /*!40000 HIGH_PRIORITY */ INTO `fz0`.`t1` VALUES (2,NULL,0,NULL,0,NULL,NULL),(3,NULL,0,NULL,0,NULL,NULL),(4,NULL,0,NULL,0,NULL,NULL),(5,NULL,0,NULL,0,NULL,NULL),(7,NULL,0,NULL,0,NULL,NULL),(8,NULL,0,NULL,0,NULL,NULL),(9,NULL,0,NULL,0,NULL,NULL),(10,NULL,0,NULL,0,NULL,NULL),(11,NULL,0,NULL,0,NULL,NULL),(12,NULL,0,NULL,0,NULL,NULL),(13,NULL,0,NULL,0,NULL,NULL),(14,NULL,0,NULL,0,NULL,NULL),(15,NULL,0,NULL,0,NULL,NULL),(16,NULL,0,NULL,0,NULL,NULL),(17,NULL,0,NULL,0,NULL,NULL),(19,NULL,0,NULL,0,NULL,NULL),(20,NULL,0,NULL,0,NULL,NULL),(21,NULL,0,NULL,0,NULL,NULL),(22,NULL,0,NULL,0,NULL,NULL),(23,NULL,0,NULL,0,NULL,NULL),(24,NULL,0,NULL,0,NULL,NULL),(25,NULL,0,NULL,0,NULL,NULL),(26,NULL,0,NULL,0,NULL,NULL),(27,NULL,0,NULL,0,NULL,NULL),(28,NULL,0,NULL,0,NULL,NULL),(29,NULL,0,NULL,0,NULL,NULL),(30,NULL,0,NULL,0,NULL,NULL),(31,NULL,0,NULL,0,NULL,NULL),(33,NULL,0,NULL,0,NULL,NULL),(34,NULL,0,NULL,0,NULL,NULL),(37,NULL,0,NULL,0,NULL,NULL),(38,NULL,0,NULL,0,NULL,NULL),(39,NULL,0,NULL,0,NULL,NULL),(40,NULL,0,NULL,0,NULL,NULL),(41,NULL,0,NULL,0,NULL,NULL),(42,NULL,0,NULL,0,NULL,NULL),(43,NULL,0,NULL,0,NULL,NULL),(44,NULL,0,NULL,0,NULL,NULL),(45,NULL,0,NULL,0,NULL,NULL),(46,NULL,0,NULL,0,NULL,NULL),(47,NULL,0,NULL,0,NULL,NULL),(48,NULL,0,NULL,0,NULL,NULL),(49,NULL,0,NULL,0,NULL,NULL),(50,NULL,0,NULL,0,NULL,NULL),(51,NULL,0,NULL,0,NULL,NULL),(52,NULL,0,NULL,0,NULL,NULL),(53,NULL,0,NULL,0,NULL,NULL),(54,NULL,0,NULL,0,NULL,NULL);
REPLACE INTO `child5` VALUES (NULL,9,NULL),(NULL,45,NULL),(NULL,40,NULL),(NULL,31,NULL),(NULL,43,NULL),(NULL,37,NULL),(NULL,26,NULL),(NULL,53,NULL),(NULL,20,NULL),(NULL,44,NULL),(NULL,50,NULL),(NULL,4,NULL),(NULL,30,NULL);
/*!40014 SET FOREIGN_KEY_CHECKS=0 */;
