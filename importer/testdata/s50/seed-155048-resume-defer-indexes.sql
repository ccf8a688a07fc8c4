-- difffuzz: the mariadb client and `dumpscope import` disagree on this script.
-- seed 155048, mode resume-defer-indexes (dumpscope import --parallel 2 --defer-indexes --batch-bytes 2K --checkpoint JOURNAL), kind error.
-- Shrunk from 203 statements and 1050 rows to 52 statements and 110 rows.
-- The original: go run ./scripts/difffuzz --dumpscope BIN --seed 155048 --count 1 --modes resume-defer-indexes
-- (line numbers in the detail below count from the first line after this header)
--
-- client ERROR 1050 at line 47, dumpscope ERROR 1136 at line 59
--  client:    --------------
-- CREATE TABLE `fz0`.`pt1` (id INT PRIMARY KEY, v VARCHAR(40)) ENGINE=InnoDB
-- --------------
-- 
-- ERROR 1050 (42S01) at line 47: Table 'pt1' already exists
--  dumpscope: dumpscope: resume: reading /tmp/difffuzz-3969187262/script.sql up to offset 1798 to check it is the dump that was committed…
-- dumpscope: resuming run e26134552957105549fcad7d11024e00: 1.6 KiB of statements committed (furthest offset 1798) are skipped; the rest is sent
-- dumpscope: importing /tmp/difffuzz-3969187262/script.sql on 2 connections
-- dumpscope: into root@localhost via /tmp/dumpscope-sandbox-2566574010/mysqld.sock
-- dumpscope import: /tmp/difffuzz-3969187262/script.sql: offset 2658, line 58: a procedure may set user variables or temporary tables of its connection: the rest of the dump runs on one connection
-- dumpscope import: /tmp/difffuzz-3969187262/script.sql: offset 2679, line 59: INSERT `pt1`: ERROR 1136 (21S01): Column count doesn't match value count at row 1: INSERT INTO `fz0`.`pt1` SELECT id + 1000, v FROM `fz0`.`pta1`
-- dumpscope: failed in 0:00: 2.6 KiB of SQL, 11 statements, 20 rows (11.5 KiB/s, 88 rows/s)
-- dumpscope: everything up to offset 2679 of /tmp/difffuzz-3969187262/script.sql was executed (statements after it were not sent)
-- dumpscope: resumable; continue with:
--   dumpscope import --resume --checkpoint /tmp/difffuzz-3969187262/script.journal --no-defaults -u root -S /tmp/dumpscope-sandbox-2566574010/mysqld.sock --no-advisor --no-tui --default-character-set utf8mb4 --allow-system-schemas --parallel 2 --defer-indexes --batch-bytes 2K /tmp/difffuzz-3969187262/script.sql
-- dumpscope: dumpscope_progress kept for --resume; to give up the resume: DROP DATABASE dumpscope_progress
-- verdict: inconclusive: the server was not sampled (--no-advisor, or the advisor could not connect)

