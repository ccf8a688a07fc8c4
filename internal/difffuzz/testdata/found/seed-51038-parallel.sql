-- difffuzz: the mariadb client and `dumpscope import` disagree on this script.
-- seed 51038, mode parallel (dumpscope import --parallel 3 --batch-bytes 2K), kind dump.
-- Shrunk from 102 statements and 775 rows to 11 statements and 0 rows.
-- The original: go run ./scripts/difffuzz --dumpscope BIN --seed 51038 --count 1 --modes parallel
-- (line numbers in the detail below count from the first line after this header)
--
-- first difference at line 77:
--  client:    (102946,'w','1');
--  dumpscope: (102946,'w','0');

CREATE DATABASE `fz0`;
CREATE TABLE `fz0`.`t1` (
  `id` int NOT NULL AUTO_INCREMENT,
  `c0` bit(12),
  `c1` mediumint unsigned NOT NULL,
  `c2` bit(12),
  `c3` double NOT NULL,
  `c4` text,
  `u` int,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uk` (`u`),
  KEY `k1` (`c0`)
) ENGINE=Aria DEFAULT CHARSET=utf8mb4;
CREATE TABLE `fz0`.`b2` (
  `id` bigint NOT NULL,
  `c0` varchar(40) CHARACTER SET sjis NOT NULL,
  `c1` decimal(30,10) NOT NULL,
  `c2` point,
  `c3` enum('1','2','10','a','b') NOT NULL,
  `c4` blob,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
/*!40014 SET FOREIGN_KEY_CHECKS=0 */;
CREATE TABLE IF NOT EXISTS `fz0`.`sv` (n int AUTO_INCREMENT PRIMARY KEY, name varchar(40), v varchar(400));
DELIMITER ;;
CREATE PROCEDURE `fz0`.`rdp1`()
BEGIN
  GET DIAGNOSTICS @w = NUMBER;
END ;;
DELIMITER ;
SELECT COUNT(*) INTO @c3 FROM `fz0`.`t1`;
INSERT IGNORE INTO `fz0`.`sv` (n, name, v) VALUES (102945, 'dup', 'a'), (102945, 'dup', 'b');
DO 1, 2;
CALL `fz0`.`rdp1`();
INSERT INTO `fz0`.`sv` (name, v) VALUES ('w', @w);
