-- difffuzz: the mariadb client and `dumpscope import` disagree on this script.
-- seed 59237, mode parallel (dumpscope import --parallel 3 --batch-bytes 2K), kind dump.
-- Shrunk from 181 statements and 1481 rows to 4 statements and 0 rows.
-- The original: go run ./scripts/difffuzz --dumpscope BIN --seed 59237 --count 1 --modes parallel
-- (line numbers in the detail below count from the first line after this header)
--
-- first difference at line 49:
--  client:    (1,'fr','1');
--  dumpscope: (1,'fr','0');

CREATE DATABASE `fz0` DEFAULT CHARACTER SET utf8mb4;
CREATE TABLE IF NOT EXISTS `fz0`.`sv` (n int AUTO_INCREMENT PRIMARY KEY, name varchar(40), v varchar(400));
SELECT ROW_COUNT(), FOUND_ROWS() INTO @w, @w2;
INSERT INTO `fz0`.`sv` (name, v) VALUES ('fr', @w2);
