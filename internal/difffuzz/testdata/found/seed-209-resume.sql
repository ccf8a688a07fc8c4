-- difffuzz: the mariadb client and `dumpscope import` disagree on this script.
-- seed 209, mode resume (dumpscope import --parallel 2 --batch-bytes 2K --checkpoint JOURNAL), kind exit.
-- Shrunk from 44 statements and 685 rows to 17 statements and 105 rows.
-- The original: go run ./scripts/difffuzz --dumpscope BIN --seed 209 --count 1 --modes resume
-- (line numbers below count from the first line after this header)
--
-- the client succeeded, dumpscope failed
--  client:    
--  dumpscope: dumpscope: resume: reading /tmp/difffuzz-1965559169/script.sql up to offset 19793 to check it is the dump that was committed‚Ä¶
-- dumpscope: resuming run bb71cfea3da174fa6130fe6d14a599eb: 19.3 KiB of statements committed (furthest offset 19793) are skipped; the rest is sent
-- dumpscope: importing /tmp/difffuzz-1965559169/script.sql on 2 connections
-- dumpscope: into root@localhost via /tmp/dumpscope-sandbox-3105008933/mysqld.sock
-- dumpscope import: /tmp/difffuzz-1965559169/script.sql: offset 917, line 38: a transaction holds rows from here to its COMMIT or ROLLBACK: it runs on one connection, as will later ones (a dump whose header names mysqldump, phpMyAdmin or Navicat keeps them parallel)
-- dumpscope import: /tmp/difffuzz-1965559169/script.sql: offset 15273, line 67: SELECT ‚Ä¶ INTO @v101 sets a user variable on one connection: the rest of the dump runs on one connection
-- dumpscope import: /tmp/difffuzz-1965559169/script.sql: offset 19793, line 154: routine `trg170`: ERROR 1359 (HY000): Trigger 'fz0.trg170' already exists: CREATE TRIGGER `fz0`.`trg170` BEFORE INSERT ON `fz0`.`t42` FOR EACH ROW BEGIN SET @trg = COALESCE(@trg, 0) + 1; INSERT INTO `fz0`.`log_t42` (msg) VALUES ('before; insert'); END
-- dumpscope: failed in 0:00: 19.3 KiB of SQL, 7 statements, 0 rows (187.9 KiB/s, 0 rows/s)
-- dumpscope: everything up to offset 19793 of /tmp/difffuzz-1965559169/script.sql was executed (statements after it were not sent)
-- dumpscope: resumable; continue with:
--   dumpscope import --resume --checkpoint /tmp/difffuzz-1965559169/script.journal --no-defaults -u root -S /tmp/dumpscope-sandbox-3105008933/mysqld.sock --no-advisor --no-tui --default-character-set utf8mb4 --parallel 2 --batch-bytes 2K /tmp/difffuzz-1965559169/script.sql

