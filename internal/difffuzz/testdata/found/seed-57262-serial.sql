-- difffuzz: the mariadb client and `dumpscope import` disagree on this script.
-- seed 57262, mode serial (dumpscope import without mode flags), kind exit.
-- Shrunk from 151 statements and 939 rows to 8 statements and 2 rows.
-- The original: go run ./scripts/difffuzz --dumpscope BIN --seed 57262 --count 1 --modes serial
-- (line numbers in the detail below count from the first line after this header)
--
-- the client failed, dumpscope succeeded
--  client:    --------------
-- 
-- --------------
-- 
-- ERROR 1064 (42000) at line 24: You have an error in your SQL syntax; check the manual that corresponds to your MariaDB server version for the right syntax to use near ''y誠ue' at line 1
--  dumpscope: dumpscope: importing /tmp/difffuzz-2602425923/script.sql on 1 connection
-- dumpscope: into root@localhost via /tmp/dumpscope-sandbox-3322958227/mysqld.sock
-- dumpscope: finished in 0:00: 769 B of SQL, 8 statements, 3 rows (3.0 KiB/s, 12 rows/s)
-- dumpscope: the server raised 2 warnings (silent truncation or conversion shows here):
--   offset 591, line 24: Warning 1366: Incorrect integer value: '' for column `fz1`.`b7`.`id` at row 1
--   offset 681, line 25: Warning 1366: Incorrect integer value: '' for column `fz1`.`b7`.`id` at row 1
-- table                                       dump rows  server rows
-- fz1.b7                                              3            1  differs
-- verdict: inconclusive: the server was not sampled (--no-advisor, or the advisor could not connect)

CREATE DATABASE `fz0` DEFAULT CHARACTER SET latin1;
CREATE DATABASE `fz1` DEFAULT CHARACTER SET utf8mb4;
SET @@sql_mode = "NO_BACKSLASH_ESCAPES";
CREATE TABLE `fz1`.`b7` (
  `id` bigint NOT NULL,
  `c0` tinyint,
  `c1` varchar(64),
  `c2` double(10,3),
  `u` int,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uk` (`u`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
DELIMITER ;;
CREATE PROCEDURE `fz0`.`rsp4`()
BEGIN
  BEGIN
    DECLARE sql_mode CURSOR FOR SELECT id FROM `fz0`.`rs3`;
    SET time_zone = '+03:00';
    SET sql_mode = 'NO_ENGINE_SUBSTITUTION';
  END;
END ;;
DELIMITER ;
CALL `fz0`.`rsp4`();
INSERT INTO `fz1`.`b7` VALUES ('',0,'\',0,0) ON DUPLICATE KEY UPDATE `c0` = VALUES(`c0`);
INSERT INTO `fz1`.`b7` VALUES ('',0,'y誠ue;',0,0) ON DUPLICATE KEY UPDATE `u` = NULL;
