-- difffuzz: the mariadb client and `dumpscope import` disagree on this script.
-- seed 85117, mode parallel (dumpscope import --parallel 3 --batch-bytes 2K), kind dump.
-- Shrunk from 213 statements and 922 rows to 92 statements and 284 rows.
-- The original: go run ./scripts/difffuzz --dumpscope BIN --seed 85117 --count 1 --modes parallel
-- (line numbers in the detail below count from the first line after this header)
--
-- first difference at line 104:
--  client:    (4,'fr','0'),
--  dumpscope: (4,'fr','2'),

SET NAMES utf8mb4;
CREATE DATABASE `fz0` DEFAULT CHARACTER SET utf8mb4;
CREATE DATABASE `fz1` DEFAULT CHARACTER SET utf8mb4;
USE `fz0`;
CREATE TABLE `fz1`.`t1` (
  `id` int,
  `c0` longblob NOT NULL,
  `c1` float,
  `c2` longblob NOT NULL,
  `c3` time(2) NOT NULL,
  `c4` bigint unsigned NOT NULL,
  `c5` varchar(40) CHARACTER SET sjis,
  `u` int,
  UNIQUE KEY `uk` (`u`)
) ENGINE=Aria DEFAULT CHARSET=utf8mb4;
CREATE TABLE `fz1`.`t2` (
  `id` int,
  `c0` tinytext CHARACTER SET latin1,
  `c1` longblob,
  `c2` binary(6) NOT NULL,
  `c3` bit(1),
  `c4` datetime
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
CREATE TABLE `fz1`.`t3` (
  `id` int,
  `c0` bigint unsigned NOT NULL,
  `c1` longblob NOT NULL,
  `c2` binary(6),
  `c3` datetime(6),
  `u` int,
  UNIQUE KEY `uk` (`u`)
) ENGINE=MyISAM DEFAULT CHARSET=utf8mb4;
CREATE TABLE `fz1`.`b4` (
  `id` bigint NOT NULL,
  `c0` tinytext CHARACTER SET latin1 NOT NULL,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
DELETE FROM `fz1`.`b4`;
INSERT INTO `fz1`.`b4` (id,`c0`) VALUES (3,'b'),(4,_utf8mb4"éd");
INSERT IGNORE INTO `fz1`.`b4` VALUES (5,'u'),(4,'fald\t'),(5,_utf8mb4'baüü'),(5,'vtüßjey'),(3,N'');
INSERT INTO `fz1`.`b4` (`id`,`c0`) VALUES (6,'-- oéy\\	ékvwy'),(7,_utf8mb4"bÀuézk"),(8,'n	yn');
/*!40014 SET UNIQUE_CHECKS=1 */;
/*!40014 SET FOREIGN_KEY_CHECKS=1 */;
INSERT IGNORE INTO `fz1`.`b4` VALUES (9,'bwxbüo'),(10,'j\bqfroch'),(11,"ntél"),(12,';');
CREATE TABLE `fz1`.`child5` (
  `id` int NOT NULL AUTO_INCREMENT PRIMARY KEY,
  `pid` bigint,
  `note` varchar(20),
  KEY `kp` (`pid`),
  CONSTRAINT `child5_fk` FOREIGN KEY (`pid`) REFERENCES `fz1`.`b4` (`id`) ON UPDATE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
XA START 'x20';
INSERT INTO `fz1`.`b4` VALUES (13,_utf8mb4'x _sfiz±n'),(14,'ctcv'),(15,'t'),(16,'d'),(17,""),(18,"vüÀbjh"),(19,''),(20,'vhx'),(21,'-- cr'),(22,'dßzaßqh'),(23,'_mÿbem'),(24,'\'zb\j'),(25,'dtualdz'),(26,'\'ta'),(27,_utf8mb4';'),(28,_utf8mb4'ilstzrß'),(29,'t\"\0qaup'),(30,'ügur'),(31,'ßqß'),(32,'o'),(33,"ÿkhaß"),(34,'#q	#"o'),(35,_utf8mb4"yehz"),(36,'
_b'),(37,"foÿé"),(38,'ÿn'),(39,_utf8mb4'sp'),(40,'xn±ü'),(41,'u±é'),(42,_utf8mb4'oov\rcnéo'),(43,'fmcs/*ßtu'),(44,_utf8mb4'n\nf;#Àd '),(45,'`st\oßzuls\_q'),(46,"ogox"),(47,'	sgc'),(48,'±oaÿnbd'),(49,'wqthw\Z
é'),(50,N'davxbptcÀy'),(51,'ll'),(52,'tier\twnkni'),(53,"À /*ßÀs"),(54,'ku'),(55,'ÿém'),(56,'kl-- Àü\g'),(57,"t#j\\ft"),(58,'\cj-- ÿn\y'),(59,_utf8mb4'névüérs'),(60,'tw'),(61,'y±ÿr\r'),(62,"b"),(63,'v#ßoéyozÿ`'),(64,'\k'),(65,_utf8mb4"yßcq""y\a"),(66,'üx/*'),(67,'ipym'),(68,''),(69,'/*t'),(70,''),(71,'f\0kÿn'),(72,"ik	\0rb"),(73,'ki±Àoj_'),(74,'qcw'),(75,'h'),(76,'ececxb#'),(77,'wé'),(78,_utf8mb4'n'),(79,'éaeo/*v ;'),(80,'fx');
XA END 'x20';
XA PREPARE 'x20';
XA ROLLBACK 'x20';
INSERT INTO `fz1`.`child5` VALUES (501,3,'mÿ\j予eziv	m表r');
CREATE TABLE IF NOT EXISTS `fz1`.`log_b4` (n int AUTO_INCREMENT PRIMARY KEY, msg varchar(100));
DELIMITER ;;
CREATE TRIGGER `fz1`.`trg6` BEFORE INSERT ON `fz1`.`b4` FOR EACH ROW
BEGIN
  -- a comment; with a semicolon
  SET @trg = COALESCE(@trg, 0) + 1; /* counted */
  INSERT INTO `fz1`.`log_b4` (msg) VALUES ('before; insert'); # hash
END ;;
DELIMITER ;
SET NAMES utf8mb4;
CREATE TABLE IF NOT EXISTS `fz0`.`sv` (n int AUTO_INCREMENT PRIMARY KEY, name varchar(40), v varchar(400));
DROP TABLE IF EXISTS `fz0`.`tk1`;
CREATE TABLE `fz0`.`tk1` (
  `id` int NOT NULL,
  `a` int DEFAULT NULL,
  `s` varchar(40) DEFAULT NULL,
  `ts` timestamp NULL DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `ka` (`a`)
) ENGINE=InnoDB;
SET @v7 = 813;
INSERT INTO `fz1`.`b4` VALUES (81,'eg#r\Zbx'),(82,'tvüßo'),(83,"%±"),(84,'zj'),(85,'ye\"b±qgudd'),(86,'g\k'),(87,"hgüg"),(88,'±é'),(89,'kufteetg'),(90,"mi"),(91,"ji"),(92,'ßqb;i'),(93,' éhdanb'),(94,'üuo%\b'),(95,'y±j\h\bfzq'),(96,'deqzmi_t'),(97,_utf8mb4"b%");
CREATE TABLE `fz0`.`t8` (
  `id` int NOT NULL AUTO_INCREMENT,
  `c0` bit(64),
  `c1` enum('1','2','10','a','b'),
  `c2` varchar(40) CHARACTER SET gbk,
  `c3` set('1','2','4','x'),
  PRIMARY KEY (`id`),
  KEY `k1` (`c0`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
CREATE TABLE `fz0`.`rs5` (
  `id` int NOT NULL,
  `a` int DEFAULT NULL,
  `s` varchar(40) DEFAULT NULL,
  `ts` timestamp NULL DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `ka` (`a`)
) ENGINE=Aria;
INSERT INTO t8 VALUES (11,0x15D0A01CE9E488B1,1,N'kq文s`s',15);
INSERT INTO `t8` VALUES (12,b'1000000100001111110010110011111001010101000011001111001100','1','ソ/*能','2,1'),(13,4121362934202735239,'1',"v表v\t\%表\\十x",NULL),(14,null,1,'	能十運y\"','x');
CREATE TABLE `fz0`.`b10` (
  `id` bigint NOT NULL,
  `c0` float,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
/*!40014 SET UNIQUE_CHECKS=0 */;
REPLACE INTO `fz0`.`b10` VALUES (7,2),(6,1.5),(7,123456789.125);
CREATE TABLE `fz1`.`t12` (
  `id` int NOT NULL AUTO_INCREMENT,
  `c0` varchar(40) CHARACTER SET gbk,
  `c1` tinyint,
  `c2` binary(6),
  `c3` point NOT NULL,
  `c4` decimal(30,10),
  `c5` datetime NOT NULL,
  PRIMARY KEY (`id`)
) ENGINE=Aria DEFAULT CHARSET=utf8mb4;
CREATE TABLE `fz0`.`tk11` (
  `id` int NOT NULL,
  `a` int DEFAULT NULL,
  `s` varchar(40) DEFAULT NULL,
  `ts` timestamp NULL DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `ka` (`a`)
) ENGINE=Aria;
INSERT INTO `fz0`.`tk11` VALUES (1,78,'s212',NULL),(2,113,'s440','2022-05-26 23:44:48'),(3,73,'s4','2016-10-05 03:02:48'),(4,-10,'s731','2010-07-28 01:43:33'),(5,142,'s809','2026-02-08 11:02:00'),(6,87,'s54','2025-10-09 16:15:00');
CREATE TEMPORARY TABLE `tt12` (
  `id` int NOT NULL,
  `a` int DEFAULT NULL,
  `s` varchar(40) DEFAULT NULL,
  `ts` timestamp NULL DEFAULT NULL,
  PRIMARY KEY (`id`)
) ENGINE=Aria;
BEGIN;
INSERT INTO `tt12` SELECT `id` + 1000, `a`, `s`, `ts` FROM `fz0`.`tk11`;
UPDATE `tt12` SET `a` = `a` + 4 WHERE `id` % 3 = 2;
INSERT INTO `fz0`.`sv` (name, v) VALUES ('tmp', (SELECT CONCAT_WS(' ', COUNT(*), SUM(`a`), MAX(`id`), GROUP_CONCAT(`s` ORDER BY `id`)) FROM `tt12`));
DROP TABLE IF EXISTS `tt12`;
INSERT INTO `fz1`.`t2` VALUES (19,'#yu\Zfr/*',X'878B1A9530E30A37BE56D60B',x'cd48b6ff160e',0,'2038-01-19 03:14:07.999999'),
(114,N'\\é`m',_binary'�u|5[�/V',x'f1f314852eaf',0x1,'1000-01-01 00:00:00'),
(115,'\\v\0\jb%m',_binary'1FNQ��',_binary'�4��',B'0','2024-02-29 23:59:59.123456'),
(116,'zév±ykw\0',x'427984b20e3da255a406d63655f1',X'BD5D370580F2',B'0',TIMESTAMP'2019-03-31 02:30:00'),
(117,'ghlbv',0xef27a1e2391c388bd5942c45e2bcdb4d,x'e56216cec3a6',B'1','2024-02-29 23:59:59.123456'),
(118,'n\kc',x'f5a34232bd3e4eae145a817d',0x46f44075,B'0','2024-01-01 00:00:00.5'),
(119,'±À','vsexki',x'49dabf0f6e1f',B'0','2024-02-29 23:59:59.123456'),
(120,'rdsdlyn\ty',_binary'5',x'4d',1,'2024-01-01 00:00:00.5'),
(121,'dt\eßo',_binary'�i',x'ddca',0x1,TIMESTAMP'2019-03-31 02:30:00'),
(122,'ß"uÀr	','',x'b2b0ca44',null,'2024-01-01 00:00:00.5'),
(123,'±zeqoqb±i',_utf8mb4'ra十iws文運gwqaz誠ß',x'841108',b'1','2024-02-29 23:59:59.123456'),
(124,null,_binary'p�_z�',x'ccfe',B'1','2024-01-01 00:00:00.5'),
(125,null,"表",_binary'�\q�.',b'0','2024-02-29 23:59:59.123456'),
(126,'e\_tcsqr',x'01f57837586b',x'4f700534f4f4',B'0','2024-02-29 23:59:59.123456'),
(127,"o",x'472097776552bc15aecd',_binary"�n���",B'1',null),
(128,'±ßt',null,X'40',b'0','2024-02-29 23:59:59.123456'),
(129,"lhßß",X'DF4F1D',_binary'w�訟',B'1','2024-02-29 23:59:59.123456'),
(13,'ufe\'g\0yc',X'91FE7F',0x83,0x0,null),
(19,_utf8mb4"#`vdox",x'81344f',_binary'a���',B'1','1000-01-01 00:00:00'),
(130,'bg',0x7149f31f934242b59beb,X'7EBD40C8',null,TIMESTAMP'2019-03-31 02:30:00'),
(131,'''a\mb',NULL,_binary'�5�',b'0','1000-01-01 00:00:00'),
(132,N'osü\t\ttü',0xc548abffad18c46e4ac5a4b2ea,x'f06eefd29665',b'0',20240102030405),
(133,'ü%;h',x'9fa52bee',_binary'K`7',1,'2038-01-19 03:14:07.999999'),
(134,'e',X'732A09F1973163601B',x'535f',b'1','2024-01-01 00:00:00.5'),
(135,"c\rrzßbd\\ß",NULL,x'7e5864',0x1,'1000-01-01 00:00:00'),
(136,null,_binary"��ƣ���1""!p��",0x46b8f2,b'0','1000-01-01 00:00:00'),
(137,'zußujiy',_binary"�\Z��t��9G�9",_binary'�`[�^=',0,TIMESTAMP'2019-03-31 02:30:00'),
(138,'\sz',_binary'�P���3�\r[%�/',0xc3,0x0,20240102030405),
(4,'o',x'f9cc930971891938',X'B376FCB3',0,'2024-02-29 23:59:59.123456'),
(139,'rl\qj-- é',0xeea9924f867045ce5efecfc41b770021,x'925585ca',B'0','2024-02-29 23:59:59.123456'),
(140,'jntd\nj','y',x'5a3f',0,NULL),
(141,"un",_binary'q�E�Q0',X'3C2644A228',b'1',TIMESTAMP'2019-03-31 02:30:00'),
(19,'sro	',0x865af9fbfb9b56a185bab349a29e,X'231D',B'1',20240102030405),
(12,'aivÿw',_binary'�c47������ɤFo',0xb81b77403c,b'1','2038-01-19 03:14:07.999999'),
(142,'wérüÿ%ir',X'BA79AD1A90707CDA85CBFFC3C83840',_binary'C',null,'2038-01-19 03:14:07.999999'),
(143,'homvvr',null,X'211C79',b'0',TIMESTAMP'2019-03-31 02:30:00'),
(144,'yhq','十',X'EC022D',0x0,'2024-01-01 00:00:00.5'),
(145,'io±-- éé\r',null,x'b4f9d5',b'0','2038-01-19 03:14:07.999999'),
(18,NULL,'\Zpyi運c運em',x'545de2a436',b'1','2038-01-19 03:14:07.999999'),
(146,"\c",X'18',X'95AF8901',B'0',NULL),
(147,'hr',X'BEECFA6ADF0B',x'8fe073495d',1,'1000-01-01 00:00:00'),
(148,'\k`p''gfß',_binary'�g�I�f��y9n��',_binary'��Q',b'1','2024-02-29 23:59:59.123456'),
(149,null,x'60cb34af',0xa9da30d8cff0,1,'2024-02-29 23:59:59.123456'),
(150,"w\\",X'03026C316A0F6B',X'10068B',b'1','2024-01-01 00:00:00.5'),
(151,'vuqü±ßÿéf',0xdcd4e34caefcf502368c9a6543,_binary'��u',B'0',TIMESTAMP'2019-03-31 02:30:00'),
(152,NULL,x'5c3454de4b42e5c8a4a24d',X'99BB154697',B'0','2024-01-01 00:00:00.5'),
(153,'kq',0x6cab1903,0x601c7fe8,0x0,TIMESTAMP'2019-03-31 02:30:00'),
(6,'Àdmé',X'640CE70EBF21E7B7A2E0851F9E5EFFB7',0x8e338f123557,B'0','1000-01-01 00:00:00'),
(8,_utf8mb4'`n\p\0yx''',X'94',X'0953',1,'2024-02-29 23:59:59.123456'),
(154,'',x'a3a6251fe546ec933baf6132abbbe241',x'c206f6f8206e',B'0',20240102030405),
(155,"\\n\\\0Àqs",x'834b2184ef135cc256',X'11ECA8',b'1','2038-01-19 03:14:07.999999'),
(156,NULL,_binary'��4�b£W�}�',x'af16cb11',1,'2024-01-01 00:00:00.5'),
(157,'k',x'f6056d38c95a1c3db1',x'd281',null,20240102030405),
(158,_utf8mb4'g',0x922f0f519945a133,X'81',0x0,20240102030405),
(11,'haenv\l±;',X'9237ACC48E93AAFAF9CB39',X'CD03EA',B'0',null),
(159,'\\czexÿ\"p\'',0xba97398da6236cd154,x'a562',0x0,'1000-01-01 00:00:00'),
(160,"h knÀqpns",NULL,0xc0036959dc29,b'1',20240102030405),
(161,'t\ctyphué\"rn',X'A8441A3A2D91089D0C3C6559CA0D',X'EED3037C3429',0,'1000-01-01 00:00:00'),
(13,'\b;cüggßh',X'717B3B6C2F6499F096',X'0001',B'1','2024-02-29 23:59:59.123456'),
(162,'\'ezp\gkÀh',X'3866B443E096C2',x'ea317952',b'1',TIMESTAMP'2019-03-31 02:30:00'),
(16,'ü',X'A485DD5D705019BE2CC3EDAE9B',x'1a41fba662',0x1,'2024-02-29 23:59:59.123456'),
(163,'k"en',X'7E83',X'18',0,NULL),
(164,'q\fspmoxxs',0x10053ccd6edc0781b7,X'96EFE7',null,TIMESTAMP'2019-03-31 02:30:00'),
(165,'n',0x0dd83adf1e7d08178a3678d9,x'84ed98b19996',0x0,NULL),
(13,'mt',_binary'�.HW��ӂr-���\b',x'cd54',1,'1000-01-01 00:00:00'),
(166,'rdatf',0x7230edb0d629,x'0ab371928a26',b'0',NULL),
(167,'k',0x7ad5a256d2b4e745,_binary'����H',B'1','1000-01-01 00:00:00'),
(168,'cs',X'DF3852',0x393aa6f444cf,null,'1000-01-01 00:00:00'),
(169,'nvtsßmv',X'BEEAACD6D393ACF7B0',0x7f7b5726455f,b'1','2024-02-29 23:59:59.123456'),
(170,'',X'60241BB82ED1E3FE9878BE6BAA',0x7f08,B'1','2024-01-01 00:00:00.5'),
(15,_utf8mb4'qvÀ±b',X'4631',x'2cf439',0x1,20240102030405),
(171,'jhi',X'02D24D3B27FF64',0xd790,0x1,'1000-01-01 00:00:00'),
(172,'ßvous-- ',X'2BF61332A553D1',x'd3d98010',1,20240102030405),
(173,"cü",'\hehytju誠\'iwif',X'E121',1,20240102030405),
(174,"ÿÀao	éüqük",x'8194c9904aa5b8',X'012E4E46',b'0','1000-01-01 00:00:00'),
(175,'±h',_binary'�',_binary'��',B'1','2024-01-01 00:00:00.5'),
(11,'ag\nßh\jo',_binary'������',X'08BF5781C2DE',b'1','2024-01-01 00:00:00.5'),
(176,'ßü\lnü#eb',x'532fc55bd157cd4dad7c7e08d2f7',X'85C61E287BFE',b'1',TIMESTAMP'2019-03-31 02:30:00'),
(177,_utf8mb4'wuql±üo',0x1fa00e,x'c6',b'1',20240102030405),
(178,'j',X'B5B20F9965DC13AFC5',_binary'	3��',0x1,'2024-01-01 00:00:00.5'),
(179,'h\f\"cqgé\r',X'65',x'413104afde62',0x1,'2024-02-29 23:59:59.123456'),
(180,null,0x36a14f,x'26',b'0',TIMESTAMP'2019-03-31 02:30:00'),
(181,_utf8mb4'kiüb',NULL,x'5e0b1a7d',b'1','2024-02-29 23:59:59.123456'),
(182,'',x'9b29c3a0c096f4ce16',x'a07280',0x0,'1000-01-01 00:00:00');
CREATE TABLE `fz0`.`tk13` (
  `id` int NOT NULL,
  `a` int DEFAULT NULL,
  `s` varchar(40) DEFAULT NULL,
  `ts` timestamp NULL DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `ka` (`a`)
) ENGINE=MyISAM;
INSERT INTO `fz0`.`tk13` VALUES (1,81,'s131','2011-01-27 23:46:37'),(2,74,'s202','2023-12-17 01:03:14');
CREATE TEMPORARY TABLE `tt14` LIKE `fz0`.`tk13`;
BEGIN;
INSERT INTO `tt14` VALUES (1000, -11, 't48', NULL),(1001, 92, 't285', '2015-09-02 20:52:09'),(1002, 11, 't469', '2029-01-16 22:59:06'),(1003, 15, 't644', '2026-08-20 04:02:46'),(1004, -25, 't894', '2020-02-13 04:28:58');
SET STATEMENT max_statement_time = 0 FOR INSERT INTO `tt14` SELECT `id` + 1005, `a`, `s`, `ts` FROM `fz0`.`tk13`;
ROLLBACK;
INSERT INTO `tt14` VALUES (11005, 86, 't59', '2022-11-20 07:17:30'),(11006, 16, 't100', '2020-11-17 15:03:51'),(11007, 104, 't616', '2019-12-11 22:18:35'),(11008, 45, 't125', NULL),(11009, -39, 't180', '2011-09-24 05:50:34'),(11010, 131, 't613', NULL);
INSERT INTO `tt14` VALUES (11011, 105, 't765', NULL),(11012, 77, 't982', '2028-09-12 12:49:13'),(11013, -14, 't287', '2010-06-03 08:16:46'),(11014, 115, 't500', '2021-10-14 18:45:05'),(11015, -13, 't666', '2027-02-21 14:16:10'),(11016, 139, 't553', '2018-12-14 07:34:25'),(11017, -14, 't167', NULL),(11018, 69, 't188', '2020-01-01 08:12:23');
UPDATE `tt14` SET `a` = `a` + 2 WHERE `id` % 3 = 2;
INSERT INTO `fz0`.`sv` (name, v) VALUES ('tmp', (SELECT CONCAT_WS(' ', COUNT(*), SUM(`a`), MAX(`id`), GROUP_CONCAT(`s` ORDER BY `id`)) FROM `tt14`));
CREATE TABLE `fz1`.`t13` (
  `id` int NOT NULL AUTO_INCREMENT,
  `c0` varchar(40) CHARACTER SET gbk NOT NULL,
  `c1` tinyint,
  `c2` char(12),
  `c3` varchar(40) CHARACTER SET gbk,
  `c4` varchar(64) NOT NULL,
  `u` int,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uk` (`u`)
) ENGINE=Aria DEFAULT CHARSET=utf8mb4;
CREATE TABLE `fz0`.`tk15` (
  `id` int NOT NULL,
  `a` int DEFAULT NULL,
  `s` varchar(40) DEFAULT NULL,
  `ts` timestamp NULL DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `ka` (`a`)
) ENGINE=InnoDB;
INSERT INTO `fz0`.`tk15` VALUES (1,-11,'s324','2019-12-08 02:41:43'),(2,29,'s927','2016-04-02 14:09:01'),(3,32,'s186',NULL),(4,-32,'s880','2022-08-21 08:42:12'),(5,109,'s148','2019-06-19 14:51:57'),(6,59,'s430',NULL),(7,79,'s854',NULL),(8,-35,'s821',NULL);
CREATE TEMPORARY TABLE `fz0`.`tt16` LIKE `fz0`.`tk15`;
BEGIN;
SET STATEMENT max_statement_time = 0 FOR INSERT INTO `fz0`.`tt16` VALUES (1000, -17, 't546', NULL);
PREPARE tps17 FROM 'DELETE FROM `fz0`.`tt16` WHERE `a` < -30';
EXECUTE tps17;
DEALLOCATE PREPARE tps17;
ROLLBACK;
START TRANSACTION;
REPLACE INTO `fz0`.`tt16` VALUES (1001, -39, 't178', NULL),(1002, 97, 't584', NULL),(1003, -13, 't638', NULL);
INSERT INTO `fz0`.`tk15` VALUES (109,12,'s441',NULL);
COMMIT;
EXECUTE IMMEDIATE 'UPDATE `fz0`.`tt16` SET `a` = `a` + 8 WHERE `id` % 3 = 2';
DELETE FROM `fz0`.`tt16` WHERE `a` < 10;
EXECUTE IMMEDIATE 'UPDATE `fz0`.`tk15` AS r JOIN `fz0`.`tt16` AS x ON x.`id` = r.`id` SET r.`a` = x.`a` + 1000';
INSERT INTO `fz0`.`sv` (name, v) VALUES ('tmp', (SELECT CONCAT_WS(' ', COUNT(*), SUM(`a`), MAX(`id`), GROUP_CONCAT(`s` ORDER BY `id`)) FROM `fz0`.`tt16`));
DROP TEMPORARY TABLE `fz0`.`tt16`;
XA START 'x163';
INSERT INTO t8 (`c0`,`c2`,`c3`) VALUES (b'1000000001010000100010010001000010010011011010001000111100100','',''),(b'1100110000010011100000000011001001000100010001100001000101100','"','4,x'),(B'11010010110101101001110111100010111100111010011100010100010101',_utf8mb4'誠eizjyi`',15),(B'11110101010111111100101101110011001111001001010001110110000011','',NULL);
XA END 'x163';
XA PREPARE 'x163';
XA COMMIT 'x163';
REPLACE INTO `fz1`.`t13` VALUES (1,'	asxhd-- ',127.4,"l運\0",'#qfr運','中o🦫能iob\0c\Zfé',15),(NULL,'表rn予-- 漢lct運',-70,'ü中','h\"漢運c中中#jソ','😀bfyÿy能',23),(3,_utf8mb4'\mv中a',1.4,'À','中','',25),(0,'n文h十',-72,'誠u','予\'運dqi',"\tgh",31),(37,'ze',-62,'r十w','中wm表''','À文d予n能v',6),(38,'',+127,'文ph','\vxs-- 中誠',N'x誠gwt運wré',1),(72,'zjp十運ovhyp',0x60,'😀文#','','rpソ',17),(0,N'izg\Zts',77e0,'±','gp予s文l能',N'',31),(74,'運文u;j漢',053,null,'ov',"ÿ;漢p漢l",39),(75,'aru','-126','±/*','k\0y運誠xyuz','kgv漢\0',13),(0,N'中bb\ux漢msn',-12,null,'中jwe能i','nsünkßr\Z',NULL),(77,"",-23,'p±文',NULL,_utf8mb4'表v',24),(99,'文q十ka',127,'dz\\','運','ÿbt運vj',24),(100,'e',null,'/*''_',_utf8mb4'kzpm\xy中','ywÀebソb\0b漢g',25),(101,"aソwd\ntj誠vb",-80,"h",'f運xq','誠lfj誠nÿrf',32),(102,'運qx文','120','q中é予','l',"中aßo;ソソ表r",21),(103,'十十ad予ohe\b運',b'1111111','jn誠',"",'文gfß🦫a	\"十;',4),(104,'ogjh文b運',120.4,'運','表',"üÀ'hp😀",30),(0,'\efkx誠','62','誠±g\b','peaq\n文','z予誠fty運ühソ',2),(106,_utf8mb4'v',-29,'±\\ÿ😀','漢cy\\十r;運zh','qÿ漢üÿlti',34),(107,N'od漢',-72,null,'','\\\b表表運運m',null),(108,'yjll',127,'Àc','rtd文l_msl','r😀iu±',11),(NULL,"tofnzbu中a\tt",b'1110001','ydf','能 能','%十',13),(145,_utf8mb4'mwbrnxh文e',127,'sw','th#juqque','uzdé十',35),(NULL,'e運x` r',-128,'y','漢運\yz\\e','eqÀ',1),(147,"\0f誠tm",70e0,'中À\'','予能ky','s中±',0),(NULL,"hnuff表eyi",-20,null,'wa\ngc','rv十🦫予\Zamx',null),(149,'cソs\sソ\'g',047,"üü能😀",'誠dbw\r誠br;',"誠ax bxs中",29),(0,_utf8mb4'\_m表s',90,"",'zrj文e	\b表十f','ü漢c"z文表漢th',20),(151,'ソr表ho運sw誠z',+4,"ソtx","\bm誠誠a\0m/*\nv",'yw🦫能能予q pa',19),(0,'表\'予p',-34,'ks誠l','cg文fxa誠-- v','',32),(153,"中\Ze",127,NULL,"dk",'cÿic',36),(NULL,'誠運o\\\i能si十k',TRUE,'漢\t','\%u',"sソefkjlt-- 😀",25),(0,'ko\\',117e0,"mpu;",N'十w\r文kld#y\Zソs','tソ',30),(156,';運ソ','127','ソr','b能o',"表é表wß予十f",36),(157,"rc表表",35.4,_utf8mb4'文mme',"ne誠漢 漢予",'-- o',19),(158,'"x','16','表#運','','表運ufchtqio',16),(159,'v文w文\'予',-128,'o\%',"",'t😀文漢',5),(160,'予中	ook','113',"\_","m能十kvr文b漢om",'十😀%\rÿ ',0),(161,'s	aソv''能中',38,"能±b",'n表ufslj','zp/*''',25),(NULL,'ete',-34,'j\n;ソ','r文q漢d\w中\\',_utf8mb4'表c',16),(163,'otha文nif',40,'\p','uf文',"\0能文😀ßk;ek😀",21),(NULL,'\n運k漢yo',127e0,'p"ÿ',"予",'予m±表gb',17),(191,N'wxi',FALSE,'能',_utf8mb4'\tv誠n文q',"nÀgソ漢cbl能üü",0),(0,'表l予k j','126',_utf8mb4'ÿ',"z\0",'s誠r能',33),(193,'/*十q',null,'h','u','予nbl\0pg',14),(194,'q',-124,"表ß","中誠\ucysnlk",'中l予\r十\%😀\b予誠',30),(NULL,'漢i','90','cvh',_utf8mb4'jld','予jv漢w',NULL),(196,'nh漢m u運',127,'v','運le','"十pÿl🦫i',29),(0,'idyz誠yl\'能g漢',-68,'運予','','üt😀運',24),(198,'olvuiソ',TRUE,'À','\0表ytソhhw','d文ucÿggmソw',14),(NULL,'中l',0.4,_utf8mb4'g',"",'n中j誠x表fy誠ßz',13),(200,'vh\Z文slk',null,'néy±','#y\\表w文','文',null),(246,'d',127,'s±b能','kx','haxß🦫中運誠t',26),(0,"hjhmk",037,NULL,'能sn',"u運ÿ表q漢±nrep\b",26),(248,'b\%運\rhk\nb',-14,'is誠誠','s表\0yc誠ソ',"o",17),(249,'y中/*zv',-110,'j表r','x中運d運','qyoÀm',22),(250,'w\r誠f-- v',+79,'y漢','能`\tdw表vtn文','f',NULL),(251,'pv能\'中svaソv',b'1100100','表',null,_utf8mb4'漢mp予nuzpe\tÀ誠',7),(252,'誠',-14,'中表o"','',_utf8mb4'oxd\r',11),(253,"t運誠十",b'1111111',_utf8mb4't',null,'ソx\'',22),(254,'誠
能誠j',NULL,'s','/*予rz中kソ十`',"sh\rß十文ydj",21),(255,'cn能zw#w能g','29',NULL,'表予tjx\ff','bv',30),(96,'誠\_ソ表hur\"u',19,'wuo','h表nv\m\0','sÿ-- égt表gog',8),(320,_utf8mb4'xr',null,NULL,'',"予énhßbソ\0é😀",15),(356,"betw\\\d表bit",9,'中',"",'À運\\\0ソfey\0',14),(401,'c\\r','-90','十o','r予gl能能\_n','運😀能誠運文',25),(0,'a運予ソ運/*z','-128',null,_utf8mb4'l能','中能bl',13),(403,'p十u\ry\t運h',null,'p',_utf8mb4"表aky能r中",'y文ÀxmÀ',1),(0,'yd\rehff',-63,'s能_j',_utf8mb4'u`','🦫r',24),(408,'xrb誠',-128,'',"wj文\\",'文誠',16),(409,'運_w文',93,'ux文',null,'c \ueg十i\r予ß漢',30);
CREATE TABLE IF NOT EXISTS `fz0`.`vars_fr` (n bigint);
SELECT SQL_CALC_FOUND_ROWS * FROM `fz0`.`b10` LIMIT 1;
INSERT INTO `fz0`.`vars_fr` SELECT FOUND_ROWS();
START TRANSACTION;
DROP TABLE `fz1`.`t12`;
SET @rk = 1;
SELECT ROW_COUNT(), FOUND_ROWS() INTO @w, @w2;
INSERT INTO `fz0`.`sv` (name, v) VALUES ('fr', @w2);
INSERT INTO `fz0`.`sv` (name, v) VALUES ('rc', @w);
