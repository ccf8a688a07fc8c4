-- difffuzz: the mariadb client and `dumpscope import` disagree on this script.
-- seed 32083, mode defer-indexes (dumpscope import --parallel 2 --defer-indexes --batch-bytes 2K), kind exit.
-- Shrunk from 87 statements and 1268 rows to 11 statements and 10 rows.
-- The original: go run ./scripts/difffuzz --dumpscope BIN --seed 32083 --count 1 --modes defer-indexes
-- (line numbers in the detail below count from the first line after this header)
--
-- the client succeeded, dumpscope failed
--  client:    
--  dumpscope: …ws/s, fz0.t2
-- 13:13:43  +0:36  98.7% ETA 0:01, 1.4 KiB SQL, 0 B/s, 0 rows/s, fz0.t2
-- 13:13:44  +0:37  98.7% ETA 0:01, 1.4 KiB SQL, 0 B/s, 0 rows/s, fz0.t2
-- 13:13:45  +0:38  98.7% ETA 0:01, 1.4 KiB SQL, 0 B/s, 0 rows/s, fz0.t2
-- 13:13:46  +0:39  98.7% ETA 0:01, 1.4 KiB SQL, 0 B/s, 0 rows/s, fz0.t2
-- 13:13:47  +0:40  98.7% ETA 0:01, 1.4 KiB SQL, 0 B/s, 0 rows/s, fz0.t2
-- 13:13:48  +0:41  98.7% ETA 0:01, 1.4 KiB SQL, 0 B/s, 0 rows/s, fz0.t2
-- 13:13:49  +0:42  98.7% ETA 0:01, 1.4 KiB SQL, 0 B/s, 0 rows/s, fz0.t2
-- 13:13:50  +0:43  98.7% ETA 0:01, 1.4 KiB SQL, 0 B/s, 0 rows/s, fz0.t2
-- 13:13:51  +0:44  98.7% ETA 0:01, 1.4 KiB SQL, 0 B/s, 0 rows/s, fz0.t2
-- 13:13:52  +0:45  98.7% ETA 0:01, 1.4 KiB SQL, 0 B/s, 0 rows/s, fz0.t2
-- 13:13:53  +0:46  98.7% ETA 0:01, 1.4 KiB SQL, 0 B/s, 0 rows/s, fz0.t2
-- 13:13:54  +0:47  98.7% ETA 0:01, 1.4 KiB SQL, 0 B/s, 0 rows/s, fz0.t2
-- 13:13:55  +0:48  98.7% ETA 0:01, 1.4 KiB SQL, 0 B/s, 0 rows/s, fz0.t2
-- 13:13:56  +0:49  98.7% ETA 0:01, 1.4 KiB SQL, 0 B/s, 0 rows/s, fz0.t2
-- 13:13:57  +0:50  98.7% ETA 0:01, 1.4 KiB SQL, 0 B/s, 0 rows/s, fz0.t2
-- dumpscope import: /tmp/difffuzz-2002538844/script.sql: offset 1453, line 33: session: ERROR 1205 (HY000): Lock wait timeout exceeded; try restarting transaction: SET autocommit=1
-- dumpscope: failed in 0:50: 1.4 KiB of SQL, 10 statements, 10 rows (29 B/s, 0 rows/s)
-- dumpscope: everything up to offset 1453 of /tmp/difffuzz-2002538844/script.sql was executed (statements after it were not sent)
-- dumpscope: resumable; continue with:
--   dumpscope import --resume --checkpoint /tmp/difffuzz-2002538844/script.sql.dumpscope-checkpoint --no-defaults -u root -S /tmp/dumpscope-sandbox-3825049879/mysqld.sock --no-advisor --no-tui --default-character-set utf8mb4 --parallel 2 --defer-indexes --batch-bytes 2K /tmp/difffuzz-2002538844/script.sql
-- dumpscope: dumpscope_progress kept for --resume; to give up the resume: DROP DATABASE dumpscope_progress
-- verdict: inconclusive: the server was not sampled (--no-advisor, or the advisor could not connect)

CREATE DATABASE `fz0` DEFAULT CHARACTER SET latin1;
USE `fz0`;
CREATE TABLE `fz0`.`t1` (
  `id` int,
  `c0` bit(1) NOT NULL,
  `c1` date,
  `u` int,
  UNIQUE KEY `uk` (`u`),
  KEY `k1` (`c0`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
CREATE TABLE `fz0`.`t2` (
  `id` int,
  `c0` float,
  `c1` enum('1','2','10','a','b') NOT NULL,
  `c2` decimal(30,10),
  `c3` float,
  `c4` decimal(10,2) NOT NULL,
  KEY `k1` (`c0`)
) ENGINE=MyISAM DEFAULT CHARSET=utf8mb4;
SET autocommit=0;
INSERT INTO t2 VALUES (27,2,'a',-.284,-2.25e-3,'-34592.993'),(15,.5e1,'B',.93,123456789.125,38.5e2),(28,3.4e38,'10',0x158A4,2,0x6C57),(29,1.5,3,40774.00,2,30.5e2),(30,1e-30,1,-80.123456789012,3.4e38,-60624.11),(31,1.5,'2',13.5e0,'7.5',0x126FB);
CREATE TRIGGER `fz0`.`trg4` AFTER INSERT ON `fz0`.`t1` FOR EACH ROW INSERT INTO `fz0`.`log_t1` (msg) VALUES (CONCAT('row ', COALESCE(NEW.`id`, 'null')));
CREATE TABLE IF NOT EXISTS `fz0`.`log_t1` (n int AUTO_INCREMENT PRIMARY KEY, msg varchar(100));
DELIMITER ;;
CREATE TRIGGER `fz0`.`trg5` BEFORE INSERT ON `fz0`.`t1` FOR EACH ROW
BEGIN
  -- a comment; with a semicolon
  SET @trg = COALESCE(@trg, 0) + 1; /* counted */
  INSERT INTO `fz0`.`log_t1` (msg) VALUES ('before; insert'); # hash
END ;;
DELIMITER ;
INSERT INTO `fz0`.`t2` VALUES (79,1e-30,3,-570.123456789012,123456789.125,-90139.01),(80,1e-30,1,874.123456789012,-2.25e-3,-648.123456789012),(81,123456789.125,'a',83.5e1,.5e1,'64434.027'),(82,null,'2',-62766.43,3.4e38,.823);
SET autocommit=1;
