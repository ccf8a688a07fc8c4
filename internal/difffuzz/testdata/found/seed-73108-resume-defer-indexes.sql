-- difffuzz: the mariadb client and `dumpscope import` disagree on this script.
-- seed 73108, mode resume-defer-indexes (dumpscope import --parallel 2 --defer-indexes --batch-bytes 2K --checkpoint JOURNAL), kind exit.
-- Shrunk from 140 statements and 1394 rows to 54 statements and 257 rows.
-- The original: go run ./scripts/difffuzz --dumpscope BIN --seed 73108 --count 1 --modes resume-defer-indexes
-- (line numbers in the detail below count from the first line after this header)
--
-- the client succeeded, dumpscope failed
--  client:    Level	Code	Message
-- Note	1051	Unknown table 'fz0.nosuch30'
--  dumpscope: dumpscope: resume: reading /tmp/difffuzz-2922214918/script.sql up to offset 2889 to check it is the dump that was committed…
-- dumpscope: resuming run 4957af4fbacf15c9458eb2ec9a32f1f1: 2.6 KiB of statements committed (furthest offset 2889) are skipped; the rest is sent
-- dumpscope: importing /tmp/difffuzz-2922214918/script.sql on 2 connections
-- dumpscope: into root@localhost via /tmp/dumpscope-sandbox-986413933/mysqld.sock
-- dumpscope import: /tmp/difffuzz-2922214918/script.sql: offset 974, line 25: a prepared statement lives in one connection: the rest of the dump runs on one connection
-- dumpscope import: /tmp/difffuzz-2922214918/script.sql: offset 6800, line 176: CREATE VIEW `rcf28`: it reads FOUND_ROWS() after a CALL or EXECUTE that a parallel replay could not give the client's FOUND_ROWS() without emptying the warnings a procedure may read; import it with --parallel 1: CREATE VIEW `fz0`.`rcf28` AS SELECT FOUND_ROWS() AS n
-- dumpscope: failed in 0:00: 6.6 KiB of SQL, 24 statements, 149 rows (13.3 KiB/s, 298 rows/s)
-- dumpscope: everything up to offset 6800 of /tmp/difffuzz-2922214918/script.sql was executed (statements after it were not sent)
-- dumpscope: resumable; continue with:
--   dumpscope import --resume --checkpoint /tmp/difffuzz-2922214918/script.journal --no-defaults -u root -S /tmp/dumpscope-sandbox-986413933/mysqld.sock --no-advisor --no-tui --default-character-set utf8mb4 --allow-system-schemas --parallel 2 --defer-indexes --batch-bytes 2K /tmp/difffuzz-2922214918/script.sql
-- dumpscope: dumpscope_progress kept for --resume; to give up the resume: DROP DATABASE dumpscope_progress
-- verdict: inconclusive: the server was not sampled (--no-advisor, or the advisor could not connect)

