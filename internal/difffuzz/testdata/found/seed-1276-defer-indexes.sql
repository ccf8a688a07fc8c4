-- difffuzz: the mariadb client and `dumpscope import` disagree on this script.
-- seed 1276, mode defer-indexes (dumpscope import --parallel 2 --defer-indexes --batch-bytes 2K), kind exit.
-- Shrunk from 46 statements and 685 rows to 6 statements and 0 rows.
-- The original: go run ./scripts/difffuzz --dumpscope BIN --seed 1276 --count 1 --modes defer-indexes
-- (line numbers in the detail below count from the first line after this header)
--
-- the client succeeded, dumpscope failed
--  client:    
--  dumpscope: dumpscope: importing /tmp/difffuzz-852419832/script.sql on 2 connections
-- dumpscope: into root@localhost via /tmp/dumpscope-sandbox-731542562/mysqld.sock
-- dumpscope import: /tmp/difffuzz-852419832/script.sql: offset 595, line 21: the trigger trg5 uses user variable @trg, which lives on the connection that runs it: the rest of the dump runs on one connection
-- dumpscope import: /tmp/difffuzz-852419832/script.sql: --defer-indexes: ALTER TABLE `fz0`.`t3` ADD KEY `k1` (`c0`): Error 1146 (42S02): Table 'fz0.t3' doesn't exist
-- dumpscope: failed in 0:00: 880 B of SQL, 6 statements, 0 rows (4.3 KiB/s, 0 rows/s)
-- dumpscope: everything up to offset 880 of /tmp/difffuzz-852419832/script.sql was executed (statements after it were not sent)
-- dumpscope: resumable; continue with:
--   dumpscope import --resume --checkpoint /tmp/difffuzz-852419832/script.sql.dumpscope-checkpoint --no-defaults -u root -S /tmp/dumpscope-sandbox-731542562/mysqld.sock --no-advisor --no-tui --default-character-set utf8mb4 --parallel 2 --defer-indexes --batch-bytes 2K /tmp/difffuzz-852419832/script.sql

CREATE DATABASE `fz0` DEFAULT CHARACTER SET latin1;
CREATE TABLE `fz0`.`t3` (
  `id` bigint NOT NULL,
  `c0` varchar(40) CHARACTER SET latin1 NOT NULL,
  `c1` varchar(40) CHARACTER SET gbk NOT NULL,
  `c2` varbinary(64) NOT NULL,
  PRIMARY KEY (`id`),
  KEY `k1` (`c0`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
SET autocommit=0;
CREATE TABLE `fz0`.`t4` (
  `id` int NOT NULL AUTO_INCREMENT,
  `c0` bigint NOT NULL,
  `c1` tinytext CHARACTER SET latin1 NOT NULL,
  `c2` year NOT NULL,
  `c3` tinyint unsigned,
  `c4` year,
  PRIMARY KEY (`id`)
) ENGINE=Aria DEFAULT CHARSET=utf8mb4;
DELIMITER ;;
CREATE TRIGGER `fz0`.`trg5` BEFORE INSERT ON `fz0`.`t4` FOR EACH ROW
BEGIN
  -- a comment; with a semicolon
  SET @trg = COALESCE(@trg, 0) + 1; /* counted */
  INSERT INTO `fz0`.`log_t4` (msg) VALUES ('before; insert'); # hash
END ;;
DELIMITER ;
RENAME TABLE `fz0`.`t3` TO `fz0`.`r8`;
