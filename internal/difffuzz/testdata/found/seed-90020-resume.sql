-- difffuzz: the mariadb client and `dumpscope import` disagree on this script.
-- seed 90020, mode resume (dumpscope import --parallel 2 --batch-bytes 2K --checkpoint JOURNAL), kind exit.
-- Shrunk from 162 statements and 902 rows to 162 statements and 902 rows.
-- The original: go run ./scripts/difffuzz --dumpscope BIN --seed 90020 --count 1 --modes resume
-- (line numbers in the detail below count from the first line after this header)
--
-- the client succeeded, dumpscope failed
--  client:    COUNT(*)	MAX(`id`)
-- 8	10
--  dumpscope: dumpscope: resume: reading /tmp/difffuzz-662343429/script.sql up to offset 15935 to check it is the dump that was committed…
-- dumpscope: resuming run 15ce32b77faffeaa29e93d8c5f88f64b: 15.4 KiB of statements committed (furthest offset 15935) are skipped; the rest is sent
-- dumpscope: importing /tmp/difffuzz-662343429/script.sql on 2 connections
-- dumpscope: into root@localhost via /tmp/dumpscope-sandbox-572198505/mysqld.sock
-- dumpscope import: /tmp/difffuzz-662343429/script.sql: offset 1795, line 34: a prepared statement lives in one connection: the rest of the dump runs on one connection
-- dumpscope import: /tmp/difffuzz-662343429/script.sql: offset 15935, line 162: XA START: ERROR 1400 (XAE09): XAER_OUTSIDE: Some work is done outside global transaction: XA START 'x40'
-- dumpscope: failed in 0:00: 15.6 KiB of SQL, 8 statements, 277 rows (183.9 KiB/s, 3274 rows/s)
-- dumpscope: everything up to offset 15935 of /tmp/difffuzz-662343429/script.sql was executed (statements after it were not sent)
-- dumpscope: resumable; continue with:
--   dumpscope import --resume --checkpoint /tmp/difffuzz-662343429/script.journal --no-defaults -u root -S /tmp/dumpscope-sandbox-572198505/mysqld.sock --no-advisor --no-tui --default-character-set utf8mb4 --allow-system-schemas --parallel 2 --batch-bytes 2K /tmp/difffuzz-662343429/script.sql
-- dumpscope: dumpscope_progress kept for --resume; to give up the resume: DROP DATABASE dumpscope_progress
-- verdict: inconclusive: the server was not sampled (--no-advisor, or the advisor could not connect)

