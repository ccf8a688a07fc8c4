-- difffuzz: the mariadb client and `dumpscope import` disagree on this script.
-- seed 42002, mode parallel (dumpscope import --parallel 3 --batch-bytes 2K), kind dump.
-- Shrunk from 77 statements and 915 rows to 5 statements and 0 rows.
-- The original: go run ./scripts/difffuzz --dumpscope BIN --seed 42002 --count 1 --modes parallel
-- (line numbers in the detail below count from the first line after this header)
--
-- first difference at line 49:
--  client:    (1,'w','1');
--  dumpscope: (1,'w','-1');

CREATE DATABASE `fz0` DEFAULT CHARACTER SET utf8mb4;
CREATE TABLE IF NOT EXISTS `fz0`.`sv` (n int AUTO_INCREMENT PRIMARY KEY, name varchar(40), v varchar(400));
SELECT CAST('7x' AS SIGNED) INTO @d4;
GET DIAGNOSTICS @w = ROW_COUNT;
INSERT INTO `fz0`.`sv` (name, v) VALUES ('w', @w);
