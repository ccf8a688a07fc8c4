-- difffuzz: the mariadb client and `dumpscope import` disagree on this script.
-- seed 82826, mode load-data (dumpscope import --parallel 2 --load-data --batch-bytes 2K), kind dump.
-- Shrunk from 70 statements and 632 rows to 7 statements and 0 rows.
-- The original: go run ./scripts/difffuzz --dumpscope BIN --seed 82826 --count 1 --modes load-data
-- (line numbers in the detail below count from the first line after this header)
--
-- first difference at line 49:
--  client:    (1,'w','1');
--  dumpscope: (1,'w','0');

CREATE DATABASE `fz0`;
CREATE TABLE `fz0`.`t2` (
  `id` bigint NOT NULL,
  `c0` mediumint,
  `c1` datetime(6),
  `c2` int unsigned NOT NULL,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
CREATE TABLE IF NOT EXISTS `fz0`.`sv` (n int AUTO_INCREMENT PRIMARY KEY, name varchar(40), v varchar(400));
SELECT COUNT(*) INTO @c6 FROM `fz0`.`t2`;
SET @dw1 = CAST('9y' AS SIGNED);
EXECUTE IMMEDIATE 'GET DIAGNOSTICS @w = NUMBER';
INSERT INTO `fz0`.`sv` (name, v) VALUES ('w', @w);
