-- difffuzz: the mariadb client and `dumpscope import` disagree on this script.
-- seed 1146, mode resume (dumpscope import --parallel 2 --batch-bytes 2K --checkpoint JOURNAL), kind dump.
-- Shrunk from 48 statements and 891 rows to 7 statements and 11 rows.
-- The original: go run ./scripts/difffuzz --dumpscope BIN --seed 1146 --count 1 --modes resume
-- (line numbers in the detail below count from the first line after this header)
--
-- first difference at line 51:
--  client:    (1,-128,'漢v',NULL),
--  dumpscope: (32,127,'y',1004),

CREATE DATABASE `fz0` DEFAULT CHARACTER SET utf8mb4;
CREATE TABLE `fz0`.`t1` (
  `id` bigint NOT NULL,
  `c0` bigint,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
CREATE TABLE `fz0`.`t2` (
  `id` int,
  `c0` tinyint NOT NULL,
  `c1` varchar(40) CHARACTER SET gbk NOT NULL,
  `u` int,
  UNIQUE KEY `uk` (`u`),
  KEY `k1` (`c0`)
) ENGINE=MyISAM DEFAULT CHARSET=utf8mb4;
INSERT IGNORE INTO `fz0`.`t2` VALUES (18,b'1100111',_utf8mb4'b能eu',22),(19,29e0,'%o',36),(23,28,"ww運a",15),(15,112,"表/*表s十jy",22),(24,69.4,'漢能c',20);
RENAME TABLE `fz0`.`t2` TO `fz0`.`r3`;
INSERT INTO `fz0`.`r3` VALUES (257,b'1010011','wwjua/*\\',1258),(17,-80,'#n',1259),(264,-85,'\ce',NULL),(265,+31,'n-- ',1267),(268,0xD,"",1270);
INSERT INTO `fz0`.`t1` VALUES (170,NULL);
