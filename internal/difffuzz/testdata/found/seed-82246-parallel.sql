-- difffuzz: the mariadb client and `dumpscope import` disagree on this script.
-- seed 82246, mode parallel (dumpscope import --parallel 3 --batch-bytes 2K), kind dump.
-- Shrunk from 200 statements and 1700 rows to 200 statements and 1700 rows.
-- The original: go run ./scripts/difffuzz --dumpscope BIN --seed 82246 --count 1 --modes parallel
-- (line numbers in the detail below count from the first line after this header)
--
-- first difference at line 802:
--  client:    (6,'w','1');
--  dumpscope: (6,'w','0');

SET NAMES utf8mb4;
CREATE DATABASE `fz0` DEFAULT CHARACTER SET latin1;
USE `fz0`;
/*!40014 SET @OLD_FOREIGN_KEY_CHECKS=@@FOREIGN_KEY_CHECKS, FOREIGN_KEY_CHECKS=0 */;
CREATE TABLE `fz0`.`t1` (
  `id` int,
  `c0` datetime,
  `c1` tinyint unsigned NOT NULL,
  `u` int,
  UNIQUE KEY `uk` (`u`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
CREATE TABLE `fz0`.`t2` (
  `id` bigint NOT NULL,
  `c0` enum('1','2','10','a','b'),
  `c1` time(2),
  `c2` tinyint NOT NULL,
  `u` int,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uk` (`u`),
  KEY `k1` (`c0`)
) ENGINE=MyISAM DEFAULT CHARSET=utf8mb4;
CREATE TABLE `fz0`.`b3` (
  `id` bigint NOT NULL,
  `c0` time(2),
  `c1` point NOT NULL,
  `c2` varchar(40) CHARACTER SET gbk NOT NULL,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
/*!40014 SET UNIQUE_CHECKS=0 */;
INSERT INTO `fz0`.`b3` VALUES (1,'838:59:59',POINT(3, 4.5),'v'),(2,123456,ST_PointFromText('POINT(-1 0)'),_utf8mb4'b');
INSERT IGNORE INTO `b3` VALUES (3,'-12:30:00.25',ST_GeomFromText('POINT(1 2)'),"muq予`予p十ka"),(2,'-838:59:59.00',ST_PointFromText('POINT(-1 0)'),N'efy\rkv_'),(1,NULL,POINT(3, 4.5),'k\t\qz\bbr');
DROP TABLE `fz0`.`b3`;
CREATE TABLE `fz0`.`b3` (
  `id` bigint NOT NULL,
  `c0` time(2),
  `c1` point NOT NULL,
  `c2` varchar(40) CHARACTER SET gbk NOT NULL,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
INSERT INTO `b3` VALUES (4,'1 10:00:00',ST_PointFromText('POINT(-1 0)'),"lnveketjg"),(5,'00:00:00.99',ST_PointFromText('POINT(-1 0)'),'noxyqh'),(6,'838:59:59',POINT(3, 4.5),'e');
INSERT IGNORE INTO `b3` VALUES (7,'-12:30:00.25',ST_PointFromText('POINT(-1 0)'),'n'),(8,'-838:59:59.00',POINT(3, 4.5),'b;u予d%t'),(5,'-12:30:00.25',ST_PointFromText('POINT(-1 0)'),';dソソ\lr\r'),(8,123456,ST_GeomFromText('POINT(1 2)'),''),(8,'-12:30:00.25',ST_PointFromText('POINT(-1 0)'),'hzvxw');
INSERT INTO `fz0`.`b3` (`id`,c1,`c2`) VALUES (9,POINT(3, 4.5),"\0運");
PREPARE s4 FROM 'START TRANSACTION WITH CONSISTENT SNAPSHOT';
EXECUTE s4;
INSERT INTO `fz0`.`t2` VALUES (1,null,null,-128,NULL),(2,'b',123456,0x5,31),(3,5,'1 10:00:00',44,4),(4,3,'00:00:00.99',59.4,8),(5,5,'-838:59:59.00',-94,3) ON DUPLICATE KEY UPDATE `u` = NULL;
PREPARE s5 FROM 'COMMIT';
EXECUTE s5;
DEALLOCATE PREPARE s5;
CREATE TABLE `fz0`.`gc1` (
  `id` int NOT NULL,
  `a` int,
  `s` varchar(30),
  `d` decimal(10,2),
  `g0` varchar(80) GENERATED ALWAYS AS (CONCAT(`s`, '-', `a`)) STORED,
  `g1` int GENERATED ALWAYS AS (`a` * 2) VIRTUAL,
  `g2` int AS (`a` * 2) PERSISTENT,
  `z` int,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
INSERT INTO `gc1` VALUES (1,FALSE,'運ソ',93.5e1,NULL,NULL,NULL,0x50),
(2,TRUE,'十',571.123456789012,NULL,DEFAULT,DEFAULT,b'100000'),
(3,-89,"x\ncd\mueo文\rv中",0xEA33,DEFAULT,DEFAULT,DEFAULT,028),
(4,b'1011001111',NULL,0x6FB0,DEFAULT,NULL,NULL,100),
(5,b'100100','owüßuÀx%\o能lu',.573,NULL,NULL,DEFAULT,32),
(6,NULL,_utf8mb4'十誠	ÀxÀ',-58263.11,DEFAULT,NULL,DEFAULT,7),
(7,50,"ed\k",59878.34,NULL,NULL,NULL,71e0),
(8,318,_utf8mb4'十u表\'u','-70185.432',DEFAULT,DEFAULT,DEFAULT,100),
(9,099,'ソ\r/*jÀl\\',61361,NULL,DEFAULT,NULL,65),
(10,152.4,N'\utt',699.123456789012,NULL,NULL,DEFAULT,TRUE),
(11,FALSE,'文運\0',-90365,DEFAULT,NULL,NULL,TRUE),
(12,-86,'十ühy文k\b運o-- 🦫',50.5e0,NULL,DEFAULT,DEFAULT,42),
(13,-191,'\r"o表e中\rc十',21331.54,NULL,DEFAULT,DEFAULT,63),
(14,'79',_utf8mb4'十r文/*ue能予\p',.4,NULL,DEFAULT,DEFAULT,b'1010110'),
(15,-559,"中",74083.18,DEFAULT,DEFAULT,DEFAULT,TRUE),
(16,023,"\axwtébd",51992,NULL,DEFAULT,NULL,025),
(17,-134,'文\ty',-.860,NULL,NULL,NULL,0x12),
(18,24e0,'±ßÿcc',NULL,NULL,NULL,NULL,66),
(19,+125,_utf8mb4"\Z🦫ßÿfv十c運",'-88730.243',DEFAULT,DEFAULT,NULL,100),
(20,+801,"能h文nßr中eaソ😀",-76768.33,DEFAULT,DEFAULT,NULL,100e0),
(21,b'1111100','qj中;b',-86596,NULL,DEFAULT,DEFAULT,94),
(22,167.4,"能ÿ",51.5e1,DEFAULT,DEFAULT,DEFAULT,14),
(23,-973,"l%xvlÿz""文文😀能",-25804.77,DEFAULT,DEFAULT,DEFAULT,49),
(24,20,'中',-.25,DEFAULT,NULL,DEFAULT,91),
(25,TRUE,'vahü±vt😀ü
',5.5e0,DEFAULT,DEFAULT,DEFAULT,16),
(26,'-84',N'ofbzy\n\Z',null,DEFAULT,DEFAULT,NULL,'12'),
(27,-254,_utf8mb4"十p表",.697,DEFAULT,NULL,NULL,'62'),
(28,-987,'p\r\%文運x🦫±v',-67860.76,DEFAULT,DEFAULT,NULL,'100'),
(29,'-860',_utf8mb4'À',0x8BE,DEFAULT,DEFAULT,DEFAULT,25e0),
(30,-129,'文\em',24.5e0,DEFAULT,NULL,DEFAULT,b'1100100');
INSERT INTO `gc1` VALUES (31,+840,'文a',87.5e0,DEFAULT,DEFAULT,DEFAULT,FALSE),
(32,-547,'p表hay',NULL,DEFAULT,DEFAULT,DEFAULT,b'1100100'),
(33,742,"-- 十",'16173.661',DEFAULT,NULL,DEFAULT,FALSE),
(34,'200','表l誠\yüdaソc',0xE2BD,DEFAULT,NULL,NULL,0x59);
INSERT INTO `gc1` VALUES (35,426.4,'表t十o文c',.519,DEFAULT,DEFAULT,NULL,2);
CREATE TABLE IF NOT EXISTS `fz0`.`sv` (n int AUTO_INCREMENT PRIMARY KEY, name varchar(40), v varchar(400));
CREATE TABLE `fz0`.`rb1` (
  `id` int NOT NULL,
  `a` int DEFAULT NULL,
  `s` varchar(40) DEFAULT NULL,
  `ts` timestamp NULL DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `ka` (`a`)
) ENGINE=InnoDB;
INSERT INTO `fz0`.`rb1` VALUES (1,32,'s915','2023-06-19 10:54:15'),(2,85,'s154','2011-03-03 04:51:55'),(3,-43,'s34','2019-07-19 01:53:40'),(4,-20,'s498','2021-02-17 05:38:32'),(5,2,'s365','2029-04-15 16:44:38'),(6,103,'s80',NULL),(7,-4,'s181','2012-07-18 07:18:52'),(8,14,'s839','2020-05-04 22:39:56'),(9,-22,'s414',NULL),(10,33,'s831','2012-05-16 09:20:32'),(11,17,'s424',NULL),(12,68,'s799','2010-07-20 22:43:14'),(13,74,'s284',NULL),(14,117,'s74','2011-02-06 09:21:12'),(15,127,'s166','2016-11-25 17:23:46');
DELIMITER ;;
CREATE DEFINER=`root`@`localhost` FUNCTION `fz0`.`rf2`(x int) RETURNS int
    DETERMINISTIC
BEGIN
  DECLARE r int DEFAULT 0;
  DECLARE CONTINUE HANDLER FOR SQLSTATE '45000' SET r = r - 1000;
  BEGIN
    DECLARE r int DEFAULT x * 2;
    SET @rf_inner = r;
  END;
  IF x > 73 THEN
    SIGNAL SQLSTATE '45000';
  END IF;
  SET r = r + x + 1, @rf_calls = COALESCE(@rf_calls, 0) + 1;
  RETURN r;
END ;;
DELIMITER ;
INSERT INTO `fz0`.`rb1` (id, a, s) VALUES (16,`fz0`.`rf2`(44),'f'),(17,`fz0`.`rf2`(-14),'f'),(18,`fz0`.`rf2`(102),'f'),(19,`fz0`.`rf2`(-14),'f'),(20,`fz0`.`rf2`(138),'f'),(21,`fz0`.`rf2`(123),'f'),(22,`fz0`.`rf2`(1),'f');
SET @fv3 = `fz0`.`rf2`(56);
INSERT INTO `fz0`.`sv` (name, v) VALUES ('fv', CONCAT_WS(' ', @fv3, @rf_inner, @rf_calls));
INSERT INTO `b3` VALUES (10,'-12:30:00.25',ST_PointFromText('POINT(-1 0)'),'jt'''),(11,123456,POINT(3, 4.5),'ajq-- yu運;\_eソ'),(12,123456,POINT(3, 4.5),'表slgswxlv'),(13,NULL,POINT(3, 4.5),"十z	k");
REPLACE INTO `t1` VALUES (1,'2024-02-29 23:59:59.123456',b'10100000',3),
(19,TIMESTAMP'2019-03-31 02:30:00',37,25),
(2,'2024-01-01 00:00:00.5',+39,null);
ALTER TABLE `fz0`.`t2` ADD INDEX `ix6` (`c0`);
INSERT IGNORE INTO `fz0`.`b3` VALUES (14,123456,ST_GeomFromText('POINT(1 2)'),_utf8mb4'x能予文漢'),(15,null,POINT(3, 4.5),'ソ表\%kit\r表'),(16,null,ST_GeomFromText('POINT(1 2)'),"e能\f漢中漢"),(17,123456,POINT(3, 4.5),"文v漢p");
INSERT INTO `fz0`.`b3` VALUES (18,'838:59:59',POINT(3, 4.5),'n \0en能v'),(19,null,ST_GeomFromText('POINT(1 2)'),'誠漢文b_中f\f'),(20,'-838:59:59.00',POINT(3, 4.5),'予zubw予x\r'),(21,'1 10:00:00',ST_PointFromText('POINT(-1 0)'),'予gbfw'),(22,'1 10:00:00',POINT(3, 4.5),'ud\d'),(23,null,ST_GeomFromText('POINT(1 2)'),_utf8mb4'表rzvndv運ソ	'),(24,'1 10:00:00',ST_GeomFromText('POINT(1 2)'),'w');
DROP TABLE IF EXISTS `fz0`.`gc2`;
CREATE TABLE `fz0`.`gc2` (
  `id` int NOT NULL,
  `a` int,
  `s` varchar(30),
  `d` decimal(10,2),
  `g0` int GENERATED ALWAYS AS (`a` * 2) VIRTUAL,
  PRIMARY KEY (`id`)
) ENGINE=MyISAM DEFAULT CHARSET=utf8mb4;
INSERT INTO `gc2` VALUES (1,-494,'d','35379.796',DEFAULT),(2,-297,'_hm😀y🦫',750.123456789012,DEFAULT),(3,TRUE,'x%/*',31492.96,DEFAULT);
INSERT INTO `gc2` (`id`,`a`,`s`,`d`) VALUES (4,TRUE,'e',61.5e0),
(5,NULL,'ßソj-- 十sÀ漢l','40220.016');
/*!40014 SET UNIQUE_CHECKS=0 */;
INSERT INTO `fz0`.`b3` VALUES (25,'00:00:00.99',ST_GeomFromText('POINT(1 2)'),'q\"予\0fw表漢foe'),(26,'-12:30:00.25',POINT(3, 4.5),'wnq'),(27,123456,ST_PointFromText('POINT(-1 0)'),'中 v予;\Z十');
INSERT IGNORE INTO `b3` VALUES (28,123456,POINT(3, 4.5),';y'),(29,'-838:59:59.00',ST_GeomFromText('POINT(1 2)'),_utf8mb4'iw運u	'),(26,NULL,ST_GeomFromText('POINT(1 2)'),'zqソ'),(29,123456,ST_GeomFromText('POINT(1 2)'),'十z\n'),(29,'838:59:59',ST_GeomFromText('POINT(1 2)'),'\bnl十'),(29,'1 10:00:00',ST_PointFromText('POINT(-1 0)'),'nqk漢kソyソg予');
DROP TABLE `fz0`.`b3`;
CREATE TABLE `fz0`.`b3` (
  `id` bigint NOT NULL,
  `c0` time(2),
  `c1` point NOT NULL,
  `c2` varchar(40) CHARACTER SET gbk NOT NULL,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
INSERT IGNORE INTO b3 (`id`,c1,`c2`) VALUES (30,POINT(3, 4.5),"rw"),(30,ST_GeomFromText('POINT(1 2)'),'a十o%p'),(30,ST_PointFromText('POINT(-1 0)'),'\rg誠運dソpo能ay');
INSERT INTO `b3` (`id`,c1,`c2`) VALUES (31,ST_GeomFromText('POINT(1 2)'),'qqp');
INSERT IGNORE INTO `fz0`.`b3` VALUES (32,'1 10:00:00',ST_PointFromText('POINT(-1 0)'),'nz'),(32,'1 10:00:00',ST_GeomFromText('POINT(1 2)'),'\Zd\b漢'),(32,123456,ST_PointFromText('POINT(-1 0)'),'\%	ffyayfz'),(31,123456,ST_PointFromText('POINT(-1 0)'),'jf');
INSERT IGNORE INTO `fz0`.`b3` (`id`,`c1`,`c2`) VALUES (33,ST_GeomFromText('POINT(1 2)'),'l中ソ文t#j'),(34,ST_GeomFromText('POINT(1 2)'),"a\Z誠予zb運漢漢z\f"),(31,ST_PointFromText('POINT(-1 0)'),'/*onb"xr漢j'),(34,POINT(3, 4.5),'tzaq\'');
INSERT INTO `b3` VALUES (35,'838:59:59',ST_GeomFromText('POINT(1 2)'),'ソ"能'),(36,'1 10:00:00',POINT(3, 4.5),'能ujqe運q\\d');
/*!40014 SET UNIQUE_CHECKS=1 */;
DELETE FROM `fz0`.`t2` WHERE `id` % 5 = 0;
INSERT INTO `t1` VALUES (3,TIMESTAMP'2019-03-31 02:30:00','144',1007),(4,TIMESTAMP'2019-03-31 02:30:00',117,1008);
CREATE TABLE `fz0`.`t9` (
  `id` int NOT NULL AUTO_INCREMENT,
  `c0` json NOT NULL,
  `c1` text,
  `c2` datetime(6) NOT NULL,
  `c3` tinyint,
  `c4` bigint,
  `c5` varchar(40) CHARACTER SET latin1,
  `u` int,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uk` (`u`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
INSERT /*!40000 HIGH_PRIORITY */ INTO `fz0`.`t2` VALUES (6,'1','-838:59:59.00',+39,1010),(7,1,'-12:30:00.25',-70,null),(8,'a','838:59:59',113e0,1011),(9,1,'-12:30:00.25',127,1012);
SET @v13 = COALESCE(@trg, -1);
CREATE TABLE IF NOT EXISTS `fz0`.`vars` (name varchar(20), v bigint);
INSERT INTO `fz0`.`vars` VALUES ('v13', @v13);
CREATE TABLE `fz0`.`copy14` ENGINE=InnoDB AS SELECT * FROM `fz0`.`t2`;
/*!40014 SET UNIQUE_CHECKS=0 */;
INSERT INTO t9 VALUES (1,'null','±',20240102030405,'-10',-1430040009639692644,'Àzÿl',1015),(2,'{"k": {"n": [true, false]}}',"é😀運sb文fbkt",'2024-01-01 00:00:00.5',-61,FALSE,null,1016),(3,'[1, "x;y", null]','\twソ±😀中i😀mop🦫',TIMESTAMP'2019-03-31 02:30:00',-119,1565265764513297157,'éxpo''mo',1017);
INSERT IGNORE INTO `t9` (id,`c0`,`c2`) VALUES (4,'[1, "x;y", null]',TIMESTAMP'2019-03-31 02:30:00'),(4,'null','2024-02-29 23:59:59.123456'),(4,'"str"',TIMESTAMP'2019-03-31 02:30:00'),(4,'null','2038-01-19 03:14:07.999999');
TRUNCATE TABLE `fz0`.`t9`;
INSERT INTO `fz0`.`t9` VALUES (5,'{"k": {"n": [true, false]}}','gソg表fzÀ中',TIMESTAMP'2019-03-31 02:30:00',127,+47,'tcb\vf;r',1018),(6,JSON_OBJECT('k', 1),'','1000-01-01 00:00:00',-9,0xE,'c±lz',1019);
INSERT IGNORE INTO t9 VALUES (7,'null','d\v','2024-02-29 23:59:59.123456',102,1258229164866913334,NULL,2),(8,'"str"','表文',20240102030405,-11,29,'',15),(5,'null',"cpdimソi",'1000-01-01 00:00:00',b'101111',TRUE,'f\r\bl\Z',5),(8,'[1, "x;y", null]','中l\p十ÿ±',TIMESTAMP'2019-03-31 02:30:00',-111,@v13,NULL,16);
INSERT IGNORE INTO t9 VALUES (9,'[1, "x;y", null]','y漢\hv文\bxe能','2038-01-19 03:14:07.999999','127',@v13,'jntd',0),(10,'null','😀ceqÀp/*é\r',TIMESTAMP'2019-03-31 02:30:00',-118,b'10110001','',7),(9,JSON_OBJECT('k', 1),'予ivßebp r','2038-01-19 03:14:07.999999',47,TRUE,"diÿ\q",25),(10,'[1, "x;y", null]',null,20240102030405,-60,null,'\rjeüüwrßl',3),(6,'{"a": 1}','±p',TIMESTAMP'2019-03-31 02:30:00',FALSE,b'11100','e\tj_',5);
INSERT INTO `fz0`.`t9` VALUES (11,'"str"','j\la±中ßf',TIMESTAMP'2019-03-31 02:30:00',-109,-88232799990714973,'roéc',1020),(12,JSON_OBJECT('k', 1),'yz能😀\Z能/*jxfn',20240102030405,33e0,0x47,'laquovÿzn',1021),(13,'"str"','ソ運','2024-02-29 23:59:59.123456',b'1111111',NULL,'	oifßnu',1022);
INSERT INTO `fz0`.`t9` (`id`,c0,c2) VALUES (14,'[1, "x;y", null]','2024-02-29 23:59:59.123456'),(15,JSON_OBJECT('k', 1),'2038-01-19 03:14:07.999999');
INSERT /*!40000 HIGH_PRIORITY */ INTO `b3` VALUES (37,'-838:59:59.00',ST_PointFromText('POINT(-1 0)'),"\rzt運中\nwz中十\rh"),(38,'-838:59:59.00',POINT(3, 4.5),'kfn運rv'),(39,'838:59:59',POINT(3, 4.5),'azm'),(40,'00:00:00.99',ST_PointFromText('POINT(-1 0)'),'\r'),(41,'1 10:00:00',ST_PointFromText('POINT(-1 0)'),"中es"),(42,'00:00:00.99',ST_GeomFromText('POINT(1 2)'),"	isw/*ソ"),(43,NULL,POINT(3, 4.5),''),(44,'-838:59:59.00',POINT(3, 4.5),""),(45,'00:00:00.99',POINT(3, 4.5),'k\yv'),(46,123456,ST_GeomFromText('POINT(1 2)'),'文arjp'),(47,123456,ST_GeomFromText('POINT(1 2)'),'#誠or'),(48,'838:59:59',POINT(3, 4.5),'tqd文運漢'),(49,123456,POINT(3, 4.5),N'qxr誠'),(50,'-838:59:59.00',ST_GeomFromText('POINT(1 2)'),"i能"),(51,'-12:30:00.25',ST_PointFromText('POINT(-1 0)'),"中n\kp誠ソ文文\Z能"),(52,'1 10:00:00',POINT(3, 4.5),"k"),(53,123456,ST_PointFromText('POINT(-1 0)'),'運\aa'),(54,'-838:59:59.00',ST_GeomFromText('POINT(1 2)'),'yx'),(55,123456,POINT(3, 4.5),''),(56,123456,ST_GeomFromText('POINT(1 2)'),'中\gn'),(57,'838:59:59',ST_GeomFromText('POINT(1 2)'),'axjk'),(58,'00:00:00.99',POINT(3, 4.5),'ku\Z-- 
十h漢文中'),(59,null,ST_PointFromText('POINT(-1 0)'),'\riv'),(60,123456,ST_GeomFromText('POINT(1 2)'),'表'),(61,'-838:59:59.00',ST_GeomFromText('POINT(1 2)'),'xs表u十文ap'),(62,'-838:59:59.00',ST_GeomFromText('POINT(1 2)'),'誠u o表表'),(63,'00:00:00.99',ST_GeomFromText('POINT(1 2)'),"運/*ejf表-- k中y"),(64,'00:00:00.99',ST_PointFromText('POINT(-1 0)'),'hnfw#予;誠yn'),(65,'1 10:00:00',ST_PointFromText('POINT(-1 0)'),'b十ip\0表\n表'),(66,'00:00:00.99',POINT(3, 4.5),'\_dboql'),(67,123456,ST_PointFromText('POINT(-1 0)'),"漢"),(68,'838:59:59',ST_PointFromText('POINT(-1 0)'),'l能w運iソak'),(69,123456,POINT(3, 4.5),'ywx'),(70,'-838:59:59.00',ST_GeomFromText('POINT(1 2)'),'jzv'),(71,123456,ST_PointFromText('POINT(-1 0)'),'kjiod能n\'hizd'),(72,'-12:30:00.25',ST_GeomFromText('POINT(1 2)'),'jvzfwx'),(73,'-12:30:00.25',POINT(3, 4.5),'ppn'),(74,123456,ST_GeomFromText('POINT(1 2)'),'sソglcv'),(75,'1 10:00:00',ST_GeomFromText('POINT(1 2)'),'b'),(76,'838:59:59',POINT(3, 4.5),'by予xvk'),(77,'00:00:00.99',ST_GeomFromText('POINT(1 2)'),'nz\0f'),(78,'00:00:00.99',ST_GeomFromText('POINT(1 2)'),"-- lo"),(79,'1 10:00:00',POINT(3, 4.5),'s''u\0x能文表'),(80,'00:00:00.99',POINT(3, 4.5),'\n運'),(81,'-838:59:59.00',ST_GeomFromText('POINT(1 2)'),'#v文文'),(82,'-838:59:59.00',ST_GeomFromText('POINT(1 2)'),'十誠pa'),(83,'838:59:59',POINT(3, 4.5),'運f中sq中mue'),(84,'00:00:00.99',ST_PointFromText('POINT(-1 0)'),'運jd運rzu\r'),(85,123456,ST_PointFromText('POINT(-1 0)'),'表fiu''hnm'),(86,'838:59:59',ST_GeomFromText('POINT(1 2)'),'cq文z'),(87,123456,POINT(3, 4.5),"ソ中l運d予"),(88,'00:00:00.99',ST_GeomFromText('POINT(1 2)'),'u漢'),(89,'00:00:00.99',ST_GeomFromText('POINT(1 2)'),_utf8mb4'lv運'),(90,'00:00:00.99',ST_GeomFromText('POINT(1 2)'),'jvmuc'),(91,'00:00:00.99',ST_GeomFromText('POINT(1 2)'),'l'),(92,'00:00:00.99',POINT(3, 4.5),'gl表no漢運'),(93,'838:59:59',POINT(3, 4.5),'dvl\d十r十'),(94,'838:59:59',POINT(3, 4.5),'漢f能\"'),(95,'00:00:00.99',POINT(3, 4.5),"pe表"),(96,'1 10:00:00',ST_PointFromText('POINT(-1 0)'),'w\b表af誠pソk');
SET time_zone = '+13:00';
INSERT IGNORE INTO `t9` VALUES (16,'"str"','予\o	漢u"eÿnlj',TIMESTAMP'2019-03-31 02:30:00',097,NULL,'kj''r',13),(NULL,'3.25','誠 g','2024-02-29 23:59:59.123456',127e0,'-65',"tdxdrq",29),(65,'"str"','±ソ運漢jc','1000-01-01 00:00:00',FALSE,0,'dmÀßg',4),(66,'null','üiy表rÿrü中g文','2038-01-19 03:14:07.999999',+6,586113501628609482,null,39),(0,'"str"','n',20240102030405,null,-48,'',16),(68,'3.25','中d🦫pfva漢','1000-01-01 00:00:00',-14,+953092748106153185,'\r',32),(108,'null','bz',TIMESTAMP'2019-03-31 02:30:00',-128,@v13,NULL,21),(109,'{"k": {"n": [true, false]}}','q\pspod運 oo','2024-01-01 00:00:00.5',-70,131,'n',6),(0,'null','é中誠誠zß能','2024-02-29 23:59:59.123456',-27,2071459077245114607,'±z',NULL),(NULL,'3.25',_utf8mb4'\Zk','2038-01-19 03:14:07.999999',127,944385923301579378,'t\bq
ng\biüh',25),(112,'[1, "x;y", null]',"\c\0Ài",TIMESTAMP'2019-03-31 02:30:00',+33,'51','m',30),(113,'{"k": {"n": [true, false]}}','\gÀzhl能j能v\d',TIMESTAMP'2019-03-31 02:30:00',016,TRUE,'ocq\0h±yi',2),(114,'"str"','表ln表`a','2024-01-01 00:00:00.5','127',-22.4,'\xqé/*bb',4),(NULL,'"str"',"e\Zr%h\h誠😀whrq",'1000-01-01 00:00:00',127,b'11111',"x\bn",10),(116,JSON_OBJECT('k', 1),null,'2038-01-19 03:14:07.999999',FALSE,@v13,'\tbaÀ',17),(117,JSON_OBJECT('k', 1),'\b\qy','2024-01-01 00:00:00.5',-48,0xAA,'fdsmÿ',18),(118,JSON_OBJECT('k', 1),'f予漢',TIMESTAMP'2019-03-31 02:30:00',-10,-2247065108565758949,'\um\bÿcby\tm',27),(145,'{"a": 1}','表uib十','2024-01-01 00:00:00.5',-128,137,'',39),(146,'{"a": 1}','中漢oéwÿn','2024-02-29 23:59:59.123456',-113,1379157522945287349,'\hm',24),(147,'"str"','k予','2038-01-19 03:14:07.999999',NULL,-514779516460479973,'ezh',33),(148,'"str"','ßw能ソ😀h予誠\b',TIMESTAMP'2019-03-31 02:30:00',127e0,+9,'xÀwv',1),(NULL,'"str"','kr','2038-01-19 03:14:07.999999',-104,-145,'n#k',0),(150,'[1, "x;y", null]','y\\wÿ','2024-02-29 23:59:59.123456','11',+1392686199922087330,'q',7),(151,'"str"','À/*usel','2038-01-19 03:14:07.999999',096,FALSE,'sß\Zé±t±dhü',9),(152,'null','文h\q\0😀xjfx','1000-01-01 00:00:00',FALSE,105,'k',32),(64,'null','l誠-- \0yeuchp','2024-02-29 23:59:59.123456',b'111111',372066104690691003,'bßpj',0),(153,'3.25','能ß表\0中運','1000-01-01 00:00:00',-67,-973494493704922522,'m',16),(154,'null',"ソ誠ujwpqÀs🦫",TIMESTAMP'2019-03-31 02:30:00',TRUE,-276712757417252785,'jÀrwywt',32),(155,'{"a": 1}',null,'2024-01-01 00:00:00.5',91,61e0,'',30),(156,JSON_OBJECT('k', 1),'iod±w十','2038-01-19 03:14:07.999999',22e0,'412017608603591882','±tlÿj',30),(NULL,'[1, "x;y", null]','''bÿwmwyソ','2038-01-19 03:14:07.999999',-63.4,+1953153427826207121,'dnwn±r%y',34),(158,'[1, "x;y", null]','\bbep±\c🦫ÿux','2024-02-29 23:59:59.123456',-128.4,126e0,"/*bßxkz",14),(159,'[1, "x;y", null]',NULL,'2024-01-01 00:00:00.5',+98,-2111074635930217951,'ÿvloo',39),(127,'null','i表aeß🦫À漢','2024-02-29 23:59:59.123456',b'1111111',260533729413941058,NULL,33),(218,'null','漢','2038-01-19 03:14:07.999999',0x7F,99,'mlnw#ék',0),(219,'{"a": 1}','fyß	rn十q\0',TIMESTAMP'2019-03-31 02:30:00',-6,-557155354029624483,'g',9),(230,'{"a": 1}',_utf8mb4"運s\Zldn`ÿ😀漢io",20240102030405,108.4,+1279891469037002707,'\w',34),(231,'[1, "x;y", null]',_utf8mb4' tm',20240102030405,b'10110',-951202968441092719,'hyio',1),(232,'{"a": 1}',"cü`文b",'1000-01-01 00:00:00',-86,707133432762263743,'fv',36),(233,JSON_OBJECT('k', 1),'h\nkb',20240102030405,FALSE,-2.4,'xg',1),(234,'3.25',';ßbxh','1000-01-01 00:00:00',127,2130835255465936904,NULL,34),(235,'{"a": 1}',"qfjc 漢",'1000-01-01 00:00:00',-76,-2102700833594791886,'i\ct',34),(236,JSON_OBJECT('k', 1),'pü😀#éÀ','2024-02-29 23:59:59.123456','-46',-143080834075842198,N'j±±yikqj',9),(237,'{"k": {"n": [true, false]}}','bj🦫nz','2024-02-29 23:59:59.123456',096,-2029725566033810357,'ünfqh',18),(238,'{"a": 1}',"漢",TIMESTAMP'2019-03-31 02:30:00',-62,TRUE,"ec;;Àcc",22),(239,'null',N'文yk運r\\',20240102030405,127,null,'',0),(240,'[1, "x;y", null]','中中文ÿ','2038-01-19 03:14:07.999999',127,176944897067692831,"-- yÀß\0tf",33),(NULL,'{"a": 1}',_utf8mb4'\r予iq',TIMESTAMP'2019-03-31 02:30:00',null,-242508997889182656,_utf8mb4'tÿi',21),(242,'{"a": 1}',null,'2024-01-01 00:00:00.5','-104',-203868633852463889,'l',31),(22,'{"a": 1}',' d',20240102030405,-41,-1964981117842731306,null,34),(0,'3.25','i\"文etsl','2038-01-19 03:14:07.999999',124,-1951600652917243083,"±",35),(285,'[1, "x;y", null]','À文m','1000-01-01 00:00:00',-128,-1669286812554262925,"cnwxaü\bbü#ÿ",24),(320,'null','zr😀jbs-- ßc',20240102030405,0x6C,-153,'o',NULL),(0,'"str"',_utf8mb4'ü予十能','2024-02-29 23:59:59.123456',87,17.4,"z±feoa",27),(322,JSON_OBJECT('k', 1),'ikÿ予vüezoia運','2038-01-19 03:14:07.999999',FALSE,NULL,'',10),(0,'{"a": 1}',"表文誠",'1000-01-01 00:00:00',039,+74,_utf8mb4'gé_d\qdÀéy#',29),(NULL,JSON_OBJECT('k', 1),_utf8mb4"ke±😀誠l能y運j\hv",'2024-01-01 00:00:00.5',-103,0x12356E1589EDD5C2,null,16),(0,'3.25',"fÀ能À表予fük±\h",'1000-01-01 00:00:00',-18,-1971828695718438165,'gb',4),(NULL,'null','h表😀y😀\\ソ','2024-02-29 23:59:59.123456',-128,32,_utf8mb4'\bßuvk\Zp',27),(327,'3.25','文Àtn','1000-01-01 00:00:00',-121,1270539930909506788,' éÿfjs',30),(328,'null','c🦫運jbtf','2024-02-29 23:59:59.123456',NULL,527133562575233028,null,8),(329,'3.25',null,TIMESTAMP'2019-03-31 02:30:00',-92,NULL,'n c"',4),(330,'[1, "x;y", null]','bi','2024-02-29 23:59:59.123456',-94,-469947420894831951,"kvoce\tßo\\",34),(NULL,'3.25','',20240102030405,-128,2304146578641338107,'_\0gl ',6),(332,'{"k": {"n": [true, false]}}',NULL,20240102030405,13,-305851178867127619,_utf8mb4"zskou±",31),(0,JSON_OBJECT('k', 1),'ff運f;b\b','2038-01-19 03:14:07.999999',-112,-2012157666985578912,'Àrhle',17),(374,'null','fkh表k','2024-02-29 23:59:59.123456',60,0xA3,'c\0eéjß',19),(375,'{"a": 1}',NULL,'2038-01-19 03:14:07.999999',127,1426172612451606213,'mÀztr',13),(376,'3.25','😀nhqk\0\Z','1000-01-01 00:00:00',-128,'186','ccx\eq',37),(0,'[1, "x;y", null]','\béz',20240102030405,'127',737797828745385553,'akß±ß_-- ',13),(378,'{"a": 1}',_utf8mb4'l表ÀnÀ運中hj','2024-02-29 23:59:59.123456',19,'73','\'aya"in\aq',15),(379,'[1, "x;y", null]','qソÀ表b±','2024-02-29 23:59:59.123456',73,FALSE,'xlknp',10),(NULL,JSON_OBJECT('k', 1),"\"-- 😀düソdyq",'2038-01-19 03:14:07.999999',-87,null,null,27),(381,JSON_OBJECT('k', 1),'b中±y文b誠r',20240102030405,-19,0x18D7E82001BEB766,'e',12),(383,'{"k": {"n": [true, false]}}','能a予表','2038-01-19 03:14:07.999999',30e0,2288023801303443484,"À",14),(384,'[1, "x;y", null]','u\\t運dko','2024-02-29 23:59:59.123456',-43,726448671825862055,'nbpyg',11),(NULL,JSON_OBJECT('k', 1),_utf8mb4'\%🦫yzzgwzx中表',TIMESTAMP'2019-03-31 02:30:00','48',-432593440498042463,'%vÿdrgéÀb',5),(0,'3.25','avpq十À\Zre','2024-01-01 00:00:00.5',110e0,-118636941445331964,'\Zsü',39),(387,'"str"','qho','2038-01-19 03:14:07.999999',123,-912371502017290527,"",11),(388,JSON_OBJECT('k', 1),N'能b\"',20240102030405,0x47,'2253798301474748318','ed\x\c',27),(389,'"str"','nü;cyhbyu','2038-01-19 03:14:07.999999','-86',NULL,_utf8mb4'ßdpÿ',31),(390,JSON_OBJECT('k', 1),'wcÀé😀ßa','1000-01-01 00:00:00',34,-1636116881661093947,"e/*hd",22),(411,'{"k": {"n": [true, false]}}',_utf8mb4'ymß文ßwiÿj運','2024-02-29 23:59:59.123456',049,'-2012306705470788700',null,32),(412,'{"k": {"n": [true, false]}}','\bÀy\fk表',TIMESTAMP'2019-03-31 02:30:00',-128,-2179470393640372210,"/*r j",35),(NULL,'null','ソjeソm','1000-01-01 00:00:00',-6,FALSE,'clje±',35),(443,'[1, "x;y", null]','','2038-01-19 03:14:07.999999',NULL,-2118881778468786784,NULL,15),(444,'3.25','ß中jwt`pz能z"ß','1000-01-01 00:00:00',b'1101000',-515975316734076076,_utf8mb4"yqß",15),(445,'{"k": {"n": [true, false]}}','Àh','1000-01-01 00:00:00',-60,-191,'va',6),(446,'null',"漢漢cßwe能 ",'2038-01-19 03:14:07.999999',b'101110',-2253266029100353270,'''''üpn\\	vun	',17),(464,'{"a": 1}','-- Àÿx\_kソ±漢ソl',20240102030405,-83,-67,'\bÿzj%é',7),(NULL,'"str"',_utf8mb4'誠v誠予🦫漢ph誠x','2038-01-19 03:14:07.999999','-128',-594306330512619948,'h',35),(0,'"str"','±c😀\%ws','1000-01-01 00:00:00',-128,null,'\hv',28),(467,'null',' 漢','2038-01-19 03:14:07.999999',0x4D,'98','',30),(NULL,'{"k": {"n": [true, false]}}','\0','2024-01-01 00:00:00.5','21','-2163149616134641426','\Zaihz',16),(469,JSON_OBJECT('k', 1),'\0🦫;表n誠運ÿ','2024-02-29 23:59:59.123456',-88,160,'a±',32),(509,'3.25',"z;ÿpÀ誠ソ表c",20240102030405,+59,-2183524741421202098,NULL,8),(510,'[1, "x;y", null]','qna十','1000-01-01 00:00:00',-83,TRUE,'Àÿdb\v',22),(511,JSON_OBJECT('k', 1),'on誠±f能予',TIMESTAMP'2019-03-31 02:30:00',+127,TRUE,'',26),(512,'{"a": 1}','g','2024-02-29 23:59:59.123456',-8,290631838537902766,'xn',23),(513,'{"a": 1}',"vz中ev",'2038-01-19 03:14:07.999999',95,-40,'\Zyu\rfpf±',3),(0,'{"k": {"n": [true, false]}}','','2024-01-01 00:00:00.5',0x66,-1630098842197180299,"dpÿ",16),(515,'null','誠能gawoy\bß予h','2024-01-01 00:00:00.5',-28.4,107e0,'frmfnj',34),(516,JSON_OBJECT('k', 1),"À運ey±y予 ",TIMESTAMP'2019-03-31 02:30:00',-106,146,_utf8mb4'ÿ\ke',29),(541,'{"a": 1}','ejs',20240102030405,-52,-72,'\nk',25),(NULL,'{"k": {"n": [true, false]}}','\t中pfsソ±ÿ','2038-01-19 03:14:07.999999',40,-1222486397407793958,"yny\s\Z",37),(543,'{"k": {"n": [true, false]}}','m','2038-01-19 03:14:07.999999',102,188,"nudgfÿ",35),(345,'"str"','k\'üü誠🦫ÿ🦫r','1000-01-01 00:00:00',55,190,'fdb',1),(NULL,'3.25','#',20240102030405,b'101000',TRUE,'pj\'l',22),(545,'[1, "x;y", null]',"\"f十mソ-- \\t中_文",'1000-01-01 00:00:00','10',1408056699944953007,'%karÀuft',1),(546,'[1, "x;y", null]','h\%eul文q😀r中a','1000-01-01 00:00:00',-83,-636697419148164487,NULL,10),(547,'null','表能漢sÀedß表jq','2024-01-01 00:00:00.5',59,b'10001010010110111010010000101100010111000101111101111110010',null,15),(589,'3.25',"😀onw",'1000-01-01 00:00:00',+127,-1615605676776804030,NULL,3),(590,'"str"',"中u\lÀ能",'2038-01-19 03:14:07.999999',-33,2162214869633335550,'eemüÿrj',35),(NULL,'null',_utf8mb4"iÿwÿ🦫",'2024-02-29 23:59:59.123456',0x7F,160e0,'wÿrs',9),(592,'"str"',_utf8mb4'pソli',TIMESTAMP'2019-03-31 02:30:00',-128,-1621933478448485280,'Àuc',15),(640,'{"a": 1}','\aソéq\tvw	🦫','2024-02-29 23:59:59.123456',-75,2084856748736554404,'\\orwh\0fy',36),(652,JSON_OBJECT('k', 1),N'h','2038-01-19 03:14:07.999999',NULL,-245747713951067797,'yjlc',37),(653,JSON_OBJECT('k', 1),"k運±予uohca\b誠",20240102030405,NULL,1420473422877838077,NULL,0);
DROP TABLE IF EXISTS `fz0`.`t23`;
CREATE TABLE `fz0`.`t23` (
  `id` bigint NOT NULL,
  `c0` varchar(64) NOT NULL,
  `c1` bit(1),
  `c2` datetime(6) NOT NULL,
  `c3` varchar(40) CHARACTER SET gbk NOT NULL,
  `c4` smallint NOT NULL,
  `c5` double(10,3),
  `u` int,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uk` (`u`),
  KEY `k1` (`c0`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
INSERT INTO `t2` VALUES (10,'10','-838:59:59.00',-128,1024),(11,'10',NULL,FALSE,1025),(12,1,'00:00:00.99','-99',1026),(13,3,123456,53,1027),(14,'10',123456,-128.4,1028),(15,NULL,'-838:59:59.00',-18,1029),(16,3,'00:00:00.99',-64,1030),(17,null,'838:59:59',13.4,NULL),(18,3,'838:59:59',+20,1031),(19,'b',123456,127,1032),(20,'b','-12:30:00.25',-94,1033),(21,'b','838:59:59',108,1034),(22,'a',123456,57,1035),(23,1,'-12:30:00.25',46,1036),(24,NULL,'-838:59:59.00',127,1037),(25,'2','838:59:59',b'111011',1038),(26,3,'1 10:00:00',127e0,1039),(27,'b','00:00:00.99',105e0,1040),(28,'2','-12:30:00.25',127,1041),(29,'1','00:00:00.99',19.4,1042),(30,5,'-838:59:59.00',-5,1043),(31,1,'1 10:00:00',10,1044),(32,'b',123456,b'1100000',1045),(33,null,NULL,TRUE,1046),(34,1,'-12:30:00.25',94.4,1047),(35,'1','-12:30:00.25',-58,1048),(36,'2','00:00:00.99',127,1049),(37,NULL,'00:00:00.99',-24,1050),(38,3,null,37,1051),(39,'a','1 10:00:00',79,1052),(40,'1','-12:30:00.25',-3,1053),(41,'1',NULL,-65,1054),(42,NULL,'-12:30:00.25',127.4,1055),(43,1,'00:00:00.99',-21,1056),(44,1,'-838:59:59.00',+52,null),(45,NULL,'838:59:59',127,1057),(46,5,'00:00:00.99',-108,1058),(47,1,'-12:30:00.25',127,1059),(48,'1','838:59:59',97.4,1060),(49,'a','-12:30:00.25','89',1061),(50,'2',null,-126.4,null),(51,3,'838:59:59',-114,1062),(52,'a',123456,-53,NULL),(53,1,'00:00:00.99',-81,1063),(54,3,'838:59:59',+84,1064),(55,1,'838:59:59',4,1065),(56,5,'-838:59:59.00',47,1066),(57,1,'-12:30:00.25',-44,1067),(58,'b','-838:59:59.00',-92,1068),(59,'B','1 10:00:00',127,1069),(60,'2','838:59:59',-68,1070);
CREATE TABLE `fz0`.`ck3` (
  `id` int NOT NULL,
  `a` int CHECK (`a` >= -1000),
  `b` int,
  `s` varchar(30),
  PRIMARY KEY (`id`),
  CONSTRAINT `ck3_b` CHECK (`b` IS NULL OR `b` < 500),
  CHECK (`id` > 0)
) ENGINE=MyISAM DEFAULT CHARSET=utf8mb4;
INSERT INTO `fz0`.`ck3` (`id`,`a`,`b`,`s`) VALUES (1,-624,229,'zf🦫十r'),(2,511,0x81,'qm能中vf'),(3,3,null,'jf'),(4,-186.4,TRUE,'表	\t😀ソ能x éÿ'),(5,284,44,'rsÀ\0xüik漢誠'),(6,-921,b'101001','ct中誠ü'),(7,96.4,71,'予x'),(8,null,'247','文e'),(9,'111',133,''),(10,NULL,b'1100010','jÀ'),(11,-132,123,'bdke表r%🦫漢'),(12,TRUE,b'100000','ob能fpg🦫ÿ表'),(13,b'10101001',262.4,'j'),(14,FALSE,173e0,'ソc誠À wtg'),(15,+190,174,'p十中\b中中漢iéß'),(16,'-99',FALSE,null),(17,0x5D,NULL,_utf8mb4"ÀmjÀhzzc"),(18,-184,b'111101',";能inm十xÿ\b表運"),(19,-611.4,145,'\"漢漢uiuy'),(20,022,321,"wソ"),(21,122,'233','c中eybxü'),(22,+150,+74,'fwytsy'),(23,529,028,_utf8mb4'kf誠vdz漢😀'),(24,187,b'11011001','udp'),(25,84,95e0,"中\_中予中ソr/*vneÀ"),(26,-10,+75,'cÿ#e中中'),(27,null,FALSE,'\Zs\ldqé'),(28,605e0,FALSE,'\\'),(29,98,null,'ü\Zuu中wo');
INSERT IGNORE INTO t23 VALUES (1,'eÀlz十',B'1','2038-01-19 03:14:07.999999','運\nc文a',-110.4,-0e0,14),(2,'éÀf表\\-- xixsf',0x0,'2024-02-29 23:59:59.123456',N'raw',FALSE,-1E+3,35),(3,'y',0x1,'1000-01-01 00:00:00','表#中d文漢h\bソi',175,2,32),(4,'誠f/*u予誠\'表漢十',b'1','1000-01-01 00:00:00','w',147,0.1,22),(5,'ßikÀüv\n`amd"',0,'2038-01-19 03:14:07.999999','','-3855',-2.25e-3,2),(6,'\Z中s',0,TIMESTAMP'2019-03-31 02:30:00',"",b'1010100',-2.25e-3,23),(7,'ü漢v能🦫u\r ',0x1,'2024-02-29 23:59:59.123456','',0x2E,.5e1,1),(8,'b',b'0',20240102030405,_utf8mb4'\r q\xi%oo_',22,.5e1,10),(9,'s-- u誠f',0,'2024-02-29 23:59:59.123456','t',7687,-0,3),(10,'r😀z±véソt',B'0','1000-01-01 00:00:00','iich文q運',-151,0,5),(11,_utf8mb4'p\b\n',b'1','2038-01-19 03:14:07.999999','ソ漢文x運jnv/*能i',104,.5e1,19),(12,'éb中十k誠😀l漢😀lß',b'0','2024-01-01 00:00:00.5','m',-136,.5e1,38),(13,'ß/*m',null,20240102030405,'y誠',24231,NULL,25),(14,'😀m\0kßq',0x1,'2038-01-19 03:14:07.999999',"能rcソd",27605,'7.5',5),(15,_utf8mb4'ソ',0,'2024-01-01 00:00:00.5','\p',TRUE,1.5,10),(16,'x',b'0','1000-01-01 00:00:00','tk',+36,'7.5',21),(17,'能pn能cg誠üÀ予vi',0x0,'2038-01-19 03:14:07.999999',"	z十能z",FALSE,0,2),(18,_utf8mb4"十🦫能",NULL,'2038-01-19 03:14:07.999999','',+185,-2.25e-3,22),(15,_utf8mb4'e"能px🦫誠p±xny',B'1','2024-01-01 00:00:00.5','',b'1110011','7.5',null),(19,_utf8mb4'中k`qiüx\_o',b'0','2024-02-29 23:59:59.123456',_utf8mb4'ソg漢o\Za',1,2,3),(20,'z',b'0','1000-01-01 00:00:00','文bh ',3678.4,-2.25e-3,7),(21,'',1,'1000-01-01 00:00:00','zms漢	ソ文漢',-2786,.5e1,22),(22,_utf8mb4'''t運nd中rソ能e予"',b'1','2024-02-29 23:59:59.123456','x\r',-17274.4,-2.25e-3,11),(23,_utf8mb4'_z±中ソyhh',0,'2024-01-01 00:00:00.5',N'a\t',17782,-1E+3,16),(24,'be\km\g表±',NULL,'1000-01-01 00:00:00',_utf8mb4"b",78,2,39),(25,'y\'運üsbÀx',0,'1000-01-01 00:00:00','c',13943,-2.25e-3,31),(26,' 能\0tyソh',0,20240102030405,'yanyソ',7,-1E+3,11),(27,"予ot😀rÀÀci",B'0',TIMESTAMP'2019-03-31 02:30:00',_utf8mb4'ur能pe誠',+23402,1.5,29),(28,'-- mu文/*😀t`\dnÀo',B'1',TIMESTAMP'2019-03-31 02:30:00','bd\govソsc',-94,'7.5',36),(29,"a;±",1,'2024-02-29 23:59:59.123456','ei予i',067,'7.5',4),(30,'af',1,'1000-01-01 00:00:00',_utf8mb4'',11608,1.5,33),(31,'😀ÿÿnp-- rx能表b',0x0,'2024-01-01 00:00:00.5','rsd',-4454,0,1),(32,"À誠sfgnソéd#",0,'2038-01-19 03:14:07.999999','運中oi\n誠gih',-180,-1E+3,30),(33,'iyémc\'c',B'1','1000-01-01 00:00:00',_utf8mb4'hre',139e0,1.5,10),(34,'',B'1',20240102030405,"g運ham",-184.4,1.5,12),(35,'%''inzqÀ中\0ziü',0x0,20240102030405,"kd能iソソ表gm",056,.5e1,10),(36,'t文ex',B'0','2038-01-19 03:14:07.999999','中e',4e0,-1E+3,14);
DROP TABLE IF EXISTS `fz0`.`t71`;
CREATE TABLE `fz0`.`t71` (
  `id` int NOT NULL AUTO_INCREMENT,
  `c0` tinyint,
  `c1` varchar(40) CHARACTER SET sjis,
  `c2` mediumint unsigned,
  `c3` enum('1','2','10','a','b') NOT NULL,
  `c4` tinyint unsigned,
  `c5` date,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
SET CHARACTER SET utf8mb4;
INSERT INTO `fz0`.`copy14` (`id`,c0,`c1`,`c2`,u) VALUES (19,'b','838:59:59',-94.4,1072),
(9,1,'838:59:59',+110,1073);
INSERT IGNORE INTO t2 VALUES (61,'1','00:00:00.99',0,5),
(62,3,null,+20,31),
(63,'b','838:59:59',-42,null),
(64,'10','-838:59:59.00',-128,20),
(65,5,'838:59:59',127,24),
(66,'b',null,-128,7),
(67,5,'-838:59:59.00',-72,24),
(68,null,NULL,26,9),
(69,'10',123456,-9.4,21),
(70,3,'00:00:00.99',-128,28),
(71,'1',123456,TRUE,8),
(19,'10','838:59:59',-108,21),
(72,3,'-838:59:59.00',FALSE,1),
(73,1,'1 10:00:00',-15,10),
(10,'a','-838:59:59.00',127,34),
(74,'2','1 10:00:00',60,17),
(75,'1','00:00:00.99',-128,13),
(76,null,'00:00:00.99',0x1F,24),
(77,3,'838:59:59',54e0,0),
(78,'a','838:59:59','-128',6),
(79,3,'1 10:00:00',64e0,37),
(80,5,'-838:59:59.00',-128,9),
(81,5,'1 10:00:00',52,21),
(82,'a','838:59:59',0xD,23),
(83,'1','-838:59:59.00',-121,31),
(84,3,'00:00:00.99',b'1111111',28),
(85,'a','1 10:00:00',TRUE,36),
(16,'B','-838:59:59.00',127,17),
(86,null,'00:00:00.99',94.4,8),
(87,3,'1 10:00:00',127,29),
(88,3,123456,0x13,17),
(89,'B','1 10:00:00',125,14),
(90,null,123456,'95',10),
(91,'b','-12:30:00.25',88,10),
(92,'10',null,-37,23),
(93,3,'-838:59:59.00',-90,14),
(94,'1',NULL,-38,7),
(95,null,123456,-63,4),
(96,'10',NULL,127,28),
(97,'10',NULL,7.4,31),
(98,'1',null,'84',16),
(99,'2',NULL,69,24),
(100,'2','00:00:00.99',-11,23),
(101,'B','1 10:00:00',-30,2),
(102,'B','-12:30:00.25','127',33),
(103,5,123456,-21,2),
(104,'10','1 10:00:00',24e0,29),
(105,3,'-12:30:00.25',+127,10),
(106,'a','00:00:00.99',-54,7),
(107,'10','838:59:59',071,3),
(108,'2','-12:30:00.25',TRUE,3),
(109,5,123456,-62,35),
(110,'1','838:59:59',110,null),
(111,'1','00:00:00.99',FALSE,34),
(112,'10','-12:30:00.25',55.4,19),
(113,'b','-12:30:00.25',17.4,11),
(114,3,'-838:59:59.00',-126,20),
(115,5,'1 10:00:00',-113,39),
(116,'b','1 10:00:00',-68,29),
(117,5,'-838:59:59.00',122,37),
(118,5,'-12:30:00.25',105,16),
(119,1,'838:59:59',+127,NULL),
(120,'b','00:00:00.99',-128,29),
(121,'1','1 10:00:00',-67,38),
(122,3,'-12:30:00.25',-98,27),
(123,'1',null,0x7F,31),
(124,'B','00:00:00.99',-116,0),
(23,'a','838:59:59',77.4,27),
(125,'2','-12:30:00.25',-58,13),
(126,'B','00:00:00.99',127,28),
(127,'2','-12:30:00.25','127',18),
(128,5,'-838:59:59.00',-31,7),
(129,3,'838:59:59',0x63,25),
(130,'10','-12:30:00.25',-113,8),
(131,NULL,'1 10:00:00',40,0),
(132,'B','1 10:00:00','36',12),
(133,'b','1 10:00:00',TRUE,21),
(134,1,'00:00:00.99',44,14),
(135,'a',123456,-107,26),
(136,'a',NULL,'17',20),
(105,'10','1 10:00:00',-128,12),
(137,'10','-838:59:59.00',b'101110',19),
(138,'2','-838:59:59.00',-128,1),
(139,NULL,'00:00:00.99',0x4,8),
(140,5,'-838:59:59.00',TRUE,13),
(141,'b',NULL,-92,1),
(142,5,'00:00:00.99',45,36),
(143,'2',123456,48,35),
(144,5,'838:59:59',-13.4,8),
(145,'B','1 10:00:00',87,23),
(146,'2',NULL,-12,8),
(147,'b','00:00:00.99',-53,9),
(148,'b','838:59:59','22',4),
(149,'1','-12:30:00.25',69,34),
(150,'10','838:59:59',TRUE,27),
(151,3,'838:59:59',-23,11),
(152,1,'00:00:00.99',-41,7),
(153,'2','-12:30:00.25','48',37),
(154,'B','838:59:59',108.4,NULL),
(155,'2','1 10:00:00',55,2),
(156,'b','838:59:59',FALSE,NULL),
(157,'b',123456,44,33),
(158,'10','838:59:59',114,5),
(159,'1','1 10:00:00',-65,38),
(160,null,'1 10:00:00',127.4,27),
(161,3,'1 10:00:00',b'11011',null),
(160,'b','00:00:00.99',-122,5),
(162,'a','00:00:00.99','-88',14),
(163,'10',123456,-8,NULL),
(164,'1','1 10:00:00',17,8),
(165,'b','00:00:00.99',87,21),
(166,5,NULL,+127,12),
(167,'2','1 10:00:00',015,2),
(168,'10','00:00:00.99',b'1111111',35),
(169,'a','-12:30:00.25',FALSE,0);
INSERT INTO `t2` VALUES (170,'10','-12:30:00.25',127.4,24),(171,'2',123456,1e0,13),(172,5,123456,'8',9),(173,'10','-12:30:00.25',46,36),(174,'2',NULL,'127',13),(175,'1','1 10:00:00','127',29) ON DUPLICATE KEY UPDATE `c0` = VALUES(c0);
INSERT INTO `fz0`.`b3` (`id`,c1,`c2`) VALUES (97,POINT(3, 4.5),'運omj/*es'),(98,POINT(3, 4.5),"運s\0g	漢y運mqs"),(99,ST_GeomFromText('POINT(1 2)'),'pw十\\十'),(100,ST_PointFromText('POINT(-1 0)'),'uo誠運u能yzof'),(101,ST_PointFromText('POINT(-1 0)'),N'bn'),(102,ST_GeomFromText('POINT(1 2)'),'漢誠jrb文e	u'),(103,ST_GeomFromText('POINT(1 2)'),'運ni'),(104,ST_GeomFromText('POINT(1 2)'),"文q"),(105,ST_GeomFromText('POINT(1 2)'),'kx予中b'),(106,ST_PointFromText('POINT(-1 0)'),'sl\0t漢'),(107,ST_PointFromText('POINT(-1 0)'),N'\n\b中l文'),(108,POINT(3, 4.5),'lqソu#bm-- o'),(109,ST_PointFromText('POINT(-1 0)'),"g文\r"),(110,POINT(3, 4.5),'zteugvyj'),(111,ST_GeomFromText('POINT(1 2)'),'中h文f'),(112,ST_GeomFromText('POINT(1 2)'),'y'),(113,ST_GeomFromText('POINT(1 2)'),"t中kpnss"),(114,ST_PointFromText('POINT(-1 0)'),"x 表bn運dtvwb"),(115,ST_GeomFromText('POINT(1 2)'),'s漢予能n文kguj'),(116,ST_GeomFromText('POINT(1 2)'),'\bf'),(117,POINT(3, 4.5),'文'),(118,POINT(3, 4.5),'o文uソf中漢'),(119,ST_PointFromText('POINT(-1 0)'),'vソ%\\ys漢中x'),(120,POINT(3, 4.5),'漢pg運\rd\ca予'),(121,ST_PointFromText('POINT(-1 0)'),'a運r能wfqafk'),(122,ST_PointFromText('POINT(-1 0)'),'ソ'),(123,POINT(3, 4.5),'d中誠x漢'),(124,ST_PointFromText('POINT(-1 0)'),'waqs'),(125,ST_PointFromText('POINT(-1 0)'),_utf8mb4'誠誠hxhb'),(126,POINT(3, 4.5),'az#十rr十#'),(127,POINT(3, 4.5),'e表r中o漢\n'),(128,POINT(3, 4.5),_utf8mb4'中c文eo\i'),(129,ST_GeomFromText('POINT(1 2)'),'heodw'),(130,ST_GeomFromText('POINT(1 2)'),'kr表fa運漢'),(131,ST_GeomFromText('POINT(1 2)'),'c"t\\n中'),(132,POINT(3, 4.5),'表xdソ'),(133,POINT(3, 4.5),'l\b運'),(134,ST_PointFromText('POINT(-1 0)'),'xue\\\r'),(135,POINT(3, 4.5),'gz'),(136,ST_GeomFromText('POINT(1 2)'),_utf8mb4'wcpyqtexu'),(137,POINT(3, 4.5),"hj\\"),(138,POINT(3, 4.5),'%d'),(139,POINT(3, 4.5),""),(140,POINT(3, 4.5),N''),(141,POINT(3, 4.5),"bx文dfon文"),(142,ST_GeomFromText('POINT(1 2)'),'j\db'),(143,ST_GeomFromText('POINT(1 2)'),'kyihソ'),(144,ST_GeomFromText('POINT(1 2)'),'hc'),(145,ST_PointFromText('POINT(-1 0)'),'文\Zt誠'),(146,ST_PointFromText('POINT(-1 0)'),'漢'),(147,ST_GeomFromText('POINT(1 2)'),'\r'),(148,ST_PointFromText('POINT(-1 0)'),N'j\0vrczn'),(149,ST_PointFromText('POINT(-1 0)'),'d');
SET SESSION sql_mode = 'STRICT_ALL_TABLES,NO_ENGINE_SUBSTITUTION';
/*!40014 SET UNIQUE_CHECKS=0 */;
INSERT INTO `fz0`.`t71` VALUES (1,-128,N'ua能ソ表fs能',85.4,'b',FALSE,'2024-02-29'),(2,NULL,'qjcz',13414126,'1','133','9999-12-31');
INSERT IGNORE INTO `t71` VALUES (3,21.4,'"',16326578,'1',NULL,null),(4,-50,'十誠yd-- 誠yrtz',b'10111100011101000010100',3,195,'2024-02-29'),(1,43.4,'文cソl誠漢\'vp',24.4,'1',11,'2024-02-29'),(1,037,"e十文能rslc",+169,1,b'110','0000-00-00'),(1,NULL,'運中s#nソ',0xE,5,164,'2001-1-2'),(1,-19,'運中能',FALSE,'2',+60,'2001-1-2');
TRUNCATE TABLE `fz0`.`t71`;
INSERT IGNORE INTO `t71` (`id`,`c3`) VALUES (5,'B'),(6,5),(5,3),(5,'B'),(5,3);
INSERT INTO `fz0`.`t71` VALUES (7,b'101101',null,b'110000',1,FALSE,'1000-01-01');
INSERT IGNORE INTO `fz0`.`t71` (`id`,`c3`) VALUES (8,1),(7,1),(7,'b'),(7,'10'),(7,1);
INSERT INTO `fz0`.`t71` VALUES (9,'-57',"予t",0x58CD7C,1,'113','0000-00-00'),(10,'-128',"pu;",'26','1',236,'0000-00-00'),(11,127,'',2000474,3,148,20240101);
CREATE TABLE `fz0`.`b74` (
  `id` bigint NOT NULL,
  `c0` bit(1) NOT NULL,
  `c1` smallint NOT NULL,
  `c2` decimal(30,10),
  `c3` decimal(30,10),
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
/*!40014 SET UNIQUE_CHECKS=0 */;
INSERT INTO `b74` VALUES (1,0x0,0xB3,NULL,97.5e2),(2,b'0',57e0,153.123456789012,'-35207.444');
REPLACE INTO `b74` VALUES (3,B'1',TRUE,null,NULL),(4,0x0,68.4,.663,-62.5e1),(2,0x1,30,0xBB72,8454.72),(3,1,b'110111110101101','-51465.137','67297.658'),(4,b'0',0x3661,86.123456789012,90.123456789012);
DROP TABLE `fz0`.`b74`;
CREATE TABLE `fz0`.`b74` (
  `id` bigint NOT NULL,
  `c0` json,
  `u` int,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uk` (`u`)
) ENGINE=Aria DEFAULT CHARSET=utf8mb4;
REPLACE INTO `b74` VALUES (5,'null',null),(6,'{"k": {"n": [true, false]}}',26),(7,'[1, "x;y", null]',24),(8,NULL,4),(9,'{"a": 1}',24),(8,'3.25',20),(10,'{"a": 1}',NULL),(11,'{"a": 1}',4),(12,'"str"',37),(13,'3.25',0),(14,'[1, "x;y", null]',24),(15,'null',1),(16,JSON_OBJECT('k', 1),32),(17,'"str"',0),(18,'3.25',25),(19,'3.25',1),(20,'null',12),(21,JSON_OBJECT('k', 1),36),(22,JSON_OBJECT('k', 1),NULL),(23,JSON_OBJECT('k', 1),21),(24,JSON_OBJECT('k', 1),8),(25,'3.25',4),(26,'{"a": 1}',26),(27,'{"a": 1}',38),(28,'{"a": 1}',12),(29,'{"k": {"n": [true, false]}}',18),(30,'{"a": 1}',7),(31,'{"k": {"n": [true, false]}}',33),(32,'[1, "x;y", null]',36),(33,'null',0),(34,'null',18),(31,'{"k": {"n": [true, false]}}',10),(11,'3.25',19),(35,'{"k": {"n": [true, false]}}',11),(36,'[1, "x;y", null]',NULL),(37,JSON_OBJECT('k', 1),2),(38,JSON_OBJECT('k', 1),29),(39,'"str"',20),(40,'"str"',9),(41,'null',25),(42,NULL,15),(43,'null',NULL),(44,'null',35),(45,'3.25',1),(46,'null',27),(47,'null',13),(48,'3.25',32),(49,'3.25',25),(50,'"str"',36),(51,'[1, "x;y", null]',36),(52,'{"k": {"n": [true, false]}}',33),(53,'3.25',20),(54,'{"a": 1}',20),(55,'null',0),(56,'{"a": 1}',31),(57,NULL,13),(58,null,28),(59,'[1, "x;y", null]',5),(60,'{"a": 1}',17),(61,'[1, "x;y", null]',36),(62,'{"a": 1}',39),(63,'{"k": {"n": [true, false]}}',29),(64,'"str"',1),(65,null,10),(66,'[1, "x;y", null]',32),(67,'"str"',12),(68,'"str"',20),(69,'"str"',29),(70,JSON_OBJECT('k', 1),NULL),(71,'{"a": 1}',22),(72,'null',29),(73,'{"k": {"n": [true, false]}}',15),(74,JSON_OBJECT('k', 1),0),(75,null,14),(76,'{"k": {"n": [true, false]}}',NULL),(77,'{"k": {"n": [true, false]}}',17),(78,'{"a": 1}',8),(79,'null',38),(80,'{"a": 1}',32),(81,'3.25',38),(82,'3.25',null),(83,NULL,27),(84,'{"k": {"n": [true, false]}}',null);
/*!40014 SET UNIQUE_CHECKS=1 */;
SELECT COUNT(*) INTO @c75 FROM `fz0`.`t2`;
DROP TABLE IF EXISTS `fz0`.`nosuch76`;
SHOW WARNINGS;
EXECUTE IMMEDIATE 'GET DIAGNOSTICS @w = NUMBER';
INSERT INTO `fz0`.`sv` (name, v) VALUES ('w', @w);
INSERT INTO `fz0`.`copy14` (`id`,`c0`,`c1`,`c2`,`u`) VALUES (1,'B','-12:30:00.25',FALSE,1077),(2,'2','-12:30:00.25',-125,1078),(3,'2',NULL,45,1079),(4,'B',123456,24,1080),(5,NULL,123456,60,1081),(6,null,123456,90e0,1082),(7,'2','-838:59:59.00','37',1083),(8,'a',null,86,1084),(9,null,'-838:59:59.00',60,1085),(10,3,'838:59:59',127e0,1086),(11,3,'-838:59:59.00',92,1087),(12,'1','00:00:00.99',FALSE,NULL),(20,3,'-12:30:00.25',-128,1088),(13,5,null,054,1089),(14,NULL,'838:59:59',-20,NULL),(15,1,null,-92,null),(16,3,'-838:59:59.00',103.4,1090),(17,'a','1 10:00:00',-47,NULL),(18,NULL,123456,023,NULL),(19,'B','838:59:59',-4,1091),(19,5,'-12:30:00.25',0x7F,1092),(20,1,123456,'-31',1093),(21,3,'-838:59:59.00',056,1094),(22,'2','838:59:59',FALSE,NULL),(23,'1','838:59:59',-128,1095),(24,'b',123456,TRUE,1096),(25,'2','00:00:00.99',52,1097),(26,'B','-12:30:00.25',+127,1098),(9,null,123456,0x31,1099),(27,'10',123456,-68,1100),(28,3,'-12:30:00.25',b'1111111',NULL),(29,'a','-838:59:59.00',+127,1101),(30,'a',123456,124,1102),(31,5,'1 10:00:00',-5,1103),(13,null,'00:00:00.99',-128.4,1104),(32,'1','00:00:00.99',118,1105),(33,'B','-838:59:59.00',-107,1106),(34,'10','00:00:00.99',FALSE,1107),(35,'a','00:00:00.99',127,null),(36,'1','838:59:59',0x13,1108),(37,1,'-12:30:00.25',104,null),(38,1,'838:59:59',FALSE,1109),(39,'1',null,-37.4,1110),(40,NULL,'00:00:00.99',0x7F,1111),(41,'b',123456,79,1112),(42,3,'838:59:59',-93,1113),(43,'10','-12:30:00.25',8,1114),(44,5,'-12:30:00.25',-128,1115),(45,'b','-838:59:59.00',-128,1116),(46,'1','00:00:00.99',-47,1117),(47,'1',NULL,-82,null),(48,'B','838:59:59','39',1118),(49,NULL,'838:59:59',+124,1119),(50,'10',123456,-103,1120),(51,'b','-12:30:00.25',17e0,null),(6,'B','-838:59:59.00',085,1121),(52,'1','-838:59:59.00',72,1122),(53,3,'1 10:00:00','32',1123),(54,'10',NULL,19,1124),(55,'2','00:00:00.99',125e0,1125),(56,'10',NULL,-15,1126),(57,'2','00:00:00.99',+55,1127),(58,5,'-838:59:59.00','-94',1128),(59,'b','1 10:00:00',b'111100',1129),(60,3,'-838:59:59.00',40e0,1130),(15,NULL,'838:59:59',-88,1131),(61,'1',123456,0x72,1132),(62,3,'838:59:59',-55,1133);
SET unique_checks = 0;
INSERT INTO `t9` VALUES (790,'null','',20240102030405,-118,2123102350716929751,_utf8mb4'cywééfvc',1134),(791,'null',_utf8mb4'','1000-01-01 00:00:00',-124,193.4,"grf",1135),(792,'{"k": {"n": [true, false]}}','mtlÿhi中cソ','1000-01-01 00:00:00','-22',1405140540723267705,';-- ewüw;',1136),(0,'"str"',' nr#中b😀漢','2024-02-29 23:59:59.123456',1,978642361951305811,'r\g',1137),(794,'[1, "x;y", null]','予文予\"h能ÿng','1000-01-01 00:00:00',0x62,0x15FBFBCD1A64A59C,'±éu',1138),(814,'null','og','1000-01-01 00:00:00',-128,1807113632077592674,'twa',1139),(815,'3.25',NULL,20240102030405,105.4,106,'gm',1140),(NULL,'"str"','p"À','2024-01-01 00:00:00.5','-60','1417057852803831900','±w\Zßé#mg-- ',1141),(817,'"str"','ilüiég🦫運\'','2038-01-19 03:14:07.999999',80,1586472647877561101,'jnrß',1142),(818,'{"k": {"n": [true, false]}}','wzßz文予 éesk\Z',TIMESTAMP'2019-03-31 02:30:00',-120,670279691477080626,"in;ÿkr",1143),(819,JSON_OBJECT('k', 1),"v-- 十ソjh運hp±",20240102030405,0x7F,'1','umh;\%uhy',1144),(0,'{"k": {"n": [true, false]}}','運`ソd','2024-02-29 23:59:59.123456',-14,54,"\wlxg",1145),(821,JSON_OBJECT('k', 1),'l誠','2024-02-29 23:59:59.123456',0x4D,+1100995272384749902,'Àmpg',1146),(822,'3.25','À\q','1000-01-01 00:00:00',b'1011011',-2003449723179344721,'',1147),(870,'{"k": {"n": [true, false]}}','',20240102030405,-68,0x98,'iqr\rq',1148),(NULL,'{"k": {"n": [true, false]}}','\nyk表kiüiソ文wソ','2024-02-29 23:59:59.123456',7,1555593614706248944,'ÿ±e',NULL),(877,'{"k": {"n": [true, false]}}','ソ文#jxxソ\\±éz','2024-01-01 00:00:00.5',FALSE,53,"\\ei±dnc",1149),(NULL,'{"k": {"n": [true, false]}}','gbd運cd','2024-02-29 23:59:59.123456',null,b'10011111','±yé',1150),(879,'[1, "x;y", null]','aÀcrhソw😀ß\\hm','2024-01-01 00:00:00.5',-95,-331966556713408760,'±',1151),(0,'[1, "x;y", null]','ü\uy表À',TIMESTAMP'2019-03-31 02:30:00',-128,-2035334453539268358,'ußyqéc',1152),(881,'null','文表ソm運',20240102030405,b'1010011',239536158550842324,'f',1153),(882,'[1, "x;y", null]','ghxhby😀能#',TIMESTAMP'2019-03-31 02:30:00',NULL,'132','jdj',1154),(883,'"str"','cnl十c予s',20240102030405,-125,47.4,'ß',1155),(884,'3.25','',20240102030405,0x7B,'-801222185984018253','\Z\0rhe',1156);
INSERT IGNORE INTO b74 VALUES (85,JSON_OBJECT('k', 1),20),
(86,JSON_OBJECT('k', 1),18),
(87,'[1, "x;y", null]',20),
(88,'3.25',24),
(89,'[1, "x;y", null]',7),
(90,JSON_OBJECT('k', 1),33),
(91,JSON_OBJECT('k', 1),20),
(92,'null',16),
(93,'"str"',20),
(94,JSON_OBJECT('k', 1),32),
(95,'[1, "x;y", null]',8),
(96,JSON_OBJECT('k', 1),31),
(97,JSON_OBJECT('k', 1),10),
(30,'3.25',29),
(98,'{"a": 1}',2),
(99,'3.25',6),
(100,'3.25',36),
(101,'3.25',1),
(102,'{"a": 1}',35),
(103,'"str"',0),
(104,'{"a": 1}',21),
(105,'{"k": {"n": [true, false]}}',23),
(106,'"str"',17),
(107,'"str"',37),
(108,'"str"',23),
(109,'null',22),
(110,NULL,15),
(111,'{"a": 1}',19),
(112,NULL,17),
(113,JSON_OBJECT('k', 1),6),
(114,'3.25',29),
(115,'null',0),
(116,'{"a": 1}',12),
(117,'[1, "x;y", null]',39),
(118,null,20);
REPLACE INTO t71 VALUES (0,-63,"r表hz漢-- x",10026149,'b',TRUE,20240101),(0,TRUE,'sソ\Zl表',+39,1,'205','0000-00-00'),(14,-111,_utf8mb4'ca表ph予g運jg',NULL,'a',null,'2001-1-2'),(NULL,127,'-- \e',+17,3,b'1111000','2024-02-29'),(NULL,TRUE,"",b'110010010111010110111110','10',160e0,null),(17,031,null,2392578,5,+139,null),(18,-101,"p\o漢b",14,'1',42.4,DATE'2020-06-15'),(19,12,'kk\lsf`f文運k',11145556,'1',133.4,'2024-02-29'),(0,FALSE,"k",114,'a',72,'2024-02-29'),(61,80,NULL,b'110011111000100000110100',5,null,'0000-00-00'),(62,88,'zjz',0x52,3,000,'1000-01-01'),(96,FALSE,"",b'10110011','2',0x23,'1000-01-01'),(NULL,+57,'qwcソ十m',14585668,5,+169,'2024-02-29'),(110,51,"k",'72','b',220,'0000-00-00'),(111,-44.4,'ur',0xF7BC89,'a',82,'2001-1-2'),(112,b'101111','ソjg予s\os',TRUE,'1',b'1111011','0000-00-00'),(113,43e0,"zjz\yd誠qv漢",'65','b',54,'9999-12-31'),(148,NULL,null,+8642509,'b',186e0,'1000-01-01');
INSERT IGNORE INTO `fz0`.`t71` (`c0`,c1,`c2`,`c3`,`c4`,c5) VALUES (-128,NULL,99,'10',111,'2001-1-2'),(b'1001110','中t漢予\0\b',0x751AF6,'1',108,'9999-12-31'),(-97,NULL,NULL,'1',+105,NULL),(-61,'',12442903,'a',NULL,'2001-1-2'),(NULL,null,119e0,1,13,'1000-01-01');
INSERT INTO t1 VALUES (5,'2038-01-19 03:14:07.999999',b'1111111',1157),
(6,'2024-02-29 23:59:59.123456',34,NULL),
(8,20240102030405,236.4,1158),
(7,TIMESTAMP'2019-03-31 02:30:00',+159,1159),
(8,20240102030405,52,1160),
(9,'2038-01-19 03:14:07.999999',FALSE,1161);
SELECT 24 INTO @v162;
CREATE TABLE IF NOT EXISTS `fz0`.`vars` (name varchar(20), v bigint);
INSERT INTO `fz0`.`vars` VALUES ('v162', @v162);
REPLACE INTO `fz0`.`t23` VALUES (37,'文文漢n',0x1,'2038-01-19 03:14:07.999999','qxrソ',020,1.5,39),
(38,'hvソe	\x',B'0',TIMESTAMP'2019-03-31 02:30:00',_utf8mb4"e十eaqs十bp\"k",-69,-2.25e-3,29),
(39,' rüé😀z\Zo誠',B'0',20240102030405,'u能y',186e0,.5e1,36),
(40,'ht十q',1,'1000-01-01 00:00:00','i運-- 	',8336,'7.5',39),
(41,_utf8mb4'ソpß',0,'2024-02-29 23:59:59.123456','中',24427,1.5,32),
(42,'k文À',B'1',20240102030405,'ソqlr',131.4,-1E+3,0),
(28,_utf8mb4'o運',b'0','1000-01-01 00:00:00','\wr#\%',71,-2.25e-3,30),
(43,'\\😀t`\péi漢表表y',B'1','2024-01-01 00:00:00.5','fw',186.4,0.1,28),
(44,'ct中#vty文ÿ',null,TIMESTAMP'2019-03-31 02:30:00','"ekj_b十m\%',TRUE,-2.25e-3,36),
(45,'`g表ÿxß_',1,TIMESTAMP'2019-03-31 02:30:00','blz十y文o能\\予',-15653,-0.0,null),
(46,"",0x0,'1000-01-01 00:00:00','`chg表',32.4,1234567.125,21),
(47,'十l\j',b'1',TIMESTAMP'2019-03-31 02:30:00',"hv",'27763',.5e1,17),
(48,'🦫éy\jpf十s\tj',b'1',20240102030405,'m漢uu文予',-27467,null,21),
(49,'r',b'1',20240102030405,'dy',-115,1234567.125,8),
(9,_utf8mb4'ü',b'1','2038-01-19 03:14:07.999999','z表ソz`',150.4,1234567.125,18),
(50,'zgqq_',B'1','2024-01-01 00:00:00.5','v能',811e0,null,21),
(51,'Àißßy\_\nÿ±ßÀo',b'1','2024-01-01 00:00:00.5','誠qy',167,-1E+3,19),
(52,'±''運jdé±',b'0','1000-01-01 00:00:00',N'\Zowofbn十運',30,'7.5',22),
(53,'un漢',1,'1000-01-01 00:00:00',"c ",+26924,.5e1,39),
(54,'運nxyk',NULL,'2024-01-01 00:00:00.5','l',5328.4,1.5,24),
(55,'o😀é\b',b'1','1000-01-01 00:00:00','zhgpe予j',-32433,.5e1,36),
(56,"n±",0x1,20240102030405,'kq誠漢誠漢',-93,0.1,20),
(57,'y±表表漢±±±',b'1','2024-02-29 23:59:59.123456','s予中a文',-2,-0.0,30),
(58,_utf8mb4'riwソc😀\0`',0x0,TIMESTAMP'2019-03-31 02:30:00','能i能誠imwiソ',-20668,'7.5',0),
(59,_utf8mb4"ß",b'0',TIMESTAMP'2019-03-31 02:30:00','\0',-17825,-1E+3,26),
(60,"j文誠u",NULL,20240102030405,"wg-- ",0x45,'7.5',null),
(61,'ソk能ÿソg\"bソ',B'0','2024-01-01 00:00:00.5','n\'t十能e\n中z',-142,-1E+3,5),
(62,'\skps能中',b'0','2024-01-01 00:00:00.5','nソiソn ',FALSE,0,24),
(63,'kbm',b'1','2024-02-29 23:59:59.123456','f十漢xa',157,-0,6),
(64,'g中é😀🦫ad',1,20240102030405,'mo',-7502.4,2,24),
(65,_utf8mb4'kwc 🦫\'\bwc±\fi',B'1','1000-01-01 00:00:00','',-26176.4,NULL,22),
(66,"t表\\tvq誠",b'0','2024-02-29 23:59:59.123456','\\運bnvml',-16952,.5e1,30),
(67,'ソ誠p能',0x1,'2024-02-29 23:59:59.123456','alyls\p文ut予',142,-1E+3,34),
(68,'ü',b'1','2024-01-01 00:00:00.5',"能",65,2,32),
(69,"表😀i\l",b'1','2038-01-19 03:14:07.999999','w',+30758,.5e1,33),
(70,'izソazpqx\n',B'0',20240102030405,";文av\t",97,'7.5',16),
(71,'aß%ja',b'1','1000-01-01 00:00:00',"oy",-18486,-2.25e-3,4),
(72,'	\Z\y十g予\\l x中w',1,'1000-01-01 00:00:00',_utf8mb4'ソ文',162,'7.5',16),
(73,'o;十/*x文\b表y',b'1','2024-01-01 00:00:00.5','jna/*v漢ソ',153e0,-1E+3,NULL),
(74,'üu文予katr',b'0','1000-01-01 00:00:00','表ch運',-94,0,28),
(75,'',null,TIMESTAMP'2019-03-31 02:30:00','y文s\0ecソu`w',-30185,2,16),
(76,'uソxé能ly',b'1','2024-02-29 23:59:59.123456','udkos',-15481.4,0,33),
(77,"l漢é/*og""i\ika",0x1,'1000-01-01 00:00:00',"\Zkue中/*ud",-195,2,39),
(78,'_w文vjm',B'1',20240102030405,'_',113,-1E+3,10),
(79,'ÿtr表yfh',b'1','2038-01-19 03:14:07.999999',_utf8mb4'xソw',199,-0.0,30),
(80,'m😀zkw十üayun',B'0',20240102030405,'q中q',19305,null,NULL),
(81,'arソ',1,20240102030405,'文c文文rs誠n',-88,0,32),
(82,'予cücf十',b'1','1000-01-01 00:00:00','十m',-87,-1E+3,31),
(83,'tzarlay表ikx',B'1',TIMESTAMP'2019-03-31 02:30:00',_utf8mb4"ndpb運十\"be",25e0,0.1,5),
(84,'ソys能x',0x0,TIMESTAMP'2019-03-31 02:30:00',_utf8mb4'ソ誠',0x70,'7.5',2),
(85,'yx予ソÀlk\v誠c運',b'1','2038-01-19 03:14:07.999999','\"s','-184',-1E+3,2),
(86,'',0x0,'2038-01-19 03:14:07.999999',"誠z中mox\np",'132',1.5,37),
(87,'fw',B'1','2024-02-29 23:59:59.123456',"ソv中hpkc\rd十uj",-153,2,37),
(88,'🦫表漢s',0x1,TIMESTAMP'2019-03-31 02:30:00',N'中十ojqij誠w',11e0,1.5,17),
(89,'j',B'1','2038-01-19 03:14:07.999999','十ds中ソ誠中',23937,-1E+3,25),
(90,'誠c\\-- 文v運zb',1,'2024-02-29 23:59:59.123456','m予ltqs',83.4,2,37),
(91,'中é',b'0','2024-02-29 23:59:59.123456','fb表r',b'1100101',-1E+3,NULL),
(92,"ßü\\文ソ",B'1','1000-01-01 00:00:00','wp中x;jz文','9429',-2.25e-3,5),
(93,'ÿal',1,'2024-02-29 23:59:59.123456','中q中ソ運\r
',30162,'7.5',3),
(94,'bd`;漢',B'1','2024-01-01 00:00:00.5','y中予e',-21190,-2.25e-3,33),
(95,'riz🦫w;',b'0','2024-01-01 00:00:00.5','ck j#sd#\'h十',0x201D,0.1,37),
(96,_utf8mb4'-- ±😀ßÀソo',b'1','1000-01-01 00:00:00','能x漢ps運',8621.4,'7.5',24),
(97,'誠v🦫ws十運',B'0','2024-01-01 00:00:00.5',_utf8mb4'運文d運ty',-138,'7.5',24),
(98,';',B'0','2024-02-29 23:59:59.123456','t\n	jof予l','-53',1.5,24),
(99,'e±ÿs表予vureqe',0x0,TIMESTAMP'2019-03-31 02:30:00','#ソ-- \\cz',29979,-2.25e-3,null),
(100,'sisÀÀkkü誠中m',b'0','1000-01-01 00:00:00','中z\m能予kf中q',167,NULL,null),
(101,'kÿÿ十ÿ\v漢😀b',B'1','2038-01-19 03:14:07.999999','m文sp\r\rz運c',-1,-1E+3,24),
(102,'😀i',1,'2038-01-19 03:14:07.999999',_utf8mb4'十\"dhy',TRUE,NULL,6),
(103,'',B'1',TIMESTAMP'2019-03-31 02:30:00','vueo#\nb','-8208',0.1,12),
(104,'éz😀±予`中文',b'1','2038-01-19 03:14:07.999999','t',FALSE,.5e1,10),
(105,"oébkü#e表À",B'1','1000-01-01 00:00:00',"q\b",-74,null,29),
(106,'éytv誠',b'1',20240102030405,'brv運誠運e',15756,0,19),
(107,'🦫ß表予\r運ngÀ',b'1','2024-01-01 00:00:00.5',"中l",-5625,null,20),
(108,"😀%ßhknmkünh",0,'2024-02-29 23:59:59.123456','dfw漢c',35,1.5,32),
(109,'iiü表w予o中oß',b'0',20240102030405,'lrgrv能',-159,.5e1,34),
(110,'±iu表中±ctuソx',B'1',TIMESTAMP'2019-03-31 02:30:00','f漢予w',-22961,NULL,13),
(111,"a十十g-- z±\"f\nyg",0x1,20240102030405,'s\n''文',23577,0,16),
(112,'vm%表uv\n漢u能og',0x1,20240102030405,'j',-7876,0,31),
(113,'r表中nbe',b'1','2024-01-01 00:00:00.5','h\nica',27323.4,1234567.125,2),
(114,'by😀i中能é😀',0x1,20240102030405,'spgy',-28515,0.1,NULL),
(115,'yxlソlj',B'0',20240102030405,'',-30899,2,5),
(116,'運十表ün',b'1','2024-02-29 23:59:59.123456','n能','29286',0,28),
(117,'文表±😀',1,20240102030405,"予w/*mx\m_\w予誠運",b'101101011010100',NULL,NULL),
(118,'±予ü🦫十rソw誠\%±',b'0','2038-01-19 03:14:07.999999','十\0j表\Zソ能g運',9854,.5e1,6);
INSERT INTO `t71` (`id`,c1,`c2`,c3,`c4`,`c5`) VALUES (172,'hxi\bl文',11292655,'b',150e0,20240101),(173,'cjc\k_a文予',6428323,'1',+131,'0000-00-00'),(174,'ie#運axm漢e',NULL,3,+101,'2001-1-2'),(175,'\vps誠文予誠tgy',050,'1',0xEF,'0000-00-00'),(176,'e',null,3,129.4,'2024-02-29'),(177,'ru',11074408,5,null,'2001-1-2'),(178,'能zmne誠mg',FALSE,'2',128e0,'1000-01-01'),(219,'ju漢t表t%',3718318,3,b'10100100',20240101),(220,'\0',b'1001011',5,b'101001','2024-02-29'),(221,'文"運a表nk','15',3,TRUE,'9999-12-31'),(222,"o表能nrfi\v",+113,1,173,'0000-00-00'),(223,'\b',150,'B',40,20240101),(224,null,48,'1',57,'2001-1-2'),(225,'\bソop\cpv運文表h',178,5,233,NULL),(NULL,'運ckyoh誠','14729209','10',132,'2024-02-29'),(227,"'odz\\",FALSE,'2',+50,'0000-00-00'),(NULL,null,162,5,b'101011','2024-02-29'),(229,'q\Zsmd',0x41,'a',0x15,'9999-12-31'),(230,'a',133,1,null,'9999-12-31'),(231,'十xff',NULL,1,147,20240101),(232,'能edc文bx中i',0x73,'2',131,NULL),(0,'表ソckvjq#-- ',022,'b',0xA6,20240101),(234,'',63,1,106e0,DATE'2020-06-15'),(0,'s',NULL,'b',FALSE,'0000-00-00'),(0,'hea',9,'b',136.4,20240101),(237,'文表qpif',4654923,'b',null,'9999-12-31'),(238,'\tb#c',8482816,'B',79e0,'2024-02-29'),(NULL,_utf8mb4'v漢漢誠o\pim中w',155,1,116,'2001-1-2'),(240,'l',b'1101001110101010101101',3,TRUE,20240101),(260,'v中pa',8700929,'a','86',DATE'2020-06-15'),(NULL,'',16256216,'B','147',NULL),(262,'予',81e0,'b',141e0,NULL),(312,'予\\能',b'1001',5,null,'0000-00-00'),(354,_utf8mb4'表zcjl表s_d文',166,'b',61,'1000-01-01'),(355,_utf8mb4"xjywb%f",6873994,'B',83e0,DATE'2020-06-15'),(356,NULL,0xAC9109,'2',NULL,20240101),(357,'ebgi',+114,'B',b'10011011','2001-1-2'),(0,'\Z十xtxfu',+13349108,3,28,'1000-01-01'),(359,'\k\v文\"dbo','33','b',222,DATE'2020-06-15'),(0,"",1414432,'b',191,'2024-02-29'),(405,'rnk漢',5420861,3,123,null),(NULL,'中f',117,'10',TRUE,'1000-01-01'),(428,'中e文文','121','1',003,'9999-12-31'),(448,'誠l能sr\oj',140.4,'a',1,'2024-02-29'),(449,"mg\%e十運xnyz漢",null,'b',186,'0000-00-00'),(450,_utf8mb4'十aw表b中\ak文',61,5,77.4,'2001-1-2'),(451,'運',98502,'10',+168,'9999-12-31'),(452,'i\rd運中',TRUE,'2',220,NULL),(0,'漢nghbc運iwt',6690226,'a',181,DATE'2020-06-15'),(454,'tuve中',6563179,'a',0xA4,20240101),(455,'十c中u運d',9512480,'2',75,DATE'2020-06-15'),(456,'ann\_es',7021953,3,193,20240101),(457,'f cp_',+2808524,'b',98.4,'2024-02-29'),(458,'prto漢rtv',52,5,75,20240101),(459,'ソgzm','68',1,180.4,'1000-01-01'),(460,"w文表予\sth",63,5,b'10','0000-00-00'),(461,'c中運ソ十k中y','2542070','b',0x7E,'2024-02-29'),(NULL,'yw予',b'1001100101011010110011','B',96,'2024-02-29'),(463,'p文能漢 ソ予ygu',612889,'2',b'10101','2024-02-29'),(464,'b予onr',b'10100100','a','199','2001-1-2'),(NULL,NULL,10,'10',138e0,20240101),(466,NULL,FALSE,'1',NULL,DATE'2020-06-15'),(0,'kg#vdvt',TRUE,5,140,'1000-01-01'),(468,'sj十ソcqdta',0x57,5,b'10101011','1000-01-01'),(469,"tbuqpu十apv",872193,'2',FALSE,'0000-00-00'),(0,'f-- sa',1349568,5,+234,DATE'2020-06-15'),(0,'h中dソzpr',15289816,3,TRUE,DATE'2020-06-15'),(472,' e漢u\pjp',11170879,'b',b'1111100',NULL),(NULL,_utf8mb4'upi\'e',0x3F,5,0x93,'2001-1-2'),(474,"\v",12556611,'2',89,'9999-12-31'),(475,'表文i',108,'b',null,'1000-01-01'),(476,'yp誠漢o',3027023,'a',122,20240101),(477,'fiwi能',2132469,'b',124,20240101),(478,NULL,15515098,'B',74,'0000-00-00'),(479,'/*svk',22.4,5,219,20240101),(480,'kt',FALSE,'B',50.4,DATE'2020-06-15'),(481,'id',+14185499,'B',0xA2,NULL),(482,_utf8mb4'',+173,'B',121,DATE'2020-06-15'),(483,'jzr',15879547,'1',145,'2001-1-2'),(484,'nh誠運予vv','16612760','10',175,'2001-1-2'),(485,"十y-- 誠m中w",14405737,'1',0xC0,20240101),(486,'',86e0,'b',178,DATE'2020-06-15'),(533,"e",3306410,3,51,'0000-00-00'),(0,'\Z漢mrc誠','26',1,124.4,20240101),(535,'pi`r十\ei予\n',75,'1',119e0,DATE'2020-06-15'),(536,'\Zxwz','13802953',5,TRUE,'2001-1-2'),(578,'uhmv十j予j表十z',4893217,'2',43.4,'0000-00-00'),(579,"",NULL,'b',48,'2024-02-29'),(0,'\\s運誠-- 中zp',47,'10',185,DATE'2020-06-15'),(NULL,'mnis能h',060,'10',138,'9999-12-31'),(0,NULL,134,'1',94,NULL),(583,'運stf\\',NULL,'B',73.4,'2001-1-2'),(584,"mg文em漢\0予",7921551,'b',102.4,'2024-02-29'),(0,NULL,+68,3,0xB5,20240101),(586,'十運文yr',11051079,'2',0,'1000-01-01');
START TRANSACTION;
INSERT INTO `fz0`.`t2` VALUES (176,'2','-12:30:00.25',-128,1163),(177,3,'-12:30:00.25',-3,1164),(178,3,'00:00:00.99',32,1165),(179,'B','-12:30:00.25',+105,1166),(180,'a','838:59:59',89.4,1167),(181,'1','-12:30:00.25',-56,1168),(182,'a','1 10:00:00',127,null),(183,1,123456,'79',1169),(184,'B','-12:30:00.25',18,1170),(185,'10','-838:59:59.00',-10,1171),(186,3,'00:00:00.99',68,1172),(187,1,'00:00:00.99',TRUE,1173),(188,'10','00:00:00.99',-8,1174),(189,'1','00:00:00.99',112,1175),(190,'b','00:00:00.99',b'100',1176),(191,'1',null,107,1177),(192,'10','-12:30:00.25','72',1178),(193,'B','1 10:00:00',-73,1179),(194,'a','838:59:59','-97',NULL),(195,'2','00:00:00.99',107,1180),(196,'10','838:59:59','-128',1181),(197,'B',123456,b'1100011',1182),(198,'B','838:59:59',75,1183),(199,'a','838:59:59',-2,1184),(200,'B','00:00:00.99',073,1185),(201,1,123456,-117,1186),(202,1,123456,48.4,1187),(203,1,'-12:30:00.25',1,1188),(204,null,'-12:30:00.25',-119,1189),(205,'B','-838:59:59.00',005,1190),(206,'b','1 10:00:00',127.4,1191),(207,1,'-838:59:59.00',0x43,1192),(208,'B',123456,-111,1193),(209,'B','-12:30:00.25',+7,1194),(210,null,123456,-25,1195),(211,3,NULL,90,1196),(212,'1','00:00:00.99',-107,1197),(213,'a','00:00:00.99','-6',1198),(214,'b','838:59:59',127,1199),(215,'1','-12:30:00.25',25,1200),(216,5,'-12:30:00.25',b'1110',1201),(217,1,'-838:59:59.00',-43,1202),(218,null,'1 10:00:00',67,1203),(219,'10','1 10:00:00',FALSE,1204),(220,'1','838:59:59',+6,1205),(221,'b','00:00:00.99',-35,1206),(222,null,'00:00:00.99',34,null);
INSERT INTO `t2` VALUES (223,1,123456,-79,1207),(224,'2','00:00:00.99',63.4,1208),(225,5,'-12:30:00.25',2,null),(226,null,'-838:59:59.00',TRUE,1209),(227,'B','-838:59:59.00',59,1210),(228,3,'-12:30:00.25',26,1211),(229,'a','838:59:59',0x24,1212),(230,'10','-838:59:59.00',127,1213),(231,'2','00:00:00.99',-29,1214),(232,null,'-12:30:00.25',65,1215),(233,null,'1 10:00:00',-128.4,1216),(234,5,'-838:59:59.00',-43,1217),(235,1,'1 10:00:00',-61,1218),(236,'2','838:59:59',TRUE,1219),(237,'1','1 10:00:00',-77,1220),(238,5,'838:59:59',TRUE,1221),(239,3,'1 10:00:00',61e0,1222),(240,1,'1 10:00:00',-102,1223),(241,'10','1 10:00:00','127',1224),(242,'10','00:00:00.99',+28,1225),(243,'B','-12:30:00.25',88.4,null),(244,'10','-838:59:59.00',-3,1226),(245,'10',123456,96e0,1227),(246,'B','00:00:00.99',0x69,1228),(247,1,null,+10,1229),(248,null,'00:00:00.99',0x7F,1230),(249,'B','1 10:00:00',TRUE,1231),(250,'1',null,-128,1232),(251,'a','1 10:00:00',101,1233),(252,'10','-12:30:00.25',FALSE,1234),(253,'b','-12:30:00.25',127,1235),(254,1,123456,FALSE,1236),(255,3,'-12:30:00.25',-32,1237),(256,'a','1 10:00:00',82,1238),(257,'1',123456,+83,1239),(258,5,'-838:59:59.00',0x6F,1240),(259,1,'838:59:59',72,1241),(260,'a','1 10:00:00',38,1242),(261,'B',123456,57.4,1243),(262,3,123456,127,1244),(263,'b','-12:30:00.25',-68,1245),(264,NULL,123456,+45,null),(265,3,'1 10:00:00',125,1246),(266,NULL,'00:00:00.99',060,1247),(267,'1','838:59:59',-23,1248),(268,3,'00:00:00.99','-83',1249),(269,'b','-12:30:00.25','-128',1250),(270,3,123456,127.4,1251),(271,'10',null,127,1252),(272,3,'-12:30:00.25',+115,1253),(273,3,123456,FALSE,null),(274,'10',123456,-69,1254),(275,5,'1 10:00:00',b'101',1255),(276,'B','1 10:00:00',127,1256),(277,1,'838:59:59',12,1257),(278,'1','00:00:00.99','22',1258),(279,1,'-838:59:59.00',23,1259),(280,'1','1 10:00:00',92,1260),(281,'B','838:59:59',85,1261),(282,'b',NULL,FALSE,1262),(283,null,'-838:59:59.00',FALSE,1263),(284,'1','00:00:00.99',-128,1264),(285,1,'838:59:59',b'1100',1265),(286,1,'1 10:00:00',-102,1266),(287,'2','838:59:59',+103,1267),(288,3,'838:59:59',118,1268),(289,'10','1 10:00:00',3.4,1269),(290,NULL,'1 10:00:00',-24,NULL),(291,'B','-838:59:59.00',127,1270),(292,'B','838:59:59',-128,1271),(293,5,'-12:30:00.25',1.4,1272),(294,'B','-838:59:59.00',FALSE,null),(295,'10',NULL,-59,1273),(296,null,'00:00:00.99',37,1274),(297,1,'00:00:00.99','123',1275),(298,'2',123456,'125',1276),(299,'1','-838:59:59.00',-57,1277),(300,'B','-838:59:59.00',-128,1278),(301,'10','00:00:00.99',FALSE,1279),(302,NULL,'1 10:00:00',-81,NULL),(303,1,'1 10:00:00',0x7F,1280),(304,'10',null,-55,1281),(305,'2','-12:30:00.25',b'1111111',1282),(306,'B','-838:59:59.00',-4,1283),(307,NULL,123456,+126,1284),(308,'10','-12:30:00.25','127',1285),(309,5,'-838:59:59.00',-18,1286),(310,3,123456,117,1287),(311,'a','838:59:59','26',1288),(312,'10','00:00:00.99',-120,1289),(313,5,'838:59:59',-6,1290),(314,'b','838:59:59',b'1110001',NULL),(315,'2',123456,FALSE,1291),(316,1,'1 10:00:00',TRUE,1292),(317,'1','1 10:00:00',127.4,1293),(318,'1','00:00:00.99',-123,1294),(319,'10','00:00:00.99','83',1295),(320,'a',NULL,-53,NULL),(321,1,'1 10:00:00',125,1296),(322,1,'-838:59:59.00',TRUE,null),(323,3,123456,127,1297),(324,'10','1 10:00:00',-35,1298),(325,1,'-12:30:00.25',-33,1299),(326,3,'-838:59:59.00',13,1300),(327,'10','-12:30:00.25',FALSE,1301);
COMMIT;
CREATE TABLE `fz0`.`rmt4` (
  `id` int NOT NULL,
  `a` int DEFAULT NULL,
  `s` varchar(40) DEFAULT NULL,
  `ts` timestamp NULL DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `ka` (`a`)
) ENGINE=InnoDB;
SET @OLD_SQL_MODE_PS = @@sql_mode;
PREPARE pss5 FROM 'SET sql_mode = ?';
EXECUTE pss5 USING 'NO_ENGINE_SUBSTITUTION';
INSERT INTO `fz0`.`rmt4` VALUES (1,120,'s314','2018-08-13 04:44:17'),(2,-5,'s630','2021-05-23 10:18:29'),(3,58,'s711','2010-06-27 03:24:49'),(4,25,'s305','2013-06-13 04:24:58'),(5,-7,'s694',NULL),(6,98,'s528',NULL),(7,131,'s181','2028-10-14 04:09:19');
INSERT INTO `fz0`.`rmt4` (id, a, s) VALUES (919, 1, 'longlonglonglonglonglonglonglonglonglonglonglonglonglonglong');
INSERT INTO `fz0`.`sv` (name, v) VALUES ('mode', @@sql_mode);
SET sql_mode = @OLD_SQL_MODE_PS;
SET NAMES utf8;
RENAME TABLE `fz0`.`b3` TO `fz0`.`r302`;
SET SESSION sql_mode = 'STRICT_ALL_TABLES,NO_ENGINE_SUBSTITUTION';
START TRANSACTION;
INSERT INTO `copy14` VALUES (63,'B','838:59:59','119',1303),(2,'a',NULL,40,1304),(4,'B','-838:59:59.00',FALSE,1305),(64,3,'-838:59:59.00',-68,1306),(65,5,'-838:59:59.00',53,1307),(66,'a','-838:59:59.00',61e0,1308),(67,'2','-838:59:59.00',-85,1309),(68,'a','838:59:59',127,1310),(69,'10','-12:30:00.25',-29,1311),(70,'a','-12:30:00.25',109.4,1312),(71,5,'838:59:59',91,1313),(72,'10','-12:30:00.25',38.4,1314),(73,null,'838:59:59',TRUE,1315),(74,'1','838:59:59',-76,1316),(75,3,'1 10:00:00',57,1317),(76,'10',123456,'-107',1318),(77,'2',123456,127,1319),(78,1,'838:59:59',b'1000101',1320),(6,null,'00:00:00.99',TRUE,1321),(79,'10','-12:30:00.25',-2,1322),(19,'B','-838:59:59.00',127,1323),(80,'2','-12:30:00.25',-62,1324),(81,'1','00:00:00.99',b'1000100',1325),(82,'b',123456,FALSE,1326),(83,null,'838:59:59',127e0,1327),(84,'b',123456,71.4,1328),(7,3,'1 10:00:00',0x66,1329),(85,1,'1 10:00:00',-4,1330),(86,1,'00:00:00.99',FALSE,1331),(87,'b','1 10:00:00',-127,1332),(11,1,'1 10:00:00','-30',1333),(88,'B','1 10:00:00',-58,1334),(89,3,'1 10:00:00',5,1335),(90,'1','-838:59:59.00',-75,1336),(91,5,NULL,96,1337),(92,'10',NULL,-116,1338),(3,3,'-838:59:59.00','-81',1339),(93,'b','1 10:00:00',59,1340),(94,'2','-838:59:59.00',-99,1341),(95,'2','00:00:00.99',-8,1342),(96,1,'1 10:00:00',85,1343),(97,'B','00:00:00.99',-26,1344),(12,5,'00:00:00.99',6,1345),(98,'b','1 10:00:00',011,1346),(99,'1','-838:59:59.00',-119,1347),(100,'2','1 10:00:00',-128,1348),(101,'2','-838:59:59.00',-11,1349),(102,1,'00:00:00.99',-85.4,1350),(8,'b','00:00:00.99',-128,1351),(103,'B','1 10:00:00',-127,1352),(104,'a','-838:59:59.00','-19',1353),(105,'a','-12:30:00.25',-34,1354),(106,null,123456,-6,1355),(107,3,'1 10:00:00',FALSE,1356),(108,'10','-838:59:59.00',-9.4,1357),(3,'10',123456,b'1001010',1358),(109,'2',NULL,-84,1359),(110,null,'00:00:00.99',-78,1360),(111,'2','838:59:59',-96,1361),(112,'10',123456,127.4,1362),(113,'10','00:00:00.99',110,1363),(114,'a','00:00:00.99',-20,1364),(115,'10','838:59:59',-124,1365),(116,'2','00:00:00.99',-20.4,1366),(19,'1',null,-2,1367),(117,'B','-838:59:59.00',-45,1368),(118,NULL,'838:59:59',-23,1369),(119,1,NULL,FALSE,1370),(120,1,123456,-53,1371),(121,'b','1 10:00:00',-128,1372),(122,'2',NULL,-49,1373),(123,'10','-12:30:00.25',94,1374);
SAVEPOINT sp1;
INSERT INTO `copy14` VALUES (124,'10','-838:59:59.00',+20,1375),(125,'2','-838:59:59.00',-124,1376),(126,'10','-12:30:00.25',-98,1377),(15,'b','838:59:59',b'1100111',1378),(127,3,123456,2e0,1379),(128,'B','1 10:00:00',-107,1380),(129,1,'-838:59:59.00',FALSE,1381),(130,'a','00:00:00.99',11.4,1382),(131,'B',123456,-126,1383),(15,'10',123456,25,1384),(8,'1','1 10:00:00',-128,1385),(132,'2',null,98,1386),(133,'2','-838:59:59.00',-22,1387),(134,'B','838:59:59',FALSE,1388),(135,1,'-838:59:59.00',0x43,1389),(136,'1','838:59:59',0x7F,1390),(137,3,'-12:30:00.25',118,1391),(9,1,null,099,1392),(138,'a','-838:59:59.00',22.4,1393),(139,1,'-12:30:00.25',26,1394),(140,'b','1 10:00:00','2',1395),(141,'2','1 10:00:00',+98,1396),(142,'B','-838:59:59.00',127,1397),(143,'B','-838:59:59.00',110,1398),(144,'1','-838:59:59.00',-4.4,1399),(145,'2',null,127,1400),(146,'2','-12:30:00.25',-117,1401),(147,'b',123456,-102,null),(148,'b','-12:30:00.25',-79,1402),(149,'2','00:00:00.99',80,1403),(150,'10','1 10:00:00',127.4,1404),(151,'2','1 10:00:00',127,1405),(152,1,'-12:30:00.25',57,1406),(153,'2','1 10:00:00',32,1407),(154,'10',NULL,b'1111111',1408),(155,'1','-12:30:00.25',+127,1409),(156,1,'838:59:59',-100,1410),(157,'a',123456,016,1411),(158,null,123456,72,1412),(159,1,'1 10:00:00',124e0,1413),(160,3,'-838:59:59.00',18.4,null),(16,'10','838:59:59',78,1414),(161,'10','00:00:00.99',+40,1415),(162,'a',NULL,-78,1416),(163,'a','-838:59:59.00',8,1417),(164,'b','-12:30:00.25',3,1418),(165,5,'-12:30:00.25',61,1419),(166,3,null,28,1420),(167,'2','-838:59:59.00',-110.4,1421),(168,'2','-12:30:00.25',-116,1422),(1,'B','-12:30:00.25',-53,1423),(169,'10','-12:30:00.25',127,1424),(170,'b','00:00:00.99',127,1425),(171,'1','-838:59:59.00',106,1426),(172,'10','-12:30:00.25',-128,1427),(173,'B','838:59:59',0,1428),(174,'2','1 10:00:00',-128,1429),(175,3,'-12:30:00.25',35e0,1430),(176,NULL,'00:00:00.99',94,NULL),(177,'10','-12:30:00.25',127,1431),(178,3,'-838:59:59.00',-13,1432),(179,'1','1 10:00:00',-128,1433),(180,'10',123456,090,1434),(14,'b','1 10:00:00',127,1435),(181,'1','00:00:00.99',053,1436),(182,'b','00:00:00.99',127,1437),(183,3,'-12:30:00.25',-19,1438),(13,'2','838:59:59',127,1439),(184,'a','-838:59:59.00',-34,1440),(16,'B','00:00:00.99',039,1441),(185,'10',null,TRUE,1442);
COMMIT;
/*!40101 SET @OLD_SQL_MODE=@@SQL_MODE */;
SET SESSION sql_mode = 'NO_AUTO_VALUE_ON_ZERO';
SET CHARACTER SET utf8;
DROP TABLE IF EXISTS `fz0`.`tk6`;
CREATE TABLE `fz0`.`tk6` (
  `id` int NOT NULL,
  `a` int DEFAULT NULL,
  `s` varchar(40) DEFAULT NULL,
  `ts` timestamp NULL DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `ka` (`a`)
) ENGINE=InnoDB;
INSERT INTO `fz0`.`tk6` VALUES (1,106,'s511',NULL),(2,7,'s431','2023-01-28 13:24:50'),(3,96,'s716',NULL),(4,33,'s689','2011-03-19 10:58:52'),(5,-28,'s392',NULL),(6,59,'s128',NULL),(7,46,'s792','2011-01-10 17:45:26'),(8,63,'s10',NULL),(9,7,'s544','2015-12-09 11:41:27'),(10,145,'s879',NULL),(11,91,'s241',NULL),(12,25,'s705','2025-03-04 19:12:51'),(13,27,'s662',NULL),(14,-14,'s774',NULL),(15,134,'s421',NULL),(16,-11,'s550','2026-11-22 01:04:49');
CREATE TEMPORARY TABLE `fz0`.`tt7` (
  `id` int NOT NULL,
  `a` int DEFAULT NULL,
  `s` varchar(40) DEFAULT NULL,
  `ts` timestamp NULL DEFAULT NULL,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB SELECT * FROM `fz0`.`tk6`;
REPLACE INTO `fz0`.`tt7` VALUES (1000, 94, 't958', NULL),(1001, -14, 't332', NULL),(1002, 25, 't361', NULL),(1003, 125, 't464', NULL),(1004, 69, 't759', '2024-03-27 11:57:02'),(1005, -9, 't917', NULL);
EXECUTE IMMEDIATE 'INSERT INTO `fz0`.`tt7` VALUES (1006, -32, ''t701'', ''2024-11-11 10:10:37''),(1007, 32, ''t146'', ''2014-02-05 00:21:05''),(1008, 40, ''t85'', ''2012-06-25 12:36:20'')';
PREPARE tps8 FROM 'INSERT INTO `fz0`.`tt7` VALUES (1009, 45, ''t236'', ''2011-11-23 13:55:10''),(1010, 135, ''t240'', ''2016-06-06 10:52:24''),(1011, 38, ''t735'', ''2016-02-27 20:32:43''),(1012, 3, ''t183'', NULL),(1013, 78, ''t496'', ''2019-03-22 03:27:56''),(1014, -37, ''t468'', NULL),(1015, -17, ''t685'', ''2024-01-23 04:01:21''),(1016, 48, ''t966'', ''2023-06-07 16:37:08'')';
EXECUTE tps8;
DEALLOCATE PREPARE tps8;
INSERT INTO `fz0`.`tt7` VALUES (1017, 104, 't683', '2011-11-26 14:19:32'),(1018, 103, 't487', '2011-10-21 07:29:24'),(1019, 60, 't368', '2022-06-22 04:45:04'),(1020, 47, 't967', NULL),(1021, -38, 't403', NULL),(1022, 113, 't686', NULL),(1023, -26, 't847', '2012-07-01 07:59:09');
SET STATEMENT max_statement_time = 0 FOR REPLACE INTO `fz0`.`tt7` VALUES (1024, -38, 't110', NULL),(1025, 6, 't83', '2024-12-10 07:07:05'),(1026, 40, 't876', NULL),(1027, -46, 't54', '2027-05-22 16:16:49'),(1028, 141, 't734', NULL),(1029, 109, 't78', NULL),(1030, 69, 't482', '2026-04-05 13:56:29'),(1031, -47, 't639', NULL);
SET STATEMENT max_statement_time = 0 FOR UPDATE `fz0`.`tk6` AS r JOIN `fz0`.`tt7` AS x ON x.`id` = r.`id` SET r.`a` = x.`a` + 1000;
INSERT INTO `fz0`.`sv` (name, v) VALUES ('tmp', (SELECT CONCAT_WS(' ', COUNT(*), SUM(`a`), MAX(`id`), GROUP_CONCAT(`s` ORDER BY `id`)) FROM `fz0`.`tt7`));
START TRANSACTION;
INSERT INTO `fz0`.`tt7` VALUES (1032, 32, 't521', NULL),(1033, 63, 't112', '2026-01-10 03:48:02'),(1034, -38, 't131', '2020-08-26 04:14:30'),(1035, 38, 't526', NULL),(1036, 6, 't499', '2019-05-24 23:51:29'),(1037, 144, 't823', '2013-07-17 21:58:13');
INSERT INTO `fz0`.`tk6` VALUES (117,109,'s987',NULL);
COMMIT;
CREATE TABLE `fz0`.`tdst9` (
  `id` int NOT NULL,
  `a` int DEFAULT NULL,
  `s` varchar(40) DEFAULT NULL,
  `ts` timestamp NULL DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `ka` (`a`)
) ENGINE=MyISAM;
INSERT INTO `fz0`.`tdst9` SELECT * FROM `fz0`.`tt7`;
INSERT INTO `fz0`.`sv` (name, v) VALUES ('tmp', (SELECT CONCAT_WS(' ', COUNT(*), SUM(`a`), MAX(`id`), GROUP_CONCAT(`s` ORDER BY `id`)) FROM `fz0`.`tt7`));
EXECUTE IMMEDIATE 'DROP TEMPORARY TABLE `fz0`.`tt7`';
SELECT COUNT(*) INTO @c444 FROM `fz0`.`b74`;
SET @ac443 = 1;
SET @d445 = 1;
GET DIAGNOSTICS @ac443 = ROW_COUNT;
SET autocommit = @ac443;
INSERT /*!40000 HIGH_PRIORITY */ INTO `b74` VALUES (119,'[1, "x;y", null]',1446);
INSERT INTO r302 VALUES (150,'-12:30:00.25',ST_PointFromText('POINT(-1 0)'),'	-- yo'),(151,'-12:30:00.25',ST_GeomFromText('POINT(1 2)'),'ns'),(152,'00:00:00.99',POINT(3, 4.5),'文誠中'),(153,123456,ST_PointFromText('POINT(-1 0)'),_utf8mb3'中運s`g/*rgrw');
ROLLBACK;
SET @ac447 = 1;
SET autocommit = @ac447;
INSERT /*!40000 HIGH_PRIORITY */ INTO `t71` VALUES (1182,-128,_utf8mb3'予uy\'ozqkqy',14,'B',TRUE,'2024-02-29'),(1183,FALSE,null,194,'b',160,'2001-1-2'),(1186,-15,'',12,'1',25,DATE'2020-06-15');
SET GLOBAL completion_type = 1;
SET completion_type = DEFAULT;
START TRANSACTION;
REPLACE INTO `fz0`.`t71` VALUES (1187,'127','oq\"bb',+2966062,1,'166',NULL);
INSERT INTO `t23` VALUES (119,'cße誠',0x1,20240102030405,'誠v\eq',+18331,1.5,1448),
(120,'/*ßbb十文',0,'2038-01-19 03:14:07.999999','\k','-24091',-1E+3,1449),
(121,'/*',0x0,TIMESTAMP'2019-03-31 02:30:00','drt\0i%u漢p',-4732,'7.5',1450),
(122,';gt\u
運k',0,20240102030405,'p能t/*能x','33',-1E+3,NULL),
(123,'',b'0',TIMESTAMP'2019-03-31 02:30:00','qf',35,NULL,1451),
(124,"u中ü\vßlß",NULL,'2024-01-01 00:00:00.5','yu漢u',TRUE,0.1,1452),
(125,'\eé',B'1','2024-02-29 23:59:59.123456','',111.4,1.5,1453),
(126,'v\"f十o予',B'1',TIMESTAMP'2019-03-31 02:30:00','文\x',TRUE,-1E+3,1454),
(127,_utf8mb3'文能',b'0','2024-01-01 00:00:00.5','\r中 wuq',-27.4,1234567.125,NULL),
(128,'h中',1,'1000-01-01 00:00:00','中予%xzソ\_',-136,1.5,1455),
(129,_utf8mb3'dxeü運表運運	中x',b'0','2038-01-19 03:14:07.999999','十jrc',-131,.5e1,1456),
(130,"",B'0',20240102030405,'dqog\b',+134,-2.25e-3,1457),
(131,'',0x1,'2024-01-01 00:00:00.5','hj','51',2,1458),
(132,'wÀt',B'1','2038-01-19 03:14:07.999999','w\"十',-193,.5e1,1459),
(133,_utf8mb3'予	dmÀ\rs予漢能文',b'0','2038-01-19 03:14:07.999999',"誠h",20,-0,1460),
(134,"i\ZÀ\t能é",b'1','1000-01-01 00:00:00','bk\ao',35e0,0.1,1461),
(135,'',1,20240102030405,'p/*sfcms十漢s',24596,1.5,1462),
(136,'tqf予qja',null,'2024-02-29 23:59:59.123456','uqhソ能uo',+31866,-1E+3,1463),
(137,'ü\'\tg\'ÿv',1,'1000-01-01 00:00:00','',+180,'7.5',1464),
(138,'`p±f±by\glß±',0x1,'1000-01-01 00:00:00','otru',198,0,1465),
(139,'üléu',b'0',20240102030405,'yxz中_',16307.4,-0,1466),
(140,'p文漢十十o',B'1',20240102030405,'cv"i',1055,0.1,1467),
(141,"kü%漢k\\ソ予",B'1','1000-01-01 00:00:00','予表wgo',141,0,1468),
(142,'能À±ey',0x0,'1000-01-01 00:00:00','ソpl\'文\v予vt',-8,-0.0,1469),
(143,"漢üo運ソqi\0誠",0,TIMESTAMP'2019-03-31 02:30:00',_utf8mb3'gcix中表',b'111011',2,1470),
(144,'ty中',b'1',20240102030405,'rcd
',32,0.1,1471),
(145,"n",b'1','2024-02-29 23:59:59.123456','iソ\ot誠ソ',TRUE,0,1472),
(146,'\_文漢',B'0','2024-02-29 23:59:59.123456','qsia',027,-0,1473),
(147,'±sax',0x1,'2024-02-29 23:59:59.123456',_utf8mb3'誠\\',-6102,2,1474),
(148,"nßy",NULL,'2024-01-01 00:00:00.5','kt\0oly能中`cd',-13084,.5e1,1475),
(149,'x表ru中l\Z\sÀ能能表',1,'2024-02-29 23:59:59.123456',_utf8mb3'中tm',15864,.5e1,1476),
(150,'xßesnxpyrb',B'1',20240102030405,'a',-21661,1234567.125,null),
(151,"ußo-- 誠予誠t;x",0x0,TIMESTAMP'2019-03-31 02:30:00','能gb',26590,.5e1,1477),
(152,_utf8mb3'中ojq\fwqviuh誠',0,'2024-02-29 23:59:59.123456',N'g`\w運',TRUE,2,1478),
(153,'aソÀq\Z',B'0','1000-01-01 00:00:00','ソ文w運\0',79,null,1479),
(154,'À',0x1,TIMESTAMP'2019-03-31 02:30:00','o漢予rソw運t\0',159e0,'7.5',1480),
(155,'p表ソソ',1,'1000-01-01 00:00:00','br\0',16,-2.25e-3,1481),
(156,'運zkfdé能rj±',0,20240102030405,'誠誠',TRUE,NULL,null),
(157,'u',1,'1000-01-01 00:00:00','/*漢中',-29321.4,1.5,1482),
(158,'f十表漢ÀÀcj',b'1',20240102030405,'y\bub運wchtjq',-27775,'7.5',1483),
(159,'誠rÀ十-- 中t',null,'2038-01-19 03:14:07.999999','運n誠十',-29927,-2.25e-3,1484),
(160,_utf8mb3"\0tÿq文g\rrl能t",B'0','1000-01-01 00:00:00','xv',TRUE,.5e1,1485),
(161,'yi\r漢±pg漢運\c予',b'0','2024-01-01 00:00:00.5',"h\_ekwzdソb能",-30608,NULL,1486),
(162,'ca',NULL,'2038-01-19 03:14:07.999999',"o運t予j",91,1.5,1487),
(163,'wÀz十漢表誠\nqßÀ',b'1','2024-02-29 23:59:59.123456','',80,2,1488),
(164,"wfソÀ能運üb\%",B'1','2024-02-29 23:59:59.123456','漢e-- 表中gソwi誠ow',FALSE,2,1489),
(165,'wüvÀßm ソ',0x1,TIMESTAMP'2019-03-31 02:30:00','y th十誠n能中\b',-101,0,1490),
(166,'誠',0,20240102030405,'',-26458,1.5,1491),
(167,'bßuaawÿ±j ',NULL,'2024-02-29 23:59:59.123456','漢vbwqdp漢`',163.4,0,1492),
(168,'w運n-- 運snoj\\予',1,'2038-01-19 03:14:07.999999','y運kq-- ',b'111110000111001',-2.25e-3,1493),
(169,'%éÿ',0,'1000-01-01 00:00:00',"gxtn",-163,2,1494),
(170,'e%ü\rÿ運euxr',1,TIMESTAMP'2019-03-31 02:30:00','ky運\%k',-26032,'7.5',1495),
(171,'n中表ü中中',1,'1000-01-01 00:00:00',_utf8mb3'd十\o\c中yq\\',6,-2.25e-3,1496),
(172,'表中Àyß誠表誠d運',0x0,'2024-02-29 23:59:59.123456','z',169.4,0,1497),
(173,"c%l十±fv\t\w",1,20240102030405,'誠表ak漢運tq\po',30438.4,1.5,1498),
(174,_utf8mb3'\mo誠i\lz能\pog',B'0','2038-01-19 03:14:07.999999',_utf8mb3'c運%i','-138',-1E+3,1499),
(175,'y;g',0,'2038-01-19 03:14:07.999999','\\十g運運pgl`',173,1.5,1500),
(176,'',b'1',20240102030405,'a予能',-26272,1234567.125,1501),
(177,'w#文kevlb\%À',b'1','2024-01-01 00:00:00.5',_utf8mb3'ソgb表pg',-4564,2,1502),
(178,_utf8mb3'\'',1,'2024-02-29 23:59:59.123456','漢g十',FALSE,-2.25e-3,1503),
(179,'\% i',B'1',20240102030405,'aha予文ugn',36e0,.5e1,1504),
(180,'njjy',0x0,'1000-01-01 00:00:00',_utf8mb3'p''ソ運hos誠rp',-13862,.5e1,1505),
(181,'l表',B'0','2038-01-19 03:14:07.999999','s運\s',-20356,-1E+3,1506),
(182,N'uÀy十誠',NULL,20240102030405,"rソygicd;e",FALSE,0,1507),
(183,'漢fv\'jtw',B'1','1000-01-01 00:00:00','\t十vz',+7,0.1,1508),
(184,'ソ\\m中運o運ß',B'1','1000-01-01 00:00:00',"f文zwb",TRUE,0.1,NULL),
(185,N'agg`\'予fソk lp',0x0,'2024-02-29 23:59:59.123456',"中ij",-12426,'7.5',1509),
(186,'\\yßk能誠十',b'0','1000-01-01 00:00:00','\Z',+168,1234567.125,1510),
(187,'vc誠\"運ai`ÿw',b'1',20240102030405,_utf8mb3'\0能jg誠u文',-39,'7.5',1511),
(188,'誠\'漢ソ-- 文d±\_-- ßé',b'0','2038-01-19 03:14:07.999999',"運r文表j\lywソs",0x2F,1.5,1512),
(189,"p文yÀoÀ",0x1,TIMESTAMP'2019-03-31 02:30:00',';jxlp中\e',6917,0,1513),
(190,'d\Zvrm',0,'2024-01-01 00:00:00.5','予',-10043,-2.25e-3,1514),
(191,'kßslv予eyl',B'0',20240102030405,_utf8mb3"\a表r",TRUE,0.1,1515),
(192,N'lp',B'0',20240102030405,_utf8mb3'予q予','8608',.5e1,1516),
(193,'hznbÀ中中中漢gd/*',0x0,'2024-01-01 00:00:00.5','',-22099,2,1517),
(194,'w\wpk',1,20240102030405,'n運\\dn','189',0.1,1518),
(195,_utf8mb3'予誠ts\v予À\'',1,TIMESTAMP'2019-03-31 02:30:00','予v能\Zc',-106,NULL,1519),
(196,'',0x0,'2038-01-19 03:14:07.999999',"誠運\r\r\ka",-8383,0.1,1520),
(197,"'ßcok\eüq±",0,'1000-01-01 00:00:00','中i漢ソ',TRUE,0.1,1521);
COMMIT;
INSERT IGNORE INTO `t1` VALUES (19,'2038-01-19 03:14:07.999999',b'111010',35),
(10,'1000-01-01 00:00:00','247',7),
(11,TIMESTAMP'2019-03-31 02:30:00',+108,31),
(19,null,0x79,32),
(11,'2024-02-29 23:59:59.123456',91,8),
(12,TIMESTAMP'2019-03-31 02:30:00',243,30),
(13,20240102030405,29,9),
(14,'1000-01-01 00:00:00',115,27),
(15,20240102030405,8,3),
(11,'2024-01-01 00:00:00.5','130',20),
(16,20240102030405,8.4,33),
(17,'2024-01-01 00:00:00.5','180',27),
(18,'2024-02-29 23:59:59.123456',b'11000111',10),
(17,'1000-01-01 00:00:00',125,39),
(19,'2038-01-19 03:14:07.999999',207,33),
(20,20240102030405,138.4,6),
(21,NULL,26,32),
(22,'2024-02-29 23:59:59.123456',91,39),
(23,'2024-02-29 23:59:59.123456','111',null),
(14,20240102030405,b'11111',19),
(24,'2024-01-01 00:00:00.5',160,29),
(25,'2038-01-19 03:14:07.999999',048,28),
(26,TIMESTAMP'2019-03-31 02:30:00',+21,14),
(10,20240102030405,FALSE,21),
(27,NULL,+243,37),
(28,'2038-01-19 03:14:07.999999',1,27),
(29,20240102030405,32e0,21),
(8,20240102030405,42,29),
(30,TIMESTAMP'2019-03-31 02:30:00',35,30),
(31,TIMESTAMP'2019-03-31 02:30:00',0x3,null),
(32,'1000-01-01 00:00:00',65,NULL),
(33,20240102030405,'246',30),
(34,'1000-01-01 00:00:00',117,32),
(20,'1000-01-01 00:00:00',23,20),
(35,'2024-02-29 23:59:59.123456',b'11000100',19),
(36,'1000-01-01 00:00:00',193e0,25),
(37,20240102030405,39,18),
(38,'2024-02-29 23:59:59.123456',235,18),
(18,20240102030405,153,NULL),
(39,20240102030405,0x8D,18),
(13,'2024-02-29 23:59:59.123456',214,20),
(40,'2024-01-01 00:00:00.5',178e0,32),
(10,20240102030405,126.4,37),
(41,20240102030405,FALSE,20),
(17,'2038-01-19 03:14:07.999999',93,33),
(42,'1000-01-01 00:00:00',216,29),
(13,TIMESTAMP'2019-03-31 02:30:00',182,17),
(43,20240102030405,255.4,25),
(10,NULL,'26',3),
(44,'1000-01-01 00:00:00',129e0,14),
(45,'2024-01-01 00:00:00.5',25,2),
(8,'2024-01-01 00:00:00.5',109,35),
(46,'2024-02-29 23:59:59.123456',221,11),
(47,TIMESTAMP'2019-03-31 02:30:00',2,16),
(48,TIMESTAMP'2019-03-31 02:30:00','157',36),
(49,'2024-02-29 23:59:59.123456',0x2D,19),
(10,'1000-01-01 00:00:00',69,4),
(50,'1000-01-01 00:00:00',b'10010000',3),
(51,'2038-01-19 03:14:07.999999',b'1001111',14),
(52,'2024-01-01 00:00:00.5',215e0,25),
(53,20240102030405,0xDE,29),
(54,20240102030405,+80,1),
(55,'2038-01-19 03:14:07.999999',+78,38),
(56,null,108,NULL),
(57,'2038-01-19 03:14:07.999999',190,38),
(58,NULL,249e0,15),
(59,'1000-01-01 00:00:00',+196,21),
(60,TIMESTAMP'2019-03-31 02:30:00',+12,9),
(61,TIMESTAMP'2019-03-31 02:30:00',15.4,15),
(62,'2038-01-19 03:14:07.999999','138',34),
(63,'2024-02-29 23:59:59.123456',90,27),
(64,'2038-01-19 03:14:07.999999',+86,34),
(65,'1000-01-01 00:00:00',108e0,24),
(66,'2024-02-29 23:59:59.123456',225e0,37),
(67,'2024-01-01 00:00:00.5',0x7A,null),
(68,'1000-01-01 00:00:00',127,27),
(69,'2024-01-01 00:00:00.5',FALSE,37),
(17,TIMESTAMP'2019-03-31 02:30:00',127e0,6),
(70,'2024-01-01 00:00:00.5',+182,16);
SET GLOBAL completion_type = 0;
SET completion_type = DEFAULT;
COMMIT;
INSERT INTO `fz0`.`t71` (`c1`,`c3`,`c4`,`c5`) VALUES ('誠#x"',5,141,'1000-01-01'),('o-- ','1',119,'2001-1-2'),(_utf8mb3'#中文xa','10',+184,DATE'2020-06-15'),('予',5,30,'0000-00-00'),('szwg漢十y\k',1,171,'1000-01-01'),('v漢mvtdkd','b',+130,DATE'2020-06-15'),(N'agt漢s','10',39,20240101),('rnlwd表u能','10',+68,'1000-01-01'),('y\b漢','B',101,'2024-02-29'),('h運gdj十','10',154e0,'2024-02-29'),('jz文twl','2',+189,'2001-1-2'),("a\axqソewk\f",'2',45,'0000-00-00'),('f\x\b予十m十c-- ','2',77,'2001-1-2'),(NULL,'a',125e0,null),('中','B',b'1110111','2024-02-29'),(NULL,'1',FALSE,null);
SELECT COUNT(*) INTO @c522 FROM `fz0`.`r302`;
SET @dw10 = CAST('2y' AS SIGNED);
PREPARE dks11 FROM 'SET @w = @@warning_count';
EXECUTE dks11;
INSERT INTO `fz0`.`sv` (name, v) VALUES ('w', @w);
SET @v523 = COALESCE(@trg, -1);
CREATE TABLE `fz0`.`t524` (
  `id` bigint NOT NULL,
  `c0` varchar(40) CHARACTER SET gbk,
  `c1` bit(64),
  `c2` geometry,
  PRIMARY KEY (`id`),
  KEY `k1` (`c0`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
CREATE TABLE `fz0`.`lp4` (
  `id` int NOT NULL,
  `a` int,
  `s` varchar(30),
  `d` decimal(10,2),
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
INSERT LOW_PRIORITY IGNORE INTO `lp4` (`id`,`a`,`s`,`d`) VALUES (1,-679,'十ÿsmz漢iü\'e運',67127),(2,NULL,'tm',-7.5e1);
INSERT LOW_PRIORITY IGNORE INTO `fz0`.`lp4` VALUES (3,FALSE,'bdz#文十±',52352.61);
INSERT IGNORE INTO `fz0`.`t9` VALUES (1409,'null','nzo','2038-01-19 03:14:07.999999',-49.4,93e0,'\nt\r',8),(1410,'null','xソéxtソsa±etß','2038-01-19 03:14:07.999999',FALSE,116,'Àlc\nfz',23),(1411,'null','jn%ok','2024-01-01 00:00:00.5',3,-1250206547803897548,"±",32),(1423,'"str"','xi±','2024-02-29 23:59:59.123456',null,2224067398801630478,"m;",17),(610,'"str"',null,'1000-01-01 00:00:00',127,119e0,'aj',26),(NULL,'"str"','üqg#','2024-01-01 00:00:00.5','127',@v523,'%faf',18);
INSERT IGNORE INTO `fz0`.`t9` VALUES (1462,'3.25',N'i誠aükソ','2024-02-29 23:59:59.123456',-65,049,"vézr",0),(1463,'{"k": {"n": [true, false]}}','十\_düu十u',20240102030405,-29,-77,'és',17),(1464,'"str"','zq','2024-01-01 00:00:00.5',-87,011,NULL,10),(1465,'{"k": {"n": [true, false]}}',"k表g",'2024-02-29 23:59:59.123456',-22,FALSE,'	owüm',24);
CREATE TABLE `fz0`.`t525` (
  `id` int NOT NULL AUTO_INCREMENT,
  `c0` varbinary(64),
  `c1` bit(12),
  `c2` decimal(5,0) unsigned,
  `c3` varchar(40) CHARACTER SET sjis NOT NULL,
  `c4` varchar(40) CHARACTER SET gbk NOT NULL,
  PRIMARY KEY (`id`)
) ENGINE=MyISAM DEFAULT CHARSET=utf8mb4;
REPLACE INTO `t71` (`c0`,`c1`,`c2`,`c3`,`c4`,`c5`) VALUES ('-128','j中a十vsda',4372126,1,b'10110101',DATE'2020-06-15'),(-83,NULL,0x66,'10',044,'1000-01-01'),(034,"n誠文yid",TRUE,'1',124,'9999-12-31'),(-69,"表中",22,'1',0xBC,'9999-12-31'),(TRUE,"eq	",53,1,0x22,'1000-01-01'),(-36.4,'誠uchn',null,3,148,'9999-12-31'),('-114','漢pg/*hj中s',b'110100010111010010111111','B',TRUE,'1000-01-01'),(NULL,'z','7734047','2',b'10010010','9999-12-31'),(0x5E,'zj漢ob\ax',33,'2',249e0,'0000-00-00'),(-110,"or誠表",13814343,3,0xA1,'9999-12-31'),(+81,'',109e0,'2',null,'9999-12-31'),(0xC,_utf8mb3'df\0',4677739,'10',0x8F,null),('107',_utf8mb3'fl漢ghx十v',NULL,'1',149,'0000-00-00'),(-16,'peh',0x7D5E86,5,68.4,'2024-02-29'),(-81,_utf8mb3'表`yu',72,3,225.4,'9999-12-31'),(-81,'誠p\q\niu',11049127,3,b'100011','2024-02-29'),(-21,'zxha',74e0,1,22,DATE'2020-06-15'),(17,'文p"ctqgd',NULL,1,'85',DATE'2020-06-15'),(-6,'jb文',14079043,3,'114','9999-12-31'),(-122,'u',9395973,3,31.4,20240101),(b'1011110','',190,'2',039,'1000-01-01'),(113,'表	yq誠k',FALSE,'2',40,'2024-02-29'),(82,'u中dvt',FALSE,'2',FALSE,20240101),(-128,null,6096356,5,10,'2024-02-29'),(-128,"cbq\"十gg""漢t",b'10110001','a',24,20240101),(b'1111111','予',+3341309,'a',156e0,'2024-02-29'),('121',_utf8mb3'\ku文xan/*能\%',+77,'1',0x2A,'2001-1-2'),(-34,'nz\rmxvs',7381013,'b',119e0,null),(60,'q運\toq',b'10011110','B',143,'2024-02-29'),(+127,_utf8mb3"od文",FALSE,'2',195,'2001-1-2'),(-40,_utf8mb3'n中',1,3,FALSE,20240101),(20e0,'omay漢',10899379,'10','109','9999-12-31'),(123,'ソls',+3709690,5,192.4,NULL),(null,'c文運jk\Zkuソx漢',+10843078,'1',55,'9999-12-31'),(-47,"j",'64',3,60,null),(110.4,NULL,FALSE,'10',null,'1000-01-01'),(TRUE,'十y\n',NULL,'2',b'11001010',20240101),(-36,'予',+1659,'b',FALSE,'2001-1-2'),(b'1111111','文pa\kg文',16566935,5,null,'9999-12-31'),(-127,"qrソy\k運nfzi",7321602,'2',+51,'2001-1-2'),(127e0,'文ソrp表e誠',110e0,'2',52e0,20240101),(127,null,NULL,3,0x46,NULL),(-112,'fm文zrblbby',null,5,0x1D,DATE'2020-06-15'),(+81,'十',+110,'1',211e0,'2001-1-2'),(NULL,null,0xD,'1',136,'1000-01-01'),(-70,'tソ\cdtnv',0x60,'2',153,'2001-1-2'),(0x4E,'n漢g能s',5212798,'10',FALSE,'2024-02-29'),(FALSE,'_xo',b'1100111010001000000101','2',74,'9999-12-31'),(0x51,null,0x20,1,NULL,NULL),(b'1001101',"ss`g\\中運bmib漢",121,'a',73,'2001-1-2'),('47','予e予ea文',NULL,1,0xF6,DATE'2020-06-15'),(52,"c運jf\\ym",142,'B',TRUE,'1000-01-01'),(005,'vde',14,'B',b'10101110',DATE'2020-06-15'),(-66,'文ib誠',139,'2','80',NULL),(-90,'中十xn',15323769,'b',230e0,'0000-00-00'),(81,NULL,14406908,'b',011,'0000-00-00'),(45,"",3207462,'1',153,'2024-02-29'),(090,'zj\'iq文能d',b'11011000100110001011110','a',5.4,'9999-12-31'),(+114,'g','39','10',127,'2001-1-2'),(b'11011','eogソ誠gc能\w',14647937,'1','139',20240101),(-53,'文',4549113,3,+217,'2001-1-2'),(-43,_utf8mb3'\r',TRUE,5,+90,'2001-1-2'),(+64,_utf8mb3'shi',40104,'a',+60,'9999-12-31'),(102,_utf8mb3'運sijxi誠十gt',FALSE,'b',TRUE,'9999-12-31'),(-128,'/*\s/*a',7213256,'b',null,'1000-01-01'),(-81,'漢uy\rbk文',15160006,'2',97,DATE'2020-06-15'),(-119,'ocnholxsee能',4793026,'B',0x5B,null),(49.4,'baソ',0x6DF0D6,'2',null,DATE'2020-06-15'),(-128,'g\Z',NULL,'B',16,DATE'2020-06-15'),(TRUE,N'fzi/*\enb文e',3957279,5,47e0,'2024-02-29'),(66,'',3214197,3,FALSE,'2001-1-2'),(53,'z',87,'b',TRUE,'2001-1-2'),(-46,'運r運wソf',4918015,'1',+60,'2001-1-2'),(b'1001001',_utf8mb3's''x漢ed中p',9342986,'10',47,'9999-12-31'),(0x7F,N'ofl	zvu\ef',16738237,'b',250,'2001-1-2'),('-82','p文c予 d',181e0,5,b'101110','2001-1-2'),(0x23,'i',84,'B',31,'0000-00-00'),(-96,'jjh誠',b'11011100110010110110010',3,0xD,'0000-00-00'),(-104,'',null,'10',null,'2024-02-29'),(-118,'\\wb中r',11372105,'1',FALSE,'2024-02-29'),(-23,'e\c#fm文zhkko',2544453,5,049,'2024-02-29'),(47e0,"vz\by",null,'2',19,DATE'2020-06-15'),(127,'o\\\\jk能dy\'',15214446,'10',85,'1000-01-01'),(87e0,'運psd',null,'a',12,'9999-12-31'),(127,'誠ソ\wk文h表ql',8140752,1,+248,'2001-1-2'),(-30,'十予予',+8,'2',015,DATE'2020-06-15'),('24','\f',2631291,'10','17','0000-00-00'),(-107,'運十i運njs','12872076','b',47.4,'1000-01-01'),(94.4,'wc表z\"f表運',0x7042F6,'2',null,'2024-02-29'),('-56','',4372474,'b',+122,'2024-02-29'),(0x12,'gnii\n_d予',FALSE,'10',187e0,DATE'2020-06-15'),(TRUE,"uq\t",FALSE,'10','167',NULL),('-112',_utf8mb3'wi運\av表yh中k文h',null,'a',83,'9999-12-31'),(-18,_utf8mb3'r文dqv十',14108577,'B',164e0,'2001-1-2'),('-83','roru`	能v',NULL,3,19,'1000-01-01'),(-5,null,109.4,'2',b'10000011',20240101),(null,'h',10306886,'2',29,DATE'2020-06-15'),(36,'\0buou\p#o表',81,5,+99,20240101),(-128,'	',0xBB6E22,5,113,null),(-59,"urgrvgbh中\h",2610732,'a',110e0,'9999-12-31');
INSERT INTO `copy14` (`id`,`c0`,`c1`,`c2`,`u`) VALUES (186,1,'1 10:00:00',-124,1526),(187,'1','00:00:00.99',0x6D,1527),(188,5,'-12:30:00.25','-126',1528),(189,'2',NULL,-70,1529),(190,'2','838:59:59',117e0,1530),(191,'2','1 10:00:00',-128,1531),(192,'B','1 10:00:00',-45.4,1532),(193,'10',123456,98,1533),(194,1,'1 10:00:00',0xE,1534),(195,'2','-838:59:59.00',-128.4,1535),(196,'2',null,34.4,1536),(197,'B','-12:30:00.25',-122,1537),(198,'1',123456,-90,1538),(199,'1',null,13,1539),(200,'a',123456,-85,1540),(201,'a',null,-94,1541);
