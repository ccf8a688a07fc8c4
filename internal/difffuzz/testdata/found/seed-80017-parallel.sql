-- difffuzz: the mariadb client and `dumpscope import` disagree on this script.
-- seed 80017, mode parallel (dumpscope import --parallel 3 --batch-bytes 2K), kind dump.
-- Shrunk from 177 statements and 1158 rows to 7 statements and 0 rows.
-- The original: go run ./scripts/difffuzz --dumpscope BIN --seed 80017 --count 1 --modes parallel
-- (line numbers in the detail below count from the first line after this header)
--
-- first difference at line 49:
--  client:    (1,'w','1');
--  dumpscope: (1,'w','0');

CREATE DATABASE `fz0` DEFAULT CHARACTER SET utf8mb4;
CREATE TABLE `fz0`.`t1` (
  `id` bigint NOT NULL,
  `c0` json,
  `c1` longblob NOT NULL,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
CREATE TABLE IF NOT EXISTS `fz0`.`sv` (n int AUTO_INCREMENT PRIMARY KEY, name varchar(40), v varchar(400));
SELECT COUNT(*) INTO @c3 FROM `fz0`.`t1`;
SET @dw1 = CAST('3y' AS SIGNED);
EXECUTE IMMEDIATE 'GET DIAGNOSTICS @w = NUMBER';
INSERT INTO `fz0`.`sv` (name, v) VALUES ('w', @w);
