-- difffuzz: the mariadb client and `dumpscope import` disagree on this script.
-- seed 80106, mode parallel (dumpscope import --parallel 3 --batch-bytes 2K), kind exit.
-- Shrunk from 225 statements and 1037 rows to 71 statements and 173 rows.
-- The original: go run ./scripts/difffuzz --dumpscope BIN --seed 80106 --count 1 --modes parallel
-- (line numbers in the detail below count from the first line after this header)
--
-- the client succeeded, dumpscope failed
--  client:    
--  dumpscope: ‚Ä¶z-682949247/script.sql on 3 connections
-- dumpscope: into root@localhost via /tmp/dumpscope-sandbox-470447981/mysqld.sock
-- dumpscope import: /tmp/difffuzz-682949247/script.sql: offset 1110, line 40: SELECT ‚Ä¶ INTO @c4 sets a user variable on one connection: the rest of the dump runs on one connection
-- 13:44:20  +0:01  68.7% 8.9 KiB SQL, 8.9 KiB/s, 129 rows/s, 6 tables done, fz0.t3
-- dumpscope import: /tmp/difffuzz-682949247/script.sql: offset 9421, line 144: INSERT `t2`: record the intent of a statement on a non-transactional table: CHECKSUM TABLE `fz0`.`√ë``√±3`, `fz0`.`t1`, `fz0`.`t2`, `fz0`.`t3`, `fz0`.`tk12`: Error 1064 (42000): You have an error in your SQL syntax; check the manual that corresponds to your MariaDB server version for the right syntax to use near '√±3`, `fz0`.`t1`, `fz0`.`t2`, `fz0`.`t3`, `fz0`.`tk12`' at line 1
-- dumpscope: failed in 0:02: 9.2 KiB of SQL, 67 statements, 129 rows (5.7 KiB/s, 79 rows/s)
-- dumpscope: everything up to offset 9421 of /tmp/difffuzz-682949247/script.sql was executed (statements after it were not sent)
-- dumpscope: the server raised 4 warnings (silent truncation or conversion shows here):
--   offset 6495, line 83: Warning 1292: Truncated incorrect INTEGER value: '7x'
--   offset 7118, line 98: Warning 1062: Duplicate entry '61' for key 'PRIMARY'
--   offset 7118, line 98: Warning 1062: Duplicate entry '64' for key 'PRIMARY'
--   offset 7118, line 98: Warning 1062: Duplicate entry '61' for key 'PRIMARY'
-- dumpscope: resumable; continue with:
--   dumpscope import --resume --checkpoint /tmp/difffuzz-682949247/script.sql.dumpscope-checkpoint --no-defaults -u root -S /tmp/dumpscope-sandbox-470447981/mysqld.sock --no-advisor --no-tui --default-character-set utf8mb4 --allow-system-schemas --parallel 3 --batch-bytes 2K /tmp/difffuzz-682949247/script.sql
-- dumpscope: dumpscope_progress kept for --resume; to give up the resume: DROP DATABASE dumpscope_progress
-- verdict: inconclusive: the server was not sampled (--no-advisor, or the advisor could not connect)

