-- difffuzz: the mariadb client and `dumpscope import` disagree on this script.
-- seed 40026, mode parallel (dumpscope import --parallel 3 --batch-bytes 2K), kind dump.
-- Shrunk from 85 statements and 1395 rows to 8 statements and 0 rows.
-- The original: go run ./scripts/difffuzz --dumpscope BIN --seed 40026 --count 1 --modes parallel
-- (line numbers in the detail below count from the first line after this header)
--
-- first difference at line 49:
--  client:    (1,'w','1');
--  dumpscope: (1,'w','0');

CREATE DATABASE `fz0` DEFAULT CHARACTER SET utf8mb4;
CREATE TABLE `fz0`.`t3` (
  `id` int,
  `c0` timestamp(3) NULL,
  `c1` json NOT NULL,
  `c2` bit(64) NOT NULL,
  `c3` decimal(10,2)
) ENGINE=Aria DEFAULT CHARSET=utf8mb4;
DELIMITER ;;
CREATE TRIGGER `fz0`.`trg4` BEFORE INSERT ON `fz0`.`t3` FOR EACH ROW
BEGIN
  -- a comment; with a semicolon
  SET @trg = COALESCE(@trg, 0) + 1; /* counted */
  INSERT INTO `fz0`.`log_t3` (msg) VALUES ('before; insert'); # hash
END ;;
DELIMITER ;
CREATE TABLE IF NOT EXISTS `fz0`.`sv` (n int AUTO_INCREMENT PRIMARY KEY, name varchar(40), v varchar(400));
CREATE TABLE IF NOT EXISTS `fz0`.`sv` (n int);
SHOW ERRORS;
EXECUTE IMMEDIATE 'GET DIAGNOSTICS @w = NUMBER';
INSERT INTO `fz0`.`sv` (name, v) VALUES ('w', @w);
