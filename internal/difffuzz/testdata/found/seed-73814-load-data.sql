-- difffuzz: the mariadb client and `dumpscope import` disagree on this script.
-- seed 73814, mode load-data (dumpscope import --parallel 2 --load-data --batch-bytes 2K), kind dump.
-- Shrunk from 83 statements and 660 rows to 8 statements and 0 rows.
-- The original: go run ./scripts/difffuzz --dumpscope BIN --seed 73814 --count 1 --modes load-data
-- (line numbers in the detail below count from the first line after this header)
--
-- first difference at line 49:
--  client:    (1,'w','1');
--  dumpscope: (1,'w','0');

CREATE DATABASE `fz0`;
CREATE TABLE `fz0`.`t1` (
  `id` bigint NOT NULL,
  `c0` bigint unsigned,
  `c1` float,
  `c2` int unsigned NOT NULL,
  `c3` varchar(40) CHARACTER SET latin1,
  PRIMARY KEY (`id`),
  KEY `k1` (`c0`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
CREATE TABLE IF NOT EXISTS `fz0`.`sv` (n int AUTO_INCREMENT PRIMARY KEY, name varchar(40), v varchar(400));
SELECT COUNT(*) INTO @c2 FROM `fz0`.`t1`;
SET @dw1 = CAST('4y' AS SIGNED);
SHOW COUNT(*) WARNINGS;
SELECT @@warning_count INTO @w;
INSERT INTO `fz0`.`sv` (name, v) VALUES ('w', @w);