SET NAMES utf8mb4;
CREATE DATABASE `fz0` DEFAULT CHARACTER SET utf8mb4;
CREATE DATABASE `fz1` DEFAULT CHARACTER SET utf8mb4;
USE `fz0`;
/*!40014 SET @OLD_FOREIGN_KEY_CHECKS=@@FOREIGN_KEY_CHECKS, FOREIGN_KEY_CHECKS=0 */;
CREATE TABLE `fz1`.`t1` (
  `id` int,
  `c0` int,
  `c1` text,
  `c2` bit(12),
  `c3` float NOT NULL,
  `c4` varbinary(64),
  `u` int,
  UNIQUE KEY `uk` (`u`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
CREATE TABLE `fz1`.`b2` (
  `id` bigint NOT NULL,
  `c0` tinyint unsigned NOT NULL,
  `c1` varbinary(64) NOT NULL,
  `c2` bigint unsigned,
  `c3` time(2) NOT NULL,
  `u` int,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uk` (`u`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
/*!40014 SET UNIQUE_CHECKS=0 */;
INSERT INTO `fz1`.`b2` (`id`,`c0`,`c1`,c3) VALUES (1,0x4C,x'a4ae12f564b2a405','-838:59:59.00');
INSERT IGNORE INTO `fz1`.`b2` (`id`,`c0`,`c1`,`c3`) VALUES (2,+12,_utf8mb4"\nzn😀\n文\o\"vjkß",'-12:30:00.25'),(2,+182,_binary'dv���Ĺ�','838:59:59'),(1,33,'表ß±c予Às','-12:30:00.25'),(2,187e0,_binary'nyO��Ԋ�\y�L�8�W','00:00:00.99'),(2,42,X'C87D39B2B6D86BF4F82D','1 10:00:00');
TRUNCATE TABLE `fz1`.`b2`;
INSERT INTO `fz1`.`b2` VALUES (3,61,0x0130e67c6ab3ca796bd20ac94caf95,3456221776670556120,'-838:59:59.00',1003),(4,41.4,0xf607e0dd3001c778,142,'-838:59:59.00',1004);
REPLACE INTO `fz1`.`b2` (id,`c0`,`c1`,`c3`) VALUES (5,190,0xe944ba610b70db13ede2cb765f,'-838:59:59.00'),(5,71,_binary'���!�����b',123456),(4,189,x'9680616d2d1e8afd97','1 10:00:00'),(4,142.4,'運\n表🦫m😀qop\Z kソ','-838:59:59.00');
INSERT INTO `fz1`.`b2` (`id`,`c0`,`c1`,`c3`) VALUES (6,FALSE,x'09ab8c7f','-12:30:00.25'),(7,+188,X'667D004BF360FE9A91','-838:59:59.00'),(8,FALSE,0x0d6e07aca8593a47,'-838:59:59.00');
INSERT INTO `fz1`.`b2` VALUES (9,64,'dk運ソl',4503897858788003983,123456,1005);
/*!40014 SET UNIQUE_CHECKS=1 */;
CREATE TABLE `fz0`.`pt1` (
  `id` int NOT NULL,
  `a` int,
  `s` varchar(30),
  PRIMARY KEY (`id`),
  KEY `ka` (`a`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4
PARTITION BY RANGE (`id`)
(PARTITION `p0` VALUES LESS THAN (20),
 PARTITION `p1` VALUES LESS THAN (60),
 PARTITION `p2` VALUES LESS THAN MAXVALUE);
INSERT INTO `pt1` VALUES (1,078,_utf8mb4''),(2,NULL,' \"表能😀qz誠'),(3,b'10111000','tx😀中m'),(4,-105,'予a漢cz/*irz');
CREATE TABLE `fz0`.`pt1` (id INT PRIMARY KEY, v VARCHAR(40)) ENGINE=InnoDB;
DELIMITER ;;
CREATE PROCEDURE `fz0`.`ptp1`(c INT)
BEGIN
  IF c > 0 THEN
    CREATE TEMPORARY TABLE `fz0`.`ptc1` (id INT PRIMARY KEY, v VARCHAR(40)) ENGINE=InnoDB;
  END IF;
  CREATE TEMPORARY TABLE IF NOT EXISTS `fz0`.`pta1` (id INT, v VARCHAR(40));
  INSERT INTO `fz0`.`pta1` VALUES (c, 'call');
END;;
DELIMITER ;
CALL `fz0`.`ptp1`(0);
INSERT INTO `fz0`.`pt1` SELECT id + 1000, v FROM `fz0`.`pta1`;
INSERT INTO `fz1`.`b2` VALUES (10,182,_binary'�_�',NULL,'1 10:00:00',33),(11,'96',_binary'�\b[��u���-&�YI�','116','838:59:59',33),(12,TRUE,_binary'�y�',020,'-838:59:59.00',39),(13,16,'nr',1457109578256632013,'-12:30:00.25',34),(14,+167,x'761fe359c329fb',44,'00:00:00.99',26),(15,020,X'38E731C2F0C13B2D089E196D',4399335888698438600,'00:00:00.99',8),(16,+251,0xb9304ab08fc7b8,'1547792442206104230','-838:59:59.00',2),(17,187,x'5b',111,'838:59:59',15),(18,155,_binary'��R�V�]�bD',2624315012880883092,'838:59:59',34),(19,076,x'5c2202c41c875e',null,'-12:30:00.25',36),(20,0xE3,"ÿ😀o文±u中ÿéwgsv",TRUE,'-838:59:59.00',19),(21,71,x'5850',0x62B37622B717B93,'00:00:00.99',13),(10,167,0xd6ed19,70e0,'-12:30:00.25',21),(22,b'11000010',_binary'�',FALSE,'1 10:00:00',22),(23,'39',x'8792572cd005c2fb515c014a83',2270650441177087767,'838:59:59',0),(24,170,0x51,93,'-838:59:59.00',19),(7,TRUE,X'29F5D534F7BD96891BAC51C0FBB02C54',22e0,123456,18),(25,108,_binary"�R��NH�6L�",0x3B,'838:59:59',15),(26,+98,0xe9a2,TRUE,'1 10:00:00',15),(7,044,x'354732b20b7394b0',+20,'1 10:00:00',0),(27,TRUE,X'17',2667055388728885333,'-838:59:59.00',23),(28,062,_binary'@"��s���',038,123456,35),(29,147,"ソ誠w😀漢中誠j;al",190,'00:00:00.99',33),(30,19,x'c18d',b'10011110100111111101001010100100111011001101110111111001000100','1 10:00:00',34),(31,TRUE,"e😀😀w_予a漢u文jadln",2e0,'00:00:00.99',35),(32,79,X'72FD5A8C9D3630DD09',1201143816833905760,'838:59:59',14) ON DUPLICATE KEY UPDATE `u` = NULL;
INSERT INTO `fz1`.`t1` VALUES (9,93364964,'🦫ÿソ',B'11011110111',2,_binary'h�
3ív�',1006),(1,-1606781060,_utf8mb4'coソch',B'101001000100',1.5,x'e1456763bc',1007),(2,FALSE,'deajgu',0x70A,-1E+10,'%mr',1008),(3,NULL,_utf8mb4'文aüe',B'101101011',.5e1,_binary'�P��?iGD',1009),(4,130346963,_utf8mb4'o',B'10110011000',2,_binary'>�',1010),(5,1009121012,'ulé',0x4BD,123456789.125,NULL,1011),(6,1506013391,"f誠pz_表ÿ",B'1011001110',3.4e38,'d誠t漢',1012),(18,+778532551,'',857,0.1,_binary'(`\tJ��B6c',1013),(7,b'1000','\\séソi運',b'111011111',-1E+10,"ソ漢🦫😀létjjk",1014),(13,-1603546500,'ÿbm\e😀予_xx',818,0.1,X'221FCEE9B3BEDA15',1015),(8,NULL,'ün\\d',0x49B,1.5,'ümzü\nq\Zp	ckpüx\l',NULL),(9,196,'eésh',B'10101000001','7.5',x'dfd56ad250038c7082',1016),(10,0x7,'\ieor\k誠\"',2961,'7.5',null,1017),(11,1338021578,'',288,-2.25e-3,0x85bbdeb8e370982155d0,1018),(12,166,NULL,1503,0.1,X'2A8DED750E11',1019),(13,'1','wÿj',B'10100000101',3.4e38,X'DCD05964B66BF1F0B9794C248482FA',1020),(14,-417360354,'ßywqs十\nz',3631,-2.25e-3,x'4679dc679897c293',1021),(11,-979741531,'hxÿrソé表\\q',null,1.5,X'CADF5439550AD1E656',1022),(15,1661497542,"_k予Àsüpü",0x921,0.1,NULL,1023),(16,-1984292741,'h`ÿ\s',1518,.5e1,X'BB',1024),(17,316355565,null,b'11010100010',0.1,X'0CF9A5357983A96ED2',1025),(18,451666373,'%',B'11101011111',123456789.125,X'A284275038BC35D8C60888',null);
ALTER TABLE `fz1`.`t1` ADD COLUMN `a26` decimal(10,2);
SET NAMES utf8mb4;
SET sql_mode = 'PAD_CHAR_TO_FULL_LENGTH';
USE fz1;
/*!40101 SET character_set_results = latin1 */;
SET @@time_zone = '+13:00';
SET SESSION sql_mode = 'NO_BACKSLASH_ESCAPES';
REPLACE INTO `fz0`.`ws1` (`id`,`s`,`l`,`c`,ts,`q`) VALUES (2,'%h%übé	muÀßÿn',NULL,'pppp   ',NULL,-6473.966),(3,'t表rhqr±t','±ißüasg','jjj','2022-02-15 16:06:28',924.805);
INSERT INTO `ws1` VALUES (36,'séjwpevdzniéÿÿhcz	gp%ylsü','ßÀkbtw"±é','qqq  ','2001-10-15 04:19:15',-7659.627),(37,'zxüüvd±xühÀtzxÿo	kaqmÿdxe bß',"ngÀ",'xxx   ','2023-03-14 13:16:06',-8067.090),(38,'	edhßjü',' ','zzzz  ','2024-03-02 03:12:01',5885.308),(39,'vh','±i','y','2023-05-09 19:46:47',6194.049);
SET SESSION sql_mode = 'NO_BACKSLASH_ESCAPES,STRICT_TRANS_TABLES';
USE `fz0`;
SET NAMES utf8mb4;
REPLACE INTO `fz1`.`b42` (`id`,c0,`u`) VALUES (13,'-12:30:00.25',22),(14,'1 10:00:00',18),(15,'00:00:00.99',14),(16,'-12:30:00.25',18);
CREATE TABLE IF NOT EXISTS `fz1`.`log_b42` (n int AUTO_INCREMENT PRIMARY KEY, msg varchar(100));
DELIMITER ;;
CREATE TRIGGER `fz1`.`trg85` BEFORE INSERT ON `fz1`.`b42` FOR EACH ROW
BEGIN
  -- a comment; with a semicolon
  SET @trg = COALESCE(@trg, 0) + 1; /* counted */
  INSERT INTO `fz1`.`log_b42` (msg) VALUES ('before; insert'); # hash
END ;;
DELIMITER ;
CREATE TABLE `fz1`.`b279` (
  `id` bigint NOT NULL,
  `c0` smallint NOT NULL,
  `c1` timestamp(3) NULL,
  `c2` datetime,
  `c3` bigint unsigned,
  `c4` binary(6),
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
INSERT INTO `fz1`.`b279` (`id`,`c0`,`c1`) VALUES (5,048,'1970-01-02 12:00:00');
INSERT IGNORE INTO `fz1`.`b279` (id,`c0`,c1) VALUES (6,22313,'2021-03-28 02:30:00'),(7,152,'2000-10-29 01:30:00.25'),(7,+191,'2024-02-29 23:59:59.123'),(7,'12162','2000-10-29 01:30:00.25');
INSERT IGNORE INTO `fz1`.`b279` (`id`,`c0`,c1) VALUES (8,142,'2024-02-29 23:59:59.123'),(8,-22489,'2024-02-29 23:59:59.123'),(8,b'110110100001100','2000-10-29 01:30:00.25');
INSERT INTO `fz1`.`b279` VALUES (9,-12938,'2024-02-29 23:59:59.123','2024-01-01 00:00:00.5',168,_binary"~"),(10,-32530,'2000-10-29 01:30:00.25','2038-01-19 03:14:07.999999',TRUE,x'd36ff0');
INSERT INTO `fz1`.`b279` VALUES (11,13728,'1970-01-02 12:00:00','2038-01-19 03:14:07.999999',113,0xd8570b8b),(12,164.4,'2021-03-28 02:30:00',20240102030405,74.4,null);
/*!40014 SET UNIQUE_CHECKS=1 */;
INSERT IGNORE INTO `fz1`.`b279` VALUES (13,-45,'2000-10-29 01:30:00.25','2024-02-29 23:59:59.123456',125,x'065de24d1b'),(14,-7171,'1970-01-02 12:00:00','1000-01-01 00:00:00',null,x'eabc4ea4d2'),(15,-14653,'1970-01-02 12:00:00',20240102030405,975587653070403975,x'4ebd'),(16,-4742.4,'2038-01-18 03:14:07.9','2024-01-01 00:00:00.5',4029539998909477042,_binary"�"),(17,TRUE,'2038-01-18 03:14:07.9','2024-01-01 00:00:00.5',89e0,X'7D'),(18,-75.4,'1970-01-02 12:00:00',null,b'101000111111010100011010001011101110101100100011000110100001',X'F798'),(19,175.4,'2000-10-29 01:30:00.25','1000-01-01 00:00:00',4291217832292504793,x'1baa7eda19'),(20,14885,'2000-10-29 01:30:00.25',TIMESTAMP'2019-03-31 02:30:00',726889986379482956,x'6375c2ff14'),(21,-10515,'2000-10-29 01:30:00.25','2024-02-29 23:59:59.123456',2537898750375852496,x'fcd4a2'),(22,+85,'2038-01-18 03:14:07.9','1000-01-01 00:00:00',170e0,_binary"9.�"),(23,-32134,'2038-01-18 03:14:07.9',TIMESTAMP'2019-03-31 02:30:00',NULL,X'6EC1F0515C'),(24,67,'2021-03-28 02:30:00','2024-02-29 23:59:59.123456',NULL,X'8A8F7A3DBF5A'),(25,0x55,'2038-01-18 03:14:07.9',20240102030405,+699172690031527356,x'6857'),(26,-14625,'1970-01-02 12:00:00',TIMESTAMP'2019-03-31 02:30:00',NULL,x'2f'),(27,150,'2021-03-28 02:30:00',20240102030405,FALSE,0x56ce),(28,148.4,'2000-10-29 01:30:00.25','2024-01-01 00:00:00.5',FALSE,X'D7B7');
CREATE TABLE `fz0`.`ot14` (
  `id` int NOT NULL,
  `a` int DEFAULT NULL,
  `s` varchar(40) DEFAULT NULL,
  `ts` timestamp NULL DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `ka` (`a`)
) ENGINE=InnoDB;
INSERT INTO `fz0`.`ot14` VALUES (1000,61,'s653','2028-03-26 12:49:04'),(1001,13,'s636',NULL),(1002,132,'s885','2019-11-10 12:52:40'),(1003,-34,'s391',NULL);
/*!50003 SET @saved_sql_mode       = @@sql_mode */ ;
/*!50003 SET sql_mode              = 'PIPES_AS_CONCAT,ANSI_QUOTES,IGNORE_SPACE,ORACLE,NO_KEY_OPTIONS,NO_TABLE_OPTIONS,NO_FIELD_OPTIONS,NO_AUTO_CREATE_USER,SIMULTANEOUS_ASSIGNMENT' */ ;
DELIMITER ;;
CREATE PROCEDURE `fz0`.`op15`(x INT, n INT)
AS
  y INT := 2;
  z VARCHAR(20) := 'o;z';
BEGIN
  <<l1>>
  FOR i IN 1..n LOOP
    INSERT INTO `fz0`.`ot14` VALUES (x * 10 + i, y, 'o' || i, NULL);
  END LOOP l1;
  WHILE y < 4 LOOP
    y := y + 1;
  END LOOP;
  IF y > 3 THEN
    UPDATE `fz0`.`ot14` SET a = a + y WHERE id = x * 10 + 1;
  ELSIF y > 1 THEN
    NULL;
  ELSE
    NULL;
  END IF;
  INSERT INTO `fz0`.`ot14` VALUES (x * 10 + 1, 0, 'dup', NULL);
EXCEPTION
  WHEN DUP_VAL_ON_INDEX THEN
    INSERT INTO `fz0`.`ot14` VALUES (x * 10 + 9, -1, 'caught', NULL);
  WHEN OTHERS THEN
    NULL;
END
;;
DELIMITER ;
DELIMITER ;;
CREATE FUNCTION `fz0`.`of16`(x INT) RETURN INT
AS
  v INT := 0;
BEGIN
  v := x * 2;
  RETURN v + 1;
END
;;
DELIMITER ;
