-- difffuzz: the mariadb client and `dumpscope import` disagree on this script.
-- seed 60513, mode parallel (dumpscope import --parallel 3 --batch-bytes 2K), kind dump.
-- Shrunk from 110 statements and 551 rows to 8 statements and 0 rows.
-- The original: go run ./scripts/difffuzz --dumpscope BIN --seed 60513 --count 1 --modes parallel
-- (line numbers in the detail below count from the first line after this header)
--
-- first difference at line 49:
--  client:    (1,'w','1292');
--  dumpscope: (1,'w',NULL);

CREATE DATABASE `fz0` DEFAULT CHARACTER SET latin1;
CREATE TABLE `fz0`.`t2` (
  `id` int NOT NULL AUTO_INCREMENT,
  `c0` point,
  `c1` bit(12),
  `c2` double(10,3),
  PRIMARY KEY (`id`)
) ENGINE=MyISAM DEFAULT CHARSET=utf8mb4;
CREATE TABLE IF NOT EXISTS `fz0`.`sv` (n int AUTO_INCREMENT PRIMARY KEY, name varchar(40), v varchar(400));
CREATE PROCEDURE `fz0`.`rdp3`() GET DIAGNOSTICS CONDITION 1 @w = MYSQL_ERRNO;
SELECT COUNT(*) INTO @c90 FROM `fz0`.`t2`;
SET @dw4 = CAST('1y' AS SIGNED);
CALL `fz0`.`rdp3`();
INSERT INTO `fz0`.`sv` (name, v) VALUES ('w', @w);
