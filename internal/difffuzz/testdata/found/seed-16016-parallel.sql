-- difffuzz: the mariadb client and `dumpscope import` disagree on this script.
-- seed 16016, mode parallel (dumpscope import --parallel 3 --batch-bytes 2K), kind exit.
-- Shrunk from 63 statements and 509 rows to 12 statements and 6 rows.
-- The original: go run ./scripts/difffuzz --dumpscope BIN --seed 16016 --count 1 --modes parallel
-- (line numbers in the detail below count from the first line after this header)
--
-- the client succeeded, dumpscope failed
--  client:    
--  dumpscope: dumpscope: importing /tmp/difffuzz-3549016734/script.sql on 3 connections
-- dumpscope: into root@localhost via /tmp/dumpscope-sandbox-550365516/mysqld.sock
-- dumpscope import: /tmp/difffuzz-3549016734/script.sql: offset 838, line 24: insert `child3`: ERROR 1452 (23000): Cannot add or update a child row: a foreign key constraint fails (`fz1`.`child3`, CONSTRAINT `child3_fk` FOREIGN KEY (`pid`) REFERENCES `t1` (`id`) ON DELETE CASCADE): INSERT INTO `fz1`.`child3` (pid,`note`) VALUES (3,'d')
-- dumpscope: failed in 0:00: 838 B of SQL, 12 statements, 5 rows (9.6 KiB/s, 59 rows/s)
-- dumpscope: everything up to offset 838 of /tmp/difffuzz-3549016734/script.sql was executed (statements after it were not sent)
-- dumpscope: the server raised 1 warnings (silent truncation or conversion shows here):
--   offset 435, line 15: Warning 1062: Duplicate entry '6' for key 'PRIMARY'
-- dumpscope: resumable; continue with:
--   dumpscope import --resume --checkpoint /tmp/difffuzz-3549016734/script.sql.dumpscope-checkpoint --no-defaults -u root -S /tmp/dumpscope-sandbox-550365516/mysqld.sock --no-advisor --no-tui --default-character-set utf8mb4 --parallel 3 --batch-bytes 2K /tmp/difffuzz-3549016734/script.sql
-- dumpscope: dumpscope_progress kept for --resume; to give up the resume: DROP DATABASE dumpscope_progress
-- verdict: inconclusive: the server was not sampled (--no-advisor, or the advisor could not connect)

CREATE DATABASE `fz1` DEFAULT CHARACTER SET utf8mb4;
CREATE TABLE `fz1`.`t1` (
  `id` bigint NOT NULL,
  `c0` datetime(6),
  `c1` bigint,
  PRIMARY KEY (`id`),
  KEY `k1` (`c0`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
ALTER TABLE `fz1`.`t1` DROP COLUMN `c0`;
/*!40014 SET FOREIGN_KEY_CHECKS=0 */;
/*!40014 SET UNIQUE_CHECKS=0 */;
REPLACE INTO `fz1`.`t1` VALUES (0,0);
TRUNCATE TABLE `fz1`.`t1`;
INSERT INTO `fz1`.`t1` VALUES (3,NULL);
INSERT IGNORE INTO `fz1`.`t1` VALUES (6,NULL),(6,1098495715918953750),(4,-2287924204665310732);
CREATE TABLE `fz1`.`child3` (
  `id` int NOT NULL AUTO_INCREMENT PRIMARY KEY,
  `pid` bigint,
  `note` varchar(20),
  KEY `kp` (`pid`),
  CONSTRAINT `child3_fk` FOREIGN KEY (`pid`) REFERENCES `fz1`.`t1` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
/*!40014 SET FOREIGN_KEY_CHECKS=1 */;
INSERT INTO `fz1`.`child3` (pid,`note`) VALUES (3,'d');
