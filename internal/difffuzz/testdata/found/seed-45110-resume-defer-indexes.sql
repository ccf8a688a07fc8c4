-- difffuzz: the mariadb client and `dumpscope import` disagree on this script.
-- seed 45110, mode resume-defer-indexes (dumpscope import --parallel 2 --defer-indexes --batch-bytes 2K --checkpoint JOURNAL), kind dump.
-- Shrunk from 89 statements and 1273 rows to 27 statements and 380 rows.
-- The original: go run ./scripts/difffuzz --dumpscope BIN --seed 45110 --count 1 --modes resume-defer-indexes
-- (line numbers in the detail below count from the first line after this header)
--
-- first difference at line 55:
--  client:    (14,'\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0??\0\0\0\0\0\0??\0\0\0\0\0\0\0@\0\0\0\0\0\0@','\0\0\0\0\0\0\0\0\0\0\0\0\0@\0\0\0\0\0\0@','?','h','zi',7),
--  dumpscope: (19,'\0\0\0\0\0\0\0\0\0\0\0\0\0??\0\0\0\0\0\0\0@','\0\0\0\0\0\0\0\0\0\0\0\0\0?\0\0\0\0\0\0\0\0','\\T?','±emvmü','tiw±',28),

SET NAMES utf8mb4;
CREATE DATABASE `fz0`;
USE `fz0`;
/*!40014 SET @OLD_FOREIGN_KEY_CHECKS=@@FOREIGN_KEY_CHECKS, FOREIGN_KEY_CHECKS=0 */;
CREATE TABLE `fz0`.`t1` (
  `id` bigint NOT NULL,
  `c0` geometry,
  `c1` point NOT NULL,
  `c2` blob,
  `c3` tinytext CHARACTER SET latin1,
  `c4` char(12) NOT NULL,
  `u` int,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uk` (`u`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
DROP TABLE IF EXISTS `fz0`.`vb1`;
EXECUTE IMMEDIATE 'SET completion_type = 1';
START TRANSACTION;
REPLACE INTO t1 VALUES (1,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),ST_PointFromText('POINT(-1 0)'),X'8A91FC337433DF7EDEFDA1D356',"",'ékrs',24),(2,POINT(3, 4.5),ST_GeomFromText('POINT(1 2)'),_binary'�\xZ����@��','','ß',9),(3,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),ST_PointFromText('POINT(-1 0)'),_binary'�1�؆(&g`����','qü\pfhaÿ;\teaz',' p誠',39),(4,ST_GeomFromText('POINT(1 2)'),POINT(3, 4.5),'coy\wpc😀🦫ßo',"-- zübyztk",'v\Zx',32),(5,ST_PointFromText('POINT(-1 0)'),POINT(3, 4.5),x'6fbb6814',NULL,'\n',6),(6,ST_PointFromText('POINT(-1 0)'),ST_GeomFromText('POINT(1 2)'),0xcf7a7e12c715e9ab5fbcabe443,'c','é#wm',38),(7,ST_PointFromText('POINT(-1 0)'),ST_PointFromText('POINT(-1 0)'),0xfd1e5a4048,"é\qzjq",'f',NULL),(8,POINT(3, 4.5),ST_PointFromText('POINT(-1 0)'),0x128e2efa9a929f412b47,'neu',"漢ß表\b",25),(9,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),POINT(3, 4.5),X'81035B19758D','bevaé\bh\\ß','ソ',5),(10,ST_PointFromText('POINT(-1 0)'),ST_PointFromText('POINT(-1 0)'),'c十#運bjvwur漢','watju',"u	文n",39),(11,ST_GeomFromText('POINT(1 2)'),ST_GeomFromText('POINT(1 2)'),_binary'ئ	\\G��V�1�̳','eb','ÿégg',null),(12,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),ST_PointFromText('POINT(-1 0)'),X'E80475B5CCD019176876F39A2B2D9271','zet`\Zür`sy','dn',21),(13,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),ST_GeomFromText('POINT(1 2)'),_binary"Q�\\�S",'qz',"nmvw",1),(14,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),POINT(3, 4.5),0xb9f3,'\h','zi',7),(15,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),ST_GeomFromText('POINT(1 2)'),0x3aea5e,'uo\'mqx','文d表',20),(16,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),ST_GeomFromText('POINT(1 2)'),0x9d5dbf83fa0c368fc6289788cb1635,'treo`±üuk','dn',27),(17,ST_GeomFromText('POINT(1 2)'),ST_GeomFromText('POINT(1 2)'),X'835A2A2D','
w','u',36),(18,POINT(3, 4.5),ST_PointFromText('POINT(-1 0)'),"w±vo能ßyü\f±' v漢h",'/*pu','Àw\nu',34),(19,ST_GeomFromText('POINT(1 2)'),ST_PointFromText('POINT(-1 0)'),X'5C5413CF','±emvmü','tiw±',28),(20,POINT(3, 4.5),ST_GeomFromText('POINT(1 2)'),X'DC1BF8B496','±iclk±xw',_utf8mb4';m',NULL),(21,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),POINT(3, 4.5),x'74060eab9e96a0','dhzx±fcv`n','\0',39),(22,ST_PointFromText('POINT(-1 0)'),POINT(3, 4.5),x'bb6c22e167','ßnpü',"ßm",NULL),(23,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),POINT(3, 4.5),_binary'��ǭS','qu','\atvÀ',27),(24,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),POINT(3, 4.5),X'AC08296A5A45FD96','kÿieir',_utf8mb4'#',39),(25,ST_PointFromText('POINT(-1 0)'),ST_GeomFromText('POINT(1 2)'),x'e998eb133d53','lmav\"tuwen','r±',9),(26,ST_PointFromText('POINT(-1 0)'),ST_PointFromText('POINT(-1 0)'),null,'pwxz',"漢;漢",14),(27,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),ST_GeomFromText('POINT(1 2)'),NULL,'we',"🦫",6),(28,ST_GeomFromText('POINT(1 2)'),ST_PointFromText('POINT(-1 0)'),'漢/*',"","予ÿÀ",32),(29,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),ST_PointFromText('POINT(-1 0)'),_binary'����\r3!�	���',"","j中h±",NULL),(30,POINT(3, 4.5),POINT(3, 4.5),X'88B7339EA23E473D0D','r','m',30),(31,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),ST_GeomFromText('POINT(1 2)'),'m運z±漢','À''izrz','k',5),(32,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),ST_GeomFromText('POINT(1 2)'),0x780fe321b66db52891494f5b38824a,_utf8mb4'\he\b\ZÀ','u',1),(33,POINT(3, 4.5),POINT(3, 4.5),X'AFD5B09483A3','ywÿqn±q','漢pr',NULL),(34,ST_PointFromText('POINT(-1 0)'),POINT(3, 4.5),X'F1A47578BED5349F','uwvji','v予',36),(35,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),POINT(3, 4.5),X'B0F536CB4B94A514','\0sqüiÿqt','#表n\i',21),(36,ST_PointFromText('POINT(-1 0)'),ST_PointFromText('POINT(-1 0)'),0x064cf7ed5f39ee6b37f12ec471c772,NULL,_utf8mb4'p🦫e',3),(33,POINT(3, 4.5),POINT(3, 4.5),x'f26aeb7010b4f62d072b','qhüncél',_utf8mb4'予ソ',11),(37,ST_PointFromText('POINT(-1 0)'),ST_GeomFromText('POINT(1 2)'),"誠s運ßv\Zソv\n文",'sj±lÀqu\0é','t',34),(38,ST_GeomFromText('POINT(1 2)'),ST_GeomFromText('POINT(1 2)'),NULL,'\"frußn\\r',"±\_o",25),(39,null,POINT(3, 4.5),x'0a59422a1ead70328bd4170a5e','qofnyugmm','表ü運',24),(40,ST_GeomFromText('POINT(1 2)'),ST_GeomFromText('POINT(1 2)'),X'B2E50C','é#',"予	ÿx",10),(41,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),ST_PointFromText('POINT(-1 0)'),X'2471749EC50B1CA05DF9F3',_utf8mb4'c\i	omt','\x予fß',4),(42,ST_PointFromText('POINT(-1 0)'),ST_GeomFromText('POINT(1 2)'),0x993fda412c99328a74,'rzsÿ','ÿhk',24),(43,POINT(3, 4.5),ST_PointFromText('POINT(-1 0)'),_binary'�6��\t����^�','u','誠up',25),(44,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),POINT(3, 4.5),"hh能\0kÿb表r中 🦫k文g","","mr🦫ソ",10),(45,ST_PointFromText('POINT(-1 0)'),POINT(3, 4.5),X'9EE8A0A1B9DBDA91','cv;±fjÿ','ÿ🦫運運',20),(46,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),POINT(3, 4.5),0x8b22abf5bd0c1cb1,'ßhii',_utf8mb4'文十e\i',34),(47,POINT(3, 4.5),POINT(3, 4.5),_binary'�','±x-- 	wg	','h\ncü',26),(48,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),ST_GeomFromText('POINT(1 2)'),'','njrt#','zc',23),(49,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),POINT(3, 4.5),null,'q-- pcnÿ','j\njy',33),(50,POINT(3, 4.5),ST_GeomFromText('POINT(1 2)'),_binary'��@�9�SGq�[�a�','\"-- ±','q±b',37),(51,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),ST_GeomFromText('POINT(1 2)'),_binary'�%�oW��!�','f','能十',8),(52,ST_PointFromText('POINT(-1 0)'),ST_GeomFromText('POINT(1 2)'),0x541367e9fe6611a2380a6d08,_utf8mb4'\"±\rjva',"",20),(53,POINT(3, 4.5),ST_GeomFromText('POINT(1 2)'),X'DE',"rßk±ß/*",'n±av',25),(54,POINT(3, 4.5),POINT(3, 4.5),X'35DE9282AABD401A','vf',"kw\ro",34);
INSERT INTO `fz0`.`t1` (`id`,`c1`,`c2`,`c4`,u) VALUES (55,ST_PointFromText('POINT(-1 0)'),x'88fcac8f862a5ca59417','y',1002),
(56,ST_PointFromText('POINT(-1 0)'),'c誠zs十le予',_utf8mb4'\c中',1003),
(57,ST_GeomFromText('POINT(1 2)'),0x790a,"r🦫",1004),
(58,ST_PointFromText('POINT(-1 0)'),_binary'c�eu�◄0u�X','y',1005),
(59,POINT(3, 4.5),'rx予rt十jmssasx😀/*','yht',1006),
(60,POINT(3, 4.5),_binary'Q?��H1�k���','yf',1007),
(61,ST_GeomFromText('POINT(1 2)'),x'260d055820883f7cb1',"k±é",NULL),
(62,ST_GeomFromText('POINT(1 2)'),x'683d286c0b2b750836dafa09db16','\%🦫À',1008),
(63,ST_GeomFromText('POINT(1 2)'),x'd4','zß',1009),
(64,ST_PointFromText('POINT(-1 0)'),_binary"cz��",'漢vüß',1010),
(65,POINT(3, 4.5),x'02b6c4cd70633a9f',_utf8mb4'h',1011),
(66,POINT(3, 4.5),0x141adba249320bd82250269c374b6a82,'ÿ能y誠',1012),
(67,ST_GeomFromText('POINT(1 2)'),_binary'?������',_utf8mb4'r🦫wÿ',1013),
(68,ST_PointFromText('POINT(-1 0)'),0xfdcb158b,"c",1014),
(69,ST_PointFromText('POINT(-1 0)'),x'4c4239512081041298e600bd1d','予ÿpü',1015),
(70,ST_PointFromText('POINT(-1 0)'),null,'',1016),
(71,ST_PointFromText('POINT(-1 0)'),0x5f9ade,_utf8mb4'予f中u',1017),
(72,ST_PointFromText('POINT(-1 0)'),0x4e882a00e603,'',1018),
(73,ST_PointFromText('POINT(-1 0)'),_binary'r�{�/ͪ�ٜ]�H�',"s\r\\",1019),
(74,ST_GeomFromText('POINT(1 2)'),x'2ee7a62839424b7af34d8a3cd5',"é🦫",1020),
(75,POINT(3, 4.5),0xb3b93dbbe95ca81ac678,"rß",1021),
(76,ST_PointFromText('POINT(-1 0)'),x'8c800f17dd24248061','\Zsg',1022),
(77,ST_PointFromText('POINT(-1 0)'),X'873122AFB5808296ED0F0827CCA906','\'',1023),
(78,ST_GeomFromText('POINT(1 2)'),_binary'\f��','c中±z',1024),
(79,POINT(3, 4.5),X'E6830E',"l",1025),
(80,ST_PointFromText('POINT(-1 0)'),0x8c,N'j',1026),
(81,ST_PointFromText('POINT(-1 0)'),0xd61c,"/*bソ",1027),
(82,ST_GeomFromText('POINT(1 2)'),0x1f5b5633ff911dd9630af16fdf,'😀',1028),
(83,ST_GeomFromText('POINT(1 2)'),X'8BA7CDD4DD9AF9C5296BC3F25F','v',1029),
(84,POINT(3, 4.5),0x15db0b39c8e9870b9136f58513f5b2a4,'owr',1030),
(85,POINT(3, 4.5),x'f36e115679cc',_utf8mb4"±doÿ",1031),
(86,ST_PointFromText('POINT(-1 0)'),'\nv \nlsÀÿ誠p','ü',1032),
(87,POINT(3, 4.5),X'2D4BF862D9','誠À',1033),
(88,POINT(3, 4.5),_binary'�\n-���q?',_utf8mb4'l',1034),
(89,ST_PointFromText('POINT(-1 0)'),'',"x",1035),
(90,POINT(3, 4.5),_binary'.','xl',1036),
(91,POINT(3, 4.5),_binary'J','能',NULL),
(92,POINT(3, 4.5),0x525f34850f99077ce7aa,N'q',1037),
(93,ST_PointFromText('POINT(-1 0)'),_binary'8��?˃��','À',1038),
(94,ST_PointFromText('POINT(-1 0)'),'十文\_unbuv±jx能十😀中',"±",null),
(95,ST_GeomFromText('POINT(1 2)'),_binary'���-���','±k誠z',1039),
(96,ST_PointFromText('POINT(-1 0)'),_binary'���mɃ1��s',' 運\la',1040),
(97,ST_PointFromText('POINT(-1 0)'),'da運\k文À','運a漢',1041),
(98,POINT(3, 4.5),X'C937A79A98E909E10B988576B000','😀ソÀf',1042),
(99,ST_PointFromText('POINT(-1 0)'),x'fb159686eea0046d7fc08ebb97','z\\mソ',null),
(100,ST_GeomFromText('POINT(1 2)'),'`x予zÿv','表表k',1043),
(101,POINT(3, 4.5),_binary"���·)",'\Z',NULL),
(102,ST_PointFromText('POINT(-1 0)'),x'e7965afaf8b8cafd58ce',_utf8mb4'uyg表',1044),
(103,ST_PointFromText('POINT(-1 0)'),_binary"t�",'b🦫文t',1045),
(104,ST_GeomFromText('POINT(1 2)'),0x0ab527549835710355f3707503d4,'±k±',1046),
(105,POINT(3, 4.5),"t",'±±#',1047),
(106,POINT(3, 4.5),'中能rh😀wga表','能運\w🦫',1048),
(107,ST_PointFromText('POINT(-1 0)'),0x9242e97f91205ce605,'e',1049),
(108,POINT(3, 4.5),0x78476e7723b5c5ab47bff7383f,'十s',1050),
(109,ST_PointFromText('POINT(-1 0)'),'誠予ÿ±ソjs','b\no',1051),
(110,ST_GeomFromText('POINT(1 2)'),"r",'',1052),
(111,POINT(3, 4.5),X'4B7D7745','Àq🦫q',1053),
(112,POINT(3, 4.5),'zlé\k表`	À\e\l±y','運üv',1054),
(113,POINT(3, 4.5),x'eed8167c4d','d予gh',1055),
(114,POINT(3, 4.5),x'aac9f46164c8fa12dc8d1140fc5907',_utf8mb4'Àqt',1056),
(115,ST_PointFromText('POINT(-1 0)'),x'a7632c25','ufp',NULL),
(116,ST_PointFromText('POINT(-1 0)'),0x949b,'dd',1057),
(117,POINT(3, 4.5),"bfn\e\o表tÀ",'f;\j\0',1058),
(118,POINT(3, 4.5),null,_utf8mb4"r",1059),
(119,ST_GeomFromText('POINT(1 2)'),X'F325528EA14A4ADB5ED639','xas',1060),
(120,ST_GeomFromText('POINT(1 2)'),_binary'3','\jm±',1061),
(121,ST_PointFromText('POINT(-1 0)'),null,'ß',1062),
(122,ST_GeomFromText('POINT(1 2)'),0xd90b,"ürc'",1063),
(123,POINT(3, 4.5),x'0e806bc35289d44316a414e9e000','ja',1064),
(124,ST_PointFromText('POINT(-1 0)'),'k中og能y😀/*ü文r😀g;中運','to',1065),
(125,ST_GeomFromText('POINT(1 2)'),X'1CB5424910823D','🦫漢o',1066),
(126,POINT(3, 4.5),X'5AFCEAEF854D','ßq',1067),
(127,ST_PointFromText('POINT(-1 0)'),'bqj😀aiソ','能ü',1068),
(128,ST_GeomFromText('POINT(1 2)'),'漢zefwqülu😀','ü予g',1069),
(129,POINT(3, 4.5),_binary']�s`�(��',N'ÿÿ-- ',1070),
(130,ST_PointFromText('POINT(-1 0)'),X'B2619CC384','q表',1071),
(131,ST_PointFromText('POINT(-1 0)'),'ÿß文ÿrÿ','lÀd',1072),
(132,POINT(3, 4.5),0x8b2ce5a2d321c793718a485a97,'üu',null),
(133,ST_PointFromText('POINT(-1 0)'),0xef1017a6120b9519,'漢十f',NULL),
(134,ST_PointFromText('POINT(-1 0)'),0x89c1,'漢',1073),
(135,ST_GeomFromText('POINT(1 2)'),x'c5e27f','運ßhé',1074),
(136,ST_PointFromText('POINT(-1 0)'),x'b578b4bf06e98871dc317f','ßuÀ運',1075),
(137,POINT(3, 4.5),_binary"۟�vpCQk.r�RzU",'ß',1076),
(138,ST_PointFromText('POINT(-1 0)'),0x18a07144a3d65d5fce76,'é😀q',null),
(139,POINT(3, 4.5),'y表geaf十u%b','a🦫😀w',1077),
(140,ST_GeomFromText('POINT(1 2)'),X'FEA17B','表',1078),
(141,POINT(3, 4.5),NULL,'rß',1079),
(142,ST_GeomFromText('POINT(1 2)'),_binary'X�I���','表',1080),
(143,POINT(3, 4.5),x'c772309b8103af','zm±',1081),
(144,ST_PointFromText('POINT(-1 0)'),_utf8mb4'😀表j中予éc表中±ß中\yqu中','v',1082),
(145,ST_GeomFromText('POINT(1 2)'),x'06e215de','±',NULL),
(146,POINT(3, 4.5),null,'表誠m🦫',1083),
(147,POINT(3, 4.5),' 十ptasor中','t🦫v',1084),
(148,ST_PointFromText('POINT(-1 0)'),'éjm	😀','中±l文',1085),
(149,ST_GeomFromText('POINT(1 2)'),_binary'6ݛ:�L8�l','😀',1086),
(150,POINT(3, 4.5),x'b4aa7f956e0d18db6e','誠表j',1087),
(151,ST_PointFromText('POINT(-1 0)'),0x7348eb5725aba69c56437b1fc8,'十表y',1088),
(152,POINT(3, 4.5),x'5bb336d95e3422900f','u',1089);
INSERT /*!40000 HIGH_PRIORITY */ INTO `fz0`.`t1` VALUES (153,ST_GeomFromText('POINT(1 2)'),POINT(3, 4.5),x'997fe47e64c21ea53f7c3fa30c',"kb",'auu-- ',1090);
COMMIT;
REPLACE INTO `t1` VALUES (154,POINT(3, 4.5),POINT(3, 4.5),x'97ec0fbe3d128b9584','jp±pkkü;','\n',21),(155,POINT(3, 4.5),POINT(3, 4.5),null,'zé',"
i±t",35),(156,POINT(3, 4.5),POINT(3, 4.5),"xg能文n",_utf8mb4'nbrzé','ÿ',0),(157,ST_GeomFromText('POINT(1 2)'),ST_GeomFromText('POINT(1 2)'),0xcab23b3e02,'','\Zß`',16),(158,ST_GeomFromText('POINT(1 2)'),ST_PointFromText('POINT(-1 0)'),X'4687510CC053875C426B0E207E3C','ßtp ci',"_能s",36),(159,ST_PointFromText('POINT(-1 0)'),ST_PointFromText('POINT(-1 0)'),0xb215344e011f03af7692f0bbe7b1,'bvqg±','s😀誠s',22),(160,ST_GeomFromText('POINT(1 2)'),ST_PointFromText('POINT(-1 0)'),0x0a95be765ee98031d8e854ae29571d54,'bz\_j','',7),(161,NULL,POINT(3, 4.5),x'89e115ffb37146f522ae','y','ß',19),(162,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),POINT(3, 4.5),"十vwkÿjÀxrq\bq文x運",'/*krz\'i\_',N'g',29),(163,NULL,ST_PointFromText('POINT(-1 0)'),X'0153D697E428','/*vjjésy','中ap',32),(164,ST_GeomFromText('POINT(1 2)'),ST_GeomFromText('POINT(1 2)'),null,'bj\_g','i',25);
INSERT INTO `fz0`.`t1` (`id`,`c0`,`c1`,`c3`,c4) VALUES (165,POINT(3, 4.5),ST_PointFromText('POINT(-1 0)'),"±l`
_c",'xéég'),
(166,POINT(3, 4.5),ST_GeomFromText('POINT(1 2)'),'jsdfÿ\c','nxÀ'),
(167,ST_GeomFromText('POINT(1 2)'),POINT(3, 4.5),'ohlmzbkf','\0km表') ON DUPLICATE KEY UPDATE u = NULL;
EXECUTE IMMEDIATE 'SET completion_type = 0';
ROLLBACK;
INSERT /*!40000 HIGH_PRIORITY */ INTO `fz0`.`t1` VALUES (168,ST_PointFromText('POINT(-1 0)'),ST_GeomFromText('POINT(1 2)'),'\'sl🦫f十bxltßjソ',null,'m',1091),(169,NULL,ST_PointFromText('POINT(-1 0)'),x'69','hf','`pr文',1092),(170,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),POINT(3, 4.5),_binary'쳋p','u\dsn\oz`mvi','kvt',1093),(171,ST_GeomFromText('POINT(1 2)'),ST_PointFromText('POINT(-1 0)'),_binary'Y�{{:��H',null,"",1094);
INSERT IGNORE INTO t1 VALUES (172,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),POINT(3, 4.5),"hrqqpéei",'nm\q''ü±kk','b漢文ÿ',6),(173,POINT(3, 4.5),POINT(3, 4.5),'e😀chg','±jbwflrg','wc',4),(174,ST_PointFromText('POINT(-1 0)'),POINT(3, 4.5),_binary'�(\tH�I5z�T�Aщ',"m",'\xxu漢',18),(175,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),POINT(3, 4.5),_binary'��G��V��','','±é\"`',38);
CREATE TABLE `fz0`.`t95` (
  `id` int NOT NULL AUTO_INCREMENT,
  `c0` varbinary(64),
  `c1` varbinary(64),
  `c2` time(2) NOT NULL,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
CREATE TABLE `fz0`.`copy96` ENGINE=InnoDB AS SELECT * FROM `fz0`.`t1`;
INSERT INTO `t95` VALUES (1,X'AAA812AA81DE02E1AA72',_binary'UHˢf\Z=�','-12:30:00.25'),(2,0xcbdc4c8bc5e775cf65bab1ddb1a0f0b2,_binary'�q^z��a�\r�b��y','00:00:00.99'),(NULL,x'c02b45',_binary"}��V@8�x�\ri�",'1 10:00:00'),(4,x'75ef8a',X'DDFA2E5195F17FA8','1 10:00:00'),(5,null,_binary'����ڶgI���|G#P',123456),(6,null,X'27BFB9FE6338112E2C','-12:30:00.25'),(11,'中中g',0x76580eb749,'00:00:00.99'),(12,null,x'af27','838:59:59'),(NULL,x'331e44f723',_binary"�\\b",'00:00:00.99'),(0,x'1e143c34ecacc4b9fe3cc1',0x51ecfc21f9c0,123456),(15,X'F560A240229E',x'17','1 10:00:00'),(16,0x7884771231cc,0x619e0d70,'838:59:59'),(17,X'2C86316A81',0x045ac89950f2da65ffcf5a411ae6,'-838:59:59.00'),(18,'wqfjÿonb',0xf3cbd008b121,'-838:59:59.00'),(19,null,0xb2,'-838:59:59.00'),(20,_binary"���}�!)���N�%",x'476c3864f9cb','-12:30:00.25'),(46,_binary'K',0x056146b58a6a2dd1,'-12:30:00.25'),(0,0xbac7a8f628c37f5b7b7626,_binary'9�!\Z','-12:30:00.25'),(NULL,'tÿ表予j\sxpソüet\\ß',0xa4,'1 10:00:00'),(84,x'47da',x'5d195175111dee2936f4','-838:59:59.00'),(85,X'0F6A',0x02f1edcc4577fc,'1 10:00:00'),(86,X'A074B66C4D27283F','😀f誠±%''能±dv\Zj誠ÿ','838:59:59'),(136,'x x十b#🦫運nvßéÿr',0x5ca17e62025f3a3b38ca1ef0a9,'-838:59:59.00'),(137,_binary"9o��������",0x84d3e5d25aa811a36b14c4,'1 10:00:00'),(156,_binary'����+\0',_binary'o_���;@-','-12:30:00.25'),(157,null,x'98156bbcd47fc525','-838:59:59.00'),(172,x'b1',0xff237bf280b8bfbfbfd7c144fabc3274,'-838:59:59.00'),(209,0x829d7fe2,x'557ce4581df55e94e573d56062','1 10:00:00'),(210,x'f7e623',x'eaed6fed','-838:59:59.00'),(0,_binary'f�cS��\0ê�қ��',X'78208AF6369CCA0ED3CD3CC9DE0D','-838:59:59.00'),(212,'y😀xv運`',0x0e26edaa,'838:59:59'),(0,x'b28f27e9a5610ef6d051359892ef24',NULL,'-12:30:00.25'),(214,0xd368ec5df234abcdc21c5ab807a6f1,X'609ABD2C','1 10:00:00'),(215,x'79e37242e1',x'ef','-12:30:00.25'),(216,0x0cb2d4,X'9E','1 10:00:00'),(NULL,_binary"\q_�ڌ�2�U",X'70E1F0','-12:30:00.25'),(218,'🦫éd\vjxcpko誠表bp',X'75909A','-838:59:59.00'),(219,x'231da0d737f4372eeff25f2a72c8895e',x'71900937b82b',123456),(228,X'276B7D55206A0D563BAD98D5F1D7430D',X'9296259765856BA8B2A8477F',123456),(229,X'AC4F60FC4EF4D3B94FAF51364147B9',X'3BA295','-838:59:59.00'),(230,x'7636ceb93622389c28bf7be4d6707698',x'c480bd2843','1 10:00:00'),(0,x'93bb5aea7985d5',X'CC','-838:59:59.00'),(232,x'482bad36b9b81385f0e1',_binary'߫q��B�','00:00:00.99'),(233,_binary'�J���',0x73e1,'1 10:00:00'),(234,X'8B1B5F9F14',_binary'��C0Y��+#�aM�','838:59:59'),(235,null,X'B0','-838:59:59.00'),(236,_binary'�9�9��Y̻ �',0x77ffcea0de54f5cfb270f89ec5,'838:59:59'),(237,'中\0',x'83a5','-12:30:00.25'),(238,x'6336b6',0xe734390012a89672c5ea5f4180be,'838:59:59'),(254,0x35d8f37454e22d,x'6707628ed62189287d83eefdf0','00:00:00.99'),(0,x'f63a8b6613a5d821487d11df16bdd1',_binary"q���VX",'-12:30:00.25'),(256,_binary'��}��Sda9',X'40BA69C127FFC715','-838:59:59.00'),(NULL,_binary'\x ���|�VQ��','ソ😀±ubÿü;xß誠表_rkd','-838:59:59.00'),(258,x'aced63d5',_binary"���/:y",'00:00:00.99'),(259,'üp',x'721e9da6','-838:59:59.00'),(260,'bbé能v😀sソ文f',0xe9a19877e9290b8145a3,'-12:30:00.25'),(NULL,'能tü運ソ\b文omgbq',X'C6AF','-838:59:59.00'),(NULL,x'f89f8d9e14e16dcd670a',0xee7465eff89315ff67c7,'838:59:59'),(275,NULL,X'BD1CA9141546','00:00:00.99'),(276,X'53C6B7BCC8311C','	éxh😀d運ft文ié',123456),(0,_binary'�\"�0�)W�\\�$û',x'732d4fc58ce8e7b3','1 10:00:00'),(317,X'48780A',_binary'^p�','-12:30:00.25'),(318,NULL,_binary'b5&''�I',123456),(319,X'F75906948801D868',x'cf38802ef552383e97672a','1 10:00:00'),(320,0xa0a7ce19be,null,'-12:30:00.25'),(321,x'bc1e71dd7e14cd888a5973f99256c0',0x622469bc7d1659e26f03c6f9,'00:00:00.99'),(322,'',x'87','1 10:00:00'),(0,x'62a171210b39f2',X'E42E','838:59:59'),(324,X'1AFD235CDC0C314B301DAC75247BCA',0x0b105f926034c6c5afbe5acc0a4a77,'1 10:00:00'),(325,0x4b3f4a,x'f20777b039455bd3',123456);
CREATE TABLE IF NOT EXISTS `fz0`.`log_t1` (n int AUTO_INCREMENT PRIMARY KEY, msg varchar(100));
DELIMITER ;;
CREATE TRIGGER `fz0`.`trg97` BEFORE INSERT ON `fz0`.`t1` FOR EACH ROW
BEGIN
  -- a comment; with a semicolon
  SET @trg = COALESCE(@trg, 0) + 1; /* counted */
  INSERT INTO `fz0`.`log_t1` (msg) VALUES ('before; insert'); # hash
END ;;
DELIMITER ;
INSERT INTO `fz0`.`t1` VALUES (176,POINT(3, 4.5),ST_PointFromText('POINT(-1 0)'),NULL,'mnzd\0j-- e','🦫r十j',9),(177,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),ST_GeomFromText('POINT(1 2)'),NULL,_utf8mb4'zwa',' t\"',13),(178,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),ST_GeomFromText('POINT(1 2)'),'arソ''表%o予能j😀','yy#spé±À',_utf8mb4'"能',39),(179,ST_GeomFromText('POINT(1 2)'),POINT(3, 4.5),x'206c0a','vo\tÀ',N'',23),(180,null,ST_GeomFromText('POINT(1 2)'),"tdソ運	ü\bßw表中中",'y\pxßd','fd',24),(181,POINT(3, 4.5),POINT(3, 4.5),'p±l\"waü\lpfiÿ十能','nj\xßlg\0é','\v"d',5),(182,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),POINT(3, 4.5),0x1b92404ad1c6,'t',_utf8mb4'é',9),(183,POINT(3, 4.5),ST_GeomFromText('POINT(1 2)'),'±zd±y表À表ÿ能表漢🦫tj','y;','\ao',38),(184,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),ST_GeomFromText('POINT(1 2)'),0xff69db3a,'ném±o','',7),(185,null,ST_PointFromText('POINT(-1 0)'),'r🦫±','trbr',_utf8mb4"\cevß",30),(186,POINT(3, 4.5),ST_GeomFromText('POINT(1 2)'),_binary'�B�6�3o�~�\n\"�z','\x\b\bÿxooé',"中",null),(187,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),ST_PointFromText('POINT(-1 0)'),'jcs\_',_utf8mb4'À','能Àpk',29),(188,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),ST_PointFromText('POINT(-1 0)'),_binary'^','sv±éctuhs\m','e',4),(189,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),ST_GeomFromText('POINT(1 2)'),_binary"\t�B�G:�\a�S�>�\\",'olé','y`eh',23),(190,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),POINT(3, 4.5),X'2351','ü\lÀ','m',24),(191,POINT(3, 4.5),ST_GeomFromText('POINT(1 2)'),0x7a,_utf8mb4'ahueijt\b','ßw"',36),(192,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),ST_GeomFromText('POINT(1 2)'),0x97f45f082daba3f8d04e5c60a1e8,"/*","j",38),(193,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),ST_PointFromText('POINT(-1 0)'),x'aa05e7264c4534d238092327eac9','','誠\e😀é',14),(194,POINT(3, 4.5),ST_GeomFromText('POINT(1 2)'),0x3b,'±hdtqj',"±lb",1),(195,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),POINT(3, 4.5),_binary'h����<���
�/\b','j','予q',7),(196,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),ST_GeomFromText('POINT(1 2)'),_binary'(��F�7�m}*�ȝ���',NULL,'b_af',3),(197,ST_PointFromText('POINT(-1 0)'),ST_GeomFromText('POINT(1 2)'),0x954efef6b286,null,"lb",18),(198,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),POINT(3, 4.5),X'38DB9F78293F70','bi',_utf8mb4'	',4),(199,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),ST_PointFromText('POINT(-1 0)'),_binary'E','cÀqcnwrm ',"🦫",29),(200,POINT(3, 4.5),ST_GeomFromText('POINT(1 2)'),x'34599007969a32495cd08d47040eed','cupkhßwx','ÿ-- ',14),(201,ST_GeomFromText('POINT(1 2)'),ST_GeomFromText('POINT(1 2)'),0x19eaf4ee5a5fe87d72cc,'w	tkÀÀÀ','\'ソp文',25),(202,ST_PointFromText('POINT(-1 0)'),ST_PointFromText('POINT(-1 0)'),_binary"6",'p','t_\0\Z',17),(203,ST_GeomFromText('POINT(1 2)'),ST_GeomFromText('POINT(1 2)'),x'8bcc769ec2194d463fb91f9282c37b99','hüe','😀',11),(204,ST_GeomFromText('POINT(1 2)'),POINT(3, 4.5),_binary'�к��','v','kd',16),(205,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),ST_GeomFromText('POINT(1 2)'),X'18EB991591A83CE77B','ÿlztßymmoo',"\\n",4),(206,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),ST_PointFromText('POINT(-1 0)'),x'6968d2ef787ab6','xu','c\%\d十',2),(207,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),POINT(3, 4.5),x'f8',"qvoej",'🦫;',19),(208,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),ST_PointFromText('POINT(-1 0)'),X'880CDC53FFBD285E89',';\%±ÿÀu`','能表p',23),(209,ST_PointFromText('POINT(-1 0)'),ST_PointFromText('POINT(-1 0)'),X'76CB2F6E74C58F41486E6A6C',null,'aa',39),(118,NULL,ST_GeomFromText('POINT(1 2)'),0xf07e5044132631,"ÿ\_À\_p-- kd","m\sm",35),(210,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),POINT(3, 4.5),X'A0F0C8FF5CD0CA5D',_utf8mb4'x\n\'f',';n',4),(211,POINT(3, 4.5),POINT(3, 4.5),_binary'��','éÿzüÀe','能ソy',NULL),(212,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),ST_GeomFromText('POINT(1 2)'),_binary'�"ä�\s#���8����',"k-- ÿnkÀ","🦫表",36),(213,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),ST_GeomFromText('POINT(1 2)'),NULL,'zwr',"j",15),(214,ST_PointFromText('POINT(-1 0)'),POINT(3, 4.5),X'67AFCA4A52',NULL,"p",1),(215,ST_GeomFromText('POINT(1 2)'),POINT(3, 4.5),_binary'��	�5��l�v�','uu±kpd','',30),(216,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),ST_GeomFromText('POINT(1 2)'),NULL,'y\\pyim','shc',13),(217,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),POINT(3, 4.5),0x5c7ff3,'','誠-- ソ',12),(218,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),ST_GeomFromText('POINT(1 2)'),0xec667ece25488131,'\kjfÀj±%d','ソ',11),(219,ST_GeomFromText('POINT(1 2)'),ST_GeomFromText('POINT(1 2)'),X'9321EB7E8FD0A69F7B4B','\0\'ltqß/*s','±À',2),(220,POINT(3, 4.5),ST_GeomFromText('POINT(1 2)'),X'2111DAC4ED626FB972D59F686D8C','\uÿé
n\bzßq','hソs\v',22),(221,POINT(3, 4.5),ST_GeomFromText('POINT(1 2)'),0xfa6516a2a09b5c91c974ebe9d476cc,'cÿÀ',_utf8mb4'ソgpß',11),(222,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),ST_PointFromText('POINT(-1 0)'),0x8ffd47578855d29b05e30f,"nh\bdß%",_utf8mb4'十\"',23),(223,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),ST_PointFromText('POINT(-1 0)'),x'095c9e3dee36d538c66cc73f','f#j-- i','文運ßß',21),(224,ST_GeomFromText('POINT(1 2)'),ST_PointFromText('POINT(-1 0)'),'sgcu\'±g十x誠ÿcübr','ßq\bw',"d誠",20),(225,ST_GeomFromText('POINT(1 2)'),POINT(3, 4.5),0x2bd85a3175fee64d62,'yzy','ff',21),(226,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),ST_PointFromText('POINT(-1 0)'),X'0C57CA1E41581EE25E6F','fd\vgzuz',_utf8mb4'fßs😀',14),(227,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),POINT(3, 4.5),'xtß誠中ßbyソ\b漢p','absqh','\n#ソ',23),(228,ST_GeomFromText('POINT(1 2)'),POINT(3, 4.5),x'c8496fb74a97ce7b069830acb36b','\na','\e',32),(229,POINT(3, 4.5),ST_GeomFromText('POINT(1 2)'),_binary'}�{��^�ݑ''','ß','k',25),(230,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),ST_PointFromText('POINT(-1 0)'),'\Z\nu\%gii誠dhxz','qÿ\_jÿ','/*d',14) ON DUPLICATE KEY UPDATE `u` = NULL;
INSERT INTO `t1` (id,c0,`c1`,`c3`,c4,`u`) VALUES (231,ST_PointFromText('POINT(-1 0)'),ST_PointFromText('POINT(-1 0)'),'±kb\';ÿtÀc',"lÀソr",3),(152,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),POINT(3, 4.5),'dsbiy\rqr','a',9),(232,POINT(3, 4.5),POINT(3, 4.5),'d','予',null),(233,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),POINT(3, 4.5),'vc','🦫ü',13),(234,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),ST_GeomFromText('POINT(1 2)'),"fq",'ÿ',19),(235,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),ST_GeomFromText('POINT(1 2)'),null,'-- ',1),(236,POINT(3, 4.5),ST_PointFromText('POINT(-1 0)'),'cx±/*sst',_utf8mb4'fxm',18),(237,ST_PointFromText('POINT(-1 0)'),ST_PointFromText('POINT(-1 0)'),"Àé","漢\"±-- ",NULL),(238,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),ST_GeomFromText('POINT(1 2)'),'/*±x \\u\Zc\ru',N'etソ',21),(239,null,ST_PointFromText('POINT(-1 0)'),'ünrjf','d',32),(240,POINT(3, 4.5),ST_PointFromText('POINT(-1 0)'),'hccxg','cd',5),(241,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),ST_PointFromText('POINT(-1 0)'),_utf8mb4"z\r cdjy;",'br\\',21),(242,NULL,ST_GeomFromText('POINT(1 2)'),'hkÿz\Zcsox','np',24),(243,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),POINT(3, 4.5),'','t表h',9),(244,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),POINT(3, 4.5),N'\j\dhjojd','漢',16),(245,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),ST_GeomFromText('POINT(1 2)'),"ÿ mhj",'表誠😀g',27),(246,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),ST_PointFromText('POINT(-1 0)'),_utf8mb4"gsé",_utf8mb4"誠zbé",NULL),(247,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),ST_PointFromText('POINT(-1 0)'),'fjg;i±é',' 誠\r`',23),(142,ST_GeomFromText('POINT(1 2)'),POINT(3, 4.5),"À#zh±rüe",'j',25),(248,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),ST_PointFromText('POINT(-1 0)'),'bd\wihs','漢lüh',NULL),(249,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),POINT(3, 4.5),"±\sÀ\r",'能ÿéc',10),(250,POINT(3, 4.5),POINT(3, 4.5),'u/*ÿbéh','x\%',0),(251,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),ST_GeomFromText('POINT(1 2)'),"ax",'ls',25),(252,POINT(3, 4.5),POINT(3, 4.5),'±eh','f十s予',28),(253,ST_PointFromText('POINT(-1 0)'),ST_PointFromText('POINT(-1 0)'),'msqm''',"c",9),(254,null,ST_PointFromText('POINT(-1 0)'),'dsmc',_utf8mb4'%\b',30),(255,ST_PointFromText('POINT(-1 0)'),ST_PointFromText('POINT(-1 0)'),_utf8mb4'ok\jl\oq','a',23),(256,ST_PointFromText('POINT(-1 0)'),ST_PointFromText('POINT(-1 0)'),"wx",'xü',NULL),(257,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),ST_PointFromText('POINT(-1 0)'),'zisÀ',N'±m',28),(258,POINT(3, 4.5),POINT(3, 4.5),'wo','pj\s漢',27),(259,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),ST_PointFromText('POINT(-1 0)'),NULL,'表文',5),(260,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),ST_GeomFromText('POINT(1 2)'),'ul\Zo',_utf8mb4'q\j予能',37),(261,POINT(3, 4.5),ST_PointFromText('POINT(-1 0)'),'ß	',"ß",32),(262,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),ST_GeomFromText('POINT(1 2)'),"gréÿsim","十誠",null),(55,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),ST_PointFromText('POINT(-1 0)'),null,'ca表',4),(263,POINT(3, 4.5),POINT(3, 4.5),"spég",'k',15),(264,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),ST_GeomFromText('POINT(1 2)'),'n/*',N'h表jt',17),(265,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),ST_GeomFromText('POINT(1 2)'),"\0msc",N'',30),(266,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),ST_GeomFromText('POINT(1 2)'),'y','l',33),(267,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),ST_PointFromText('POINT(-1 0)'),null,'',20),(268,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),POINT(3, 4.5),null,'',NULL),(269,POINT(3, 4.5),ST_GeomFromText('POINT(1 2)'),'vfcbvy±ds±n','a',5),(270,ST_PointFromText('POINT(-1 0)'),ST_PointFromText('POINT(-1 0)'),';sé d',_utf8mb4'予vソw',29),(271,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),ST_PointFromText('POINT(-1 0)'),'mp;xÀg','a',38),(272,ST_PointFromText('POINT(-1 0)'),ST_GeomFromText('POINT(1 2)'),'l±wo',N'i表t',22),(273,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),ST_GeomFromText('POINT(1 2)'),'i-- ''vy±/*','cpソ`',31),(274,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),POINT(3, 4.5),'\rüm\k','\yé誠',null),(275,null,POINT(3, 4.5),';','c予g',null),(276,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),POINT(3, 4.5),'p%iyjkwce','文',3),(162,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),POINT(3, 4.5),'\"nÀjrjvsku','y予',9),(277,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),ST_PointFromText('POINT(-1 0)'),'bwge\_','十vh',37),(278,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),ST_PointFromText('POINT(-1 0)'),'éÀ','ÿ運',37),(279,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),ST_PointFromText('POINT(-1 0)'),'bÿ#ßv',';yr',3),(280,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),POINT(3, 4.5),'ßÿqkx#u','ß',33),(281,ST_GeomFromText('POINT(1 2)'),ST_PointFromText('POINT(-1 0)'),'rÀl','😀能運À',18),(282,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),ST_PointFromText('POINT(-1 0)'),'émis','rsw',3),(283,ST_GeomFromText('POINT(1 2)'),POINT(3, 4.5),'ee\Zfe','🦫w',21),(284,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),ST_GeomFromText('POINT(1 2)'),'l','wqソ',0),(285,NULL,ST_PointFromText('POINT(-1 0)'),'spbihÀ','予',0),(286,ST_PointFromText('POINT(-1 0)'),POINT(3, 4.5),'','',27),(287,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),ST_GeomFromText('POINT(1 2)'),'éé','😀te予',26),(288,ST_GeomFromText('POINT(1 2)'),ST_PointFromText('POINT(-1 0)'),NULL,'f''',14),(289,ST_PointFromText('POINT(-1 0)'),ST_GeomFromText('POINT(1 2)'),'pÿ\Zp',_utf8mb4'kソnq',7),(290,ST_GeomFromText('POINT(1 2)'),POINT(3, 4.5),'Àzu/*wa±','\0v',NULL),(291,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),ST_GeomFromText('POINT(1 2)'),'lvk\rin\r',"\tg/*",3),(292,ST_GeomFromText('POINT(1 2)'),ST_GeomFromText('POINT(1 2)'),'',_utf8mb4'',1),(293,ST_PointFromText('POINT(-1 0)'),POINT(3, 4.5),'éf\rÿ-- lhß','ph',8) ON DUPLICATE KEY UPDATE `c0` = VALUES(c0);
SAVEPOINT sp1;
INSERT IGNORE INTO t1 (`id`,`c0`,`c1`,`c2`,`c3`,`c4`) VALUES (294,ST_PointFromText('POINT(-1 0)'),ST_GeomFromText('POINT(1 2)'),'🦫\q',_utf8mb4'aaügwß',"yp"),(295,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),ST_GeomFromText('POINT(1 2)'),0x25,'éfqf',''),(296,ST_GeomFromText('POINT(1 2)'),ST_PointFromText('POINT(-1 0)'),x'86eecd11b1b2297f683f32','zÀ/*su','ay'),(297,NULL,ST_GeomFromText('POINT(1 2)'),0x4e,_utf8mb4'r`s\n','pg'),(298,POINT(3, 4.5),POINT(3, 4.5),X'D71FD2E595E9406561C45ED9DA87','e\r;k\'p','idß運'),(299,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),POINT(3, 4.5),'hx漢十nuxs予ソm表l',"`g",'"'),(300,null,ST_GeomFromText('POINT(1 2)'),'ソ十能''ß漢;n\qbsd\j\b_漢',"ÿ",'é'),(301,POINT(3, 4.5),ST_GeomFromText('POINT(1 2)'),_binary'(�)�/�M',"\lpi ",'wr'),(302,POINT(3, 4.5),ST_PointFromText('POINT(-1 0)'),0x250bfcafceb2b2967b,'%Àb','予xt'),(303,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),ST_GeomFromText('POINT(1 2)'),_binary'/�Y��KE','rdq\Z_qvvxc'," t"),(304,ST_PointFromText('POINT(-1 0)'),POINT(3, 4.5),x'23e4af7451fa',N'aüsbvx',"\Zn文h");
