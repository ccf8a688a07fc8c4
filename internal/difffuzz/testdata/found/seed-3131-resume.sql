-- difffuzz: the mariadb client and `dumpscope import` disagree on this script.
-- seed 3131, mode resume (dumpscope import --parallel 2 --batch-bytes 2K --checkpoint JOURNAL), kind dump.
-- Shrunk from 51 statements and 1073 rows to 6 statements and 2 rows.
-- The original: go run ./scripts/difffuzz --dumpscope BIN --seed 3131 --count 1 --modes resume
-- (line numbers in the detail below count from the first line after this header)
--
-- first difference at line 73:
--  client:    (45,1234567.125,'t誠r誠g m\0ソ\Ze',0,'2024-02-29 23:59:59',NULL,NULL),
--  dumpscope: (45,1234567.125,'t誠r誠g m\0ソ\Ze',-1,'2024-02-29 23:59:59',NULL,NULL),

CREATE DATABASE `fz0`;
CREATE TABLE `fz0`.`t1` (
  `id` int,
  `c0` geometry NOT NULL,
  `u` int,
  UNIQUE KEY `uk` (`u`)
) ENGINE=Aria DEFAULT CHARSET=utf8mb4;
SET @v2 = ROW_COUNT();
DROP TABLE IF EXISTS `fz0`.`t1`;
CREATE TABLE `fz0`.`t1` (
  `id` int NOT NULL AUTO_INCREMENT,
  `c0` double(10,3),
  `c1` varchar(40) CHARACTER SET gbk,
  `c2` int NOT NULL,
  `c3` datetime,
  PRIMARY KEY (`id`),
  KEY `k1` (`c0`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
REPLACE INTO `fz0`.`t1` VALUES (116,2,'\kqej表能',@v2,20240102030405),(157,1234567.125,"文十iyu漢十十",TRUE,null);