SET NAMES utf8mb4;
CREATE DATABASE `fz0` DEFAULT CHARACTER SET latin1;
USE `fz0`;
CREATE TABLE `fz0`.`t1` (
  `id` int NOT NULL AUTO_INCREMENT,
  `c0` decimal(10,2),
  `c1` datetime(6),
  `c2` longblob,
  `c3` bigint unsigned,
  `c4` tinytext CHARACTER SET latin1,
  PRIMARY KEY (`id`)
) ENGINE=Aria DEFAULT CHARSET=utf8mb4;
CREATE TABLE `fz0`.`t2` (
  `id` int NOT NULL AUTO_INCREMENT,
  `c0` datetime(6),
  `c1` binary(6),
  `c2` decimal(30,10) NOT NULL,
  `c3` enum('1','2','10','a','b'),
  `c4` bigint,
  `c5` float,
  `u` int,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uk` (`u`)
) ENGINE=MyISAM DEFAULT CHARSET=utf8mb4;
CREATE TABLE `fz0`.`t3` (
  `id` int NOT NULL AUTO_INCREMENT,
  `c0` float,
  `c1` mediumint unsigned,
  `c2` decimal(5,0) unsigned,
  `c3` bigint unsigned,
  `c4` year NOT NULL,
  `c5` bigint,
  PRIMARY KEY (`id`),
  KEY `k1` (`c0`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
/*!40014 SET FOREIGN_KEY_CHECKS=0 */;
/*!40014 SET UNIQUE_CHECKS=0 */;
/*!40014 SET FOREIGN_KEY_CHECKS=1 */;
CREATE TABLE IF NOT EXISTS `fz0`.`sv` (n int AUTO_INCREMENT PRIMARY KEY, name varchar(40), v varchar(400));
SELECT COUNT(*) INTO @c4 FROM `fz0`.`t3`;
CREATE TABLE IF NOT EXISTS `fz0`.`sv` (n int);
GET DIAGNOSTICS @w = NUMBER;
INSERT INTO `fz0`.`sv` (name, v) VALUES ('w', @w);
CREATE TABLE `fz0`.`xc1` LIKE `fz0`.`t3`;
INSERT INTO `fz0`.`xc1` SELECT * FROM `fz0`.`t3`;
INSERT INTO `fz0`.`sv` (name, v) VALUES ('w', @w);
DROP TABLE IF EXISTS `fz0`.`rb9`;
CREATE TABLE `fz0`.`rb9` (
  `id` int NOT NULL,
  `a` int DEFAULT NULL,
  `s` varchar(40) DEFAULT NULL,
  `ts` timestamp NULL DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `ka` (`a`)
) ENGINE=InnoDB;
INSERT INTO `fz0`.`rb9` VALUES (1,100,'s731','2012-09-16 18:46:09'),(2,13,'s312','2015-10-09 03:07:03'),(3,-12,'s461',NULL);
DELIMITER ;;
CREATE FUNCTION `fz0`.`rf10`(x int) RETURNS int
    DETERMINISTIC
BEGIN
  DECLARE r int DEFAULT 0;
  DECLARE CONTINUE HANDLER FOR SQLSTATE '45000' SET r = r - 1000;
  BEGIN
    DECLARE r int DEFAULT x * 2;
    SET @rf_inner = r;
  END;
  IF x > 66 THEN
    SIGNAL SQLSTATE '45000';
  END IF;
  SET r = r + x + 1, @rf_calls = COALESCE(@rf_calls, 0) + 1;
  RETURN r;
END ;;
DELIMITER ;
INSERT INTO `fz0`.`rb9` (id, a, s) VALUES (4,`fz0`.`rf10`(12),'f');
SET @fv11 = `fz0`.`rf10`(44);
INSERT INTO `fz0`.`sv` (name, v) VALUES ('fv', CONCAT_WS(' ', @fv11, @rf_inner, @rf_calls));
INSERT INTO `t2` (`id`,c1,c2,`u`) VALUES (556,null,-75.5e0,1111),(0,_binary"ı",'22029.619',1112),(NULL,x'27ec37f7',89.5e1,1113),(559,_binary'”»â',-30073,1114),(560,x'db74d35f82e0',60395.90,1115),(561,0x4718f8,0xF47B,1116),(562,_binary'Ä24D´',0x71B2,1117),(0,_binary'Ëò',0x13702,1118),(564,null,'87512.784',1119),(565,0xf9a30584a37d,-989.123456789012,1120),(566,x'e324331223','85060.910',1121),(567,X'21C1E8',655.123456789012,1122),(0,0xf53979e0fb,0x5A23,1123),(569,0x09629f22ea,71.5e2,1124),(570,x'ad3dc1',84133,1125),(571,X'6732364C',-65.5e1,1126),(0,_binary'ÁZ+',88829,NULL),(573,0xbfdde9,480.123456789012,null),(NULL,_binary'¥◊j(`1',727.123456789012,NULL),(575,_binary'QÑã¸',70.5e2,1127),(599,x'4931',353.123456789012,1128),(600,x'324834',.760,1129),(NULL,0xe3ea,0x8602,1130),(602,_binary" ‚",'59949.646',1131),(651,_binary'j+\n',56584.12,1132),(698,x'e04e4345fa',-91703,NULL),(699,0xd70bb0,723.123456789012,1133),(NULL,0xbe,198.123456789012,1134),(729,x'888b',.830,1135),(0,x'dd18','-85858.937',1136),(0,null,84083,1137),(732,_binary'&⁄‡Æ',52.5e2,1138),(733,0x5f6a,87857,1139),(734,0x89,-0.5e2,1140),(735,x'6228',-92116,NULL),(736,X'C7C9D1FAFE',30210.76,1141),(737,x'edf6d4272ef5',.990,NULL),(738,_binary'Eç',84.5e2,1142),(739,x'6e157d',31.5e1,1143),(0,x'6148819d',-778.123456789012,1144),(741,x'ca88',.155,NULL),(788,x'f215b1',35119.75,null),(789,0xc94f64,-55146,1145),(815,X'94D766','-26585.923',1146),(863,0x07,0xEE62,1147),(902,_binary' ',-80528,1148),(903,_binary'8æ',-95500.09,1149),(904,x'180def61d5f4',-96.5e0,1150),(952,x'b6cb79',-35799.46,1151),(953,X'7C4A5A8E',0xCD33,1152),(954,x'e973',84.5e1,1153),(971,x'46e8fea7d768',-29.123456789012,null),(989,x'80c94d2c',38694,1154),(990,null,6859,1155),(991,x'3c',-3096.45,1156),(0,NULL,-56950.58,1157),(993,X'C23548E0',-481.123456789012,1158),(1029,X'9F85A29B',-70917,1159),(1030,x'e75b','-85152.306',1160),(1031,_binary'XQ“Ô',.421,1161),(1068,x'4053','71984.430',1162),(1069,x'3812',0xEC51,1163),(1070,_binary'B ¶‡',-14652.88,1164),(1071,x'643f84',18021.80,1165),(NULL,0x51,-72566,1166),(1073,x'01584421','88359.202',1167),(1119,x'aba67f',31513,1168),(1120,X'6A49BD1DED',-17678.24,1169),(NULL,_binary'™÷',28373.19,1170),(1122,0x9f,79016,1171),(1123,x'255746bda51a',-.125,1172),(1146,X'17',163.123456789012,1173),(0,X'DBFF2489038B',-53003.82,1174),(1148,x'9145e19440',505.123456789012,1175);
SET GLOBAL time_zone = '+05:30', @@session.net_read_timeout = 45;
INSERT INTO `t3` (c0,`c1`,c2,`c3`,c4,`c5`) VALUES (3.4e38,0x67B614,0x13C02,071,70,128.4),(1.5,3240572,4875,4544345508112065269,'0',-157),(null,067,0x10FF8,'4207975627970257931',1901,155742907138125667);
INSERT INTO `fz0`.`t2` VALUES (0,TIMESTAMP'2019-03-31 02:30:00',_binary"àO",-4.5e0,'a',1083162172289227294,2,1177),(1224,20240102030405,x'99','-59673.871',3,223825342123502599,0.1,1178),(NULL,'1000-01-01 00:00:00',x'b2fffa82c6b4',69169.04,'10',null,-2.25e-3,1179),(1226,'2038-01-19 03:14:07.999999',x'67048a48bc12',97.5e2,'1',1645712166215165702,1e-30,1180),(1227,'2038-01-19 03:14:07.999999',NULL,-28896.43,'2',0x49,.5e1,1181),(1228,'2024-02-29 23:59:59.123456',x'ad9a',71267,5,FALSE,1e-30,1182),(1229,NULL,0xf3,0x12612,'10',0x13B548D61E14515A,'7.5',1183),(1230,NULL,0xb223a4488b,-31.5e0,1,-1908936167508182947,0,1184),(1231,'2024-02-29 23:59:59.123456',_binary'Uíì',-19.123456789012,'B',1963063922332549527,-1E+10,1185),(1232,'2038-01-19 03:14:07.999999',X'C526CC',0x8395,3,188e0,1e-30,1186),(1265,'1000-01-01 00:00:00',_binary'Ç¸^°',35660,'a',1,NULL,1187),(NULL,TIMESTAMP'2019-03-31 02:30:00',x'c3b61c73',15522,'a',NULL,0,1188),(1267,'2024-02-29 23:59:59.123456',X'E55F58',0x6D64,'1',-188,2,1189),(1268,'2024-01-01 00:00:00.5',x'40fa8aea72d1',72.5e1,'B',b'10110',2,1190),(1269,'2024-01-01 00:00:00.5',X'A2CF81FED9',-30309.52,'2',+175,-2.25e-3,1191),(1270,20240102030405,_binary'≠',14250,3,-105,2,1192),(NULL,'2024-02-29 23:59:59.123456',_binary'',25857,'B',1849967119547729178,3.4e38,1193);
INSERT INTO `fz0`.`sv` (name, v) VALUES ('global', CONCAT_WS(' ', @@global.lock_wait_timeout, @@global.net_read_timeout, @@global.time_zone, @@global.sql_mode));
SELECT COUNT(*) INTO @c194 FROM `fz0`.`t1`;
SELECT CAST('7x' AS SIGNED) INTO @d195;
SET @w = @@warning_count;
INSERT INTO `fz0`.`sv` (name, v) VALUES ('w', @w);
CREATE TABLE `fz0`.`√ë``√±3` (
  `i d` int NOT NULL,
  `desc` int,
  `s s` varchar(30),
  PRIMARY KEY (`i d`)
) ENGINE=MyISAM DEFAULT CHARSET=utf8mb4;
INSERT INTO `fz0`.`√ë``√±3` VALUES (1,-418.4,'ü¶´uis√º√ºt'),(2,170e0,'\awÊº¢‰∏≠wj');
/*!40014 SET UNIQUE_CHECKS=0 */;
INSERT INTO `fz0`.`t3` VALUES (58,2,107e0,85511,null,'2024',1894461748188602182);
REPLACE INTO `t3` (id,c4) VALUES (59,1999),(60,99),(59,2155),(58,1999);
DELETE FROM `fz0`.`t3`;
INSERT INTO t3 (`id`,`c4`) VALUES (61,99),(62,99),(63,0);
INSERT IGNORE INTO `t3` (`id`,`c4`) VALUES (64,70),(61,'2024'),(64,'0'),(61,1999);
INSERT INTO t3 VALUES (65,-2.25e-3,0x30,.223,0x12E3B80ED3BA8216,1901,NULL),(66,1e-30,+15363595,44735,b'1111000',0,b'110011');
INSERT INTO `t3` (`id`,`c4`) VALUES (67,99),(68,70),(69,2155);
/*!40014 SET UNIQUE_CHECKS=1 */;
START TRANSACTION;
INSERT INTO `fz0`.`sv` (name, v) VALUES ('in_tx', @@in_transaction);
ROLLBACK;
CREATE TABLE IF NOT EXISTS `fz0`.`log_t2` (n int AUTO_INCREMENT PRIMARY KEY, msg varchar(100));
CREATE TRIGGER `fz0`.`trg196` AFTER INSERT ON `fz0`.`t2` FOR EACH ROW INSERT INTO `fz0`.`log_t2` (msg) VALUES (CONCAT('row ', COALESCE(NEW.`id`, 'null')));
CREATE TABLE `fz0`.`tk12` (
  `id` int NOT NULL,
  `a` int DEFAULT NULL,
  `s` varchar(40) DEFAULT NULL,
  `ts` timestamp NULL DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `ka` (`a`)
) ENGINE=MyISAM;
INSERT INTO `fz0`.`tk12` VALUES (1,-19,'s641','2012-08-09 02:27:04'),(2,111,'s969','2027-07-15 00:12:45'),(3,107,'s401',NULL);
CREATE TEMPORARY TABLE `fz0`.`tk12` (
  `id` int NOT NULL,
  `a` int DEFAULT NULL,
  `s` varchar(40) DEFAULT NULL,
  `ts` timestamp NULL DEFAULT NULL,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB;
PREPARE tps14 FROM 'INSERT INTO `fz0`.`tk12` VALUES (1000, 34, ''t905'', NULL),(1001, 122, ''t40'', NULL),(1002, 72, ''t14'', NULL),(1003, 13, ''t827'', NULL),(1004, -27, ''t89'', NULL),(1005, -15, ''t868'', NULL),(1006, 33, ''t189'', NULL)';
EXECUTE tps14;
DEALLOCATE PREPARE tps14;
INSERT INTO `fz0`.`sv` (name, v) VALUES ('tmp', (SELECT CONCAT_WS(' ', COUNT(*), SUM(`a`), MAX(`id`), GROUP_CONCAT(`s` ORDER BY `id`)) FROM `fz0`.`tk12`));
UPDATE `fz0`.`tk12` SET `a` = `a` + 9 WHERE `id` % 3 = 0;
SET STATEMENT max_statement_time = 0 FOR SELECT CONCAT_WS(' ', COUNT(*), SUM(`a`)) INTO @tv15 FROM `fz0`.`tk12`;
INSERT INTO `fz0`.`sv` (name, v) VALUES ('tv', @tv15);
INSERT INTO `fz0`.`tk12` VALUES (4,128,'s724','2013-11-09 09:49:59');
/*!40014 SET FOREIGN_KEY_CHECKS=1 */;
DROP TABLE `fz0`.`t3`;
DROP TABLE IF EXISTS `fz0`.`t3`;
CREATE TABLE `fz0`.`t3` (
  `id` bigint NOT NULL,
  `c0` tinytext CHARACTER SET latin1,
  `u` int,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uk` (`u`)
) ENGINE=MyISAM DEFAULT CHARSET=utf8mb4;
CREATE TABLE `fz0`.`copy197` ENGINE=InnoDB AS SELECT * FROM `fz0`.`t2`;
SET CHARACTER SET sjis;
SET unique_checks = 1;
INSERT INTO `t2` (id,c0,`c2`,`c3`,`c4`,`c5`,`u`) VALUES (1789,'2024-01-01 00:00:00.5',16.5e1,'b',2286421995478909652,0.1,1198),(1790,TIMESTAMP'2019-03-31 02:30:00',6475.34,'a',2211320982478280225,-2.25e-3,1199),(1791,'2024-02-29 23:59:59.123456','84073.475',1,0x193A1A1721F7F848,2,1200),(0,'1000-01-01 00:00:00',2.5e2,3,-160,1e-30,1201),(0,'2038-01-19 03:14:07.999999',-61.5e2,'B',-1587370964679743525,1e-30,1202),(1819,'2038-01-19 03:14:07.999999',21073.41,3,-1960263664583772473,0,1203),(0,'2024-02-29 23:59:59.123456',97064,'10',-38.4,0,1204),(1821,NULL,59.5e1,'B',-1745669611487773626,1.5,NULL),(NULL,TIMESTAMP'2019-03-31 02:30:00',0x7CA3,3,-1953462775817602725,-0.0,1205),(1823,'2024-02-29 23:59:59.123456',29.5e0,5,'54',0,1206),(NULL,'2038-01-19 03:14:07.999999',-.294,'a',022,'7.5',1207),(1825,TIMESTAMP'2019-03-31 02:30:00',81034.32,1,-22,1e-30,1208),(1826,'2024-02-29 23:59:59.123456',8.5e2,'b',+179,1.5,1209),(1827,'1000-01-01 00:00:00',89064,'B',-73.4,-0e0,1210),(1828,'2038-01-19 03:14:07.999999',929.123456789012,null,FALSE,1.5,null),(1829,'2024-02-29 23:59:59.123456','43986.910','b',NULL,1.5,1211),(1830,'2024-01-01 00:00:00.5',-.773,5,'327039466595286849',0,null),(1831,'2024-02-29 23:59:59.123456','72793.719',1,399354028455401463,null,1212),(1832,'1000-01-01 00:00:00',0xEE05,'b',129,3.4e38,NULL),(1833,'2024-01-01 00:00:00.5','30818.825',5,-27,3.4e38,1213),(1834,'1000-01-01 00:00:00',902.123456789012,'2',087,-2.25e-3,1214),(1835,'2024-02-29 23:59:59.123456',156.123456789012,1,'515512644509002538',123456789.125,1215),(1836,'1000-01-01 00:00:00',0x40E0,'b',23.4,1e-30,1216),(1837,'1000-01-01 00:00:00',-15.5e2,3,TRUE,1.5,1217),(1838,'2024-02-29 23:59:59.123456',-.303,3,+1068094120150758887,1.5,1218),(1866,'1000-01-01 00:00:00',614.123456789012,'a',NULL,0.1,1219),(1867,'2024-02-29 23:59:59.123456',792.123456789012,'10',FALSE,.5e1,1220),(1868,'2024-01-01 00:00:00.5','-45013.922','B',79,0.1,1221),(1869,TIMESTAMP'2019-03-31 02:30:00',-23416,'a',122,0,NULL),(NULL,20240102030405,-409.123456789012,'1',-912614833164340066,3.4e38,1222),(0,'2038-01-19 03:14:07.999999',-52.5e0,'b',null,1e-30,1223),(1872,'1000-01-01 00:00:00','86920.306',5,-3,1e-30,1224),(1873,'2024-01-01 00:00:00.5',.331,'1',126,.5e1,1225),(1874,20240102030405,44.5e2,'10',0x92,3.4e38,1226),(1875,NULL,114.123456789012,'b',-1700868072121512011,-2.25e-3,NULL),(0,'2024-01-01 00:00:00.5',0x17A66,'2',-2169963289453755653,2,null),(1877,TIMESTAMP'2019-03-31 02:30:00','-21571.531','2',68e0,0,1227),(1878,'2024-01-01 00:00:00.5',.123,'b',1086167020260005591,.5e1,NULL),(1879,'2038-01-19 03:14:07.999999',.385,'2',669943872966628042,'7.5',1228),(1880,20240102030405,-83620,'2',-307681982539417794,123456789.125,1229),(1881,'2024-02-29 23:59:59.123456',-445.123456789012,'1',-2038592250511078171,2,1230),(1882,'2038-01-19 03:14:07.999999',93399,'10',154.4,1e-30,NULL),(1883,'2024-02-29 23:59:59.123456','-54250.146','1',-1503578838180331982,1.5,1231),(1884,'1000-01-01 00:00:00',6918,5,1495463690019190521,1.5,1232),(1885,TIMESTAMP'2019-03-31 02:30:00',679.123456789012,'b',-769986631041948147,.5e1,1233),(1899,TIMESTAMP'2019-03-31 02:30:00',13379,1,+133,.5e1,1234),(1909,TIMESTAMP'2019-03-31 02:30:00',39233,3,183,2,1235),(1928,TIMESTAMP'2019-03-31 02:30:00',729.123456789012,3,-45,1e-30,1236),(1929,'2024-01-01 00:00:00.5',-606.123456789012,null,-157.4,-0.0,1237),(1930,'2024-02-29 23:59:59.123456',28402,'2',b'1101110',0.1,1238),(1931,TIMESTAMP'2019-03-31 02:30:00',-.882,3,175e0,1e-30,1239),(1940,'2024-02-29 23:59:59.123456',29.5e0,'10',-13.4,-1E+10,null);
CREATE TABLE `fz0`.`t240` (
  `id` int,
  `c0` geometry,
  `c1` geometry,
  `c2` date,
  `c3` binary(6),
  `c4` set('1','2','4','x'),
  `u` int,
  UNIQUE KEY `uk` (`u`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
SET @v241 = (SELECT COUNT(*) FROM `fz0`.`copy197`);
START TRANSACTION WITH CONSISTENT SNAPSHOT;
