-- difffuzz: the mariadb client and `dumpscope import` disagree on this script.
-- seed 51005, mode parallel (dumpscope import --parallel 3 --batch-bytes 2K), kind dump.
-- Shrunk from 81 statements and 726 rows to 7 statements and 0 rows.
-- The original: go run ./scripts/difffuzz --dumpscope BIN --seed 51005 --count 1 --modes parallel
-- (line numbers in the detail below count from the first line after this header)
--
-- first difference at line 49:
--  client:    (1,'w','1292');
--  dumpscope: (1,'w',NULL);

CREATE DATABASE `fz0`;
CREATE TABLE `fz0`.`t1` (
  `id` int NOT NULL AUTO_INCREMENT,
  `c0` varchar(40) CHARACTER SET latin1 NOT NULL,
  `c1` set('1','2','4','x') NOT NULL,
  `c2` timestamp(3) NULL,
  `c3` varchar(40) CHARACTER SET sjis,
  `c4` mediumint unsigned NOT NULL,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
CREATE TABLE IF NOT EXISTS `fz0`.`sv` (n int AUTO_INCREMENT PRIMARY KEY, name varchar(40), v varchar(400));
SELECT COUNT(*) INTO @c4 FROM `fz0`.`t1`;
SET @dw1 = CAST('5y' AS SIGNED);
GET DIAGNOSTICS CONDITION 1 @w = MYSQL_ERRNO;
INSERT INTO `fz0`.`sv` (name, v) VALUES ('w', @w);
