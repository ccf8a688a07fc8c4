-- difffuzz: the mariadb client and `dumpscope import` disagree on this script.
-- seed 809, mode resume (dumpscope import --parallel 2 --batch-bytes 2K --checkpoint JOURNAL), kind dump.
-- Shrunk from 46 statements and 735 rows to 25 statements and 346 rows.
-- The original: go run ./scripts/difffuzz --dumpscope BIN --seed 809 --count 1 --modes resume
-- (line numbers in the detail below count from the first line after this header)
--
-- first difference at line 2248:
--  client:    ('v6',456);
--  dumpscope: ('v6',-1);

SET NAMES utf8mb4;
CREATE DATABASE `fz0` DEFAULT CHARACTER SET latin1;
USE `fz0`;
CREATE TABLE `fz0`.`t1` (
  `id` int NOT NULL AUTO_INCREMENT,
  `c0` varbinary(64),
  `c1` varbinary(64),
  `c2` json NOT NULL,
  `c3` year NOT NULL,
  `c4` tinyint unsigned,
  `c5` float,
  PRIMARY KEY (`id`)
) ENGINE=Aria DEFAULT CHARSET=utf8mb4;
REPLACE INTO `fz0`.`t1` (id,c1,`c2`,`c3`,`c4`,`c5`) VALUES (1,_binary'|E•È\"œ5≥Ot@',JSON_OBJECT('k', 1),0,30,2),(2,0xccf7f2d3,JSON_OBJECT('k', 1),2155,b'11010101',3.4e38),(5,'y√ü√Ä‰∏≠s¬±ÂçÅatx‰∫à√øppq','"str"','0',0x8,3.4e38),(NULL,0xdc1512426dd2,'null','2024',TRUE,3.4e38),(0,x'63ba7816533a385c3b43','null',99,79.4,0.1),(0,_binary'‰( 9‡B{ï«¶∫',JSON_OBJECT('k', 1),99,+75,1.5),(NULL,x'cef8365118166d0bb816','null',99,0xB8,-1E+10),(NULL,0xa9dff108c536,JSON_OBJECT('k', 1),99,030,0.1),(0,0xc1fa145b8159e8,JSON_OBJECT('k', 1),'0',21,'7.5'),(12,x'443ada03ab','{"a": 1}','24',217e0,1.5),(0,0x344f2623607612d1c3275798befc,JSON_OBJECT('k', 1),2155,92e0,3.4e38),(14,"ÈÅã\rewÊº¢	r#√º\eË™†√ü‰∫àÂçÅÊº¢ü¶´",'[1, "x;y", null]','0',0x6E,0),(15,'p√øÈÅãrav\rqs','{"a": 1}','0',b'10010110',-0e0),(NULL,'y‰∏≠√øü¶´','null',2155,158,.5e1),(17,_binary'Ö∑·˙z_\b^ÈD','"str"',1999,0xA9,1e-30),(18,'‰∏≠t√ÄË°®Êº¢vË°®l','{"a": 1}',1901,139,123456789.125),(19,_binary'âh˝"≠=÷≈x','"str"','24',2,3.4e38),(50,NULL,'null',99,149,1e-30),(51,x'6943e3926eecc3ff7ec51be9','[1, "x;y", null]',1901,0x6B,0.1),(52,x'4c15fab8e9a582',JSON_OBJECT('k', 1),2155,24,-2.25e-3),(53,_binary'⁄‘ÄÂiUÇ','3.25',70,63,-1E+10),(NULL,x'136daa20','[1, "x;y", null]',99,4,1.5),(55,'-- „ÇΩÊº¢voj√©wüòÄË°®nxcüòÄ\0','[1, "x;y", null]','24','25',2),(0,X'6655E1AF','3.25',70,'48',null),(57,'ü¶´uÊº¢',JSON_OBJECT('k', 1),'2024','161',-2.25e-3),(NULL,X'03067351BCEB5C75649B15BA47EE','"str"',0,0x49,1.5),(59,_binary'ÚŸùR›Õ∑”™Ñ∑»\n','"str"',1901,246,-0),(60,"\h",'null',1901,200,1e-30),(61,0xa4adb8b40c6ef3f42553684ca594,'3.25',99,155,'7.5'),(62,0x3ecb993f,'{"k": {"n": [true, false]}}',0,230,'7.5'),(0,'\b`„ÇΩh√©n„ÇΩv√üf√º‰∫à√øyr√©','null',1999,131,3.4e38),(64,X'6641D2A2D17866E54DC4E0','{"k": {"n": [true, false]}}',70,145,.5e1),(65,'rlf„ÇΩn√Ä√ºkÈÅã√üljw',JSON_OBJECT('k', 1),2155,90e0,0),(0,'','[1, "x;y", null]',70,+250,-0e0),(67,0x70cf8d8f7eb639f02601ab31bedb,'{"k": {"n": [true, false]}}',0,+7,-1E+10),(68,_binary'œ ˇD©','"str"','0',NULL,3.4e38),(69,x'da3827ed42bb2e599fa1c4e9d4bc',JSON_OBJECT('k', 1),2155,FALSE,2),(70,'üòÄlüòÄp','null',99,0x79,3.4e38),(71,0xb4044cbb5ff7f1,'3.25',1901,0xEE,'7.5'),(72,x'1c','"str"',2155,TRUE,0),(73,0x20a15689cb6293790a9b,'null',1999,137.4,'7.5'),(74,_utf8mb4'sÊº¢w√ükuaÊº¢√ºj‰∫àr\Z√ü√©ËÉΩ',JSON_OBJECT('k', 1),99,8e0,1.5),(75,'ËÉΩÊº¢cu√ºÊº¢√Äew','3.25',1999,138,3.4e38),(76,_utf8mb4'','[1, "x;y", null]',99,171.4,1.5),(77,_binary'˛ªé«\yﬁk⁄˙?Ì{*','[1, "x;y", null]',0,085,3.4e38),(78,0xbfd281aebd33553b6caa27b9c28e4b,'"str"',1999,b'1111100',1.5),(79,0x96,'"str"','0',NULL,123456789.125),(88,0x67efcbcd65a2,'{"a": 1}','24',62,1e-30),(89,0x634363,'null','24',b'10000001',null),(NULL,null,'"str"','0',92e0,3.4e38),(NULL,NULL,'3.25','24',null,-2.25e-3),(111,0xae76116d484e5c7d0cb7c7af944799,'{"a": 1}',2155,TRUE,-0.0),(0,X'6FD0C3CA8543',JSON_OBJECT('k', 1),'24',TRUE,123456789.125),(113,_binary'm>≥fòÓ\"g',JSON_OBJECT('k', 1),0,180,-1E+10),(114,_binary'ø¯,‡«O*Ã|L',JSON_OBJECT('k', 1),'2024',83e0,2),(115,_binary'é$#','"str"','0',TRUE,1e-30),(0,X'9468EFF4ECF7BBFDFE69D9D0','{"a": 1}','2024',22,null),(117,_binary'≤"\rçbZÌ„Ë','[1, "x;y", null]','2024',+107,-2.25e-3),(0,_utf8mb4'\0üòÄk‰∏≠Ë™†√øhdÊñáÊñá√º','[1, "x;y", null]',70,0x96,-2.25e-3),(119,_binary"∏ËÆîÚTAêŸ·Ú",'3.25',2155,null,.5e1),(0,X'BC2F50CC9B38','3.25','0',b'10110100',2),(121,X'98587DF5B98C201999DA945D4C89CEDE','{"a": 1}',70,195,3.4e38),(122,_binary'óÚú','3.25','0',54,-0e0),(NULL,NULL,'"str"','24',117,2),(164,'gzy√øü¶´u','[1, "x;y", null]',0,86.4,123456789.125);
SET NAMES latin1;
SELECT COUNT(*), MAX(`id`) FROM `fz0`.`t1`;
INSERT INTO t1 (c0,`c2`,`c3`,`c4`,`c5`) VALUES (null,'3.25',1999,'182',3.4e38);
CREATE TABLE IF NOT EXISTS `fz0`.`log_t1` (n int AUTO_INCREMENT PRIMARY KEY, msg varchar(100));
DELIMITER ;;
CREATE TRIGGER `fz0`.`trg3` BEFORE INSERT ON `fz0`.`t1` FOR EACH ROW
BEGIN
  -- a comment; with a semicolon
  SET @trg = COALESCE(@trg, 0) + 1; /* counted */
  INSERT INTO `fz0`.`log_t1` (msg) VALUES ('before; insert'); # hash
