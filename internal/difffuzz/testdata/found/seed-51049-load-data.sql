-- difffuzz: the mariadb client and `dumpscope import` disagree on this script.
-- seed 51049, mode load-data (dumpscope import --parallel 2 --load-data --batch-bytes 2K), kind dump.
-- Shrunk from 67 statements and 466 rows to 7 statements and 0 rows.
-- The original: go run ./scripts/difffuzz --dumpscope BIN --seed 51049 --count 1 --modes load-data
-- (line numbers in the detail below count from the first line after this header)
--
-- first difference at line 49:
--  client:    (1,'rc','1');
--  dumpscope: (1,'rc','-1');

CREATE DATABASE `fz0`;
CREATE TABLE `fz0`.`t2` (
  `id` int NOT NULL AUTO_INCREMENT,
  `c0` time(2),
  `c1` double,
  `c2` tinyint,
  `c3` float,
  `c4` double,
  `c5` mediumint,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
CREATE TABLE IF NOT EXISTS `fz0`.`sv` (n int AUTO_INCREMENT PRIMARY KEY, name varchar(40), v varchar(400));
CREATE PROCEDURE `fz0`.`rdp2`() GET DIAGNOSTICS @w = ROW_COUNT;
SELECT COUNT(*) INTO @c4 FROM `fz0`.`t2`;
CALL `fz0`.`rdp2`();
INSERT INTO `fz0`.`sv` (name, v) VALUES ('rc', @w);
