-- difffuzz: the mariadb client and `dumpscope import` disagree on this script.
-- seed 500, mode parallel (dumpscope import --parallel 3 --batch-bytes 2K), kind dump.
-- Shrunk from 59 statements and 680 rows to 4 statements and 0 rows.
-- The original: go run ./scripts/difffuzz --dumpscope BIN --seed 500 --count 1 --modes parallel
-- (line numbers in the detail below count from the first line after this header)
--
-- first difference at line 47:
--  client:    ('v71',1);
--  dumpscope: ('v71',0);

CREATE DATABASE `fz0`;
SET @v71 = ROW_COUNT();
CREATE TABLE IF NOT EXISTS `fz0`.`vars` (name varchar(20), v bigint);
INSERT INTO `fz0`.`vars` VALUES ('v71', @v71);