END ;;
DELIMITER ;
INSERT INTO `fz0`.`t1` VALUES (NULL,"lbË™†z",X'4B6EF26A04343C42A1553AB5','{"k": {"n": [true, false]}}',0,'235',2),
(1650,X'F04D985EFA4D5CA4781A97',X'4B3E0A7BD2F91BC073B6','3.25',0,123.4,2),
(1651,x'377f4e7cca4b95b187',0xe6e6828a3be4,JSON_OBJECT('k', 1),99,37,'7.5'),
(1652,x'a68d1bd1d2b3',x'e793185e554f69be','3.25','0',212,-0.0),
(1653,X'90E2E62AE01AF7D760D00156D67AC3',0xa13a,'3.25',2155,FALSE,'7.5'),
(1659,_binary'4°}K≠LVn∆ÖY˙',x'ecb7','"str"',99,010,NULL),
(1686,_binary'','ÈÅãk√©tÊñá\qq√º‰∏≠','{"a": 1}','0',180e0,-1E+10),
(1687,0x59ad2e63c825cc2c9f,';ÈÅã¬±Êñá','{"k": {"n": [true, false]}}',1999,11,0.1),
(0,_binary'zûﬂ◊€π˛	kréÑXw6',X'6CB731BCCF5482F7','null',0,181,123456789.125),
(1697,X'F9DADC',0xc51643575a65312350c8,'"str"',0,+196,0.1),
(1698,'yü¶´ywepo','j;r\\√©Ë™†#ÈÅãgo','3.25','0',48e0,1.5),
(1708,0x200efd567e17044804a4fa,_binary'C\ZÎö∂øPX°*Vé','3.25',1999,'84',NULL),
(0,_binary'6Hh≤v',X'FD06A002','{"a": 1}',2155,FALSE,0.1),
(1710,x'f5ec053c1028f67f',0xfe720513980b5bbfc6a10ad2c9,'{"k": {"n": [true, false]}}',1999,152,123456789.125),
(1711,0x20cb,'_üòÄb','{"a": 1}',99,0x3F,-1E+10),
(NULL,X'D476466A8F5EEED89C','m√Äü¶´utowh','"str"',1901,175,NULL),
(0,X'DB850FAAA0AEEC33EA989C69366EB7FF',X'39CC3E394EC86A6C','null',0,117e0,2),
(1714,'ÂçÅf','\'uuavy√øËÉΩtaw','[1, "x;y", null]','24',+96,123456789.125),
(1730,'Êñám\0v\yoo‰∫à	xhj',"uo√ÄË°®Êñá",'3.25','24',b'1','7.5'),
(1780,0xbb88e51739e8251e523bc93477c1f9,x'4f02962c79','3.25',1999,+170,-1E+10),
(1781,'i√ü','ËÉΩ\xm‰∫à√©z„ÇΩa\qqü¶´√º','{"a": 1}',99,TRUE,1.5),
(1782,X'F380',X'E2B0457FF140305345','{"k": {"n": [true, false]}}',99,186,0),
(1783,0x8d1f6044564d,NULL,'"str"',1901,175,1.5),
(NULL,X'489586071BC4CBAD35E2099919',_binary'–;}˜ƒ\r','[1, "x;y", null]','0',210,-1E+10),
(1785,_binary'8¡eQÕ]¿ôBIÑî—»',X'EF3C414DB8E8801A',JSON_OBJECT('k', 1),'2024',NULL,-1E+10),
(1786,X'355B215380',0xaeff8494d6ee53,'{"a": 1}',1901,196,3.4e38),
(NULL,0x94bd53f094c862fb38577a9d93,x'180d15b79f0e8799d2','3.25','2024',122,1e-30),
(1788,_binary'ºbëïCE‘Ú$Qä&?ŸF',x'55065955b88707b88ffffd7da6','"str"',1901,186,'7.5'),
(0,0x2aa3cdc37499913e60d08ae1,X'84088F988A64B468C0EF20A02C643DDD','{"a": 1}',1999,+176,-0),
(1790,_binary'˜ã\rT\0ÕY§Úı¯ß',NULL,'[1, "x;y", null]','24',+173,3.4e38),
(1791,NULL,'fËÉΩqË™† ü¶´hx√øwÊñáz\r','[1, "x;y", null]',70,NULL,-1E+10),
(0,0x6c95bcba,"¬±m\j√ø„ÇΩlzz\v%hd‰∫àuËÉΩ",JSON_OBJECT('k', 1),'0',116.4,-2.25e-3),
(1801,0x7f4a569e77c20c130c57,0xb9287e50ccc7526ceaf8ac07919629f7,JSON_OBJECT('k', 1),99,+124,1.5),
(1802,x'dc279fd6f823530d2e9467',X'A99A6F','{"a": 1}',1999,57.4,1.5),
(1803,X'3115564E2F56FD1DAEE3',x'898cde','"str"',70,152,'7.5'),
(1804,0x2f0d838c4c,0x759b4f9f3799038fb252,'"str"','0',NULL,123456789.125),
(1805,0x79acab1729ebaa,0x435b,'"str"',1901,240,.5e1),
(0,_binary'©Ü™É∫F@',x'de6cd7a523','null',1999,39e0,.5e1),
(1807,null,0x12,'[1, "x;y", null]',2155,49,-1E+10),
(1808,_binary'∆=mCú',_utf8mb4'üòÄ\j\"u‰∏≠‰∏≠zvcyw','{"k": {"n": [true, false]}}',70,b'111111',2),
(1816,X'E7344DF4E45E0C34BD',x'4a958cf78a2480cde8315b4a43fc','{"k": {"n": [true, false]}}','0',FALSE,1e-30),
(1817,NULL,0x1efef43ef8381ee3a059,'"str"','24',112,-2.25e-3),
(0,'√©cvË°®x',0x18868df84e243f,'3.25',2155,null,'7.5'),
(1819,NULL,x'cdcefc71b1e746521148b4','3.25',0,133,null),
(1820,x'a6732f7fef',x'96a2aa2e13e5acced4be3a1abeb0b2e9','"str"',1999,0xE6,1.5),
(1821,_binary'Ω?ûNÆ',_binary'?—å∫ô',JSON_OBJECT('k', 1),1999,FALSE,-1E+10),
(NULL,0x99155e0678e6b7232c2dbdd7,'s;qig¬±gÊñá''','{"k": {"n": [true, false]}}',1901,9,0),
(1823,"ËÉΩ",X'C7CA2A15AD40CD623EC07A','"str"',1901,null,-1E+10),
(0,0x074a4f4b4d59f012a4d92653,X'D6B1DD',JSON_OBJECT('k', 1),1901,33,0.1),
(1825,'#Êº¢„ÇΩ„ÇΩ\ijvpüòÄü¶´Ë°®brü¶´',x'a04ccf729613c47ea172','{"a": 1}',1999,138e0,-1E+10),
(1826,'ÈÅã''¬±ui√©kwyenj/*uvt',X'0605348E','null',99,32,2),
(0,X'A6F873B271',0xae50494a4274e684c419,'{"a": 1}','0',84,null),
(1828,x'09',_binary'®bA',JSON_OBJECT('k', 1),0,61.4,0),
(1829,0x7bb339f4008410dca1e401746baf97,null,JSON_OBJECT('k', 1),1901,28,0.1),
(1830,0xad087a5ee463f16701e51b324b,'hpÂçÅtÊñágËÉΩ√üe„ÇΩlË™†',JSON_OBJECT('k', 1),70,15,'7.5'),
(0,'uÈÅãtË™†√ÄjüòÄË°®iËÉΩ\0',0x10d838fa25f2d3739382687a2d,'null','2024',0x14,NULL),
(1832,0x3cdc91daa1835e16910169,_utf8mb4"k",'[1, "x;y", null]',1999,'210',null),
(1833,NULL,"",'[1, "x;y", null]','2024',FALSE,3.4e38),
(1834,'d¬±wg√ø√©t„ÇΩykz_‰∫àü¶´',0xc726,JSON_OBJECT('k', 1),70,125,1.5),
(1835,_utf8mb4'√Ä‰∫àb√üp√ø„ÇΩÂçÅwu√ø',_binary'z^QÛÂ˚ÑÅ€¬\tD','3.25',1901,b'10010010',123456789.125),
(0,X'67032AB80ACB388E8EB9CFC1',0x13e052db1141ad4b96cd4fd27b13,'{"k": {"n": [true, false]}}',1999,37,-2.25e-3),
(NULL,_binary'∂™YWî$[©L¿',_binary'ù‹ˇK‘[ÌË+I≠ﬁy','{"k": {"n": [true, false]}}','24',161,2),
(1838,x'5bd5ee375a0de31bbb685212a6',0xc479cdda749200fa4e1ab7870673,'{"a": 1}','0',+29,2),
(NULL,0x831e1cb05ef7d41ee9d3,X'6EBAF548E48B415B689310C95296','null',1999,TRUE,123456789.125),
(NULL,x'1efb3292dabfd2e79c3525bf',_utf8mb4'√üb√ºË°®ÈÅãj‰∫à√©ü¶´','{"k": {"n": [true, false]}}',2155,185,-1E+10),
(1841,"üòÄu\bq",0xfb4465e4a9e0a729,'{"k": {"n": [true, false]}}',2155,253,0.1),
(1842,X'1A1F00',_binary"Ó",'{"k": {"n": [true, false]}}','24',100e0,1e-30),
(NULL,X'FA6A06060BAF95','yeqüòÄn¬±#b√ü','null',1999,'37',123456789.125),
(1844,NULL,NULL,'{"a": 1}',2155,b'1001000',NULL),
(1845,x'a7b7b5200fea8ca3fb93f64464898542','e¬±\rüòÄu``_',JSON_OBJECT('k', 1),'0',0xA2,0.1),
(NULL,x'c1fa33db615079bf2de5a04a16',X'2E2493290F',JSON_OBJECT('k', 1),99,FALSE,123456789.125),
(1847,x'da',0xb2672ef5c4deb412b78426adf21c,JSON_OBJECT('k', 1),'24',108.4,NULL),
(1862,_binary'ùÔÒﬁ`\b',X'BFBA5B5BFB8565B3','{"a": 1}',0,NULL,.5e1),
(1891,x'2e',X'BE9B49A04BCE2C0D4E672A7868',JSON_OBJECT('k', 1),99,35e0,0.1),
(1892,_binary'Ω„Ô—ã9É‰',x'686c261356','{"a": 1}',2155,172.4,0.1),
(1893,NULL,x'ef20c4df9e3866e4e38b','[1, "x;y", null]',2155,161,1.5),
(1894,0xcf5fc35a2655921f5b,_binary'{!éhˇV2ëY','{"a": 1}',0,245,1.5),
(NULL,_binary'''ˆe>î=',_binary'ò','null','2024',1,2),
(1896,x'5b1a3ac7991e3e3c1a',_binary'@','3.25',70,'207',2),
(1897,0x77eb211a0270beb0a36a823efe,0x5c58fb2a6faf4296,'"str"','24',TRUE,.5e1);
ALTER TABLE `fz0`.`t1` ADD COLUMN `a5` mediumint unsigned;
INSERT INTO t1 VALUES (1978,'Êº¢„ÇΩm','ÂçÅ¬±√©√Än\bejv√º√Ä','null','0',45,0.1,0x56),
(1979,X'E3B5DE2BA8B0D273',_binary'«Æ','{"a": 1}',1999,'177',null,1029334),
(NULL,_binary'\"πÆ˝XY∫ËòÄsè',x'69c8005c',JSON_OBJECT('k', 1),0,b'10110111',1.5,0xDE607E),
(1981,'√©hrË°®ÈÅãÊñá√ºÊñárp',X'50454C','[1, "x;y", null]',70,30,123456789.125,11488028),
(1982,X'5D33',X'2185B70EF1','[1, "x;y", null]',0,'55',0.1,4199796),
(1983,'_üòÄ¬±ebüòÄt\rdË™†bfc',x'bf45ec37','3.25','0',null,.5e1,+29),
(NULL,x'591ad701bd94',x'4e24357ecd','3.25','0',0x90,NULL,26.4),
(1985,x'f73825683be2c36c587d',x'73603be0f22942561ecd81c5e0fb',JSON_OBJECT('k', 1),70,TRUE,123456789.125,0xBB300D),
(1986,"xÈÅãË°®√ø√ºyhÈÅãj\n‰∏≠yüòÄ‰∫àe",X'48D83B62D8A1F4D79C7D7D80E54DFF','{"a": 1}',1901,150.4,3.4e38,027),
(1987,'√øpËÉΩ√øyt',0x774a5bea4f05a0,'"str"',2155,157,'7.5',009),
(1988,0x0c0b0429b18d,0xb57f1755fe005ec0deefd6e6d2,'{"a": 1}',1901,119,3.4e38,'172'),
(1989,null,'‰∏≠güòÄüòÄÈÅãËÉΩ\r‰∏≠','{"k": {"n": [true, false]}}','2024',13.4,123456789.125,TRUE),
(2033,null,N'ËÉΩ','null',1999,b'11110',2,b'11010111001110100000101'),
(2054,_binary'§Ïø˜J@≠\rÊT/™','‰∏≠tËÉΩÈÅã√©kdüòÄËÉΩ‰∫àrÂçÅz„ÇΩ','{"a": 1}',70,0x78,-2.25e-3,'181'),
(0,'√ø l\bdiË°®ty','-- l\qqÊº¢lcË™†‰∫à\'\pü¶´vy','"str"',0,58,2,null),
(0,x'b8a3382ec2de',x'503a9e8d','"str"',99,59,'7.5',b'1000111'),
(2058,x'b13275b7',X'15913A54F189B7003606BD39A321A33F','3.25',99,43e0,0,72),
(2059,_binary'¶Äî3.Q-xi◊’Îî',_binary'›6\_ïÈﬂß','[1, "x;y", null]',0,033,.5e1,12733508),
(2060,_binary'zjÃŒ',x'038152','[1, "x;y", null]','24',94,0,null),
(NULL,X'98AD08A5',X'7944','3.25','2024',180.4,0.1,b'111101001001111110001001'),
(NULL,x'432ce28b100672fe960288af4497dd',x'19c43cc2a45dceb594735b1a','3.25',70,b'101100',123456789.125,'4262669'),
(NULL,'mü¶´cyss\oüòÄt\xÈÅã‰∫à',0x2242b73f3b966d,'"str"','0',FALSE,2,176e0),
(2064,0xbe79007ffc,x'369c6e27627bde9e878cde8c92','"str"','24',107e0,-1E+10,+66),
(2076,0xb990b37860695f0ae333e099358d,_binary'›E{˝{ç†~I',JSON_OBJECT('k', 1),1901,'101',3.4e38,179),
(2077,'cs‰∏≠Êº¢¬±Êñá√º√üËÉΩqü¶´√©vg',_binary'€Q','3.25','24',+70,.5e1,'5839736'),
(2078,x'03e2d47858bed8b3106c8e4c58fb',_binary'Ï«ÕtO^„','null',70,TRUE,0.1,157),
(2079,'vqÊñáyq¬±',x'82cbcedcc88d3d2342ef688f',JSON_OBJECT('k', 1),'2024',133e0,1.5,0xEEC1F0),
(NULL,X'04935C3FEE',_binary'Õá‡0\"m',JSON_OBJECT('k', 1),0,227e0,0,191),
(2081,x'f58c818516',x'18a71aa65d8cbe9cdc3452','"str"',0,233,-1E+10,b'111100001000001100010000'),
(2082,x'ba6f93d9e14c829b8f150c786cfdaa',_binary'q¬∑C ΩÃo%(h∑)','"str"','0',0x6E,NULL,b'1001101'),
(NULL,_binary"›∞|®",0xea5153e24b728a99b02ad103ba23603b,'null',0,47,'7.5',196),
(0,_binary"x¸s¬'ˆ…Öf4 	",null,'"str"',1901,NULL,-0.0,233399),
(2085,x'827374eebc1898e493cc',0x1484,'3.25',1901,b'1110011','7.5',016),
(2086,_binary'-Y•:',0x5bbad2472d4a98d9,JSON_OBJECT('k', 1),1999,147,1e-30,11428462),
(2087,X'52CD11820E8BFA','√üxoa','"str"','0',0xB1,1e-30,32.4),
(2088,X'E7A145CCA1BA',X'4E0875','{"k": {"n": [true, false]}}',0,74,'7.5',+0),
(2089,0xa7619a69274ce5db,_binary'/·I∆7','[1, "x;y", null]',2155,null,3.4e38,117),
(2090,0xdc4307ca71b25955cd4324f683f3,X'68D36305C9E8FAEECAEDEF','[1, "x;y", null]',1999,+174,3.4e38,null),
(NULL,_binary'\\∞x±µ«ù\0Ù êk’',0x2598e0c9bc551b613584e0,'null',1901,+173,-1E+10,177.4),
(NULL,X'A3779BC9D88EC5900D','wo√ºÂçÅ','"str"',99,TRUE,NULL,161),
(2093,_binary'›',0xf498,JSON_OBJECT('k', 1),2155,42e0,-1E+10,10700534),
(2094,X'0692B7D1E3',_binary'L8[ ùúˆóD@ã∫3Ç','{"a": 1}',0,128,123456789.125,b'10001100'),
(2095,"r_f",x'afa633c9b132','"str"','24',239,1.5,52),
(2096,X'77D31CD6E91F5600AA3D0144F5B518AA',X'892E32','null','24',22,'7.5',10069497),
(2097,_binary'Ñ/ÖVGÌ7"z∞pr',x'2598227979e6271e1c59e41c2e05','{"a": 1}',2155,18,3.4e38,0xC0),
(2098,"wvow",X'737B9122478FCE3C28','[1, "x;y", null]',2155,FALSE,-1E+10,15549755),
(NULL,x'fdcac2e4','n√øiË°®a\p','"str"',99,104,123456789.125,1953859),
(2100,_utf8mb4'√øhËÉΩxsË™†√©b','t√©lf‰∏≠',JSON_OBJECT('k', 1),0,146,.5e1,FALSE),
(0,x'7cb2ac5b16810abe4318c1',_binary'_“\0vúVÈZ»y''Q','[1, "x;y", null]',1901,'85',3.4e38,11214358),
(NULL,0x0b1da10fba4b69986d8a69c177b4,'aa„ÇΩ‰∏≠-- „ÇΩ','3.25',99,null,'7.5',154),
(NULL,'ËÉΩ',X'585DAD4D4C7A1E7BDE26CB609EB5','3.25',2155,175e0,null,0xA3),
(2104,x'eeb4a787a8898a0e9dd35f20f0e4bf71','Ë™†Ë™†„ÇΩ','{"a": 1}',1999,130,null,24),
(2105,X'6F050E5F06A2D155996A',x'9e68c5f955','"str"','0',FALSE,.5e1,6048620),
(2106,x'22b57a316b7ebc33',null,'{"k": {"n": [true, false]}}',99,NULL,0.1,NULL),
(2129,_binary'‘-	ÄK∂x•ÒÕ',0x82f77465c1ef60c54ba5,'{"k": {"n": [true, false]}}','2024',FALSE,3.4e38,7249123),
(NULL,x'0c6196c5d3f682bfa1ccf2ef',0x0644b94bec16603ad7ff6527,'3.25','2024',114,-0,FALSE),
(0,_binary'Òõ2',X'E910DFA4','{"k": {"n": [true, false]}}',1901,b'1001011',.5e1,'43'),
(0,'kË°®ü¶´√ü√º',0xfad8,JSON_OBJECT('k', 1),'0',44e0,NULL,88),
(2133,'o',x'99ef7f6557a424280755fbbe2e9922',JSON_OBJECT('k', 1),0,19e0,1e-30,null),
(0,"\n\Zo'dv¬±gË°®√øi",0x75e5a2399de7fa688b9a98082d9a8872,'{"a": 1}',0,003,3.4e38,0x6D),
(2135,x'2158','w√Äynkzt','{"k": {"n": [true, false]}}','2024',46.4,123456789.125,null),
(2136,0x0777c35e4643ab4794996f7b050f0014,0xce,JSON_OBJECT('k', 1),1901,0xF4,2,149),
(2163,0xd4abe573c40caa100f,0x3ead219ad56e08c5e893d499de95,'"str"',2155,0x65,.5e1,b'110111011010011011100100'),
(2212,X'77',0xf2,JSON_OBJECT('k', 1),70,019,1e-30,77.4),
(2248,NULL,NULL,'{"k": {"n": [true, false]}}','2024','81',1e-30,+65),
(0,x'20d5328f5d6dc444',x'eefcc2b192b421bef48caba58398f1','"str"',99,NULL,-1E+10,NULL),
(2250,x'013f3fb8',x'bfff21','[1, "x;y", null]','2024',62,-0e0,195e0),
(2258,X'C45E',0x59f885095cfffb6cd113cbb1120e1d,'{"k": {"n": [true, false]}}','24',53.4,1.5,5575555),
(2259,_binary'+¶Ü*|`&<·∏†\kÌ√',0x150e90f887,'[1, "x;y", null]',1901,+128,0.1,TRUE),
(2260,NULL,'‰∏≠rÂçÅË™†\ad¬±„ÇΩn√ø',JSON_OBJECT('k', 1),'0',015,0.1,028),
(0,0xd531a300f573,X'A66C7399DDE4BD97321EDA081C','{"k": {"n": [true, false]}}',1901,89,123456789.125,7),
(2262,null,_binary'ÔL…∂`l~ﬂø','[1, "x;y", null]',2155,194,123456789.125,47),
(NULL,0x40c929833b0f,_binary'Õn#ª“Ÿê(b','{"k": {"n": [true, false]}}',1901,null,.5e1,+402279),
(2264,_binary'ˇ±íJ',_binary'ó0:Éπy<','null',99,TRUE,2,124),
(2265,X'9E6F55F81037C8',0x72fbbb063d57d1d0f31ee0,JSON_OBJECT('k', 1),2155,0x6C,null,31),
(0,'‰∏≠sj‰∫àsqrlpf',x'5b','{"k": {"n": [true, false]}}',1999,189.4,0.1,83.4),
(2267,X'ACE91F2A7C5466554745C25781A3DD',x'7632b4b85ab4','"str"',2155,'17',NULL,+940748),
(2268,0xd67536fc48c462589d,X'B5BF','{"k": {"n": [true, false]}}',0,152e0,0.1,b'10001110'),
(2269,X'8448413DA8A231179EE10D5691C947F5',NULL,'[1, "x;y", null]','0',092,-1E+10,4519737),
(2270,x'a3','nqvÊº¢Êº¢i','{"k": {"n": [true, false]}}','24',165,1e-30,44),
(2271,'oh\\',_binary'NÁÍéa»π’Áï>ß','3.25','0',179,'7.5',FALSE),
(2272,x'4a6ee44e9e3ccc2ed7c95489d304','b„ÇΩ‰∏≠üòÄyü¶´Êñábg','"str"',0,b'1100110',1e-30,002),
(2273,0x0358d4e9a5ef85ccce44bce5e6,NULL,JSON_OBJECT('k', 1),'24',2550,-2.25e-3,34),
(2274,_binary'2X∑û¢',_binary'ÔkrÕ∑H‡º˛£…[S∑','{"a": 1}',99,+101,0,11144098),
(2275,_utf8mb4'Ë°®oujüòÄÊñáüòÄ',X'47','[1, "x;y", null]','24',null,0.1,6963790),
(0,'asyË™†ü¶´‰∫à\0rÊñáËÉΩerng',x'89e21a','{"a": 1}','24',15,1.5,NULL),
(2277,0xe4d2,x'b0fcb1e23167c1ca751468fbdc87','"str"',99,131,2,0x71),
(2278,0x3db1ce52262437db,X'4F4B45B720E462C4A292B2F1B3','{"k": {"n": [true, false]}}',70,51e0,.5e1,11436242),
(2279,0x27fdf911e759475f18aa98,x'fa6a503b3269a9e1e900','[1, "x;y", null]',70,152e0,-0.0,TRUE),
(2280,0x2d545ac6bffd34d20fb3d45e,X'7380FD2C43556984D129A6','{"k": {"n": [true, false]}}','24',190,.5e1,+15298094),
(2281,_binary"Jßdº\0∫∞h6\dàÉíº",x'd90ed7aaadbea0bddf4037','3.25','0',0x2B,-2.25e-3,83),
(2282,0x97b1e82a3fab018073820dc3,X'5C09BB5CD76E934580F29482EA93',JSON_OBJECT('k', 1),1901,101,.5e1,b'10001111'),
(NULL,X'E7047531B5B26E9C56',null,'3.25',1999,183,NULL,'17'),
(2284,x'edba5525fdc14f2a8b',x'38eb97a6b20395cbd94d','[1, "x;y", null]',70,NULL,1.5,67e0),
(2301,X'7DD6ED4FB1C40AE500','s#mderc„ÇΩ√ø"gdk','{"k": {"n": [true, false]}}',1901,FALSE,123456789.125,0x8A),
(2302,x'1ecf877d6346a5fa1c0cb068246041',X'CA85',JSON_OBJECT('k', 1),2155,057,.5e1,141);
SET @v6 = COALESCE(@trg, -1);
CREATE TABLE IF NOT EXISTS `fz0`.`vars` (name varchar(20), v bigint);
INSERT INTO `fz0`.`vars` VALUES ('v6', @v6);
SET @@sql_mode = "";
SET @v7 = COALESCE(@trg, -1);
SET SESSION sql_mode = 'STRICT_ALL_TABLES,NO_ENGINE_SUBSTITUTION';
CREATE TRIGGER `fz0`.`trg8` AFTER INSERT ON `fz0`.`t1` FOR EACH ROW INSERT INTO `fz0`.`log_t1` (msg) VALUES (CONCAT('row ', COALESCE(NEW.`id`, 'null')));
REPLACE INTO t1 VALUES (2402,X'43372E517588695F',0x4310b0020402c1c8575444,'[1, "x;y", null]',70,0xE9,1e-30,null),(2403,'kË™†√ºË°®wÂçÅs',x'be37ddce','3.25','0',b'1001000',-1E+10,0xE152A2),(2405,0xdf804ab0,X'1356F72325AE9C2C0EB8D5EF26F2','[1, "x;y", null]',2155,164,2,74),(NULL,X'D2E781305C31369ECA8EFDEFBB30A0',NULL,'3.25',0,'22',1.5,0x83),(0,0x002bed3b4f6f,x'2184e0','{"k": {"n": [true, false]}}',0,NULL,1e-30,13324797),(2408,0x5e76339892fb57a133d147015f4a5f,_binary'Ç∫È\\˝p¶°l‹±','null',2155,'32',1e-30,6185672),(2409,'ü¶´x„ÇΩz„ÇΩazu√ü',X'A55FC0EB1F','[1, "x;y", null]','2024',+241,-1E+10,TRUE),(2410,x'4f05c07b69a144a59d1ee6c8',_utf8mb4"vunj",'null',2155,TRUE,3.4e38,null),(NULL,_binary'x‹',x'b75f','"str"',0,45,1.5,'91'),(2412,'Ë™†„ÇΩzp√ºoqj√üq‰∫àË™†w',x'edaf48465833bd4f',JSON_OBJECT('k', 1),1999,119,-1E+10,145),(2413,_binary'à',x'efc98866de34bb94',JSON_OBJECT('k', 1),70,FALSE,-1E+10,16036676),(NULL,_binary'>Ç',N'q\b`‰∏≠√üpju','"str"','0',NULL,-2.25e-3,null),(0,_binary"$Úà/“$l∑ù{I°",0x314862f67830f2,'{"a": 1}',70,108,2,61),(0,0xe5b65db105ce9544,_binary'ÉNMÊw∏','3.25','0',+116,.5e1,null),(NULL,0xa545d5,0xee00673be26faea2afa4eb5b,'null','24',TRUE,3.4e38,b'1000111110111110000110'),(2418,_binary'◊x',_binary'Êê–Ê·Æß','null','2024',1,.5e1,b'1010'),(2419,0x5fa28d178e6701b0f5496334e2f0f49f,X'49','[1, "x;y", null]',1999,b'11100','7.5',b'10010100101111000011010'),(2432,'ÈÅãcurË°®ef',x'aa22b9b6a7f9364e39ff9dbf4e9cf7','{"a": 1}',2155,null,123456789.125,'23'),(2433,null,_binary'ºõ\bù±!x¥;L','null',1901,106,-1E+10,FALSE),(2434,_utf8mb4'r√øvoÊñázz',_binary'˛£>À','3.25','2024','107',.5e1,'11304420'),(2435,'„ÇΩ','gs√Äo',JSON_OBJECT('k', 1),2155,NULL,0.1,FALSE),(2436,'"xv√Äw‰∫àz',_binary'fcúæC˜ã','3.25',99,94,-0.0,TRUE),(NULL,X'25CD8963',0xf54a16fe69a3bc47fc518baa,'"str"',70,39,2,9893096),(2438,x'10912a39931f9f0aafc0ffff5aacb3',"küòÄyibcsky",'{"a": 1}',1901,'98',-1E+10,0),(NULL,X'A3A1A2306C844BEBA1C2830425C86DEE',null,'null',2155,68e0,null,b'10110111'),(2440,X'95493A29F078CC77955D3E691BBC38',X'D587','"str"',1901,062,-2.25e-3,null),(2441,X'C83EFD689587465F930790B4C54BDBD4',"ËÉΩ √ü√üc√øi\lvsy",'3.25',2155,'41',123456789.125,138);
RENAME TABLE `fz0`.`t1` TO `fz0`.`r9`;
# hash comment;
/*!40101 SET NAMES utf8 */;
REPLACE INTO `r9` (id,`c0`,`c1`,`c2`,`c3`,`c4`,`c5`) VALUES (NULL,_binary'4@◊ˇ!\r–î£÷ï*É',x'33a73a460dee05c4f39e9a9ac5ee59','"str"',1901,NULL,.5e1),(2518,'kÂçÅ√üoË™†Êñádo\aÈÅãy‰∏≠uy',X'27A465BD4B4E609C5E2CDBF50D','"str"',2155,0x59,0),(2519,X'BD0CE142086B8197955B',X'045359F808CAA37A669624A66BE5FACB','[1, "x;y", null]','2024',b'10110000',.5e1),(0,'ÈÅãgiÊñá\0\b√Är„ÇΩkk',_binary'∫∂AÉ¶ã\bY\rˆ∫','{"a": 1}','0',0xE8,0.1),(2521,_binary'ûW',_binary'ÔïbÒ†±','{"k": {"n": [true, false]}}',1999,170,-1E+10),(2522,_binary'
ú=Å6Uêm∫˘ˇ8]',X'1F064BC58D719EA89F9C','{"k": {"n": [true, false]}}',1901,'226',-2.25e-3),(2523,_utf8mb3'rpËÉΩ\0',_binary"Ä·ı√ΩãF*5",'{"a": 1}','2024',131.4,0),(2524,0xff8ef2f67c81325cebf6ede58e815909,0xa92d059cbb235379d064e36b3ec3,JSON_OBJECT('k', 1),'2024',NULL,.5e1),(2525,x'f4fdee661c0a6ae79a618e74808f49',x'051a16f1e905','{"a": 1}',99,44,.5e1),(2526,_binary'–áPê¨',NULL,'[1, "x;y", null]',2155,111,-0),(2564,0x9f196579f26839,X'65EBD214781161','{"k": {"n": [true, false]}}',0,'43',-0e0),(NULL,x'fd47fb','√Äu¬±w#yyx','{"a": 1}','0',13,-2.25e-3),(NULL,_binary'&5wa,',0x193425d4e7,'{"a": 1}',99,null,0.1),(0,'Ë°®„ÇΩ',X'FA2798A5FCC001FA0D8F',JSON_OBJECT('k', 1),1999,'1',-1E+10),(2568,_binary'¡Çûƒ\w∏‚œ;',X'52C5F528E24A7A8B','"str"',1999,240,1e-30),(2569,X'C2ED4029213A1BA254246758CA83F9',_binary'§eÖV¯O$“ÇAöu¯','[1, "x;y", null]',1901,84,-2.25e-3),(2570,x'b15d8d47c7dd',_binary'ò—çºóÂ“„+¿','{"a": 1}','24',87,-1E+10),(2595,"„ÇΩlh-- hgÊñáÊñáa√Ä`\\",0x0020d36bb1e1c8c2d69d48,'3.25',70,'119',3.4e38),(2596,x'ea9b6d',"e\ie",'"str"','0',55.4,-0.0),(2597,_binary'9±√9YlM◊Ø',NULL,'null','24',+9,.5e1),(2598,'gÈÅãup‰∏≠ÈÅãe',NULL,'null',2155,b'1010110',3.4e38),(2599,X'1AB908EB95CA','tÂçÅËÉΩm',JSON_OBJECT('k', 1),'0',36,-2.25e-3),(2600,_binary'eˆD»Ø§x¿˙',_binary'5*≠pLñÑ√H†∫π§˝','{"k": {"n": [true, false]}}','2024',0x90,1.5),(2601,x'2ba502d791fa60baa76c1e2417',0x9b964144,'null',99,0x79,123456789.125),(2602,"Êº¢""lni;q xË°®‰∏≠z\Zi\\",NULL,'null','2024',89e0,-2.25e-3),(2644,_binary'’º‹<†•p…¢¸\\f¯',"√ÄË™†",JSON_OBJECT('k', 1),'24',13,'7.5'),(2645,x'17b13104c6e1ad2464d2ad26',_binary'úå3˙∂FÚ''¬','null','2024',66e0,1e-30),(2686,X'574B47E3',0xe7595ea532,'[1, "x;y", null]',1901,null,0),(0,X'26CC36285D67','w"‰∏≠e%k„ÇΩ\'√ø','3.25',1999,70e0,null),(0,NULL,'\bs-- √©u√ø√Äe_','{"a": 1}',70,'114',-1E+10),(2689,0xb1e5973f7514ce71a7735a3db3054875,_binary'©‹ÜÈp','{"k": {"n": [true, false]}}',1901,0x9B,-1E+10),(2690,x'686f47aad4167e46d740825727',x'957c28c3fc4b52e0','{"k": {"n": [true, false]}}',1901,87,0),(2691,'f\\\lah\mpj√øw',x'fc260dc85b4814144683dd465f7e3254','null','2024',null,0),(2696,_binary'∆ïπ',_binary'∏\'ƒx','"str"',2155,FALSE,123456789.125),(2697,_utf8mb3'qËÉΩcek√©',x'1bc181fcc1db79deb6dbfe87263d','[1, "x;y", null]',1999,116,NULL),(2698,0xcb06a1f3f095865994,0x1835802e81b961e7,'3.25','24',36e0,1e-30),(2699,'iÊº¢m¬±eg√ø„ÇΩ√ºÊñáyy;',X'F06C3805',JSON_OBJECT('k', 1),'24',0x13,'7.5'),(2700,_binary"Ee^°˘ô∞?É",'',JSON_OBJECT('k', 1),1901,160.4,1e-30),(0,x'1bec22294ce8380a1f6d11072bbe','j„ÇΩËÉΩË°®dc‰∫à','3.25',1901,173,NULL),(NULL,0xfaa9,x'2868861d83a5f7668f4778','3.25',0,FALSE,123456789.125),(0,_binary'E]îãkóÿz†£\rQ',X'89','"str"','2024',+63,'7.5'),(2704,0x8aaff14dd1ee922bbc0ae2f407b022fd,X'3A43CCBCEF5E070876','[1, "x;y", null]',1901,142e0,0),(2705,X'23FB82','r\Z','{"k": {"n": [true, false]}}','0',153e0,NULL),(NULL,x'b0e9668a517b902ce55fe784bf',X'2E','[1, "x;y", null]',2155,99,123456789.125),(NULL,0xce2f093e8267dd9e190496,X'722F0D421726494999C628','[1, "x;y", null]',1901,FALSE,1.5),(2708,_utf8mb3'e√ø\\h',0x9ff2392fe767c788113132f7,'{"a": 1}',0,177,0),(0,_binary'rZÌ',_utf8mb3'l\%','{"k": {"n": [true, false]}}',2155,068,1e-30),(2710,_binary'I%›Sáßˇ±Ñ⁄',_binary'¸@Ò$‰ö',JSON_OBJECT('k', 1),99,95e0,3.4e38),(2711,0xa5d6e995,'√üfÂçÅ√Äh','[1, "x;y", null]','24',137,.5e1),(2712,_binary'62Q<êHrë3˛¿G',null,'{"k": {"n": [true, false]}}',0,NULL,1.5),(2713,_binary'Ì7Ô&Ø!∞ûY´f°\r“Ã',null,JSON_OBJECT('k', 1),'0',+65,1.5),(2714,NULL,0x85d6c8132924dc2bd6,'{"k": {"n": [true, false]}}','2024',FALSE,1e-30),(2715,NULL,0x1d,'null','24',7,0),(0,X'A65EDBC90E',0xb0124a14b8e207,'3.25','2024','31',-1E+10),(2717,_utf8mb3'k„ÇΩjwuz\\umf',_binary'«ôCZáˆ€','3.25',1901,b'1100111',1.5),(NULL,'Êº¢dyyÂçÅj\\jw\fËÉΩ',_binary"1ô$\\N⁄Xv2‚",'{"k": {"n": [true, false]}}',70,60,'7.5'),(2719,0xb9f4df,null,'[1, "x;y", null]',0,228,2),(2720,null,'ÈÅãc/*h√º\eiyq√Ätx\ro','null',0,null,3.4e38),(2721,NULL,'vd√ü„ÇΩÊº¢%',JSON_OBJECT('k', 1),'24',33,0.1),(NULL,x'34f17dab823e1def63ba2b08',X'974C18D0440FC71313207F024945DD','{"k": {"n": [true, false]}}',70,213e0,-0e0),(2723,null,x'5d072db73cc360bc892b4b824d',JSON_OBJECT('k', 1),1999,b'10100110',.5e1),(2724,_binary'ÌxÅqXóhı',NULL,'"str"','0',186,1e-30),(2725,_binary'¥ç}Æ¸úe',_binary'“\r','{"k": {"n": [true, false]}}',1999,246,123456789.125),(2726,0xe3,'y\rtdg√ÄhlÊº¢azd„ÇΩ','3.25',1901,'193',0.1),(2727,NULL,NULL,'{"k": {"n": [true, false]}}','2024',+42,-2.25e-3),(0,X'CCC0D57741F010391C',null,'null',70,11,'7.5'),(2775,NULL,0x93cd,'null','0',185,'7.5'),(2789,_binary'[',X'265D3537E450BE81','"str"',2155,TRUE,-2.25e-3),(NULL,x'7237164409',x'7e','{"k": {"n": [true, false]}}','2024',29,-0e0),(2791,'‰∏≠sÊº¢pbab√ÄxË™†mu¬±;',X'16DB7B23','{"k": {"n": [true, false]}}',70,155.4,123456789.125),(0,0xee58eca13bf61b132b0b84d78271,'ÂçÅxË°®mjm _√ø√º√©qÊñá¬±',JSON_OBJECT('k', 1),'0',137,3.4e38),(NULL,_binary"˛t†I",'gjj√©io√øa','null',70,184,-2.25e-3),(2794,x'1198984ff0b41e102c0fc19f66892f',X'5F5347F92B98B0FC79F80047641B','null',2155,67,3.4e38),(2795,NULL,0xb6d7266e6d4ccd09,'{"k": {"n": [true, false]}}',1999,0x87,-2.25e-3),(2796,X'BFC8C782AF86706BCF',x'8d9e649059e38a7ce564','{"a": 1}',99,'179',-1E+10),(2797,0xd5a1869043fa949dd9132e,0xd572a1cfd27149e69fa29cef99f755,'3.25',70,+150,3.4e38),(2798,x'f880c021','¬±√Ä\my','3.25','24',46,-2.25e-3);
