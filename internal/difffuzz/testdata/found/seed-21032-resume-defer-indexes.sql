-- difffuzz: the mariadb client and `dumpscope import` disagree on this script.
-- seed 21032, mode resume-defer-indexes (dumpscope import --parallel 2 --defer-indexes --batch-bytes 2K --checkpoint JOURNAL), kind dump.
-- Shrunk from 80 statements and 991 rows to 11 statements and 31 rows.
-- The original: go run ./scripts/difffuzz --dumpscope BIN --seed 21032 --count 1 --modes resume-defer-indexes
-- (line numbers in the detail below count from the first line after this header)
--
-- first difference at line 131:
--  client:      UNIQUE KEY `uk` (`u`)
--  dumpscope:   UNIQUE KEY `uk` (`u`),

SET NAMES utf8mb4;
CREATE DATABASE `fz0`;
USE `fz0`;
DROP TABLE IF EXISTS `fz0`.`t1`;
CREATE TABLE `fz0`.`t1` (
  `id` int,
  `c0` blob,
  `c1` datetime
) ENGINE=Aria DEFAULT CHARSET=utf8mb4;
CREATE TABLE `fz0`.`t2` (
  `id` int NOT NULL AUTO_INCREMENT,
  `c0` varchar(64),
  `c1` varbinary(64) NOT NULL,
  `c2` int NOT NULL,
  `c3` char(12),
  `c4` double(10,3),
  `c5` datetime,
  `u` int,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uk` (`u`),
  KEY `k1` (`c0`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
INSERT IGNORE INTO `t2` VALUES (3,_utf8mb4'',X'C7D49C66C6',-80,null,null,20240102030405,20),(3,'`r誠十hhc十中表ソt',x'5f0c98a3e1b7',-494895060,'d',1.5,'2038-01-19 03:14:07.999999',17);
DROP TABLE `fz0`.`t2`;
CREATE TABLE `fz0`.`t2` (
  `id` int NOT NULL AUTO_INCREMENT,
  `c0` varchar(64),
  `c1` varbinary(64) NOT NULL,
  `c2` int NOT NULL,
  `c3` char(12),
  `c4` double(10,3),
  `c5` datetime,
  `u` int,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uk` (`u`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
INSERT INTO `t2` (`c0`,`c1`,`c2`,`c3`,`c4`,u) VALUES ('ßz/*±o🦫文hソ表z',X'726E041787F1DC',17,'hdzu',-0e0,null),('a漢誠s±',_binary'�',148,'eey',0,1004);
INSERT INTO `t1` VALUES (1,NULL,20240102030405),(7,X'5D968C152203C5AE40','2038-01-19 03:14:07.999999'),(2,0x3000771c,'2024-01-01 00:00:00.5'),(18,_binary'�3�',null),(3,'能jÿÿaj\dot文cÀl',TIMESTAMP'2019-03-31 02:30:00'),(4,X'1EBC0818','2024-01-01 00:00:00.5'),(5,_utf8mb4'z	😀z文bwu😀om\tk',20240102030405),(20,null,'1000-01-01 00:00:00'),(6,null,'1000-01-01 00:00:00'),(6,0xc76eb499d3c7109589,NULL),(7,X'8F0AE0B35BBB747498',TIMESTAMP'2019-03-31 02:30:00'),(8,0x62fad7664b9e8b9b,'1000-01-01 00:00:00'),(9,X'8BED08911986EDF2AC68C2D7','2038-01-19 03:14:07.999999'),(10,_binary'����8Zt','1000-01-01 00:00:00'),(19,'予±qféb誠q','2038-01-19 03:14:07.999999'),(11,'ß','1000-01-01 00:00:00'),(12,_binary'�d','2024-01-01 00:00:00.5'),(13,_binary'��Ʊ Q','1000-01-01 00:00:00'),(14,'😀漢🦫u\Zh','2038-01-19 03:14:07.999999'),(15,x'3e3f579c6deb5d2bf3dc','1000-01-01 00:00:00'),(16,0xa7512d724b,'2038-01-19 03:14:07.999999'),(13,'xeß能ßw-- 漢\n','1000-01-01 00:00:00'),(17,NULL,TIMESTAMP'2019-03-31 02:30:00'),(6,x'47c9268ea8f11b1cf5','2038-01-19 03:14:07.999999'),(18,null,'2024-02-29 23:59:59.123456'),(6,0xc7,'2024-01-01 00:00:00.5'),(19,0x349d4cc2,'2024-02-29 23:59:59.123456');
