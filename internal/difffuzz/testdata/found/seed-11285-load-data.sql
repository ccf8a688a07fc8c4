-- difffuzz: the mariadb client and `dumpscope import` disagree on this script.
-- seed 11285, mode load-data (dumpscope import --parallel 2 --load-data --batch-bytes 2K), kind dump.
-- Shrunk from 58 statements and 666 rows to 6 statements and 2 rows.
-- The original: go run ./scripts/difffuzz --dumpscope BIN --seed 11285 --count 1 --modes load-data
-- (line numbers in the detail below count from the first line after this header)
--
-- first difference at line 38:
--  client:    ) ENGINE=InnoDB AUTO_INCREMENT=3 DEFAULT CHARSET=latin1 COLLATE=latin1_swedish_ci;
--  dumpscope: ) ENGINE=InnoDB AUTO_INCREMENT=4 DEFAULT CHARSET=latin1 COLLATE=latin1_swedish_ci;

CREATE DATABASE `fz0`;
USE `fz0`;
CREATE TABLE `fz0`.`t1` (
  `id` bigint NOT NULL,
  `c0` smallint,
  `c1` set('1','2','4','x'),
  `c2` decimal(30,10) NOT NULL,
  `u` int,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uk` (`u`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
CREATE TABLE IF NOT EXISTS `fz0`.`log_t1` (n int AUTO_INCREMENT PRIMARY KEY, msg varchar(100));
CREATE TRIGGER `fz0`.`trg4` AFTER INSERT ON `fz0`.`t1` FOR EACH ROW INSERT INTO `fz0`.`log_t1` (msg) VALUES (CONCAT('row ', COALESCE(NEW.`id`, 'null')));
INSERT INTO t1 (id,`c1`,`c2`,`u`) VALUES (0,'',0,0),
(73,0,0,NULL);
