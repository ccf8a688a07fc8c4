-- difffuzz: the mariadb client and `dumpscope import` disagree on this script.
-- seed 70158, mode load-data (dumpscope import --parallel 2 --load-data --batch-bytes 2K), kind dump.
-- Shrunk from 94 statements and 672 rows to 8 statements and 0 rows.
-- The original: go run ./scripts/difffuzz --dumpscope BIN --seed 70158 --count 1 --modes load-data
-- (line numbers in the detail below count from the first line after this header)
--
-- first difference at line 49:
--  client:    (1,'w','1');
--  dumpscope: (1,'w','0');

CREATE DATABASE `fz0` DEFAULT CHARACTER SET utf8mb4;
CREATE TABLE `fz0`.`t55` (
  `id` int NOT NULL AUTO_INCREMENT,
  `c0` json,
  `c1` decimal(5,0) unsigned,
  `c2` int unsigned,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
CREATE TABLE IF NOT EXISTS `fz0`.`sv` (n int AUTO_INCREMENT PRIMARY KEY, name varchar(40), v varchar(400));
SELECT COUNT(*) INTO @c56 FROM `fz0`.`t55`;
SET @dw1 = CAST('6y' AS SIGNED);
COMMIT;
SET @w = @@warning_count;
INSERT INTO `fz0`.`sv` (name, v) VALUES ('w', @w);
