-- difffuzz: the mariadb client and `dumpscope import` disagree on this script.
-- seed 90045, mode load-data (dumpscope import --parallel 2 --load-data --batch-bytes 2K), kind dump.
-- Shrunk from 54 statements and 280 rows to 6 statements and 0 rows.
-- The original: go run ./scripts/difffuzz --dumpscope BIN --seed 90045 --count 1 --modes load-data
-- (line numbers in the detail below count from the first line after this header)
--
-- first difference at line 50:
--  client:    (143242,'w','1');
--  dumpscope: (143242,'w','0');

CREATE DATABASE `fz0` DEFAULT CHARACTER SET utf8mb4;
CREATE TABLE IF NOT EXISTS `fz0`.`sv` (n int AUTO_INCREMENT PRIMARY KEY, name varchar(40), v varchar(400));
INSERT IGNORE INTO `fz0`.`sv` (n, name, v) VALUES (143241, 'dup', 'a'), (143241, 'dup', 'b');
PREPARE dks3 FROM 'SET @w = @@warning_count';
EXECUTE dks3;
INSERT INTO `fz0`.`sv` (name, v) VALUES ('w', @w);