SET NAMES utf8mb4;
CREATE DATABASE `fz0`;
USE `fz0`;
DROP TABLE IF EXISTS `fz0`.`t1`;
CREATE TABLE `fz0`.`t1` (
  `id` bigint NOT NULL,
  `c0` decimal(5,0) unsigned,
  `c1` tinyint unsigned NOT NULL,
  `u` int,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uk` (`u`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
/*!40014 SET FOREIGN_KEY_CHECKS=0 */;
/*!40014 SET UNIQUE_CHECKS=0 */;
INSERT INTO t1 VALUES (1,0xED7B,0xF6,1002),(2,15052,45.4,1003),(3,0x1CDA,'14',1004);
INSERT IGNORE INTO `t1` (id,`c1`) VALUES (4,b'10010000'),(5,9.4),(5,18),(5,'114'),(5,FALSE),(2,'83');
TRUNCATE TABLE `fz0`.`t1`;
INSERT INTO `fz0`.`t1` (id,`c1`) VALUES (6,172),(7,56),(8,b'10101101');
INSERT IGNORE INTO `t1` (`id`,`c1`) VALUES (9,47),(10,177),(10,153),(6,'58');
INSERT INTO t1 VALUES (11,.258,116,null),(12,668,+147,1005),(13,68879.07,FALSE,1006);
INSERT INTO `fz0`.`t1` (`id`,`c1`) VALUES (14,TRUE),(15,'30'),(16,34);
/*!40014 SET UNIQUE_CHECKS=1 */;
/*!40014 SET FOREIGN_KEY_CHECKS=1 */;
SET @ac7 = 1;
EXECUTE IMMEDIATE 'SELECT 0 INTO @ac7';
SET autocommit = @ac7;
INSERT IGNORE INTO `t1` (id,`c0`,c1,u) VALUES (17,.367,96e0,17),(18,20089,40,33),(8,60307.90,241,29),(19,'90622.043',89e0,24),(20,0x7621,0xAA,20),(21,55.5e1,083,33),(22,26960,222.4,34),(23,.667,232,4),(16,'18726.850',+68,33),(24,55.5e2,TRUE,24),(25,0x8B1,FALSE,16),(26,0x41A0,FALSE,16),(27,0x8193,+52,null),(28,53890,102,13);
INSERT INTO t1 VALUES (29,'24444.961',092,1008),
(30,'52367.616',TRUE,1009),
(31,7732.83,211,1010),
(32,86073.76,27,NULL),
(33,30060,65,1011),
(34,96008.11,b'10111101',1012),
(35,53.5e1,'217',1013),
(36,0xF6F9,b'1010111',1014),
(37,.112,185,NULL),
(38,71068.52,116,null),
(39,NULL,b'10011111',1015),
(40,'74254.592',TRUE,NULL),
(41,68237.60,77,1016),
(42,79452.51,b'101111',1017),
(43,0x7DCD,+107,1018),
(44,22.5e1,174,1019),
(45,92669,TRUE,1020),
(46,82.5e2,+31,1021),
(47,'59755.012',185e0,1022),
(48,90591,'15',1023),
(49,'87220.961','115',null),
(50,97.5e2,b'1001101',1024),
(51,26048.99,'235',1025);
COMMIT;
SET autocommit = 1;
CREATE TABLE `fz0`.`vb1` (
  `id` int NOT NULL,
  `a` int,
  `s` varchar(30),
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
INSERT INTO `fz0`.`vb1` VALUES (1,-107,'十誠\b\Z文'),
(2,434,'-- w運誠\h''u十m🦫;r'),
(3,-697,'ソj表十u誠\Zea'),
(4,0x40,'ü運十wgソü😀ga-- '),
(5,-348,'h\jc予ßr'),
(6,-212,'f能éÀqqqfy/*運a'),
(7,-143,'éuÀt'),
(8,TRUE,'\_#漢予dbßh漢eü'),
(9,-792.4,NULL),
(10,b'10111111','grソ'),
(11,108e0,"f%n能ßl😀ßソ"),
(12,-170,'_t'),
(13,'104','a漢\Zpc\r%	\b🦫jd'),
(14,+144,_utf8mb4'y予誠能e\ha`\'🦫'),
(15,NULL,'\\kn表f十漢能b'),
(16,NULL,'🦫égy文;±gx予f'),
(17,144,'a十n\"é予éh\r誠ソ'),
(18,-660,_utf8mb4'b-- w'),
(19,0x7A,'jß😀中ソn'),
(20,-88.4,'xi\u表e誠c😀'),
(21,null,'誠cxp中mÀy文中k'),
(22,-691,'géa😀xx文v🦫j'),
(23,11.4,'a中Àq十m	ソp予'),
(24,TRUE,'十zßéü`c');
CREATE VIEW `fz0`.`v2` AS SELECT `id`, `a`, `s` FROM `fz0`.`vb1` WHERE `id` > 0 WITH CHECK OPTION;
INSERT INTO `v2` (`id`,`a`,`s`) VALUES (25,10.4,'-- %dm十züéuソ	表'),
(26,61e0,'z üd文kソ中'),
(27,-118,'nÿ'),
(28,078,null),
(29,047,'
ÿze能luÀ予'),
(30,FALSE,'f能予ÿox'),
(31,48,'f運ソpucsbu'),
(32,-412,'🦫\b'),
(33,16,'ÿcy中\ng文'),
(34,0x33A,'dsr表文pkqi誠ÿq'),
(35,534,''),
(36,NULL,NULL),
(37,-60,'j誠運±of'),
(38,-803,"f\Zhymßn\0😀😀"),
(39,44,""),
(40,-940,'éb十ソduudtj誠v'),
(41,0x80,"/*🦫kkß"),
(42,86,NULL),
(43,39,'Àl'),
(44,33,'iu\hngéyh'),
(45,113,_utf8mb4't;	xrrütynr'),
(46,-76,'漢'),
(47,'70','o😀中表😀qp😀wfw十'),
(48,136,'\Zt誠誠x'),
(49,'-76','漢jt表'),
(50,TRUE,'éc予🦫\pz運'),
(51,-169,''),
(52,10,'ÿ予k能rh
sßwz'),
(53,-76,'%🦫bs誠lu');
INSERT INTO `v2` VALUES (54,-882,'ü運gaÀyt漢'),(55,-105,'\\\q'),(56,715e0,'ÿ能十'),(57,140,'v\t十f表\a漢'),(58,'152',null),(59,TRUE,'🦫中ソcvpx'),(60,-118,'"é  v文'),(61,-744,'é中ß\Zÿ	ü'),(62,'-609','cw±\n漢誠pß誠能'),(63,b'1101101',null),(64,+126,'t中itÿ±漢'),(65,+116,null),(66,-99,'v😀漢ik'),(67,'-321',_utf8mb4"");
CREATE TABLE IF NOT EXISTS `fz0`.`sv` (n int AUTO_INCREMENT PRIMARY KEY, name varchar(40), v varchar(400));
CREATE TABLE `fz0`.`rb1` (
  `id` int NOT NULL,
  `a` int DEFAULT NULL,
  `s` varchar(40) DEFAULT NULL,
  `ts` timestamp NULL DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `ka` (`a`)
) ENGINE=MyISAM;
INSERT INTO `fz0`.`rb1` VALUES (1,43,'s14','2016-11-04 01:12:54'),(2,81,'s586',NULL),(3,3,'s257','2023-01-26 05:16:19'),(4,25,'s660','2026-08-14 18:50:47'),(5,100,'s851','2015-10-05 03:26:47'),(6,144,'s438','2029-01-18 06:45:51'),(7,57,'s341',NULL),(8,9,'s588','2027-03-16 07:54:50'),(9,19,'s643','2021-10-20 12:33:19'),(10,17,'s48','2029-07-15 23:02:43'),(11,-3,'s45','2020-12-02 06:03:51'),(12,16,'s306',NULL),(13,91,'s378','2017-12-14 07:57:04'),(14,54,'s334','2023-04-17 11:09:52'),(15,125,'s633','2019-10-17 23:51:38'),(16,149,'s577','2019-06-20 23:24:57'),(17,103,'s106',NULL),(18,81,'s219','2016-08-18 11:19:26'),(19,-34,'s684','2029-10-04 11:15:55');
DELIMITER ;;
CREATE DEFINER=`root`@`localhost` PROCEDURE `fz0`.`rp2`(IN p_n int, INOUT p_acc int, OUT p_msg varchar(64))
BEGIN
  DECLARE v_i int DEFAULT 0;
  DECLARE v_dup int DEFAULT 0;
  DECLARE dup_key CONDITION FOR 1062;
  DECLARE CONTINUE HANDLER FOR SQLSTATE '23000' SET v_dup = v_dup + 1;
  blk: BEGIN
    DECLARE EXIT HANDLER FOR SQLSTATE '45000' SET p_msg = CONCAT('exit at ', v_i);
    WHILE v_i < p_n DO
      INSERT INTO `fz0`.`rb1` (id, a, s) VALUES (20 + v_i % 3, v_i, CONCAT('p', v_i));
      SET v_i = v_i + 1;
      IF p_acc + v_i > 8 THEN
        SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'over', MYSQL_ERRNO = 1644;
      END IF;
    END WHILE;
    SET p_msg = 'done';
  END blk;
  BEGIN
    DECLARE CONTINUE HANDLER FOR SQLEXCEPTION
      GET DIAGNOSTICS CONDITION 1 @rb_errno = MYSQL_ERRNO, @rb_text = MESSAGE_TEXT;
    BEGIN
      DECLARE EXIT HANDLER FOR SQLSTATE '45001' RESIGNAL SET MESSAGE_TEXT = 'again';
      SIGNAL SQLSTATE '45001' SET MESSAGE_TEXT = 'first';
    END;
  END;
  BEGIN
    DECLARE v_i int DEFAULT 100;
    SET v_i = v_i + 1, @rb_inner = v_i;
  END;
  SET p_acc = p_acc + v_i * 10 + v_dup, @rb_last = p_acc;
END ;;
DELIMITER ;
SET @acc3 = 2;
CALL `fz0`.`rp2`(6, @acc3, @rb_msg);
INSERT INTO `fz0`.`sv` (name, v) VALUES ('acc', @acc3);
INSERT INTO `fz0`.`sv` (name, v) VALUES ('msg', @rb_msg);
INSERT INTO `fz0`.`sv` (name, v) VALUES ('rb', CONCAT_WS(' ', @rb_errno, @rb_text, @rb_inner, @rb_last));
CALL `fz0`.`rp2`(1, @acc3, @rb_msg);
INSERT INTO `fz0`.`sv` (name, v) VALUES ('acc2', CONCAT_WS(' ', @acc3, @rb_msg));
CREATE TABLE `fz0`.`t26` (
  `id` int,
  `c0` datetime,
  `c1` int,
  `c2` json,
  `c3` varbinary(64),
  `c4` timestamp(3) NULL,
  `c5` text,
  KEY `k1` (`c0`)
) ENGINE=Aria DEFAULT CHARSET=utf8mb4;
CREATE VIEW `fz0`.`rcf28` AS SELECT FOUND_ROWS() AS n;
SELECT n INTO @v27 FROM `fz0`.`rcf28`;
SELECT COUNT(*) INTO @c29 FROM `fz0`.`t1`;
DROP TABLE IF EXISTS `fz0`.`nosuch30`;
SHOW WARNINGS;
EXECUTE IMMEDIATE 'GET DIAGNOSTICS @w = NUMBER';
INSERT INTO `fz0`.`sv` (name, v) VALUES ('w', @w);
INSERT INTO `fz0`.`t26` VALUES (1,TIMESTAMP'2019-03-31 02:30:00',1204646277,'{"k": {"n": [true, false]}}','±jnpßslÿ🦫能q能nxg','1970-01-02 12:00:00',null),
(2,'2024-02-29 23:59:59.123456',-1750140356,'"str"',X'ACA2','2021-03-28 02:30:00','表能十'),
(3,20240102030405,75,'3.25',0x4d727e16bc97,'2024-02-29 23:59:59.123','u\b±s能ÿ'),
(4,'1000-01-01 00:00:00',138,'[1, "x;y", null]',0x881f5277,'2021-03-28 02:30:00',''),
(5,'2024-02-29 23:59:59.123456',-747674425,'{"a": 1}',x'bcfac447faef2c6ae16759','2024-02-29 23:59:59.123','on'),
(6,'2024-02-29 23:59:59.123456',30,JSON_OBJECT('k', 1),_binary'_B�','2021-03-28 02:30:00','十\ZÀl十\jwÿ'),
(7,'2024-02-29 23:59:59.123456',FALSE,JSON_OBJECT('k', 1),_binary'��','1970-01-02 12:00:00','yß\r十運漢\bv-- w'),
(8,'2038-01-19 03:14:07.999999',b'10110011','[1, "x;y", null]',NULL,'1970-01-02 12:00:00',"漢Àwüp🦫;予ich"),
(9,20240102030405,168,null,0x41fffcca7a1e441fee,'2000-10-29 01:30:00.25','十'),
(10,TIMESTAMP'2019-03-31 02:30:00',782087317,'"str"',X'D72C7C7EB7C8924A','2038-01-18 03:14:07.9','fzü🦫o±'),
(11,TIMESTAMP'2019-03-31 02:30:00',+92,'3.25',_utf8mb4'文s\tiü\%運中gmßmfe能g',NULL,'g十lv🦫uü '),
(12,NULL,856431114,'null',_binary')�sԂ�','2024-02-29 23:59:59.123',"ßnc予ÿ
l😀kxh🦫"),
(13,'1000-01-01 00:00:00',-173,'{"a": 1}',0x3d7c,'2000-10-29 01:30:00.25','s運z'),
(14,TIMESTAMP'2019-03-31 02:30:00',null,'null',NULL,NULL,'x''i'),
(15,NULL,1,'{"a": 1}',X'CA9228F1A7907B','2038-01-18 03:14:07.9','ÿz\\ü'),
(16,'2038-01-19 03:14:07.999999',-1959793063,'{"a": 1}',x'4ad869accc83efde','1970-01-02 12:00:00','d😀'),
(16,TIMESTAMP'2019-03-31 02:30:00',160,'{"k": {"n": [true, false]}}',_utf8mb4'k🦫\bßtbq文mnpa',null,_utf8mb4'x'),
(17,'2038-01-19 03:14:07.999999',null,JSON_OBJECT('k', 1),_binary',X
�z�$0:',NULL,'😀ソ誠éayw誠'),
(18,'2024-02-29 23:59:59.123456',370733016,'[1, "x;y", null]',x'f7488b6004f1','1970-01-02 12:00:00','jt文	ühl😀'),
(19,'2038-01-19 03:14:07.999999',29,'"str"','i\xwryvd表w😀',NULL,'élq/*orv±a_十'),
(20,TIMESTAMP'2019-03-31 02:30:00',-1677894103,NULL,'ü漢xéüc\tvÀh予n\0😀ÿ漢','2024-02-29 23:59:59.123','\Zzÿ o中`十十dlk'),
(21,20240102030405,@v27,'3.25',X'87AE2E5277FE4368348B29E7108B',NULL,'予h中üÿqenyf十'),
(22,20240102030405,-1455145757,JSON_OBJECT('k', 1),X'CCE7DA332109175B','2000-10-29 01:30:00.25','éfÀd'),
(23,'2024-02-29 23:59:59.123456',-881636636,'{"a": 1}','ソ±com運予À','2021-03-28 02:30:00',"n表q中\m#"),
(24,NULL,null,'null',x'de667fcf77bb0d','1970-01-02 12:00:00',"yソ十\0誠");
INSERT INTO `t1` (id,c0,`c1`,`u`) VALUES (52,NULL,065,1031),(53,null,166,1032),(54,33579,206,1033),(55,'40560.375',+27,1034),(56,52.5e1,65,1035),(57,NULL,77.4,1036),(58,55.5e0,b'1101011',1037),(59,.16,247,1038),(60,0x21CA,168,1039),(61,29.5e1,20.4,1040),(62,NULL,34,1041),(63,78142.67,FALSE,1042),(64,47408,142.4,1043),(65,'80304.908',b'1001011',1044),(66,27525,0x74,null),(67,0x4AB7,96,1045),(68,72402.66,212,1046),(69,0xB3EC,'142',1047),(70,0xAD19,b'1000110',1048),(71,.583,192e0,1049),(72,.957,131,1050),(73,1876,45,1051),(74,10.5e1,TRUE,1052),(75,95.5e2,76e0,1053),(76,40927.77,119.4,1054),(77,17336,10,1055),(78,.466,73,1056),(79,20.5e1,FALSE,1057),(80,0x166B5,133,1058),(81,67899,58,1059),(82,'42737.287',126,1060),(83,'85870.575',170,1061),(84,1.5e2,TRUE,1062),(85,13957,78e0,NULL),(86,95553.50,FALSE,1063),(87,84.5e2,248,1064),(88,0x16D1D,86,1065),(89,68705.63,0xE4,1066),(90,'57904.352','13',1067),(91,.91,6e0,1068),(92,'55052.943','31',1069),(93,34.5e2,+234,1070),(94,60.5e0,b'10100010',1071),(95,.93,b'1110001',1072),(96,.653,'62',1073),(97,30222,170,1074),(98,39.5e1,99e0,1075),(99,15248.49,+251,1076),(100,10866.52,119,1077),(101,'28207.950',95,null),(102,.17,4.4,1078),(103,17092,094,1079),(104,82657.96,197,1080),(105,'75894.690',20,1081),(106,0x120AB,0x9D,1082),(107,86602,TRUE,1083),(108,64484.56,46,1084),(109,49438.41,FALSE,1085),(110,44763,+189,1086),(111,NULL,'198',1087),(112,38868,0x3,1088),(113,null,0xFB,1089),(114,11.5e2,131.4,1090),(115,71699.05,81,1091),(116,.58,54,1092),(117,0x513E,2.4,1093),(118,0xC44B,+36,1094),(119,72257.15,59,1095),(120,0x17298,92e0,1096),(121,.808,'147',1097),(122,49310,0xAE,1098);
INSERT INTO `t1` VALUES (123,72509,115,1099),
(124,NULL,b'10101011',null),
(125,.651,172e0,1100);
INSERT INTO `fz0`.`t1` (`id`,c0,c1) VALUES (126,31.5e1,122),(127,30408,41),(128,0x14CDF,100e0),(129,.1,178),(130,17363.65,245e0),(131,NULL,52),(132,.159,043),(133,12499.42,72),(134,9470,206),(135,89356,132e0),(136,36.5e0,159),(137,0xEE4B,125),(138,32830,139e0);
SET NAMES utf8mb4;
SET @v101 = COALESCE(@trg, -1);
CREATE TABLE IF NOT EXISTS `fz0`.`vars` (name varchar(20), v bigint);
