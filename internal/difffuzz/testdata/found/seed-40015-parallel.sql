-- difffuzz: the mariadb client and `dumpscope import` disagree on this script.
-- seed 40015, mode parallel (dumpscope import --parallel 3 --batch-bytes 2K), kind dump.
-- Shrunk from 130 statements and 1628 rows to 6 statements and 0 rows.
-- The original: go run ./scripts/difffuzz --dumpscope BIN --seed 40015 --count 1 --modes parallel
-- (line numbers in the detail below count from the first line after this header)
--
-- first difference at line 49:
--  client:    (1,'w','1');
--  dumpscope: (1,'w','0');

CREATE DATABASE `fz0` DEFAULT CHARACTER SET latin1;
CREATE TABLE IF NOT EXISTS `fz0`.`sv` (n int AUTO_INCREMENT PRIMARY KEY, name varchar(40), v varchar(400));
CREATE PROCEDURE `fz0`.`p133`() SELECT @@warning_count INTO @w;
SELECT CAST('7x' AS SIGNED) INTO @d134;
CALL `fz0`.`p133`();
INSERT INTO `fz0`.`sv` (name, v) VALUES ('w', @w);
