-- difffuzz: the mariadb client and `dumpscope import` disagree on this script.
-- seed 51073, mode load-data (dumpscope import --parallel 2 --load-data --batch-bytes 2K), kind dump.
-- Shrunk from 49 statements and 265 rows to 15 statements and 0 rows.
-- The original: go run ./scripts/difffuzz --dumpscope BIN --seed 51073 --count 1 --modes load-data
-- (line numbers in the detail below count from the first line after this header)
--
-- first difference at line 49:
--  client:    (1,'w','1');
--  dumpscope: (1,'w','0');

/*!40101 SET @OLD_SQL_MODE=@@SQL_MODE, SQL_MODE='NO_AUTO_VALUE_ON_ZERO' */;
CREATE DATABASE `fz0` DEFAULT CHARACTER SET utf8mb4;
USE `fz0`;
DROP TABLE IF EXISTS `fz0`.`t1`;
CREATE TABLE `fz0`.`t1` (
  `id` int NOT NULL AUTO_INCREMENT,
  `c0` double,
  `c1` time(2) NOT NULL,
  `c2` varchar(40) CHARACTER SET latin1 NOT NULL,
  PRIMARY KEY (`id`),
  KEY `k1` (`c0`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
LOCK TABLES `fz0`.`t1` WRITE;
UNLOCK TABLES;
CREATE TABLE IF NOT EXISTS `fz0`.`sv` (n int AUTO_INCREMENT PRIMARY KEY, name varchar(40), v varchar(400));
SELECT COUNT(*) INTO @c5 FROM `fz0`.`t1`;
SELECT CAST('7x' AS SIGNED) INTO @d6;
PREPARE dps2 FROM 'SELECT 1';
SELECT 0;
GET DIAGNOSTICS @w = NUMBER;
INSERT INTO `fz0`.`sv` (name, v) VALUES ('w', @w);
/*!40101 SET SQL_MODE=@OLD_SQL_MODE */;
