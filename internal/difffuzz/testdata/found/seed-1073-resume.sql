-- difffuzz: the mariadb client and `dumpscope import` disagree on this script.
-- seed 1073, mode resume (dumpscope import --parallel 2 --batch-bytes 2K --checkpoint JOURNAL), kind exit.
-- Shrunk from 47 statements and 565 rows to 45 statements and 563 rows.
-- The original: go run ./scripts/difffuzz --dumpscope BIN --seed 1073 --count 1 --modes resume
-- (line numbers in the detail below count from the first line after this header)
--
-- first difference at line 147:
--  client:    (58,'\0\0\0\0\0\0\0\0\0\0\0\0\0@\0\0\0\0\0\0@'),
--  dumpscope: (58,'\0\0\0\0\0\0\0\0\0\0\0\0\0@\0\0\0\0\0\0@');

SET NAMES utf8mb4;
CREATE DATABASE `fz0`;
CREATE DATABASE `fz1` DEFAULT CHARACTER SET latin1;
USE `fz0`;
/*!40014 SET @OLD_FOREIGN_KEY_CHECKS=@@FOREIGN_KEY_CHECKS, FOREIGN_KEY_CHECKS=0 */;
CREATE TABLE `fz0`.`t1` (
  `id` int,
  `c0` geometry
) ENGINE=MyISAM DEFAULT CHARSET=utf8mb4;
/*!40101 SET @OLD_SQL_MODE=@@SQL_MODE */;
/*!40101 SET SQL_MODE='PAD_CHAR_TO_FULL_LENGTH' */;
INSERT /*!40000 HIGH_PRIORITY */ INTO `fz0`.`t1` VALUES (1,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)')),(2,null),(3,ST_PointFromText('POINT(-1 0)')),(10,ST_GeomFromText('POINT(1 2)')),(4,ST_PointFromText('POINT(-1 0)')),(5,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)')),(1,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)')),(6,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)')),(7,ST_GeomFromText('POINT(1 2)')),(17,POINT(3, 4.5)),(8,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)')),(9,ST_PointFromText('POINT(-1 0)')),(10,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)')),(7,ST_PointFromText('POINT(-1 0)')),(11,ST_GeomFromText('POINT(1 2)')),(9,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'));
INSERT INTO t1 VALUES (12,ST_PointFromText('POINT(-1 0)')),
(13,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)')),
(14,ST_GeomFromText('POINT(1 2)')),
(15,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)')),
(16,ST_PointFromText('POINT(-1 0)')),
(17,NULL),
(18,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)')),
(19,ST_GeomFromText('POINT(1 2)')),
(11,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)')),
(20,ST_GeomFromText('POINT(1 2)')),
(2,ST_PointFromText('POINT(-1 0)')),
(21,ST_GeomFromText('POINT(1 2)')),
(7,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)')),
(22,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)')),
(17,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)')),
(23,ST_GeomFromText('POINT(1 2)')),
(16,NULL);
;
INSERT INTO `fz0`.`t1` VALUES (24,POINT(3, 4.5)),(25,NULL),(18,POINT(3, 4.5)),(26,ST_GeomFromText('POINT(1 2)')),(27,POINT(3, 4.5)),(28,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)')),(29,ST_GeomFromText('POINT(1 2)')),(30,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)')),(31,ST_PointFromText('POINT(-1 0)')),(32,POINT(3, 4.5)),(17,ST_GeomFromText('POINT(1 2)')),(33,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)')),(34,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)')),(2,POINT(3, 4.5)),(35,ST_GeomFromText('POINT(1 2)')),(36,null),(37,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)')),(38,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)')),(4,POINT(3, 4.5)),(39,ST_PointFromText('POINT(-1 0)')),(40,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)')),(3,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)')),(41,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)')),(42,ST_GeomFromText('POINT(1 2)')),(43,POINT(3, 4.5)),(44,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)')),(45,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)')),(46,POINT(3, 4.5)),(47,ST_GeomFromText('POINT(1 2)')),(48,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)')),(49,ST_PointFromText('POINT(-1 0)')),(50,POINT(3, 4.5)),(51,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)')),(4,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)')),(52,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)')),(53,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)')),(54,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)')),(55,POINT(3, 4.5)),(56,ST_GeomFromText('POINT(1 2)')),(57,POINT(3, 4.5)),(13,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)')),(58,POINT(3, 4.5));
SET autocommit=0;
INSERT INTO `t1` VALUES (59,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'));
DROP TABLE IF EXISTS `fz1`.`t2`;
CREATE TABLE `fz1`.`t2` (
  `id` bigint NOT NULL,
  `c0` bigint,
  PRIMARY KEY (`id`),
  KEY `k1` (`c0`)
) ENGINE=MyISAM DEFAULT CHARSET=utf8mb4;
SET SESSION sql_mode = 'PAD_CHAR_TO_FULL_LENGTH';
DROP TABLE IF EXISTS `fz1`.`t3`;
CREATE TABLE `fz1`.`t3` (
  `id` int NOT NULL AUTO_INCREMENT,
  `c0` enum('1','2','10','a','b'),
  `c1` timestamp(3) NULL,
  `c2` blob,
  `c3` geometry,
  `c4` tinyint unsigned,
  `c5` enum('1','2','10','a','b'),
  PRIMARY KEY (`id`),
  KEY `k1` (`c0`)
) ENGINE=Aria DEFAULT CHARSET=utf8mb4;
INSERT INTO `fz1`.`t3` (c0,c1,`c2`,c3,`c4`) VALUES ('10','1970-01-02 12:00:00',X'5F27',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),TRUE),(null,'2000-10-29 01:30:00.25',0xf30296156e17484e7864b635be0d,ST_GeomFromText('POINT(1 2)'),162e0),(5,'2021-03-28 02:30:00',0x1192799f76af1bd6a08d,null,10),('a',null,NULL,ST_PointFromText('POINT(-1 0)'),35.4);
DROP TABLE IF EXISTS `fz1`.`t4`;
CREATE TABLE `fz1`.`t4` (
  `id` bigint NOT NULL,
  `c0` datetime(6) NOT NULL,
  `c1` bit(12),
  `c2` varchar(64),
  `c3` char(12),
  `c4` varchar(64),
  `c5` varchar(40) CHARACTER SET sjis,
  `u` int,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uk` (`u`),
  KEY `k1` (`c0`)
) ENGINE=Aria DEFAULT CHARSET=utf8mb4;
CREATE TABLE `fz0`.`t5` (
  `id` int,
  `c0` varchar(40) CHARACTER SET sjis NOT NULL,
  `c1` tinytext CHARACTER SET latin1,
  `c2` time(2) NOT NULL
) ENGINE=MyISAM DEFAULT CHARSET=utf8mb4;
INSERT INTO `fz1`.`t2` VALUES (1,b'1010001000011000001100001001011001011111100111111000100010010'),(2,038),(3,6),(4,0x10F20C221E705C97),(5,-137),(6,84),(7,-2011333137388604343),(8,FALSE),(9,'111'),(10,-110),(11,425457005586820123),(12,-1),(13,b'1010'),(14,-140),(15,TRUE),(16,b'110110000110100110110011100110100000001100001000001010010101'),(17,1809429914647379097),(18,657566991624941442),(19,-14),(20,-190),(21,105e0),(22,161),(23,-51),(24,-2296281941037189481),(25,0xC0CF78805596465),(26,-2034353023697792723),(27,-47),(28,-1118986140401096843),(29,1113467117144689969),(30,-321568367791262636),(31,NULL),(32,TRUE),(33,-1328306167469786325),(34,'-166'),(35,-591265983672044988),(36,114),(37,512517904111720103),(38,128),(39,1483222415295703632),(40,'188'),(41,34),(42,'52554740125978079'),(43,-547351415907470683),(44,'2288141539989224605'),(45,-1347826173944141606),(46,040),(47,+142),(48,+165),(49,0xB4),(50,2038743189666103333),(51,1341933401030276213),(52,null),(53,1040369756334172575),(54,153),(55,1450764856438080894),(56,-1695781421581838437),(57,-1445761222978403979),(58,-40),(59,109e0),(60,134),(61,153),(62,0x1292C645523EA053),(63,1312994388562980823),(64,-410729862312019655),(65,'59'),(66,1705659453941457454),(67,NULL),(68,74),(69,0x1F19A6F98FFBAC68),(70,b'10111'),(71,null),(72,166),(73,-1953703526529359916),(74,78.4),(75,-1106899873391855575);
INSERT INTO `fz1`.`t2` VALUES (76,1689387137856888874),(77,FALSE),(78,2165276153695573636),(79,0x18AD4E5995FE1FA5),(80,-102),(81,1857690703692129444),(82,-237120135052523126),(83,+137),(84,146.4),(85,138.4),(86,160),(87,-191.4),(88,140),(89,680878124330540468),(90,128),(91,189),(92,-2121595720830994519),(93,null),(94,-241199138632427794),(95,71.4),(96,412035209590734442),(97,NULL),(98,+23),(99,-2044134004305639265),(100,'-155'),(101,null),(102,-76),(103,b'1010000'),(104,-1958435669056468447),(105,TRUE),(106,b'10101001'),(107,892742430052087711),(108,-13),(109,+186),(110,-1524290108244757150),(111,'618014121675023153'),(112,-158),(113,-4),(114,-843077730324302449),(115,+579143597305758047),(116,+127),(117,b'10100110'),(118,1329400555424648437),(119,-2044132397606967780),(120,-49),(121,1325575919036545760),(122,-2074119809297614085),(123,+1822553546044460206),(124,-1167839091158237052),(125,160.4),(126,54),(127,-150),(128,86e0),(129,1050784374798477892),(130,null),(131,1),(132,146),(133,0x7C),(134,1578522196231551162),(135,b'10110'),(136,0x18),(137,+931256768371180284),(138,FALSE),(139,-767625565210116915),(140,+82),(141,744449316110967012),(142,-52),(143,null),(144,-2099710566075534469),(145,'819915947826475352'),(146,'168'),(147,'69');
CREATE TABLE `fz0`.`t6` (
  `id` int NOT NULL AUTO_INCREMENT,
  `c0` decimal(5,0) unsigned,
  `u` int,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uk` (`u`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
REPLACE INTO `fz1`.`t3` (`c1`,c2,`c3`,`c5`) VALUES ('2000-10-29 01:30:00.25',_binary"�\t����",ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),'b'),
('2038-01-18 03:14:07.9','\rp\Z十能ß',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),NULL),
('2000-10-29 01:30:00.25',0x2b97f241cfd398a2a5,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),'1');
INSERT INTO `fz1`.`t2` VALUES (148,NULL),
(149,-2054683748537140044),
(150,'-639412442081566729'),
(151,TRUE),
(152,null),
(153,1261142433334627055),
(154,-1474056314764232893),
(155,'-305813007832319664'),
(156,-189.4),
(157,+130),
(158,816624818516560284),
(159,1766682022570548548),
(160,-108);
CREATE TABLE `fz0`.`child7` (
  `id` int NOT NULL AUTO_INCREMENT PRIMARY KEY,
  `pid` int,
  `note` varchar(20),
  KEY `kp` (`pid`),
  CONSTRAINT `child7_fk` FOREIGN KEY (`pid`) REFERENCES `fz0`.`t6` (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
SELECT COUNT(*), MAX(`id`) FROM `fz0`.`t6`;
UPDATE `fz1`.`t2` SET `c0` = `c0` DIV 2 WHERE `id` % 3 = 1;
INSERT INTO `fz0`.`t5` (`id`,`c0`,`c1`,`c2`) VALUES (1,'cyg','véhvg','838:59:59'),
(2,'\nj文','b','00:00:00.99'),
(3,'sm\oソi%we',NULL,'-838:59:59.00'),
(4,'up誠qg漢b''','kt"',123456),
(5,'\w能xj\b表oq','w_\\ÿh','1 10:00:00'),
(6,'',null,'-838:59:59.00'),
(7,'','','-838:59:59.00'),
(8,'v表中','btüÿ','-12:30:00.25'),
(9,'中十p能漢we#',"éÀaéj",'-12:30:00.25'),
(10,'od能表d運ソ',null,'838:59:59'),
(11,'ソtai',_utf8mb4"a/*",'-838:59:59.00'),
(12,'h文kdg gf','\Z','-838:59:59.00'),
(13,'hm中sv誠zj','é\ky\Z-- o\t±','-838:59:59.00'),
(14,'ay/*j中xu','i±;Àtj',123456),
(15,_utf8mb4'n\0','\hwÀü\jgthw#','838:59:59'),
(13,'','q',123456),
(16,'a\\中lny','vewéprüia','00:00:00.99'),
(17,'s十sxhab/*誠o','mün\0tt','-838:59:59.00'),
(18,'vnv\f漢\\p','j\wh',123456),
(9,_utf8mb4'漢h能j\n中b','trß',123456),
(19,'c`十/*mkt`中表','beÿr','-12:30:00.25'),
(20,_utf8mb4'wi能ced',_utf8mb4"müm\_eÿk",123456),
(21,'',NULL,'1 10:00:00'),
(22,'_z誠d',"rkbngpÿ\d",123456),
(23,"o能yi",'g ','-838:59:59.00'),
(2,'l漢_誠b\yh\y運','j','-12:30:00.25'),
(24,'文表d\b文daq','','-838:59:59.00'),
(25,'ss%zq\Z予表','ez\0','-838:59:59.00'),
(26,'ye\s中x','\n\rdc','838:59:59'),
(27,"",'','-12:30:00.25'),
(28,'fd表','/*dßybvuh#','838:59:59'),
(29,"e表能udph文",'dtérÿl','1 10:00:00'),
(30,'grrソ表nec','zp','1 10:00:00'),
(31,"g",'oéx','838:59:59'),
(32,'ynbss十文\r','mqowpgin','1 10:00:00'),
(33,'z文o表','v','838:59:59'),
(34,'漢d誠rnqm;p\rz','kt\bb;j','838:59:59'),
(35,'ozソja\l','b"hßnpgßü','-838:59:59.00'),
(16,'十r中ソ\o誠ea',"ÿ\bh-- \crj",'838:59:59'),
(36,'/*',';ßjülgüuzr','1 10:00:00'),
(37,'mqsj/*','éd`ß\'ÀÿÀ','-838:59:59.00'),
(38,'漢運tol\\j\\能','gÿtpleqfyr',123456),
(16,'','r','-12:30:00.25'),
(39,';z文tq/*bqt','ÿj\rq\n','-12:30:00.25'),
(40,_utf8mb4'o中hgn',_utf8mb4'lruhxbÀn''','-838:59:59.00'),
(41,'中予jqet',"",'00:00:00.99'),
(8,'%','ß',123456),
(42,_utf8mb4'','±ÿtezk',123456),
(43,'mc文h','sqdbk_ax','838:59:59'),
(44,' \b能zjf予','ßncjbi',123456),
(45,'表ctrp',NULL,'00:00:00.99'),
(9,'ソl文uq予c予漢','eß\0','00:00:00.99'),
(46,'誠',NULL,123456),
(47,'ソ','dÀts','-12:30:00.25'),
(17,'wn','bvxÀ','-838:59:59.00'),
(48,'能bソgim十
r誠',null,'838:59:59'),
(49,'uoyt能z誠c','',123456),
(17,'gv中予\bnn','t"vt',123456),
(50,'kv文\rptb中',"zs±éddÀn",'-838:59:59.00'),
(5,'ソl','ré','-838:59:59.00'),
(51,'表nc誠\nn-- sfb',_utf8mb4'','1 10:00:00'),
(52,'十\Z表zjv漢e','el','00:00:00.99'),
(53,'r表v\f','h/*\s\t','00:00:00.99'),
(54,_utf8mb4'rs\n表mc','xvym','838:59:59'),
(55,"f",'sokqp','-12:30:00.25'),
(56,'文','yqüc±
mxs','1 10:00:00'),
(57,'oa
efmud',"ri",'838:59:59'),
(58,'clku','_','1 10:00:00'),
(17,'vevn中"\0i','qéc_ow','-838:59:59.00'),
(12,'jz','wü','-838:59:59.00'),
(59,'予g表x',N'rb`','00:00:00.99'),
(60,'漢p運漢x文-- ',_utf8mb4"",'00:00:00.99'),
(20,"jqdove能boc",'/*jéd/*if','00:00:00.99'),
(61,'予i',_utf8mb4'zmgz\bg','1 10:00:00'),
(62,'rx誠vkaoa','owü','-12:30:00.25'),
(63,'\b%jbbc',"lxi",'1 10:00:00'),
(64,'v','ezj',123456),
(65,'zmm予f表n文能a','dév','1 10:00:00'),
(2,'s;sqbh',null,'-12:30:00.25'),
(7,'w','ÿßv','-12:30:00.25'),
(66,'','invn','1 10:00:00'),
(67,'lf漢r','_','-12:30:00.25'),
(68,'ソk 予ro運十d-- ','ÿ\uj','-12:30:00.25'),
(69,'w予誠','\az±z e','-12:30:00.25'),
(70,'十漢漢-- #c','uu','-12:30:00.25'),
(71,'i運中wv/*jnnz',N'k\nhlésküi',123456);
INSERT INTO `fz0`.`t6` VALUES (0,'63874.314',1008),(2,NULL,1009),(3,.347,1010),(4,83372,1011),(5,.462,1012),(6,0x61E6,null),(NULL,95414,1013),(8,0xF771,1014),(9,67982,1015),(NULL,79001,1016),(11,53695,1017),(0,83793,1018),(13,79117,1019),(14,0xA630,1020),(15,0x12D49,1021),(16,NULL,1022),(NULL,.433,1023),(NULL,'53448.622',1024),(19,94939.07,1025),(25,0xFEC,1026),(NULL,97803,1027),(27,90971.12,1028),(NULL,.931,NULL),(67,.901,null),(68,74699.86,1029),(69,18539,1030),(70,'18275.640',1031),(91,'11651.258',1032),(0,null,1033),(93,0x10013,1034),(NULL,18926,1035),(119,.636,1036),(NULL,0xBC8A,NULL),(NULL,.775,1037),(122,NULL,1038),(123,2459,1039),(124,84020,1040),(0,.263,1041),(0,NULL,1042),(NULL,51975,1043),(128,'45581.948',1044),(152,12677,1045),(153,89377,1046),(161,0x54D,NULL),(162,'87272.129',1047),(163,67979,1048),(164,92296,null),(NULL,.134,1049),(0,33169.14,null),(212,62438,1050),(213,0x3D3A,1051),(NULL,'21159.091',1052),(215,.484,1053),(0,66938,1054),(217,.378,1055),(0,70980,1056),(NULL,21966.59,null),(0,.933,null),(221,55177,1057),(222,66056.35,1058),(223,9602,1059),(0,0xC31D,1060),(225,.968,1061),(226,0xE996,1062),(NULL,0x1EB9,1063),(0,90952,1064),(229,'73796.843',1065),(0,85968,1066),(231,.641,null),(232,0xA9DD,1067),(233,32191,1068),(234,'48213.390',1069),(0,0xB21B,NULL),(236,.221,1070);
SET SESSION sql_mode = 'STRICT_ALL_TABLES,NO_ENGINE_SUBSTITUTION';
SET @v71 = COALESCE(@trg, -1);
CREATE TABLE IF NOT EXISTS `fz0`.`vars` (name varchar(20), v bigint);
SET NAMES utf8;
INSERT INTO `t6` (`id`,u) VALUES (311,1072),(312,1073),(313,1074),(314,1075),(0,1076),(316,1077),(359,1078),(360,1079),(405,1080),(417,1081),(418,1082),(419,1083),(420,1084),(421,1085),(441,1086),(442,1087),(0,1088),(444,1089),(0,1090),(NULL,1091),(0,1092),(448,1093),(449,1094),(450,1095),(NULL,1096),(452,1097),(489,1098),(493,1099),(494,1100),(541,1101),(542,1102),(543,null),(565,1103),(566,1104),(571,1105),(0,1106),(573,1107),(574,1108),(575,1109),(576,1110),(NULL,1111),(578,1112),(620,1113),(0,1114),(622,1115),(623,1116),(624,1117),(625,1118),(NULL,1119),(NULL,1120),(628,1121),(NULL,1122),(630,1123),(631,1124),(NULL,1125),(NULL,1126),(647,1127),(648,1128),(692,1129),(NULL,1130),(694,1131),(NULL,1132),(696,1133),(697,1134),(698,1135),(699,1136),(0,1137),(701,1138),(702,1139),(NULL,1140),(704,1141),(NULL,1142),(NULL,1143),(707,1144),(727,1145),(728,1146),(729,1147),(730,1148),(731,1149),(732,NULL),(733,1150),(734,NULL),(NULL,1151),(736,1152);
INSERT INTO `fz1`.`t2` VALUES (161,145e0),(162,TRUE),(163,-1729688346969770595),(164,-3073127044198910);
INSERT /*!40000 HIGH_PRIORITY */ INTO `fz1`.`t2` VALUES (165,-495018370755658120),(166,'-131'),(167,-972295869916258254),(168,048),(169,null),(170,@v71),(171,1341162044106791382),(172,-746449813118239161),(173,-19);
INSERT INTO `child7` (pid,note) VALUES (NULL,'中-- \bou文é漢ソz十g'),(NULL,'vyh%\ywuéüc\c文'),(NULL,'r\o'),(821,'yz\\püÿc\\能');
INSERT INTO `t5` VALUES (12,_utf8mb3'ge予#誠','-- Àmlyoxm','-838:59:59.00'),(72,"ecaソ",'dfg	évn','-838:59:59.00');
SET SESSION sql_mode = 'NO_AUTO_VALUE_ON_ZERO,STRICT_TRANS_TABLES';
INSERT INTO `fz1`.`t2` (id) VALUES (174),(175),(176),(177);
INSERT INTO `fz0`.`t5` VALUES (73,"qoi運hj",'\tÿ`	','838:59:59'),(16,'予l文x文tc','r','1 10:00:00'),(74,"zvnooou",'e±vuu pxq','-12:30:00.25'),(75,"%誠d","ogÀm #gk\s",'-12:30:00.25'),(76,"f_v",'l\_Àli','-12:30:00.25'),(77,'m運uu%','aj','838:59:59'),(78,'ly誠a中','','-838:59:59.00'),(79,'tjhzz中t',"f-- ;dsg",'1 10:00:00'),(80,'o\Z運誠中
uc','qvfuz','00:00:00.99'),(81,'o\b漢運vb','kÀmc',123456),(14,_utf8mb3'表漢ig`','k±fqnÀ','838:59:59'),(82,N'bw\pzc',_utf8mb3'rysk','-838:59:59.00'),(83,'誠誠k能\r\wpp運','é\n  `','-12:30:00.25'),(84,'yt十文\b','x','1 10:00:00'),(85,'z能能o表\Z文','fé','-838:59:59.00'),(86,'ソ 表十','±ég\0kualÀl','-838:59:59.00'),(87,'','ot','-12:30:00.25'),(17,'ovソ運',NULL,'-12:30:00.25'),(88,'r中予hyrd\t文十','zqiftp\x ','-12:30:00.25'),(12,'表',null,'1 10:00:00'),(89,'y','so\t','838:59:59'),(90,'運wvkn',"q`xnrÿy",'1 10:00:00'),(91,'mlc誠\0漢','cfqzü','1 10:00:00'),(92,' y漢h十','vgeigips','-838:59:59.00'),(8,'b十jxszm中運',N'atr','838:59:59'),(93,'t-- 漢izg',"",'-838:59:59.00'),(94,"文ソ",_utf8mb3"ü",123456),(95,'ubx中',NULL,'00:00:00.99'),(96,"t",'rdu','1 10:00:00'),(10,'漢y\\c文h漢ctq`','abrgeg','1 10:00:00'),(17,'sソyrdl','\kzÀm','-838:59:59.00'),(97,'j','creo','-12:30:00.25'),(98,'p十中fsrq','k±À','-838:59:59.00'),(99,'s能mxr文',_utf8mb3'vsi\'\irt',123456),(100,'m十p\b\g中',' ','00:00:00.99'),(101,'k\th',NULL,123456),(102,_utf8mb3'運\r\n','Àcc\o''gzÿÿ','838:59:59'),(103,"ソ文g十nj	",'eÿm','00:00:00.99'),(104,'hf	十t','±wß\yicdyp','-12:30:00.25'),(105,"ufqz十",null,'00:00:00.99'),(106,'ucloxw',NULL,'838:59:59'),(107,'十%h#%o中十b',NULL,'-838:59:59.00'),(108,_utf8mb3"y_onrk十",'csépa','838:59:59'),(20,'文能gon','jicfiko±\"',123456),(11,'予能運	j中予\n','vßnv','00:00:00.99'),(109,'z運za','aÿf','838:59:59'),(110,'漢;運','o\voß\r','1 10:00:00'),(17,'b誠j文','gé%al/*','-838:59:59.00'),(111,"能al十\yz",'gh\\cß\r',123456),(112,'文r\Zeoy能u',_utf8mb3'pxÀü±',123456),(113,"漢予漢表-- 予aソ十能",NULL,'-838:59:59.00'),(15,"dy\Z運jn\oz","ÿ",'00:00:00.99'),(114,'運u運表 ソ','jn','-12:30:00.25');
