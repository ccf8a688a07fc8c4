-- difffuzz: the mariadb client and `dumpscope import` disagree on this script.
-- seed 59038, mode parallel (dumpscope import --parallel 3 --batch-bytes 2K), kind dump.
-- Shrunk from 124 statements and 1008 rows to 7 statements and 0 rows.
-- The original: go run ./scripts/difffuzz --dumpscope BIN --seed 59038 --count 1 --modes parallel
-- (line numbers in the detail below count from the first line after this header)
--
-- first difference at line 49:
--  client:    (1,'w','1');
--  dumpscope: (1,'w','0');

CREATE DATABASE `fz0` DEFAULT CHARACTER SET latin1;
CREATE TABLE IF NOT EXISTS `fz0`.`sv` (n int AUTO_INCREMENT PRIMARY KEY, name varchar(40), v varchar(400));
SET @v4 = ROW_COUNT();
CREATE PROCEDURE `fz0`.`rdp9`() SET @w = @@warning_count;
SET @dw10 = CAST('8y' AS SIGNED);
CALL `fz0`.`rdp9`();
INSERT INTO `fz0`.`sv` (name, v) VALUES ('w', @w);