SET NAMES utf8mb4;
CREATE DATABASE `fz0`;
USE `fz0`;
CREATE TABLE `fz0`.`t1` (
  `id` int NOT NULL AUTO_INCREMENT,
  `c0` bit(12),
  `c1` varchar(64),
  `c2` longblob,
  `c3` set('1','2','4','x') NOT NULL,
  `c4` enum('1','2','10','a','b'),
  `u` int,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uk` (`u`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
DROP TABLE IF EXISTS `fz0`.`t2`;
CREATE TABLE `fz0`.`t2` (
  `id` int,
  `c0` double(10,3),
  `c1` bit(64),
  `c2` bit(64),
  `c3` tinytext CHARACTER SET latin1,
  `c4` char(12),
  `u` int,
  UNIQUE KEY `uk` (`u`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
CREATE TABLE `fz0`.`t3` (
  `id` int NOT NULL AUTO_INCREMENT,
  `c0` double,
  `c1` datetime(6),
  `c2` varbinary(64),
  `u` int,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uk` (`u`)
) ENGINE=Aria DEFAULT CHARSET=utf8mb4;
UPDATE `fz0`.`t2` SET `id` = `id` WHERE `id` > 5;
ALTER TABLE `fz0`.`t2` DROP COLUMN `c2`;
SET autocommit=0;
REPLACE INTO t1 (id,c1,`c2`,`c3`,`c4`) VALUES (1,'lËÉΩt„ÇΩ',X'F4E8EAA0CABFBA0330','4,x',3),(0,'üòÄü¶´hy_¬±¬±c',_binary'\bk: ™Â/◊–ß˝\\K˚','2,1','2'),(3,'ÂçÅË™†iÈÅãg',X'145BC7','',5);
/*!40014 SET FOREIGN_KEY_CHECKS=0 */;
INSERT INTO `fz0`.`t1` VALUES (54,b'1101010110','Êñá√üquÊñá',_binary'V>ò\l','','B',1011),(56,B'10000101100','jgkeÈÅã√º',_binary'öÑXs\n','2,1','b',1013),(NULL,1192,'\ntÊñá''Êº¢√ºËÉΩz√©q_',0x5402b87cf44528e9db97ec,5,5,1018),(NULL,b'111101000110','kÊº¢‰∫àa√©‰∫àvkü¶´;',0xde64b0d362ac2bce45,15,3,1021),(0,NULL,'bfvj„ÇΩ¬±√ºsË™†Êñá',x'928ede934847eb53ea',15,1,1022),(93,0x806,'ÂçÅ√ºÈÅãl‰∏≠n„ÇΩü¶´/*','Ë™†√©üòÄË°®√©v√ü','1,4','b',1023),(94,b'101010101100','√©√üg',null,'1,4',3,1024),(0,b'111101001','',X'340E6E6379FA492C7EE7A9BE','2,1','B',null),(103,b'110101000101','ËÉΩ',NULL,5,'1',1031),(104,B'100010111100',_utf8mb4'ü¶´awj;''Êº¢',_binary'Ô*uçÚjQ\%0œŸ6ëŒ','1,4','1',1032),(NULL,0xA85,'ÈÅãgË™†;ÈÅã√ü√ºi
','‰∏≠ü¶´√ür"ÊñáüòÄü¶´√üÂçÅ√º\p„ÇΩ','1','1',1033),(147,B'110000000110',null,x'ad8f62d8b49fc5c4eee64d7a15','2,1','a',1037),(148,1058,'eg√ºoü¶´q',0x716b,5,'a',1038),(149,826,'√©czy\b',_binary'EΩ§£ZSﬁX‘?.ﬁ´','1',5,null),(150,1604,"\jÊñáÊñáj
sÂçÅnd",_binary"A´ôb",5,'10',1039),(151,0xE7B,"",'','','1',1040);
CREATE TABLE `fz0`.`copy41` ENGINE=InnoDB AS SELECT * FROM `fz0`.`t1`;
-- a comment; with 'quotes
INSERT INTO `t3` VALUES (1,1e-30,'2024-02-29 23:59:59.123456',X'285F092A',1043),
(2,123456789.125,20240102030405,0x344e4ec371b8553b2796d509,1044);
INSERT INTO `fz0`.`t3` VALUES (701,0,'2024-01-01 00:00:00.5','\b€’M£Ê:',NULL),(702,null,TIMESTAMP'2019-03-31 02:30:00',"@t »Á°+lax?nt",34),(703,1e-30,'1000-01-01 00:00:00','md',15),(704,0.1,'2038-01-19 03:14:07.999999',0xa50f32f5034678,34),(705,.5e1,'1000-01-01 00:00:00',0x743d21c9,30),(727,-1E+10,'2038-01-19 03:14:07.999999',0x886194525e8fe61a016caf438404,21),(742,.5e1,TIMESTAMP'2019-03-31 02:30:00',')
|R˛ÆßD	”8Dlº\0',5),(743,.5e1,'2038-01-19 03:14:07.999999',x'5b262d32ae',23),(786,2,'2024-01-01 00:00:00.5',0xd6eecf418e86fa,13),(787,1.5,'2024-01-01 00:00:00.5','\ZTÒ∆î˚',30),(788,123456789.125,20240102030405,X'4E0F57BD4DB97D',39),(0,0,'1000-01-01 00:00:00','txkÈbf',22),(790,1e-30,'1000-01-01 00:00:00','wo¸ˇt',5),(0,NULL,'2024-02-29 23:59:59.123456',X'83BF8FE7',13),(NULL,.5e1,'2024-01-01 00:00:00.5',X'E7C4',29),(793,123456789.125,'2038-01-19 03:14:07.999999','ﬂbh±clp¸uvd±',38),(794,2,'1000-01-01 00:00:00','ÑÉæ™',10),(795,123456789.125,20240102030405,0x75fbcc6d0f46a24d3f5e5612e5fd,19),(796,123456789.125,null,0xac313738a1969a1d6774c72e280a00,39),(NULL,'7.5',NULL,X'773CBA26',36),(NULL,3.4e38,'1000-01-01 00:00:00',NULL,27),(803,1.5,TIMESTAMP'2019-03-31 02:30:00','3–YO®Ù÷Î˛6-π%}',0),(804,-2.25e-3,'2038-01-19 03:14:07.999999',x'78541ac1f97a88c54a076a',null),(836,123456789.125,'2024-01-01 00:00:00.5',null,14),(0,0.1,20240102030405,0x267ca6dce8d6d93c47816058,14),(838,1.5,TIMESTAMP'2019-03-31 02:30:00',0x85,NULL),(839,'7.5','1000-01-01 00:00:00',NULL,19),(840,123456789.125,'2024-02-29 23:59:59.123456','|}Rv\r9',37),(0,1e-30,'1000-01-01 00:00:00',x'73871b015eadc4dd7c491d',4),(891,-2.25e-3,'2024-01-01 00:00:00.5',0xf56a5bb95ca1bd86744850638bf9,35),(892,-1E+10,'2024-02-29 23:59:59.123456','ì^g˜œÜ@Ã',26),(893,-1E+10,TIMESTAMP'2019-03-31 02:30:00',0x10859e40573d33497956cf63fb85e58a,35),(894,123456789.125,'2024-02-29 23:59:59.123456','tØ«/',36),(895,NULL,'2024-01-01 00:00:00.5',x'8e4828ae70bd68ce85',18),(896,1e-30,TIMESTAMP'2019-03-31 02:30:00',0x44,NULL),(897,0,'2024-02-29 23:59:59.123456',_latin1';gi',12),(898,NULL,'2024-01-01 00:00:00.5',x'1d56eac79d91d548d32deb61c14cb8',2),(899,.5e1,20240102030405,X'953969C26972145D4C61A3F356',6),(944,0,null,"*±S",35),(NULL,1.5,'1000-01-01 00:00:00',x'145899cc698a6da69902c30d94',37),(0,0.1,TIMESTAMP'2019-03-31 02:30:00',X'FFF8492D897FCB338B',23),(947,1e-30,20240102030405,NULL,20),(948,1e-30,TIMESTAMP'2019-03-31 02:30:00',0xc5a6a3adbfd7c6e4bfd1,14),(949,123456789.125,'2038-01-19 03:14:07.999999',0xd5d4,18),(0,3.4e38,TIMESTAMP'2019-03-31 02:30:00',X'C2F6BDDACE2F21AC1682ED94579F',28),(975,1e-30,'2024-02-29 23:59:59.123456',0x12f1882a1a6937210429c2,2),(976,-2.25e-3,'2024-02-29 23:59:59.123456',X'4C21B94F36',NULL),(977,1e-30,'2024-02-29 23:59:59.123456',0x67,37),(0,1.5,'2038-01-19 03:14:07.999999',X'7CD286BC20436874EA6C1A64981B',22),(979,-2.25e-3,'2024-01-01 00:00:00.5',0x97e09207fee504fad25ffb83,21),(0,-2.25e-3,20240102030405,x'c709973d93923c64240b19',39),(981,0.1,'2024-02-29 23:59:59.123456',',d˝⁄ï@xrﬂ—∏G',20),(982,1.5,'2024-01-01 00:00:00.5','H¯¢2Èåvı;lÓT,∆',0),(610,3.4e38,'2024-01-01 00:00:00.5',X'4D1F73B96EFDC7D23C87D0B0',NULL),(1020,1e-30,'1000-01-01 00:00:00',x'ac048e',null),(650,1.5,NULL,x'02fe26d954ad1cf0a994fc',31),(1053,-2.25e-3,TIMESTAMP'2019-03-31 02:30:00',X'F533A040AFEC8D289420789C23BD',14),(1054,0,'2038-01-19 03:14:07.999999',X'C31B963602445BA46527C5B9D360',20),(NULL,NULL,'1000-01-01 00:00:00','GKü'':≥Ïó–',37),(NULL,'7.5','2024-01-01 00:00:00.5','e\Ze\%lo',19),(1057,NULL,NULL,'f',22),(0,123456789.125,'2024-02-29 23:59:59.123456',X'75DC600CA62B',11),(1059,0,TIMESTAMP'2019-03-31 02:30:00',X'808725BD',2),(NULL,1e-30,TIMESTAMP'2019-03-31 02:30:00',X'53D7448F7E9164E5601C26F204',NULL),(1061,.5e1,TIMESTAMP'2019-03-31 02:30:00',X'45',21),(0,0.1,'2038-01-19 03:14:07.999999',X'D9E8FEA31B0B2F1DDF88B473EE89',null),(0,3.4e38,'2024-01-01 00:00:00.5',"ˆK˘©íÀGÏ§",1),(1064,'7.5','2024-01-01 00:00:00.5',x'a9a67c4c030826923f1bd9175f5d',39),(1065,2,TIMESTAMP'2019-03-31 02:30:00','@',7),(0,NULL,'1000-01-01 00:00:00',0x7275,27),(1067,3.4e38,'1000-01-01 00:00:00','h¸qykv;',32),(1068,123456789.125,'2024-01-01 00:00:00.5','Èlg\Zig',22),(1069,1.5,'2038-01-19 03:14:07.999999','˚ôÅPüƒO',37),(1070,2,TIMESTAMP'2019-03-31 02:30:00',null,6),(1071,123456789.125,'2024-01-01 00:00:00.5',x'e3deb2d2c842ec6c',2),(1072,1e-30,'2024-01-01 00:00:00.5',x'dc39c225c2ef9ac6be7f4994',22),(1073,3.4e38,'2024-01-01 00:00:00.5',x'1bc55d58fa94',21),(1074,1.5,20240102030405,NULL,14),(NULL,0,'2024-02-29 23:59:59.123456',0x04659ddeaebaf1,5),(1076,NULL,null,X'F19884EE3FDE0AE701',NULL),(1077,2,TIMESTAMP'2019-03-31 02:30:00',x'b077107ab3f191a84436dfec',38),(NULL,0,'2024-02-29 23:59:59.123456','tﬂmhˇˇ/*y',39),(NULL,2,'2024-02-29 23:59:59.123456',X'0F3DD4',20),(NULL,1.5,'2024-02-29 23:59:59.123456',0xc8f1c55d0e6d8eb5076a59e1c1ba56,4) ON DUPLICATE KEY UPDATE `c0` = VALUES(c0);
