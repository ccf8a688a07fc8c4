-- difffuzz: the mariadb client and `dumpscope import` disagree on this script.
-- seed 51099, mode load-data (dumpscope import --parallel 2 --load-data --batch-bytes 2K), kind dump.
-- Shrunk from 73 statements and 581 rows to 6 statements and 0 rows.
-- The original: go run ./scripts/difffuzz --dumpscope BIN --seed 51099 --count 1 --modes load-data
-- (line numbers in the detail below count from the first line after this header)
--
-- first difference at line 49:
--  client:    (1,'w','1');
--  dumpscope: (1,'w','0');

CREATE DATABASE `fz0`;
CREATE TABLE IF NOT EXISTS `fz0`.`sv` (n int AUTO_INCREMENT PRIMARY KEY, name varchar(40), v varchar(400));
DROP TABLE IF EXISTS `fz0`.`nosuch6`;
PREPARE dks5 FROM 'SET @w = @@warning_count';
EXECUTE dks5;
INSERT INTO `fz0`.`sv` (name, v) VALUES ('w', @w);
