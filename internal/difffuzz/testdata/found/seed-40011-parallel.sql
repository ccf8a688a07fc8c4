-- difffuzz: the mariadb client and `dumpscope import` disagree on this script.
-- seed 40011, mode parallel (dumpscope import --parallel 3 --batch-bytes 2K), kind dump.
-- Shrunk from 122 statements and 1414 rows to 5 statements and 0 rows.
-- The original: go run ./scripts/difffuzz --dumpscope BIN --seed 40011 --count 1 --modes parallel
-- (line numbers in the detail below count from the first line after this header)
--
-- first difference at line 49:
--  client:    (1,'w','1');
--  dumpscope: (1,'w','0');

CREATE DATABASE `fz0`;
CREATE TABLE IF NOT EXISTS `fz0`.`sv` (n int AUTO_INCREMENT PRIMARY KEY, name varchar(40), v varchar(400));
SELECT CAST('7x' AS SIGNED) INTO @d5;
SET @w = @@warning_count + @@error_count;
INSERT INTO `fz0`.`sv` (name, v) VALUES ('w', @w);