SET NAMES utf8mb4;
CREATE DATABASE `fz0`;
CREATE DATABASE `fz1`;
USE `fz0`;
DROP TABLE IF EXISTS `fz0`.`t1`;
CREATE TABLE `fz0`.`t1` (
  `id` bigint NOT NULL,
  `c0` enum('1','2','10','a','b'),
  `c1` bit(1),
  `c2` json,
  `c3` bigint unsigned,
  PRIMARY KEY (`id`)
) ENGINE=MyISAM DEFAULT CHARSET=utf8mb4;
CREATE TABLE `fz1`.`b2` (
  `id` bigint NOT NULL,
  `c0` varchar(64) NOT NULL,
  `c1` geometry,
  `c2` char(12) NOT NULL,
  `c3` smallint,
  `c4` decimal(10,2) NOT NULL,
  `u` int,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uk` (`u`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
/*!40014 SET FOREIGN_KEY_CHECKS=0 */;
/*!40014 SET UNIQUE_CHECKS=0 */;
INSERT INTO `fz1`.`b2` VALUES (1,'sul`\\cr',ST_GeomFromText('POINT(1 2)'),'',23582,58064,NULL);
INSERT IGNORE INTO `fz1`.`b2` VALUES (2,'表運j文🦫',POINT(3, 4.5),'中ß',-27925,0xC572,6),(1,'ÿz',ST_PointFromText('POINT(-1 0)'),'中ü😀',3221,0xAC62,17),(1,'ut十運um',ST_PointFromText('POINT(-1 0)'),'ü',189e0,45.123456789012,23),(2,_utf8mb4"運i予yß誠fÀ",ST_PointFromText('POINT(-1 0)'),"\_",19239,-.681,7);
TRUNCATE TABLE `fz1`.`b2`;
INSERT INTO `fz1`.`b2` (`id`,`c0`,`c2`,`c4`) VALUES (3,'j予\r予漢d十À予b',"eÀk",.31),(4,'±agxl誠ソbx表','r表q',229.123456789012);
INSERT IGNORE INTO `fz1`.`b2` VALUES (5,'\t',POINT(3, 4.5),'iof',TRUE,0x1A4F,28),(6,'中Àüt±akdlÿee',POINT(3, 4.5),'表q',-25732,-90256.62,12),(3,'ソbl\0表ソa',ST_PointFromText('POINT(-1 0)'),'i',null,.945,17),(6,"Àzlui",ST_PointFromText('POINT(-1 0)'),'u表%能',076,-80.5e2,26);
INSERT INTO `fz1`.`b2` (id,`c0`,`c2`,`c4`) VALUES (7,'ij中','ソv誠',13281.06),(8,'ujh表','\k',-76.5e0);
INSERT INTO `fz1`.`b2` (`id`,`c0`,`c2`,`c4`) VALUES (9,'運d','十d',49.5e0),(10,'wmi能q誠Àソc','',.910),(11,'axd予 😀rs運üÿß','\l能','83560.044');
PREPARE s3 FROM 'SET completion_type = 1';
EXECUTE s3;
START TRANSACTION;
INSERT INTO `t1` VALUES (1,'10',b'1','3.25',98),(2,'a',b'1','3.25',+3389270867492409235),(3,'B',b'0',null,108),(4,1,1,JSON_OBJECT('k', 1),b'1110'),(5,'1',0x1,NULL,'21'),(6,NULL,b'0','"str"',83),(7,'2',B'1',JSON_OBJECT('k', 1),null),(8,'1',1,null,'3845922977959102629'),(9,'1',NULL,'{"k": {"n": [true, false]}}','4403643345631795537'),(10,1,b'0','{"a": 1}',18e0),(11,3,B'0','null',0x51),(12,'1',b'1','"str"',TRUE),(13,3,0,'{"a": 1}',+45),(14,'a',B'0','null',2412333938372096879),(15,'b',0x0,'{"k": {"n": [true, false]}}',156);
INSERT INTO `fz1`.`b2` VALUES (12,_utf8mb4'  漢é\r漢漢😀éh😀',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),"wkg",TRUE,98.5e2,1004),(13,_utf8mb4'c漢rÿr誠予ソ😀表ml',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),'\0😀n',-15029.4,-93732,1005),(14,'"su十\fd',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),'zt;',-9598,'67657.351',1006);
INSERT INTO `t1` VALUES (16,3,b'0','{"a": 1}',4483439025751625408),
(17,5,B'0','[1, "x;y", null]',+192),
(18,5,0x1,null,null),
(19,'2',B'0',JSON_OBJECT('k', 1),0x2E),
(20,'B',0,'[1, "x;y", null]',TRUE),
(21,'b',B'0',JSON_OBJECT('k', 1),null),
(22,3,b'0','{"a": 1}',2510280883291000542),
(23,'a',1,'3.25',null),
(24,3,null,NULL,+3467186111390423843),
(25,'b',b'1','null',186),
(26,'B',b'1',JSON_OBJECT('k', 1),2266805047367844910),
(27,'a',B'1',JSON_OBJECT('k', 1),652375223205233319),
(28,null,0,'null',105),
(29,'b',0,'3.25',b'1011001010110000011000101000000000110111011010001000000101110'),
(30,'2',null,'null',3650325255665634522),
(31,'10',b'1','null',FALSE),
(32,1,B'0',JSON_OBJECT('k', 1),2245934185448341140),
(33,'B',0x0,'"str"','94'),
(34,'2',B'1','{"a": 1}',FALSE),
(35,NULL,b'0','{"k": {"n": [true, false]}}',3205225255593122267),
(36,'a',B'1',JSON_OBJECT('k', 1),FALSE),
(37,3,0,NULL,47405423345999098),
(38,1,B'0','"str"',422095465183654569),
(39,'1',b'0','null',+4014051658155654439),
(40,'B',0x0,'{"a": 1}',34),
(41,'b',NULL,'[1, "x;y", null]',0x6C),
(42,null,0x1,'3.25',4396121284940928174),
(43,'B',B'0','null','182'),
(44,'1',0x0,'null',155.4),
(45,'a',1,JSON_OBJECT('k', 1),209039297825641325),
(46,'10',B'1','"str"','155'),
(47,'a',0,'"str"',FALSE),
(48,1,b'1','"str"',null),
(49,3,B'1','{"k": {"n": [true, false]}}',103),
(50,'10',0,'"str"',0x59),
(51,5,0x1,'[1, "x;y", null]',94),
(52,'10',0x0,'3.25',171.4),
(53,3,b'0','null',45),
(54,'10',b'1','{"a": 1}',227819179799440698),
(55,5,B'1','3.25',2610878861964267127),
(56,5,null,'{"a": 1}',130),
(57,'a',b'1','{"a": 1}',FALSE),
(58,'B',0x0,'{"a": 1}','642485208516130201'),
(59,null,b'0','{"a": 1}',FALSE),
(60,'10',B'0','null',194),
(61,1,1,'"str"',1247982994650923033),
(62,'2',B'1','3.25',143201970846125510),
(63,'1',0x0,'3.25',b'11001100010110000111110010000011011110110001111010000010011011'),
(64,5,0,null,'1184959302439204650'),
(65,'b',0x0,'"str"',926817932083314995),
(66,'a',b'0',JSON_OBJECT('k', 1),2572474508212502170),
(67,'2',0x1,'3.25',115),
(68,3,0x1,'3.25',37),
(69,'1',0x0,'{"a": 1}',138.4),
(70,5,0x0,'3.25',183),
(71,'a',B'1','3.25','137');
COMMIT;
INSERT IGNORE INTO `fz1`.`b2` VALUES (15,"ßbxuzÿßmsr誠d",ST_GeomFromText('POINT(1 2)'),"éi十",'137',0x137B1,17),(16,'f\'i能"漢cn誠😀jÀ',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),'能',29873,70146,3),(17,'zs',ST_PointFromText('POINT(-1 0)'),"poph",104,47403,34),(18,'gh中±中文c',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),_utf8mb4'十',-32381,0x63DC,18),(19,"mj\b中",ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),'',0x2603,.717,7),(20,'文十ソro\q',null,'éz誠',117,28270,23),(21,'üb/*okué\b運ソps',null,'\0s😀','-10088',57110,29),(22,'qk hkx能xnßx',POINT(3, 4.5),'k',-367,98402,7),(23,'/*予誠-- ',POINT(3, 4.5),'文予十c',0xBF,0x9C88,37),(24,'ソ',null,'',127.4,0xAF70,30),(25,_utf8mb4'ソ',ST_GeomFromText('POINT(1 2)'),'-- hm',-174,-830.123456789012,35),(26,'wm表h能yéd🦫rn',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),"誠\vx""",327670,29868,22),(27,'😀À予xastg"',ST_PointFromText('POINT(-1 0)'),'ソx\ud',0x36D1,11223.54,15),(28,'🦫Àfÿd😀',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),'fg',+156,0x111FD,null),(29,'ddlソgq🦫',ST_GeomFromText('POINT(1 2)'),"文dü能",1,.260,38),(30,"xjyj能",ST_GeomFromText('POINT(1 2)'),'ソ',-123,27.5e0,22),(31,N'\Z漢',ST_PointFromText('POINT(-1 0)'),'😀Àu',-2270.4,-84837,24),(32,'ソlÀvÿv予u',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),_utf8mb4'wrdm',28,-75.5e0,6),(33,N'漢±予z能',ST_PointFromText('POINT(-1 0)'),'ri	ü','21',-969.123456789012,31),(34,'',ST_PointFromText('POINT(-1 0)'),'ec',+29373,42076,null),(35,'comheérjÀ',ST_PointFromText('POINT(-1 0)'),'文n',+11004,0xFDA3,10),(36,'🦫b',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),'🦫',-23108,'96814.515',24),(37,'漢g🦫十z±ソ予p',POINT(3, 4.5),'\%``',-92,405.123456789012,35),(38,'w文etÿcv',POINT(3, 4.5),N'bÿq',-29788,53807.24,34),(39,'rtkrm''fn表\b\_',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),'\'',TRUE,-.945,17),(40,'xkf中\r\m±文',ST_GeomFromText('POINT(1 2)'),'能lxu',052,30201,28),(41,'中_w🦫Àv#',ST_PointFromText('POINT(-1 0)'),'漢ソ',7575,'72993.069',39),(42,'kk ',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),'能x誠',b'10011100',-19017.85,20),(43,'é中b\oソ😀',ST_PointFromText('POINT(-1 0)'),"su;漢",-9133,0x8B66,29),(44,'po±漢',ST_GeomFromText('POINT(1 2)'),'ße',-5440,0x880F,22),(45,'ソté😀pioé中誠漢能',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),'十',-174,160.123456789012,NULL),(46,'',ST_PointFromText('POINT(-1 0)'),'s','-32170',.35,NULL),(47,'`i',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),'😀	',2119,580.123456789012,16),(48,'wa',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),'c文d十',null,-31.5e0,22),(49,'表iqx\baa\Z😀a🦫À',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),'文',-8437,'-23199.488',39),(50,'誠a運',ST_PointFromText('POINT(-1 0)'),'誠誠',95,69814.92,31),(51,'voy能;\t漢rl中',ST_PointFromText('POINT(-1 0)'),'p',null,-72667,16),(52,'ÿohhw文ソ\ti🦫中',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),'sli',89,81.5e1,36),(53,'ss中uu😀Àソ',ST_PointFromText('POINT(-1 0)'),'',57e0,0x8388,22),(54,"ikf文üq漢",POINT(3, 4.5),'uz',115.4,677.123456789012,36),(55,N'éa文k誠uü_',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),_utf8mb4'sü',NULL,-73062.91,13),(56,'wegq\s予l',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),'h\% b','50',99380.48,null),(57,"\w漢ßソ",ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),_utf8mb4'u',0xB4,.224,7),(58,'十予±cé\rn',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),'\né十',-19237,77846,34),(59,'qshqa',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),'qm"z',139,0xFDF,1),(60,'%ley\fÀ表十u中h',POINT(3, 4.5),'ß',TRUE,-150.123456789012,21),(61,'rméxtp漢lk文',NULL,'mソ',142.4,90.5e1,6),(62,_utf8mb4'küja表ü😀n',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),'eh',-28552,.687,39),(63,'十漢ソp\%yehj漢中y',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),'誠±q中',-79,49812.47,38),(64,"中表y漢t",ST_PointFromText('POINT(-1 0)'),'übü',b'111000',107.123456789012,32),(65,"\ov\bg\\z`",ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),'é#i表',26181,'3386.872',6),(66,'🦫🦫',null,'gÿ予x',-27652,-26783,29),(67,'a表i',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),'t',56,686.123456789012,37),(68,'#能iii#w\\',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),'t',178,-27009,9),(69,_utf8mb4"",ST_GeomFromText('POINT(1 2)'),'ca`i',92,-96926.45,19),(70,'',null,'x±',-26330,0x7239,27),(71,'t十中運ésm',ST_GeomFromText('POINT(1 2)'),"ÿco",NULL,-799,20),(72,'ß',ST_GeomFromText('POINT(1 2)'),'ß',-184,-694.123456789012,22),(73,_utf8mb4'j表g🦫能ソ表',ST_PointFromText('POINT(-1 0)'),"ß",97,70.5e0,28),(74,'漢誠pr',NULL,'jß十🦫',25,33075.99,33),(75,'#ßhÿ\"qh',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),"😀",8359.4,0xDF33,12),(76,_utf8mb4'w予l\h表運f±xm中誠',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),_utf8mb4'oÿ中',-2042,84.5e1,35),(77,'±能',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),'ÿ中','17902',-14856.84,16),(78,'能a表ék中🦫k文文"ü',POINT(3, 4.5),'\Z',-76,.93,21),(79,"év±ß能ß",ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),'j',-120,28.5e2,null);
INSERT INTO `fz0`.`t1` (`id`,`c0`,`c2`,`c3`) VALUES (72,3,'{"k": {"n": [true, false]}}',3817230022121113250),(73,'B','null',596630427123490157),(74,'2','{"k": {"n": [true, false]}}',b'1100011'),(75,'1','"str"',0x31D942FC5122EABF),(76,'1','{"a": 1}','3327573305184087871'),(77,'a','null',614182198518861567),(78,'b',NULL,+3486035368499994036),(79,NULL,NULL,1944850379670422143),(80,1,'{"a": 1}',125.4),(81,5,'{"a": 1}',3432433709017223296),(82,'a','[1, "x;y", null]',0xC),(83,'2',JSON_OBJECT('k', 1),+149),(84,'10','{"k": {"n": [true, false]}}',+146134098702694192),(85,'10','"str"',TRUE),(86,'b','3.25',1636917497434234764),(87,'1',null,13),(88,'10','"str"',TRUE),(89,5,'"str"',0x25),(90,1,'3.25',+192),(91,'2','3.25',530477338826252983),(92,'b','{"a": 1}',158),(93,'2','"str"',650413948524190696),(94,3,'[1, "x;y", null]',161),(95,3,'{"k": {"n": [true, false]}}',50),(96,'a','[1, "x;y", null]',FALSE),(97,NULL,JSON_OBJECT('k', 1),2587555454973918533),(98,'B','null',NULL),(99,'B','3.25',67),(100,'1','null',51e0),(101,'b','null','123'),(102,'1','null',NULL),(103,5,'null',+93),(104,'b','null',1237617726506576360),(105,'10','"str"',119.4),(106,'b',NULL,b'11001011001110001100101100111111101101100111111100000100100000'),(107,'10','null',b'10111001'),(108,5,null,114e0),(109,'a','"str"',68),(110,'2','{"a": 1}',0x9A82F98A8F0E761),(111,5,'"str"',1992543770465191499),(112,'b','{"k": {"n": [true, false]}}',1581772561556014681),(113,'1','"str"',127),(114,1,'{"k": {"n": [true, false]}}',0x2C),(115,'b','3.25','2075484521918834519'),(116,1,'[1, "x;y", null]',2513805828151579010),(117,'b','[1, "x;y", null]',+1736355433082087),(118,1,'{"k": {"n": [true, false]}}',+385153152159670886),(119,'10',JSON_OBJECT('k', 1),2321474454497612510),(120,'10','3.25',193),(121,'a','{"a": 1}',8),(122,'a',NULL,186),(123,5,'{"a": 1}',28.4),(124,'a',NULL,0xB5),(125,'b','3.25',NULL),(126,5,'"str"',FALSE),(127,'2','3.25',3250990226275723455),(128,NULL,'3.25',83e0),(129,'1','3.25','139'),(130,'10','"str"',17),(131,NULL,'[1, "x;y", null]',b'1011010010001010000010110000001000101001101001100101000101111'),(132,'B','"str"',186.4),(133,'10','3.25',0x9C),(134,'10',null,NULL),(135,NULL,null,+138),(136,'b',JSON_OBJECT('k', 1),86),(137,3,'[1, "x;y", null]',+1358105622289419479),(138,'2','{"a": 1}',TRUE),(139,'10',null,111),(140,3,'[1, "x;y", null]',819436502025363399),(141,null,'"str"',143),(142,'b','null',194),(143,'1','null',96),(144,'B','{"a": 1}','121'),(145,3,'[1, "x;y", null]','191'),(146,3,'{"a": 1}',3859510451188822327),(147,'10','{"a": 1}',134),(148,'1','"str"','4'),(149,'b','{"k": {"n": [true, false]}}',NULL),(150,3,'3.25',178),(151,5,'null',TRUE),(152,'a','null',0xB1),(153,NULL,JSON_OBJECT('k', 1),3404168553225012728),(154,'2','{"k": {"n": [true, false]}}',49.4),(155,'B','"str"',135),(156,'a','3.25',b'1110010'),(157,'10','[1, "x;y", null]',0x254C8A7752C9439A),(158,NULL,'{"a": 1}',165),(159,5,'"str"',128);
EXECUTE IMMEDIATE 'SET completion_type = 0';
COMMIT;
INSERT INTO `fz1`.`b2` VALUES (80,'表🦫ソ;ü😀h',NULL,'p\b',21972,67.5e2,1007),(81,"é",ST_PointFromText('POINT(-1 0)'),'er',+19254,-.725,1008);
DROP TABLE IF EXISTS `fz0`.`t9`;
CREATE TABLE `fz0`.`t9` (
  `id` int NOT NULL AUTO_INCREMENT,
  `c0` binary(6),
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
CREATE TABLE IF NOT EXISTS `fz0`.`sv` (n int AUTO_INCREMENT PRIMARY KEY, name varchar(40), v varchar(400));
CREATE TABLE `fz0`.`rc1` (
  `id` int NOT NULL,
  `a` int DEFAULT NULL,
  `s` varchar(40) DEFAULT NULL,
  `ts` timestamp NULL DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `ka` (`a`)
) ENGINE=InnoDB;
INSERT INTO `fz0`.`rc1` VALUES (1,41,'s576','2012-03-28 17:59:02'),(2,83,'s954','2010-07-17 07:53:45'),(3,43,'s856','2021-11-25 19:44:40'),(4,-27,'s224','2021-06-19 05:16:53'),(5,15,'s115',NULL),(6,129,'s132','2018-02-20 20:32:08'),(7,-48,'s772','2020-10-08 05:42:41'),(8,59,'s384','2018-08-19 22:12:56'),(9,21,'s2',NULL),(10,107,'s933','2028-11-12 16:02:34'),(11,39,'s457','2012-01-18 04:11:48'),(12,100,'s882',NULL),(13,-32,'s608','2019-10-26 02:35:20'),(14,140,'s745',NULL),(15,-33,'s80',NULL),(16,120,'s764',NULL),(17,120,'s137','2018-07-03 19:36:32'),(18,74,'s944','2026-11-17 02:48:34'),(19,-7,'s235','2017-10-27 14:43:30'),(20,-8,'s490',NULL),(21,25,'s207','2011-04-11 18:16:32'),(22,-34,'s799',NULL),(23,111,'s462',NULL),(24,147,'s767','2016-09-26 12:08:38'),(25,114,'s825','2014-01-09 23:41:54'),(26,-13,'s634','2014-02-02 18:27:27'),(27,-43,'s814',NULL),(28,-2,'s475',NULL),(29,-1,'s752',NULL),(30,-11,'s610',NULL),(31,23,'s590',NULL);
CREATE TABLE `fz0`.`rcc2` (
  `id` int NOT NULL,
  `a` int DEFAULT NULL,
  `s` varchar(40) DEFAULT NULL,
  `ts` timestamp NULL DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `ka` (`a`)
) ENGINE=InnoDB;
DELIMITER ;;
CREATE PROCEDURE `fz0`.`rcp3`(IN p_min int, OUT p_sum int, OUT p_n int)
BEGIN
  DECLARE v_done int DEFAULT 0;
  DECLARE v_id, v_a int;
  DECLARE v_s varchar(40);
  DECLARE c_rows CURSOR FOR SELECT id, a, s FROM `fz0`.`rc1` WHERE a >= p_min ORDER BY id;
  DECLARE CONTINUE HANDLER FOR NOT FOUND SET v_done = 1;
  SET p_sum = 0, p_n = 0;
  OPEN c_rows;
  REPEAT
    FETCH c_rows INTO v_id, v_a, v_s;
    IF NOT v_done THEN
    SET p_sum = p_sum + COALESCE(v_a, 0), p_n = p_n + 1;
    INSERT INTO `fz0`.`rcc2` (id, a, s) VALUES (v_id, v_a, CONCAT(v_s, '+'));
    END IF;
  UNTIL v_done END REPEAT;
  CLOSE c_rows;
END ;;
DELIMITER ;
CALL `fz0`.`rcp3`(-28, @rc_sum, @rc_n);
INSERT INTO `fz0`.`sv` (name, v) VALUES ('cursor', CONCAT_WS(' ', @rc_sum, @rc_n));
CREATE TABLE `fz0`.`child10` (
  `id` int NOT NULL AUTO_INCREMENT PRIMARY KEY,
  `pid` int,
  `note` varchar(20),
  KEY `kp` (`pid`),
  CONSTRAINT `child10_fk` FOREIGN KEY (`pid`) REFERENCES `fz0`.`t9` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
DROP TABLE IF EXISTS `fz0`.`t11`;
CREATE TABLE `fz0`.`t11` (
  `id` int NOT NULL AUTO_INCREMENT,
  `c0` point NOT NULL,
  `c1` longblob,
  `c2` char(12) NOT NULL,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
XA START 'x40';
INSERT INTO `child10` VALUES (1,NULL,'運p	pt\\mckq\%\r'),(41,NULL,'運c'),(42,NULL,'±運nas\'mソ
cs'),(NULL,NULL,_utf8mb4'so表x中ソn\u'),(44,NULL,'r🦫qußlwd/*dlk'),(0,NULL,N'ソ十y誠'),(46,NULL,null),(47,NULL,'ソbqd±t\r\ty'),(0,NULL,'\tßÀq\p'),(NULL,NULL,''),(50,NULL,'文誠y\Z'),(51,NULL,'af'),(NULL,NULL,'予運noéy''ÿew表v'),(53,NULL,'"😀'),(54,NULL,''),(61,NULL,'é''誠a'),(65,NULL,_utf8mb4'ÿ能中ÿ'),(NULL,NULL,'pzgÿÀrlzé中ÿx'),(NULL,1,'表運sve文表ソÿ'),(68,NULL,_utf8mb4'oud能
wjvih'),(89,NULL,_utf8mb4'ügp``ta'),(90,NULL,'ソnvüe🦫±tß予中é'),(91,NULL,'\0'),(92,NULL,'ß誠iソÿgex文'),(0,NULL,'À'),(94,NULL,'%jlfß\'運c\\qy'),(95,NULL,'c🦫ü十±i表'),(0,NULL,'Àurbt/*\x"e'),(97,NULL,""),(133,NULL,'jo±uaß'),(134,NULL,_utf8mb4'l'),(135,NULL,'h'),(136,NULL,'ÿuébzdcl±Àl能'),(137,NULL,''),(NULL,NULL,'z漢'),(0,NULL,'mv/*pxc運ÿé'),(140,NULL,''),(141,NULL,"pj"),(142,NULL,'ci運ß表i±v;\nr中'),(143,1,'文能s\h😀a文'),(144,NULL,'éfkÀr/*ß/*'),(145,NULL,_utf8mb4'±y'),(146,NULL,' mpék'),(0,3,'ehé\n予表運c運±'),(NULL,NULL,'g±'),(149,NULL,"pdwqd"),(182,NULL,'h能漢oÿw\'\Zf十'),(183,NULL,'ep😀ソm中'),(184,NULL,'zj中'),(185,NULL,'\nlwff十;_'),(186,NULL,'ソ'),(NULL,NULL,'表ftskqv運中'),(0,NULL,_utf8mb4'_;'),(189,NULL,'jfß表'),(238,NULL,'\v"p'),(239,5,null),(240,3,'漢ß\bem'),(241,1,_utf8mb4'w\bßl運'),(NULL,NULL,'ソ😀文'),(243,NULL,'誠pgevp😀'),(NULL,NULL,'h文\tz\tr;漢w文'),(250,NULL,''''),(251,NULL,'e\Zvhze\'能'),(252,NULL,''),(297,NULL,'ck_'),(298,NULL,'À予hsuwnÀvyjo'),(299,3,_utf8mb4'j漢ou`y'),(300,NULL,null),(NULL,NULL,'c'),(302,NULL,'xjÿj'),(303,NULL,'eü'),(0,NULL,'ソrkl/*漢漢十w'),(305,NULL,'wqq'),(306,NULL,null),(0,NULL,'ソ\rß±p中kf%v'),(308,NULL,'表tq\uchrnx\0予漢'),(309,NULL,'holk文 lß🦫\0eß'),(310,NULL,"wnaqz運予d漢q😀🦫"),(0,NULL,'\\o文表Àÿ能\fj\n'),(312,NULL,"ßéfm誠q十"),(348,NULL," shkotuélcr'"),(NULL,4,'vce±l"üソac±t'),(NULL,NULL,_utf8mb4"k"),(351,NULL,_utf8mb4'😀表d運kßth\rvx'),(NULL,NULL,'rÀ'),(353,NULL,N'h予x中mrkp\az'),(361,NULL,'😀x\'vl'),(362,NULL,'ßÀ#üc中ku🦫\cv'),(363,NULL,null),(364,NULL,'t"l中py運中ni文u'),(NULL,NULL,_utf8mb4'誠運'),(366,NULL,'予rüÀo誠😀'),(367,NULL,'ß'),(368,2,"漢運ソsÿpy"),(369,NULL,'中yé十sソbfdkg\"'),(370,NULL,'中z運elf#'),(NULL,NULL,'nvq'),(0,NULL,_utf8mb4'十o誠a/*u\gqzd'),(0,NULL,'中oÿrÀ予e'),(374,NULL,null),(375,NULL,_utf8mb4'gi漢yjrÀhn'),(NULL,NULL,null),(377,NULL,'表中q\0/*誠`i'),(378,NULL,'kÀ'),(379,NULL,'ß'),(380,NULL,'p_ssÿzz誠ソjb');
XA END 'x40';
XA PREPARE 'x40';
XA COMMIT 'x40';
CREATE TABLE `fz0`.`rs4` (
  `id` int NOT NULL,
  `a` int DEFAULT NULL,
  `s` varchar(40) DEFAULT NULL,
  `ts` timestamp NULL DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `ka` (`a`)
) ENGINE=MyISAM;
SET @rs_old_tz = @@time_zone;
DELIMITER ;;
CREATE DEFINER=`root`@`localhost` PROCEDURE `fz0`.`rsp5`()
BEGIN
  SET time_zone = '-07:00';
  BEGIN
    DECLARE sql_mode CURSOR FOR SELECT id FROM `fz0`.`rs4`;
    SET time_zone = '+00:00';
    SET sql_mode = 'NO_ENGINE_SUBSTITUTION';
  END;
END ;;
DELIMITER ;
INSERT INTO `fz0`.`rs4` VALUES (1,-47,'s56','2015-09-15 15:12:48'),(2,127,'s938','2022-12-07 03:43:57');
CALL `fz0`.`rsp5`();
INSERT INTO `fz0`.`rs4` VALUES (3,92,'s221','2016-10-10 08:18:16'),(4,92,'s493','2021-03-14 02:15:28'),(5,-30,'s146','2011-09-21 08:38:20'),(6,43,'s583','2018-04-27 05:14:17'),(7,33,'s332','2012-07-18 18:02:55'),(8,-5,'s907','2027-07-16 01:31:59'),(9,104,'s30','2018-05-03 14:15:54'),(10,56,'s746','2013-07-12 10:29:30'),(11,16,'s21',NULL),(12,49,'s581','2024-02-05 17:00:35'),(13,4,'s808',NULL),(14,70,'s734','2014-06-10 15:09:19'),(15,0,'s906','2015-06-04 07:47:39'),(16,88,'s104',NULL),(17,-47,'s230','2023-05-28 13:05:35'),(18,3,'s226','2018-01-15 02:53:52'),(19,20,'s710','2026-12-05 05:09:27'),(20,-34,'s121','2029-08-08 20:43:11'),(21,57,'s197',NULL),(22,16,'s450',NULL);
INSERT INTO `fz0`.`sv` (name, v) VALUES ('shadow', CONCAT_WS(' ', @@time_zone, @rs_inner, @rs_tz, @rs_caught));
SET time_zone = @rs_old_tz;
INSERT INTO `fz0`.`t1` VALUES (160,5,B'0','3.25',83),(161,'1',0x0,'"str"',36e0),(162,1,B'0','"str"',0xBE),(163,'2',0x0,null,193),(164,'2',1,'[1, "x;y", null]','159'),(165,5,b'1','{"a": 1}',NULL),(166,'10',1,'"str"',698739680141805857),(167,5,0x0,'{"k": {"n": [true, false]}}','49'),(168,'1',b'1','[1, "x;y", null]','3633839516692798823'),(169,1,B'1','3.25',1329410660775392656),(170,'1',1,JSON_OBJECT('k', 1),FALSE),(171,'B',B'0','[1, "x;y", null]',0x3E7BCACCD58A72F2),(172,'10',B'0','{"k": {"n": [true, false]}}',833458370730384426),(173,5,0x0,'[1, "x;y", null]',+1046022043123727838),(174,'10',B'0',JSON_OBJECT('k', 1),'89'),(175,'a',null,'{"a": 1}',0x3BA9F07B2A00DD22),(176,'B',0,'[1, "x;y", null]',78),(177,null,b'1','null',30),(178,'10',B'0','"str"',b'1110011'),(179,3,NULL,'{"k": {"n": [true, false]}}',b'10111100'),(180,1,B'1',NULL,45.4),(181,'10',B'1','"str"',4437777263584646131),(182,'b',1,'{"a": 1}',0x79),(183,1,NULL,NULL,66e0),(184,'B',0x0,'[1, "x;y", null]','1953920377485939115'),(185,1,0x0,JSON_OBJECT('k', 1),+44015443987327692),(186,'a',0x1,JSON_OBJECT('k', 1),3987477601231338448),(187,5,0x0,JSON_OBJECT('k', 1),b'110100'),(188,'a',0,'{"a": 1}',NULL),(189,5,1,'[1, "x;y", null]',57175918893891395),(190,'10',B'1','3.25',FALSE),(191,'a',b'1','{"a": 1}',81),(192,'B',b'1',JSON_OBJECT('k', 1),45),(193,'B',B'0','{"a": 1}',156),(194,5,0,'null',1523679593293406754),(195,'a',b'1',JSON_OBJECT('k', 1),3427331366704911495),(196,3,b'1','null','232035857591411521'),(197,5,b'1','null',TRUE),(198,'1',1,'{"a": 1}',11),(199,'B',null,'{"a": 1}',614986603559350561),(200,'2',0x1,JSON_OBJECT('k', 1),21e0),(201,'a',B'0','"str"','71'),(202,'1',B'0','3.25',NULL),(203,NULL,B'0','"str"','175'),(204,'1',0,JSON_OBJECT('k', 1),44),(205,'a',0x0,JSON_OBJECT('k', 1),13e0),(206,5,b'1',JSON_OBJECT('k', 1),034),(207,'2',0x0,'null',12),(208,NULL,B'1','null',4425396819395968929),(209,'b',B'1','{"k": {"n": [true, false]}}',+1144028680854099225),(210,NULL,0,'{"k": {"n": [true, false]}}',1839081442085726640),(211,NULL,b'1','null',325865752822020104),(212,'2',1,null,0e0),(213,'2',0,'3.25','81'),(214,3,b'0',null,45),(215,'a',B'0',JSON_OBJECT('k', 1),20.4),(216,'a',0x1,'null',131.4),(217,5,0x0,JSON_OBJECT('k', 1),NULL),(218,'2',0,'null',b'1101001101000110110110101001100111010111010011100000010000001'),(219,'2',0,JSON_OBJECT('k', 1),TRUE),(220,'10',b'0',JSON_OBJECT('k', 1),NULL),(221,5,b'1','[1, "x;y", null]',+3411669271924260867),(222,3,null,null,1993672875288912093),(223,NULL,B'0','[1, "x;y", null]',2826838772776936554),(224,'a',0,'3.25',2310078099489373386),(225,'b',null,'"str"',0x13ABF77AF11B26A8),(226,'2',0,'null',185),(227,null,0x1,'null',+91),(228,'1',B'0','3.25',+81),(229,'10',1,'3.25',b'11000101'),(230,'B',b'1',NULL,82),(231,'a',1,'null',NULL),(232,'2',b'0','3.25',3034833395100666251),(233,5,B'0',null,22e0),(234,5,0x0,'{"k": {"n": [true, false]}}',+3273346287030293028),(235,5,b'0',NULL,57),(236,1,1,'null','2642720513053416387'),(237,1,null,JSON_OBJECT('k', 1),TRUE),(238,NULL,b'1','"str"',172),(239,5,b'1','{"k": {"n": [true, false]}}',null),(240,'10',1,'"str"',147),(241,'a',b'1',JSON_OBJECT('k', 1),0xBFDE1F1F8E80188),(242,'b',b'1','3.25',26208434269279504);
/*!40101 SET NAMES utf8 */;
ALTER TABLE `fz0`.`t1` DROP COLUMN `c0`;
SET @v12 = 263;
CREATE TABLE `fz0`.`rs6` (
  `id` int NOT NULL,
  `a` int DEFAULT NULL,
  `s` varchar(40) DEFAULT NULL,
  `ts` timestamp NULL DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `ka` (`a`)
) ENGINE=InnoDB;
SET @rs_old_tz = @@time_zone;
DELIMITER ;;
CREATE DEFINER=`root`@`localhost` PROCEDURE `fz0`.`rsp7`()
BEGIN
  BEGIN
    DECLARE sql_mode CURSOR FOR SELECT id FROM `fz0`.`rs6`;
    SET time_zone = '+05:45';
    SET sql_mode = 'NO_ENGINE_SUBSTITUTION';
  END;
END ;;
DELIMITER ;
INSERT INTO `fz0`.`rs6` VALUES (1,48,'s341','2015-02-04 04:58:50'),(2,-41,'s254',NULL),(3,-19,'s919','2012-06-28 07:53:59'),(4,129,'s75','2017-01-17 00:58:31'),(5,72,'s945','2014-07-08 12:07:46'),(6,-49,'s576','2011-02-27 14:59:37'),(7,86,'s182','2016-09-02 01:04:17');
CALL `fz0`.`rsp7`();
INSERT INTO `fz0`.`rs6` VALUES (8,74,'s770',NULL),(9,38,'s439',NULL);
INSERT INTO `fz0`.`sv` (name, v) VALUES ('shadow', CONCAT_WS(' ', @@time_zone, @rs_inner, @rs_tz, @rs_caught));
SET time_zone = @rs_old_tz;
INSERT INTO `fz0`.`child10` VALUES (519,NULL,'gdÿd予_nwl-- ');
REPLACE INTO `fz1`.`b2` (id,`c0`,`c1`,`c2`,`c3`,c4,`u`) VALUES (82,'表',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),'g',161,0x130D8,26),(83,'/*lg',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),'p±j',TRUE,-72.5e0,12),(84,'À',POINT(3, 4.5),'zÀ',28,-4522.69,13),(85,'表e-- g±_\td誠',ST_GeomFromText('POINT(1 2)'),'文',102,85609.70,7),(86,'中',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),'gÀzu',28862,-62983.41,1),(87,'漢ß',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),'ni表x',-16806,-610.123456789012,24),(88,'yi文k',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),'hÀ十k',-91,1.5e1,21),(89,"jbé`能a\pwx",ST_GeomFromText('POINT(1 2)'),'nbsp','10681',-596.123456789012,14),(90,'ソyÿj',null,'cb中文',null,0x1699D,16),(91,'d誠;',null,"w",-18568,38.5e0,26),(92,'ziiyürß運ylソ',POINT(3, 4.5),'表;ÿß',-134,-79.5e2,32),(93,'',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),'c十能','59',63904,11),(94,'q誠brÀm予誠wq',ST_PointFromText('POINT(-1 0)'),'vh',-30841,.899,1),(95,'中ßソ',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),"表c",-2299,81256.36,6),(96,'jcÿ',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),'t',null,57864,26),(97,"ß -- éü誠表Àaa",ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),'m',-122,'-38204.797',12),(98,'ÿ中',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),N'qu十運','1761',-11.5e0,36),(99,'p\bz±k運',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),'pv',187,-21.5e1,null),(100,'cüu',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),'mnÀÀ',005,60670,13),(101,'j_c漢漢ht',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),"誠",null,72143.95,null),(102,'十a中d"`能±x',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),"ÿv\u",b'11110010000000',-941.123456789012,20),(92,'',ST_GeomFromText('POINT(1 2)'),_utf8mb3'é',-122,-719.123456789012,17),(103,'',ST_GeomFromText('POINT(1 2)'),'予',-89,148.123456789012,31),(104,'v\xßo',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),N'予k漢',FALSE,0x16EE5,28),(105,"",ST_PointFromText('POINT(-1 0)'),'',-176,-23676.46,10),(106,'±qyßfl',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),"oh中",-22,787.123456789012,20),(107,'qaahfcüÿ',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),'ÿw',-8742,.321,17),(108,'漢誠±h能sb漢"',ST_GeomFromText('POINT(1 2)'),'yj_',024,32.5e2,22),(109,'kq中h',ST_PointFromText('POINT(-1 0)'),'表表w',NULL,-855.123456789012,35),(110,'能k\'',ST_PointFromText('POINT(-1 0)'),"Àn",FALSE,977.123456789012,34),(111,'mm',ST_GeomFromText('POINT(1 2)'),'ywÿ','-78',.873,29),(112,'',ST_GeomFromText('POINT(1 2)'),"zソÀ",14255,'-44314.082',32),(113,'as`p\b\aa
uw''ß',POINT(3, 4.5),'"',FALSE,'70614.071',19),(114,_utf8mb3'p漢中À能o十wv',NULL,_utf8mb3'a予','-31555',-37855.34,25),(115,'w漢bsmn運 wx',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),'ÿÿ',171,12874.68,14),(116,'\lalÀ/*bbgy',ST_PointFromText('POINT(-1 0)'),'gegj',FALSE,31.5e1,30),(117,_utf8mb3'十p',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),'ys',-31063,529.123456789012,null),(118,'ifÿi漢文up',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),'gku',-29635,-48511.19,7),(119,"meg",ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),'文',0x50,'3154.807',21),(120,'a± ソ漢y',null,'btl',+141,'85370.257',30),(121,_utf8mb3'文/*',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),'ée',-17807,-49.5e1,37),(122,'漢',POINT(3, 4.5),'oÿß±',-10656,.514,22),(123,'svk',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),'',-66,.524,33),(26,'b運z',POINT(3, 4.5),'b',4556,466.123456789012,13),(124,'yadc\x中n',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),'中予',null,-327.123456789012,1),(109,"dgÀh漢é誠誠",ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),'doÿn',-56,0xF77F,4),(125,'運#',ST_PointFromText('POINT(-1 0)'),'運',-5098,81613,8),(126,'運能cüpqß',POINT(3, 4.5),'中üy',-93,604.123456789012,34),(127,"表\jß能ewh中Àéh\c",null,'ソ	o/*',163,52.5e0,11),(128,'漢',ST_GeomFromText('POINT(1 2)'),"Àft予",null,0xD099,27),(129,'/*\yvß予',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),'g',15707,.628,24),(130,'l\njc',ST_GeomFromText('POINT(1 2)'),'漢a十',106.4,7476,NULL),(131,'	eoké',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),'i\\',66,'10793.734',17),(132,'ÿÿ予\q_od中f漢e',ST_GeomFromText('POINT(1 2)'),'ogeo',null,0x48C4,29),(133,'運',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),'予',0x346D,-92.5e2,9),(134,'ky中aw\bt',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),'xsov','9357',19206.90,19),(135,'ÿ誠bß',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),"sÿi",188,111.123456789012,2),(136,'中ソm漢',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),'y\aü能',-29,.742,28),(137,"ソ",ST_PointFromText('POINT(-1 0)'),N'\r',-13918,554.123456789012,12),(138,'	\q±能g''±be#c',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),'運',FALSE,160.123456789012,12),(139,'\r\Zlab',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),'v文\tß',+146,328.123456789012,4),(140,'能漢y',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),'_d予',19649,53.5e0,38),(141,'oÀvソ漢',POINT(3, 4.5),'oo','178',88888.57,9),(142,"v運ktn誠hl""g",ST_GeomFromText('POINT(1 2)'),'éfü',20618,.741,5),(143,_utf8mb3'rxeaß十',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),'\ysby',-1,-68942.32,NULL),(144,'c誠-- ép運中or',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),'ü',-32507,263.123456789012,15),(145,'a能漢中b',ST_PointFromText('POINT(-1 0)'),'x',-84,22834.12,10),(146,'漢n%q',ST_GeomFromText('POINT(1 2)'),'十w',0x585,76381,37),(147,'sソlgi十f表a',POINT(3, 4.5),'予',FALSE,0x4E35,NULL),(148,N'',null,'±ÿ運',-136,'82663.513',25),(149,'±dxew',ST_PointFromText('POINT(-1 0)'),N'e	q能',4769,.776,38),(150,'jduソ',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),'i\e能',058,0x1A83,34),(151,'xl\cl中b\r',ST_GeomFromText('POINT(1 2)'),'%',FALSE,34528.40,23),(152,'運sa±中xsl',null,"ßl",-1623,93586,34),(153,'\i運',ST_PointFromText('POINT(-1 0)'),'a',null,96955,28),(154,'d',ST_PointFromText('POINT(-1 0)'),'±',-190,'74698.622',6),(155,"運b予ywÀ\n\bÿ誠",NULL,'運fx',195,.15,31),(156,_utf8mb3'areß',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),_utf8mb3'\y',b'1001110',5434.25,36),(157,_utf8mb3'漢dÀé\yßewfl',null,_utf8mb3'h中予','34','448.349',14),(158,'k#jszz',ST_GeomFromText('POINT(1 2)'),'nwg',-20113,.797,9),(159,"#`htソxügr漢ku",ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),'',077,-80922.98,4);
DROP TABLE `fz0`.`child10`;
CREATE TABLE `fz0`.`child10` (
  `id` int NOT NULL AUTO_INCREMENT,
  `c0` bigint,
  `c1` decimal(10,2) NOT NULL,
  `c2` varchar(64),
  `c3` int,
  PRIMARY KEY (`id`),
  KEY `k1` (`c0`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
/*!40014 SET UNIQUE_CHECKS=0 */;
INSERT INTO `fz0`.`t11` VALUES (1,POINT(3, 4.5),X'6F685CA783096CADA07C',_utf8mb3'');
INSERT IGNORE INTO `fz0`.`t11` VALUES (2,ST_PointFromText('POINT(-1 0)'),x'a335f70b6d6d','r'),(1,POINT(3, 4.5),x'3b3818b88b70d4adc4330627df17be','jji'),(1,ST_PointFromText('POINT(-1 0)'),0x0745,'his'),(1,ST_PointFromText('POINT(-1 0)'),x'088b4df502f277102e5f5079d4001361',N'i文');
TRUNCATE TABLE `fz0`.`t11`;
INSERT INTO `fz0`.`t11` VALUES (3,ST_GeomFromText('POINT(1 2)'),0x4ba41b,N'À±'),(4,POINT(3, 4.5),'lÀ\Z\dx文','ü');
INSERT IGNORE INTO `fz0`.`t11` (`id`,`c0`,`c2`) VALUES (5,POINT(3, 4.5),'中'),(6,ST_PointFromText('POINT(-1 0)'),"zla"),(5,POINT(3, 4.5),'ソh'),(4,ST_PointFromText('POINT(-1 0)'),_utf8mb3'x'),(4,POINT(3, 4.5),'pey');
INSERT INTO `t11` (`id`,`c0`,`c2`) VALUES (7,POINT(3, 4.5),'vz運');
INSERT INTO t11 VALUES (8,ST_GeomFromText('POINT(1 2)'),x'f6ef0ab5b507',"能"),(9,ST_GeomFromText('POINT(1 2)'),x'468fec','g'),(10,ST_GeomFromText('POINT(1 2)'),'\0to/*ü\p','svソi');
/*!40103 SET @OLD_TIME_ZONE=@@TIME_ZONE */;
/*!40103 SET TIME_ZONE='+02:00' */;
/*!40101 SET @OLD_SQL_MODE=@@SQL_MODE */;
SET @@sql_mode = "TRADITIONAL";
SET unique_checks = 0;
CREATE TABLE `fz1`.`t13` (
  `id` int NOT NULL AUTO_INCREMENT,
  `c0` longblob,
  `c1` char(12),
  `c2` year NOT NULL,
  `u` int,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uk` (`u`)
) ENGINE=MyISAM DEFAULT CHARSET=utf8mb4;
INSERT INTO `t1` VALUES (243,B'1','{"k": {"n": [true, false]}}',+101),(244,b'1',null,@v12),(245,b'1',JSON_OBJECT('k', 1),184),(246,NULL,JSON_OBJECT('k', 1),b'11010011100000100101110111010011111110010100111111011010010010'),(247,B'0','[1, "x;y", null]',666188033733612480),(248,0x1,'null',187e0),(249,B'1','{"a": 1}',TRUE),(250,null,'"str"',+409919661050377504),(251,0,'null',4368933218139647996),(252,B'1','"str"',null),(253,0,'null',b'10101001001001110110001000011000101100111000000001110111001000'),(254,b'0','{"k": {"n": [true, false]}}',92),(255,0x0,'{"k": {"n": [true, false]}}',1244676463514474008),(256,b'0','3.25','169'),(257,0x0,'[1, "x;y", null]',174.4),(258,B'0','3.25',0x7D),(259,0,'"str"',459694096091623706),(260,B'0','null',107),(261,B'1','3.25',NULL),(262,b'1','3.25',175.4),(263,B'1','3.25',187),(264,null,NULL,1032087036846217044),(265,0,'[1, "x;y", null]',741380734319820982),(266,0x1,'[1, "x;y", null]',0x34600D8857DA960),(267,0,'"str"',1817927037441889511),(268,1,'{"a": 1}',148e0),(269,b'1','"str"','62'),(270,1,NULL,123.4),(271,0x1,'[1, "x;y", null]',2150499401474085554),(272,b'0','[1, "x;y", null]',77),(273,b'1',null,3520384450638904227),(274,0x1,'{"a": 1}',0xAE),(275,b'1','{"k": {"n": [true, false]}}',NULL),(276,NULL,JSON_OBJECT('k', 1),'2936804291251369731'),(277,0x0,'"str"',112),(278,1,'{"a": 1}',0x35925B7C9FBCD725),(279,B'1','{"k": {"n": [true, false]}}',3877078149114318595),(280,b'0','{"k": {"n": [true, false]}}',NULL),(281,0x1,JSON_OBJECT('k', 1),107),(282,1,'3.25',2262513451399577149),(283,B'0','{"k": {"n": [true, false]}}',17),(284,1,'{"k": {"n": [true, false]}}',null),(285,B'0',JSON_OBJECT('k', 1),1998680803926213165),(286,0,'[1, "x;y", null]',@v12),(287,b'0','"str"',0x491727CC893108C),(288,null,JSON_OBJECT('k', 1),81214236075282735),(289,0x1,'[1, "x;y", null]',2813234692335713486),(290,null,null,3780718556994994449),(291,null,JSON_OBJECT('k', 1),17696310108575450),(292,B'0',JSON_OBJECT('k', 1),+168),(293,0x0,JSON_OBJECT('k', 1),FALSE),(294,0x1,null,2011715305665253947),(295,b'1','"str"',2375061889775200675),(296,b'0','{"k": {"n": [true, false]}}',0x73),(297,null,'null',TRUE),(298,b'1','{"k": {"n": [true, false]}}',+45),(299,B'1','{"k": {"n": [true, false]}}',161),(300,b'1','[1, "x;y", null]',1227703567337293897),(301,b'1','"str"','87'),(302,1,'[1, "x;y", null]',NULL),(303,b'1','3.25','198'),(304,0x0,JSON_OBJECT('k', 1),TRUE),(305,0x1,'[1, "x;y", null]',115),(306,0,'{"a": 1}','2187387658186901885'),(307,1,'"str"',008),(308,B'1','null',87493802240588591),(309,1,'{"k": {"n": [true, false]}}',2932912531179292847),(310,0,JSON_OBJECT('k', 1),null),(311,b'1','null',2366595895256615247),(312,B'0','3.25',0x3B346792319B7136),(313,B'0','"str"',915218031486456370),(314,b'1','[1, "x;y", null]',12),(315,null,'{"a": 1}',null),(316,0x1,'{"a": 1}',147),(317,1,'{"a": 1}',4436745468009861605),(318,1,JSON_OBJECT('k', 1),null),(319,0x1,'[1, "x;y", null]',077),(320,0x0,'null',3610527396362505612),(321,B'1','null',NULL),(322,b'0','{"a": 1}',16.4),(323,0x0,'3.25',FALSE),(324,0x0,'[1, "x;y", null]',FALSE),(325,NULL,'{"k": {"n": [true, false]}}',0x386888B03F085263),(326,0x1,'null',051),(327,0x1,'{"a": 1}',2034193373681367540),(328,0,'"str"',b'1001010101011100010111110110000101010101000000110000111110001'),(329,1,'{"a": 1}',+741674382223122970),(330,0x0,JSON_OBJECT('k', 1),176.4),(331,NULL,'"str"',887924763452959346),(332,NULL,'3.25',006),(333,b'0',JSON_OBJECT('k', 1),138),(334,1,'{"a": 1}',60),(335,b'1','"str"',+1974288976658846784),(336,0x0,'[1, "x;y", null]',4099567510519889750),(337,b'0','[1, "x;y", null]',2658791974670883711),(338,0x1,JSON_OBJECT('k', 1),53),(339,0,JSON_OBJECT('k', 1),FALSE),(340,0x1,'3.25',FALSE),(341,b'1','null',173),(342,B'1',NULL,29e0),(343,B'0',JSON_OBJECT('k', 1),+107),(344,1,'{"k": {"n": [true, false]}}',0xBA),(345,0,'[1, "x;y", null]',23e0),(346,0x1,NULL,10.4),(347,0x1,'{"k": {"n": [true, false]}}',1331018814335584115),(348,B'1',JSON_OBJECT('k', 1),2774707468551469949),(349,0,'3.25',1464389143367607080),(350,b'0','"str"',NULL),(351,B'0','"str"',0x3),(352,b'0','null',122.4);
SELECT COUNT(*), MAX(`id`) FROM `fz0`.`t11`;
CREATE TABLE `fz0`.`tk8` (
  `id` int NOT NULL,
  `a` int DEFAULT NULL,
  `s` varchar(40) DEFAULT NULL,
  `ts` timestamp NULL DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `ka` (`a`)
) ENGINE=MyISAM;
INSERT INTO `fz0`.`tk8` VALUES (1,84,'s616','2011-09-07 04:22:03'),(2,34,'s725','2029-09-26 13:09:33'),(3,47,'s109',NULL),(4,112,'s390','2013-05-08 20:36:27'),(5,98,'s884','2013-01-28 17:34:57'),(6,44,'s343','2016-03-07 01:52:56'),(7,35,'s867',NULL),(8,18,'s746','2012-02-11 07:24:37'),(9,75,'s502','2010-06-24 20:31:16'),(10,12,'s446',NULL),(11,74,'s835','2012-06-06 02:17:29');
CREATE TEMPORARY TABLE `fz0`.`tk8` (
  `id` int NOT NULL,
  `a` int DEFAULT NULL,
  `s` varchar(40) DEFAULT NULL,
  `ts` timestamp NULL DEFAULT NULL,
  PRIMARY KEY (`id`)
) ENGINE=Aria;
INSERT INTO `fz0`.`tk8` VALUES (1000, 9, 't542', NULL),(1001, 144, 't962', NULL),(1002, 48, 't962', NULL),(1003, -22, 't745', NULL),(1004, 85, 't119', NULL);
PREPARE tps10 FROM 'INSERT INTO `fz0`.`tk8` VALUES (1005, -6, ''t504'', NULL),(1006, -10, ''t666'', ''2017-10-10 07:18:39''),(1007, 105, ''t170'', ''2028-03-07 13:31:44''),(1008, 27, ''t607'', NULL),(1009, 46, ''t637'', NULL),(1010, -7, ''t749'', NULL)';
EXECUTE tps10;
SET STATEMENT max_statement_time = 0 FOR ALTER TABLE `fz0`.`tk8` RENAME TO `fz0`.`ttr11`;
DROP TABLE IF EXISTS `fz0`.`tdst12`;
CREATE TABLE `fz0`.`tdst12` (
  `id` int NOT NULL,
  `a` int DEFAULT NULL,
  `s` varchar(40) DEFAULT NULL,
  `ts` timestamp NULL DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `ka` (`a`)
) ENGINE=InnoDB;
INSERT INTO `fz0`.`tdst12` SELECT * FROM `fz0`.`ttr11`;
INSERT INTO `fz0`.`sv` (name, v) VALUES ('tmp', (SELECT LEFT(CONCAT_WS(' ', COUNT(*), SUM(`a`), MAX(`id`), GROUP_CONCAT(`s` ORDER BY `id`)), 400) FROM `fz0`.`ttr11`));
RENAME TABLE `fz0`.`t9` TO `fz0`.`r14`;
DROP TABLE IF EXISTS `fz1`.`t15`;
CREATE TABLE `fz1`.`t15` (
  `id` int NOT NULL AUTO_INCREMENT,
  `c0` float NOT NULL,
  `c1` varchar(40) CHARACTER SET sjis,
  `c2` float,
  `c3` decimal(10,2),
  `c4` char(12),
  PRIMARY KEY (`id`)
) ENGINE=MyISAM DEFAULT CHARSET=utf8mb4;
INSERT INTO `fz1`.`b2` VALUES (160,'lp',null,'ßh`d',null,-14395,1016),(161,'éy\wpqÿl',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),'十',-2582,70755.89,NULL),(162,'表ü中r表c\u運mÿ',ST_PointFromText('POINT(-1 0)'),'\av',15774,73.123456789012,1017),(163,_utf8mb3'mtyÀkソ',ST_PointFromText('POINT(-1 0)'),'h','6',0xA428,1018),(164,"能",null,_utf8mb3"ßro能",-127,'89586.699',1019),(165,'gy\t',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),"lp",59,30796,1020),(166,'bnソÀ予表é表`',POINT(3, 4.5),'s\r',017,35814,1021),(167,'y',ST_PointFromText('POINT(-1 0)'),'cg 表',5082,-.628,1022),(168,'\%\r中z中zk#À\fg',POINT(3, 4.5),_utf8mb3'#vd',-173,14.5e1,1023),(169,'ソ誠能bソxs運文',ST_GeomFromText('POINT(1 2)'),'qr',FALSE,571.123456789012,1024),(170,'o十誠\"ua',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),'z-- ',-31485,85.5e1,1025),(171,'f',POINT(3, 4.5),'yz',-1030.4,78034,1026),(172,_utf8mb3'文中''漢',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),'誠ÿ',TRUE,76316.26,1027),(173,'üp',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),'bÀ能ü',-23435,-56681,1028),(174,'mwÿ±十r十\h',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),'誠rt\Z',196,0x1206C,NULL),(175,'ßi能 \r',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),N'y/*',NULL,-49.5e2,1029),(176,'j予kソonfü#y"',ST_PointFromText('POINT(-1 0)'),'',22,14906,1030),(177,'u能',ST_PointFromText('POINT(-1 0)'),'q',FALSE,405.123456789012,1031),(178,'運予;Àwe予#j',ST_GeomFromText('POINT(1 2)'),N'運c',null,-32504,null),(179,'中f',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),'d',3661,9.5e0,1032),(180,'t',ST_GeomFromText('POINT(1 2)'),'d',080,0x6545,1033),(181,'hfÀj中rÿ中an',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),'zb',44,-2386.46,1034),(182,'p\u',ST_PointFromText('POINT(-1 0)'),'À\"#中',3683,.141,1035),(183,'ccd十pÿ誠',POINT(3, 4.5),'vuÀn',31899,-31081,1036),(184,'h',ST_PointFromText('POINT(-1 0)'),'#','8226',.92,1037),(185,'x中véyi',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),'jzn','-17825',966.123456789012,1038),(186,' ''e\0ソqqmux',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),'予',FALSE,.236,1039),(187,'mzr`e中hjk',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),'k',-30359,-40860,1040);
CREATE TABLE `fz1`.`copy41` ENGINE=InnoDB AS SELECT * FROM `fz1`.`b2`;
SET autocommit=0;
CREATE TABLE IF NOT EXISTS `fz0`.`log_t1` (n int AUTO_INCREMENT PRIMARY KEY, msg varchar(100));
DELIMITER ;;
CREATE TRIGGER `fz0`.`trg42` BEFORE INSERT ON `fz0`.`t1` FOR EACH ROW
BEGIN
  -- a comment; with a semicolon
  SET @trg = COALESCE(@trg, 0) + 1; /* counted */
  INSERT INTO `fz0`.`log_t1` (msg) VALUES ('before; insert'); # hash
END ;;
DELIMITER ;
SET autocommit=1;
CREATE TABLE `fz0`.`tk13` (
  `id` int NOT NULL,
  `a` int DEFAULT NULL,
  `s` varchar(40) DEFAULT NULL,
  `ts` timestamp NULL DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `ka` (`a`)
) ENGINE=InnoDB;
INSERT INTO `fz0`.`tk13` VALUES (1,74,'s618',NULL),(2,-40,'s273','2014-03-13 04:06:34'),(3,132,'s810',NULL);
CREATE OR REPLACE TEMPORARY TABLE `tk13` (
  `id` int NOT NULL,
  `a` int DEFAULT NULL,
  `s` varchar(40) DEFAULT NULL,
  `ts` timestamp NULL DEFAULT NULL,
  PRIMARY KEY (`id`)
) ENGINE=MyISAM SELECT * FROM `fz0`.`tk13` WHERE `a` > -14;
INSERT INTO `tk13` VALUES (1000, 98, 't579', NULL),(1001, 56, 't521', '2028-12-05 03:16:30');
EXECUTE IMMEDIATE 'INSERT INTO `tk13` VALUES (1002, 98, ''t896'', ''2023-10-03 18:19:18''),(1003, 78, ''t337'', NULL),(1004, 148, ''t219'', ''2028-01-18 06:30:46''),(1005, 57, ''t131'', ''2023-07-02 02:28:53''),(1006, 32, ''t620'', ''2016-11-18 16:39:07''),(1007, -27, ''t542'', NULL)';
CREATE TABLE `fz0`.`tdst15` (
  `id` int NOT NULL,
  `a` int DEFAULT NULL,
  `s` varchar(40) DEFAULT NULL,
  `ts` timestamp NULL DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `ka` (`a`)
) ENGINE=InnoDB;
INSERT INTO `fz0`.`tdst15` SELECT * FROM `tk13`;
INSERT INTO `fz0`.`sv` (name, v) VALUES ('tmp', (SELECT LEFT(CONCAT_WS(' ', COUNT(*), SUM(`a`), MAX(`id`), GROUP_CONCAT(`s` ORDER BY `id`)), 400) FROM `tk13`));
BEGIN;
UPDATE `tk13` SET `a` = `a` + 6 WHERE `id` % 3 = 0;
INSERT INTO `tk13` VALUES (1008, 81, 't573', '2024-10-01 18:39:13'),(1009, -10, 't552', '2023-12-28 14:56:25'),(1010, -39, 't574', NULL);
COMMIT;
CREATE TABLE `fz0`.`tcopy16` ENGINE=MyISAM SELECT `id`, `a`, `s` FROM `tk13`;
INSERT INTO `fz0`.`sv` (name, v) VALUES ('tmp', (SELECT LEFT(CONCAT_WS(' ', COUNT(*), SUM(`a`), MAX(`id`), GROUP_CONCAT(`s` ORDER BY `id`)), 400) FROM `tk13`));
INSERT INTO `fz1`.`t15` (`c0`,`c1`,`c2`,`c3`,`c4`) VALUES (1e-30,"ソ",.5e1,0x12255,''''),
(1.5,'t運y運nmo',3.4e38,-.219,'l#'),
(1e-30,null,2,null,'-- 漢f');
DROP TABLE IF EXISTS `fz0`.`iv1`;
CREATE TABLE `fz0`.`iv1` (
  `id` int NOT NULL,
  `a` int,
  `h` int NOT NULL INVISIBLE DEFAULT 42,
  `h3` varchar(30) INVISIBLE DEFAULT 'inv',
  `s` varchar(30),
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
INSERT INTO `fz0`.`iv1` VALUES (1,66,'bh能aÀü予'),(2,-433,'文omé');
DROP TABLE IF EXISTS `fz0`.`tk17`;
CREATE TABLE `fz0`.`tk17` (
  `id` int NOT NULL,
  `a` int DEFAULT NULL,
  `s` varchar(40) DEFAULT NULL,
  `ts` timestamp NULL DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `ka` (`a`)
) ENGINE=MyISAM;
INSERT INTO `fz0`.`tk17` VALUES (1,52,'s163',NULL),(2,56,'s87','2011-02-13 07:18:34'),(3,-14,'s317','2019-04-26 13:45:28'),(4,97,'s536',NULL),(5,61,'s176','2024-11-28 04:23:01'),(6,74,'s162',NULL),(7,-50,'s849',NULL),(8,39,'s944',NULL),(9,56,'s32','2015-01-25 21:39:30'),(10,-28,'s602','2010-05-20 04:28:09'),(11,129,'s47','2014-11-26 01:10:17'),(12,88,'s681',NULL),(13,-10,'s141',NULL),(14,124,'s387',NULL),(15,25,'s20',NULL),(16,81,'s998','2025-09-03 00:11:14'),(17,-42,'s703',NULL),(18,31,'s134','2013-08-26 23:29:00');
CREATE OR REPLACE TEMPORARY TABLE `tt18` (
  `id` int NOT NULL,
  `a` int DEFAULT NULL,
  `s` varchar(40) DEFAULT NULL,
  `ts` timestamp NULL DEFAULT NULL,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB SELECT * FROM `fz0`.`tk17` WHERE `a` > 15;
EXECUTE IMMEDIATE 'INSERT INTO `tt18` SELECT `id` + 1000, `a`, `s`, `ts` FROM `fz0`.`tk17`';
DELETE FROM `tt18` WHERE `a` < 6;
INSERT INTO `tt18` VALUES (11000, 15, 't490', NULL),(11001, 128, 't0', '2018-11-03 07:20:55'),(11002, -30, 't150', '2017-11-27 13:00:26'),(11003, 48, 't940', NULL),(11004, 103, 't281', '2022-04-11 06:30:22'),(11005, -28, 't735', NULL),(11006, -45, 't237', NULL),(11007, 105, 't471', NULL);
INSERT INTO `tt18` VALUES (11008, 114, 't379', '2020-01-12 06:58:34'),(11009, 95, 't493', '2022-07-22 20:19:20');
PREPARE tps19 FROM 'INSERT INTO `tt18` VALUES (11010, 40, ''t325'', NULL),(11011, 118, ''t318'', NULL),(11012, 145, ''t360'', ''2010-10-01 11:41:30''),(11013, 76, ''t496'', NULL),(11014, 59, ''t148'', NULL),(11015, 36, ''t339'', ''2023-02-25 21:33:01''),(11016, -49, ''t295'', NULL)';
EXECUTE tps19;
DEALLOCATE PREPARE tps19;
SET STATEMENT max_statement_time = 0 FOR CREATE TEMPORARY TABLE `fz0`.`tt20` LIKE `tt18`;
INSERT INTO `fz0`.`tt20` SELECT * FROM `tt18`;
SELECT CONCAT_WS(' ', COUNT(*), SUM(`a`)) INTO @tv21 FROM `fz0`.`tt20`;
INSERT INTO `fz0`.`sv` (name, v) VALUES ('tv', @tv21);
EXECUTE IMMEDIATE 'INSERT INTO `fz0`.`tt20` SELECT `id` + 11017, `a`, `s`, `ts` FROM `fz0`.`tk17`';
CREATE TABLE `fz0`.`tdst22` (
  `id` int NOT NULL,
  `a` int DEFAULT NULL,
  `s` varchar(40) DEFAULT NULL,
  `ts` timestamp NULL DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `ka` (`a`)
) ENGINE=InnoDB;
PREPARE tps23 FROM 'INSERT INTO `fz0`.`tdst22` SELECT * FROM `fz0`.`tt20`';
EXECUTE tps23;
INSERT INTO `fz0`.`sv` (name, v) VALUES ('tmp', (SELECT LEFT(CONCAT_WS(' ', COUNT(*), SUM(`a`), MAX(`id`), GROUP_CONCAT(`s` ORDER BY `id`)), 400) FROM `fz0`.`tt20`));
CREATE TABLE `fz1`.`child43` (
  `id` int NOT NULL AUTO_INCREMENT PRIMARY KEY,
  `pid` bigint,
  `note` varchar(20),
  KEY `kp` (`pid`),
  CONSTRAINT `child43_fk` FOREIGN KEY (`pid`) REFERENCES `fz1`.`b2` (`id`) ON UPDATE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
INSERT IGNORE INTO `fz1`.`t13` (`c0`,c1,`c2`,`u`) VALUES (x'36','mq',2155,28),
(_binary'z`u',_utf8mb3'pzmo',2155,3),
(0x09c7,'能','0',5);
INSERT /*!40000 HIGH_PRIORITY */ INTO `fz1`.`t15` VALUES (4,123456789.125,'誠','7.5',0x829,_utf8mb3'\%中予表'),(5,.5e1,NULL,123456789.125,34288.90,'bÀd'),(6,-2.25e-3,'誠_文\y表運',1.5,'22124.696','ソ');
SET @v44 = COALESCE(@trg, -1);
CREATE TABLE IF NOT EXISTS `fz0`.`vars` (name varchar(20), v bigint);
INSERT INTO `fz0`.`vars` VALUES ('v44', @v44);
INSERT INTO `t1` VALUES (353,1,'[1, "x;y", null]',null),(354,b'0','"str"',null),(355,b'1','{"k": {"n": [true, false]}}',176e0);
START TRANSACTION WITH CONSISTENT SNAPSHOT;
SET @v45 = LAST_INSERT_ID();
CREATE TABLE IF NOT EXISTS `fz0`.`vars` (name varchar(20), v bigint);
INSERT INTO `fz0`.`vars` VALUES ('v45', @v45);
SET CHARACTER SET utf8mb4;
ROLLBACK;
INSERT /*!40000 HIGH_PRIORITY */ INTO `fz0`.`r14` (`id`,c0) VALUES (501,_binary"E��"),(502,0xdc9cff),(0,x'31560a8800'),(504,x'8aa1088d'),(527,x'772cef'),(528,_binary"�"),(NULL,_binary'̍ؗ'),(530,_binary'�L�'),(531,x'66'),(532,x'68'),(533,_binary'-'),(0,x'feb98a'),(NULL,X'09DD16F122'),(536,X'8FB3A491'),(537,0xe84577),(538,x'56fa'),(NULL,X'270873'),(573,null),(NULL,_binary"�K"),(575,x'e00d2f08cf'),(576,X'3E'),(577,0xb824d3),(578,0x14933f175d),(579,x'ae7b'),(580,x'3dde989e84'),(581,0x481b0a33c553),(582,_binary"R�-"),(NULL,0x7e69c46ca1),(584,X'2E87'),(585,NULL),(586,x'ce1f'),(587,x'f1'),(588,x'd97bc7eff808'),(634,0xe5ca4e),(NULL,X'9763'),(636,x'd931f403'),(641,null),(642,X'411D'),(0,X'25'),(644,X'F42EA6'),(0,_binary"��"),(646,null),(647,X'ABD50A'),(665,x'81aa95a3e1'),(666,_binary'�'),(667,x'f887e82d'),(701,x'b78de4fa5b'),(NULL,x'7fce5f'),(703,0xd0),(0,x'c7'),(705,X'4D294738'),(706,x'c4a0bf'),(707,x'41780e74'),(708,_binary'�*'),(709,_binary'˝s�'),(0,_binary"
�1\n\0"),(0,0x53),(712,0x76dbed65ce91),(713,x'3d7d79d3c3'),(0,X'278DC02A'),(715,x'ce'),(716,_binary'j��'),(0,NULL),(718,X'9F11'),(719,null),(720,x'90'),(721,X'05C58916'),(722,0xde8f20),(NULL,x'bc626b'),(724,0x6fbbaace8fff),(752,x'c7ff'),(753,_binary'I'),(754,_binary'j�C�4�'),(755,x'9994'),(756,_binary'��z'),(757,X'BB11777C'),(758,x'3f76af218b'),(759,_binary'�W'),(NULL,null),(761,X'3908D4208FFA'),(0,X'9EB6D159'),(763,_binary'�n?�'),(764,x'a4'),(765,0x837e8b),(766,0x2996089870),(767,x'999362ce'),(768,_binary'bI'),(799,0x422c73a8b7af),(NULL,0x41133db6ddf9),(801,X'1856FF6294E3'),(802,_binary'A'),(803,X'214B'),(804,X'2BC4135C621C'),(0,x'cec59d6f89'),(849,X'C60C179A1A'),(850,x'f03a0ba9da'),(NULL,x'da1ca473d37c'),(884,null),(0,x'93f72f3be8');
XA START 'x157';
INSERT INTO `child10` VALUES (522,2170409481477889609,'78296.835','',-382774036),
(523,2247138632894464019,-25126,_utf8mb4'-- u',-589198465),
(557,@v12,-28.5e2,'%\\',FALSE),
(566,59224144321475548,16.5e2,"wr十\xÿ漢xdÿ中ox",TRUE),
(595,522720889864003524,.977,'ßü🦫予v漢',406511353),
(596,null,'-50532.279',"g",-1979045024),
(0,-24,-48877.52,'表予表lon',115),
(598,74,70182.08,'\mcoq文tzüd漢fk',-1402672780),
(0,176,0x1183,'w😀y\\🦫k\v',-2123020926),
(600,1336110717346121215,12.5e0,'😀bi é能fqv',580370187),
(607,-1620855254952405631,35370,'bw_漢±üpu',27),
(639,-93,.409,'Àÿソü予🦫',1737051927),
(640,'-2042352252382185523',33.5e2,'t能',+16),
(641,-22.4,.150,'u文',130e0),
(642,-1721020873774352088,0x1580B,'c😀o🦫ß\b',0xB4),
(643,2099519278955717310,.869,'q漢"dlhfh🦫ß予',-1919359594),
(NULL,'63',.15,'b-- znt中l oßa',-1088084125),
(NULL,-2171088336736014708,'-45853.624','éy文hl能表ooÀ🦫k',708633536),
(NULL,2008096247396664760,62.5e2,'cdüソ/*能jei',b'1011010'),
(647,22.4,846.123456789012,_utf8mb4'utm','-526660088'),
(648,NULL,-.623,"hp\qls十漢aqs",0xB),
(0,'-615841952041612386',32.5e1,'能sÿ誠漢ü',-1874192287),
(0,50.4,'-25126.643',null,NULL),
(651,163.4,-528.123456789012,'',46),
(652,35,0x15FB7,'gx',NULL);
XA END 'x157';
XA COMMIT 'x157' ONE PHASE;
SET autocommit=0;
