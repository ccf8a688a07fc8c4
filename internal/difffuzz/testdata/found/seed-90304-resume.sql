-- difffuzz: the mariadb client and `dumpscope import` disagree on this script.
-- seed 90304, mode resume (dumpscope import --parallel 2 --batch-bytes 2K --checkpoint JOURNAL), kind error.
-- Shrunk from 169 statements and 1194 rows to 141 statements and 1071 rows.
-- The original: go run ./scripts/difffuzz --dumpscope BIN --seed 90304 --count 1 --modes resume
-- (line numbers in the detail below count from the first line after this header)
--
-- client ERROR 1366 at line 339, dumpscope ERROR 1406 at line 211
--  client:    SETVAL(`fz0`.`sq1`, 207)
-- 207
-- SETVAL(`fz0`.`sq1`, 5012)
-- 5012
-- 6
-- 6
-- --------------
-- REPLACE INTO t78 VALUES (119,'? uqʮ',188,49,'7.5',37),(120,'\\\_?z',FALSE,'169','7.5',34),(121,N'\b\b?\vd',0x83,-683546610709863589,-0.0,17),(122,'?',127.4,@v77,'7.5',38),(123,'\\\a?ʮzdu',23,-1887336754672289683,-2.25e-3,39),(124,'',197,052,1.5,38),(125,'olo?bʮ',167e0,'-2046093328789641661',null,32),(126,'ʮ?\tsx?',+191,'1000284495217318139',-2.25e-3,6),(127,'?s/*;qf?#',FALSE,100,3.4e38,18),(128,'fboh',b'1011010',-1968360744822609536,-2.25e-3,15),(129,'?ʮhbv',FALSE,0x4,-1E+10,11),(130,'/*o_so',155.4,93,123456789.125,35),(131,'no`uʮe',241,-115,0.1,6),(132,"ʮ?k\x'",97,FALSE,123456789.125,4),(133,NULL,0x16,'117',0,25),(134,null,0x8A,FALSE,-1E+10,16),(135,'hrpf\Zl',102,NULL,0.1,10),(136,NULL,0x85,24.4,3.4e38,36),(137,"xf\domʮ",192,@v90,-2.25e-3,24),(138,'y?',TRUE,025,123456789.125,28),(139,'jajp?sgn',197.4,NULL,1.5,18),(140,' xjet',b'11111101',TRUE,0.1,27),(141,'v?w',b'10110010',159.4,-2.25e-3,3),(142,'yfz',135,FALSE,'7.5',27),(143,'_\0w"',+137,47,0,31),(144,'p?hmʮt',0x2F,164.4,2,27),(145,'pjfe',+122,33,3.4e38,0),(146,'x?x',175.4,-232014072433170801,'7.5',30),(147,NULL,+43,@v90,1e-30,null),(19,'ʮ?ĥ?b?hn',44e0,-1653894524593307475,-2.25e-3,29)
-- --------------
-- 
-- ERROR 1366 (22007) at line 339: Incorrect string value: '\xB1\xEDvd' for column `fz0`.`t78`.`c0` at row 3
--  dumpscope: dumpscope: resume: reading /tmp/difffuzz-3785598694/script.sql up to offset 26167 to check it is the dump that was committed…
-- dumpscope: resuming run be78235b7b376509301fba43bc54cdb0: 25.1 KiB of statements committed (furthest offset 26167) are skipped; the rest is sent
-- dumpscope: importing /tmp/difffuzz-3785598694/script.sql on 2 connections
-- dumpscope: into root@localhost via /tmp/dumpscope-sandbox-1524027688/mysqld.sock
-- dumpscope import: /tmp/difffuzz-3785598694/script.sql: offset 19741, line 87: SELECT … INTO @c72 sets a user variable on one connection: the rest of the dump runs on one connection
-- dumpscope import: /tmp/difffuzz-3785598694/script.sql: offset 26410, line 211: INSERT `rmt8`: ERROR 1406 (22001): Data too long for column 's' at row 1: INSERT INTO `fz0`.`rmt8` (id, a, s) VALUES (930, 1, 'longlonglonglonglonglonglonglonglonglonglonglonglonglonglong')
-- dumpscope: failed in 0:00: 25.8 KiB of SQL, 13 statements, 349 rows (256.2 KiB/s, 3468 rows/s)
-- dumpscope: everything up to offset 26410 of /tmp/difffuzz-3785598694/script.sql was executed (statements after it were not sent)
-- dumpscope: resumable; continue with:
--   dumpscope import --resume --checkpoint /tmp/difffuzz-3785598694/script.journal --no-defaults -u root -S /tmp/dumpscope-sandbox-1524027688/mysqld.sock --no-advisor --no-tui --default-character-set utf8mb4 --allow-system-schemas --parallel 2 --batch-bytes 2K /tmp/difffuzz-3785598694/script.sql
-- dumpscope: dumpscope_progress kept for --resume; to give up the resume: DROP DATABASE dumpscope_progress
-- verdict: inconclusive: the server was not sampled (--no-advisor, or the advisor could not connect)

SET NAMES utf8mb4;
CREATE DATABASE `fz0` DEFAULT CHARACTER SET latin1;
CREATE DATABASE `fz1`;
USE `fz0`;
/*!40014 SET @OLD_FOREIGN_KEY_CHECKS=@@FOREIGN_KEY_CHECKS, FOREIGN_KEY_CHECKS=0 */;
DROP TABLE IF EXISTS `fz0`.`t1`;
CREATE TABLE `fz0`.`t1` (
  `id` int NOT NULL AUTO_INCREMENT,
  `c0` varchar(40) CHARACTER SET gbk,
  `c1` int,
  `c2` point,
  `c3` bit(1) NOT NULL,
  `c4` bit(64),
  `c5` varchar(40) CHARACTER SET gbk,
  `u` int,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uk` (`u`),
  KEY `k1` (`c0`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
/*!40014 SET UNIQUE_CHECKS=0 */;
INSERT INTO `fz0`.`t1` VALUES (1,'j',0x52,ST_GeomFromText('POINT(1 2)'),0x1,1702275488213289918,'ソk;pa',1002),(2,'b中\hqzd',-1901801622,NULL,b'1',0x2E719634EC6B6A28,N'ypiz',1003);
REPLACE INTO `fz0`.`t1` VALUES (3,'ago',919476865,POINT(3, 4.5),B'1',0x1B9DCC729D43FE83,'能xソne中dq',26),(3,'j-- ym#表',187,ST_PointFromText('POINT(-1 0)'),0,NULL,null,27),(3,NULL,-74,POINT(3, 4.5),b'0',b'101010101101100101110000111011001100010101110111101101111','qy\b',9),(1,_utf8mb4'hudrqg',TRUE,ST_PointFromText('POINT(-1 0)'),0,2121640961255558855,'aw',null),(1,'\m文誠\o\Zafg\yrb',-39,POINT(3, 4.5),0x1,null,NULL,37);
TRUNCATE TABLE `fz0`.`t1`;
INSERT IGNORE INTO `fz0`.`t1` VALUES (4,'kソ能fx',-31,ST_PointFromText('POINT(-1 0)'),B'0',0x5C5BE5139576D8A,"予g`zソ",0),(4,'\bp;qena',+1122244469,POINT(3, 4.5),b'1',1201672335994954546,'tii',13),(4,'運if',-399683241,NULL,0,B'1010100110001010011101111010000000110011111000001110110111010','文qc',27);
INSERT INTO `t1` (`id`,c3) VALUES (5,1),(6,0x0);
INSERT IGNORE INTO `fz0`.`t1` VALUES (7,'\j`poz',30663409,ST_PointFromText('POINT(-1 0)'),b'1',0x28E0CE4EACE403EF,_utf8mb4"dsy運cnfl",33),(8,'byd',0,ST_GeomFromText('POINT(1 2)'),B'0',3368392488766530554,_utf8mb4'予lpyzgoq',15),(5,'\k\r\tj中予',156e0,ST_PointFromText('POINT(-1 0)'),0x0,2534406286585821374,_utf8mb4'十%e能十sp',7),(5,_utf8mb4'akco文u',FALSE,ST_PointFromText('POINT(-1 0)'),0,0x1785B1A9F0474EA6,NULL,29);
INSERT INTO `t1` VALUES (9,'誠n運f中',1116295609,POINT(3, 4.5),0x0,b'11110110111001100000011110111011000001110101000011011101110','誠v表h予ソ',1004);
INSERT INTO `t1` (`id`,`c3`) VALUES (10,0x1);
CREATE SEQUENCE `fz0`.`sq1` INCREMENT BY 10 MINVALUE 1 MAXVALUE 1000000 CACHE 1000;
SELECT SETVAL(`fz0`.`sq1`, 207);
DROP TABLE IF EXISTS `fz0`.`sqt2`;
CREATE TABLE `fz0`.`sqt2` (
  `id` bigint NOT NULL DEFAULT NEXT VALUE FOR `fz0`.`sq1`,
  `a` int,
  `s` varchar(30),
  `d` decimal(10,2),
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
INSERT INTO `fz0`.`sqt2` (`a`,`s`,`d`) VALUES (-89.4,'j漢c',-91453),(0xB9,"r😀x",6497),(TRUE,'ssfjb',0x80C4),('-117','中in_\s\r','58212.002'),(-140,'\r漢\rb文wnh',66.5e2),(-5,'表\r-- _k±漢bmlÿ','17029.755'),(0x309,'',622.123456789012);
INSERT INTO `sqt2` (`a`,`s`,`d`) VALUES (-187,null,.137),
(0x27,'yd表h\l\Z-- f予`',937.123456789012),
(-169,'`su文h',.617),
(27.4,"dj\Zyy予pßyv",-19829);
INSERT INTO `sqt2` VALUES (DEFAULT,-731,'r文能中og中',0x17E3),(NEXTVAL(`fz0`.`sq1`),-374,null,.682),(NEXT VALUE FOR `fz0`.`sq1`,108,"nÀÿ",79.5e0),(DEFAULT,null,'p"\b中',0x6CA7),(-1,FALSE,'',37696),(NEXTVAL(`fz0`.`sq1`),-239,'予表e',.600),(DEFAULT,+45,'',0x11AFC),(NEXT VALUE FOR `fz0`.`sq1`,-380,'ソÿu',NULL),(NEXT VALUE FOR `fz0`.`sq1`,0x2A,'g±mh\na\\swci',80724.44),(NEXTVAL(`fz0`.`sq1`),609,'ü',0xEC18),(DEFAULT,-89,"é_",0xE3A5),(NEXTVAL(`fz0`.`sq1`),-389.4,'/*\"\"能中',91258),(NEXTVAL(`fz0`.`sq1`),0x1D2,'oÿ能o表r',0x840A),(DEFAULT,'12','mÿuprt能\"ソßh',-57987.09),(NEXTVAL(`fz0`.`sq1`),144,'lm誠qé十i;\rm\'',0xD475),(NEXT VALUE FOR `fz0`.`sq1`,-487,null,.843),(DEFAULT,5,'''yü\ortdf',56706),(NEXT VALUE FOR `fz0`.`sq1`,-59.4,'q\h🦫üz十g',85327),(NEXT VALUE FOR `fz0`.`sq1`,32,null,0x152E),(NEXTVAL(`fz0`.`sq1`),-804,"zc予ajpmdjh",7.5e1),(DEFAULT,-911,NULL,-76767.67),(NEXTVAL(`fz0`.`sq1`),148,'漢axソ誠x漢ß',0x1D06),(DEFAULT,'366','k中q',.848),(DEFAULT,NULL,'xzß',0x156BF),(NEXT VALUE FOR `fz0`.`sq1`,787.4,'hqtÿ±wq漢nüst',81972.44),(NEXTVAL(`fz0`.`sq1`),-69,'oetér予w漢予',0xC895),(DEFAULT,NULL,'fjub\t中',0x346C),(DEFAULT,-461,'m','77177.276'),(DEFAULT,102,'中±能ß%誠q\r🦫文#',97315.14),(NEXT VALUE FOR `fz0`.`sq1`,526e0,null,.65),(NEXTVAL(`fz0`.`sq1`),FALSE,'\"j文能\\uyb😀zo',-56108.02),(NEXT VALUE FOR `fz0`.`sq1`,-794,'gs中-- n','16435.982'),(NEXTVAL(`fz0`.`sq1`),b'1000100','gÀÀß"',73687),(NEXTVAL(`fz0`.`sq1`),b'1011111000',"漢c",-55404.08),(DEFAULT,FALSE,'p','91345.175'),(NEXT VALUE FOR `fz0`.`sq1`,094,"r運±",72774.65),(NEXT VALUE FOR `fz0`.`sq1`,+98,'À予',47179.02),(DEFAULT,b'10111','c中文_\bgÀk中ßg',67.5e2),(NEXT VALUE FOR `fz0`.`sq1`,-188,'😀😀誠i誠rk',51851.84),(NEXTVAL(`fz0`.`sq1`),-891.4,'v文pvsrß🦫誠',.524),(-2,b'111111',"';üh誠v能文j",78080.84);
SELECT SETVAL(`fz0`.`sq1`, 5012);
INSERT INTO `sqt2` VALUES (NEXT VALUE FOR `fz0`.`sq1`,193e0,'x\'r十oy',80767.63),(NEXT VALUE FOR `fz0`.`sq1`,514,'中ソmué表lp',null),(NEXT VALUE FOR `fz0`.`sq1`,79,'k',-.80),(NEXT VALUE FOR `fz0`.`sq1`,+836,null,20998.25),(NEXT VALUE FOR `fz0`.`sq1`,'-99',"l±t",0x161EB);
INSERT IGNORE INTO `t1` VALUES (11,'',-1752297619,ST_GeomFromText('POINT(1 2)'),0x0,3749613300388231510,'%vwak/*',3),(12,'i',2001264839,POINT(3, 4.5),b'0',B'1000010111100111101101010000010100110000000001000100001101110',NULL,25),(13,NULL,10272614,ST_GeomFromText('POINT(1 2)'),0x1,B'10101110100100010010111010001000110110010011011010101001001000','xuxbazxx中能',NULL),(14,'h運\bffv','-38',ST_PointFromText('POINT(-1 0)'),0x0,b'11000111111100101100010011010010100011101111111110001101111100','oexb中能表v`',15),(15,"文",97,ST_GeomFromText('POINT(1 2)'),B'1',B'11011001000011110100100110001010110011010000010100001101000110',_utf8mb4'onodbq;z十',32),(0,'w',1611463519,ST_GeomFromText('POINT(1 2)'),b'1',b'10001000110011011110001010000000100110010101101110111001010001','r',21),(17,'htソ十e%',-1429652412,ST_GeomFromText('POINT(1 2)'),0x1,3110128812811907144,"",13),(18,'中j\0\\yソl文',-1641342715,POINT(3, 4.5),0x0,0x2D9D9E0F4F5AAB08,NULL,22),(19,'qzc',FALSE,ST_PointFromText('POINT(-1 0)'),0x1,b'111010111000100001011111111010101110111100111001011000111001',"g文h予s文l",null),(20,'運',FALSE,ST_PointFromText('POINT(-1 0)'),1,B'101100010111100110111001001101011001010110101101010001000010','thc',5),(21,'u',b'1101111010010010110100000110000',ST_GeomFromText('POINT(1 2)'),B'0',0x8B6F9BDB8416C60,'u ',38),(22,'tyソ',TRUE,ST_PointFromText('POINT(-1 0)'),0x1,0x3F5619E1CFCEA02E,'能\bib',17),(68,'/*z運	ソtvu',1442192939,ST_GeomFromText('POINT(1 2)'),B'1',2902570637365803442,'予運arj',39),(0,NULL,b'10101101101010010101001111110',ST_GeomFromText('POINT(1 2)'),0,B'10010111001111011000100101101110000100011111010010010011001101','jソugg十tqn',37),(70,'漢o',-102,ST_PointFromText('POINT(-1 0)'),b'1',B'10011010100101000101011010010101111001000001001101100111101','ldfyy\r文o運vv',5),(71,_utf8mb4"十i",81,ST_GeomFromText('POINT(1 2)'),0x0,b'11010001000000000011011010010000101101000110101100101111010110','ieソ;\vlxlug運',8),(72,"",-408708998,ST_GeomFromText('POINT(1 2)'),B'0',0x24282DB3D38C61C4,"",27),(73,'mb誠\"',FALSE,ST_GeomFromText('POINT(1 2)'),b'1',2153122273784315939,'s表\tweh',22),(74,"運\_",-2030749137,ST_PointFromText('POINT(-1 0)'),0,b'11100111001110011010100000001001001001111100110100111011100011','j予文xソ',35),(0,NULL,'80',ST_PointFromText('POINT(-1 0)'),B'1',b'10001111000011001110000011111011100100001001011001011010001110',' ソ中dlzソソrd',33),(76,"c能aej中運",275543300,ST_GeomFromText('POINT(1 2)'),1,b'10000100000010111001001101010101001101011111111110000011101000','yo誠漢s\rlソ中中',2),(77,'\dn;十表ze運q','-109',ST_PointFromText('POINT(-1 0)'),0x0,b'10100010100001010001001100100001010000011000110110100001001','aソqen\\i',34),(78,'十/*能w中表',953606301,POINT(3, 4.5),b'0',0x2BE89C66F73E014,"予運qm文j",8),(79,'',-977121768,ST_PointFromText('POINT(-1 0)'),0x1,B'1101101000110110111110111101100011001011100000011110100100000','dye\u',15),(80,'十r予cqvt',-294542648,ST_PointFromText('POINT(-1 0)'),B'1',0x3B7B8F37FF85EB52,"yfn中表vn",14),(81,'uis',-460854833,ST_PointFromText('POINT(-1 0)'),b'1',0x29D089BCB476DB4,NULL,6),(82,_utf8mb4'eソ表',NULL,POINT(3, 4.5),0x1,3065500342565164278,'dnvwwv表',null),(NULL,null,-1727904837,ST_PointFromText('POINT(-1 0)'),B'1',1712665105753870394,'ソo運ソ\"wb',36),(84,'go\jju','87',POINT(3, 4.5),0,979119667568825219,'十\qソi\%l\"',12),(85,'mun',114,ST_PointFromText('POINT(-1 0)'),0x1,b'10100111001010011101010100001101010011000111110000001101001011','hqfab表',13),(86,'文v表g\vl',NULL,ST_GeomFromText('POINT(1 2)'),B'1',1071494787977306555,'l\w y`xi能',35),(87,'漢',129,POINT(3, 4.5),b'0',b'1111100011000000110110011011101101010000000111100111111111011','a\Z予文ソxac十',0),(88,'予rm中xkzuk',-2052234180,POINT(3, 4.5),1,0x19308A7E110647EC,'\%\b',23),(89,"y運v;xu",-2138636289,ST_GeomFromText('POINT(1 2)'),b'0',NULL,'w誠中k',25),(NULL,'p文%ayソk運','69',ST_GeomFromText('POINT(1 2)'),0,B'11111010001100011100000111010111000110100101100011011000101','z\r予誠hgp運c',4),(91,'pflbph\rh',b'1111001110001010001000110010001',POINT(3, 4.5),1,B'11111000011111110110010111100011010000010100000000111101011111','vsv十rra表j運',null),(92,'wfkv\sh予','149',POINT(3, 4.5),b'0',0x2F1AF0D214E926A7,"\_ui運gk表",5),(93,'d uurl',-58,ST_GeomFromText('POINT(1 2)'),b'1',B'1010101110000000101000111111001000010100000000001001000110101','uxdgy\Zf',31),(NULL,'能表zmxpbv',-190411414,ST_PointFromText('POINT(-1 0)'),1,b'11010000111111011101001000010110100100011001000110100101110',_utf8mb4'beux\0b能r%y',5),(95,N'dds','104314005',ST_GeomFromText('POINT(1 2)'),0x0,B'1101011100100001001110101111000111100100001101111101111000111',"wcソz",34);
CREATE TABLE `fz0`.`child5` (
  `id` int NOT NULL AUTO_INCREMENT PRIMARY KEY,
  `pid` int,
  `note` varchar(20),
  KEY `kp` (`pid`),
  CONSTRAINT `child5_fk` FOREIGN KEY (`pid`) REFERENCES `fz0`.`t1` (`id`) ON UPDATE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
INSERT INTO `fz0`.`t1` (`c1`,c2,c3,c4,`c5`,`u`) VALUES (-1313298351,POINT(3, 4.5),b'1',b'1000001101000001111101010110011000000010000011111100010110','漢aw漢',1006),(b'10111000',ST_GeomFromText('POINT(1 2)'),B'1',b'1110110101111111011111010100001110101001011110000111101100101','y\p誠i運\"m表oc',1007),(-106,ST_GeomFromText('POINT(1 2)'),b'0',B'1010010011011000111011101100010100100011101000101010111010',_utf8mb4'avxrcソxf',1008),(129125483,POINT(3, 4.5),B'0',2265309043010234197,"d	hxzj`漢a\t",1009),(null,ST_GeomFromText('POINT(1 2)'),0,NULL,"\Z it運中中文\Z",1010),(1046570404,ST_GeomFromText('POINT(1 2)'),0x0,B'101111010110001100111110000100111010011110110001111000010001','hソgzo運',1011),(1636965252,POINT(3, 4.5),b'0',3495276752228933006,'rqm文f',1012),(817505603,ST_PointFromText('POINT(-1 0)'),B'0',0x11DE2768B92F07BB,"x誠",null),(+99,ST_PointFromText('POINT(-1 0)'),B'1',b'11011000000101110010011110010010000000000001001100101110110001','sv',1013),(NULL,ST_GeomFromText('POINT(1 2)'),1,b'10010111011010100110010101100101000000010111001100001000011000','運\t',1014),(-79,ST_GeomFromText('POINT(1 2)'),b'0',0x207E24D569BAA88B,NULL,1015),(+1523030382,ST_GeomFromText('POINT(1 2)'),B'0',b'10001100011101101011010010000001011101111100100111001010001','\\\tq',1016),(-863494954,ST_GeomFromText('POINT(1 2)'),b'1',null,'agj十r予sh p',1017),('-95',POINT(3, 4.5),b'1',null,'nr',1018),(69,POINT(3, 4.5),b'0',B'11000111010101001100000101010110011110011111110100010110100000','eg',1019),(1986709317,ST_PointFromText('POINT(-1 0)'),B'1',B'1100110010110010000111101100100100110011111001010011011110010','fqcgi',1020),(-158,ST_PointFromText('POINT(-1 0)'),1,B'1101000000100011111011101100101110110110001110000111100010001','yxm十qy\tb十',1021),(TRUE,ST_GeomFromText('POINT(1 2)'),1,b'100011101100100011101111111110111000011000001011100001011100','ソsvm',1022),(903572580,ST_PointFromText('POINT(-1 0)'),0,0x107D5E775EB80C59,_utf8mb4'mc十',NULL),(85547101,ST_GeomFromText('POINT(1 2)'),B'1',B'11101111010101101111000000001110100100100110000100000010101100','ソv漢y表',1023),(0x61098A80,ST_PointFromText('POINT(-1 0)'),0,B'11000010001111011001101001011111010011010001100000110010110001',"a能d\t中b",1024),(-1429939552,ST_PointFromText('POINT(-1 0)'),b'0',B'11010100010001001111111110010110000001111011011000011011111','gxlvea',null),(0x643F7315,ST_GeomFromText('POINT(1 2)'),b'1',b'10100001110101100100101000110101011110101110100101111100111011',NULL,1025),(-1187694133,POINT(3, 4.5),0,337205404542572989,'予kkky漢',1026),(2061088590,ST_PointFromText('POINT(-1 0)'),b'1',b'1011010111010000001000000111111110010011010000011011100111111','中',NULL),(-1182281736,ST_GeomFromText('POINT(1 2)'),0,0x14E6FE9A48DFF7F4,'g\\',1027),('715065418',NULL,b'1',0x3DCA8FBF156B8ABB,"十能zs",1028),(147,ST_PointFromText('POINT(-1 0)'),B'1',0x9C51AC3749D3AD4,'lh\_文誠;中\\nx\r',1029),(FALSE,ST_PointFromText('POINT(-1 0)'),0,b'10011101111101010000111000001001010001111100001000100101100','n能nd\\o表表ソ-- ',1030),(-1347664347,ST_PointFromText('POINT(-1 0)'),0x0,0x343E17E9B742DD0C,'gl運bx',1031),('-88',ST_GeomFromText('POINT(1 2)'),0x0,0x2D80B207C3A3E2CF,'中gddle-- 能d"_',1032),(-173,POINT(3, 4.5),0x1,B'10101010011001001011110010111110101011000011011000010100101000','lcs',1033),(688117826,ST_PointFromText('POINT(-1 0)'),0x0,0x3E61DCDE64A67ED4,'dfjte',NULL),(b'1110100',ST_GeomFromText('POINT(1 2)'),b'0',b'1110000100000010110110111101101101101110001001010000100010110','"b中中yr',1034),(2136332701,ST_PointFromText('POINT(-1 0)'),b'1',B'10000011010110101100001011011001011001010011001111000101010001','yt',1035),(158740846,POINT(3, 4.5),b'1',0x3DCAFDE9E01185FC,N'十f"cu',null),('186',ST_GeomFromText('POINT(1 2)'),B'1',1327792762542362573,'#%r誠',1036),(null,ST_GeomFromText('POINT(1 2)'),B'1',0x2AA2D831ACD1D59E,"gri中in表q",1037),(194,ST_PointFromText('POINT(-1 0)'),1,B'1000101000110110011101010101111100101100101101000110100101001',_utf8mb4'漢漢s誠運eb\h運fk',1038),(+119,ST_GeomFromText('POINT(1 2)'),0,b'10111011011100001001101000000111111110001010000100010111100011',NULL,1039),(null,POINT(3, 4.5),0,B'10001000111110111011011000001000100100001101011010000111010','d文q\krxca',NULL),(null,POINT(3, 4.5),0x1,b'1001011010111010110010101011111001111101000001101001011110000','rソ',null),(689075519,POINT(3, 4.5),B'1',NULL,';\%t表',1040),(143.4,ST_PointFromText('POINT(-1 0)'),b'0',B'10100010010011000110001110111000111011101001001000010110111001',"w十",1041),(22.4,POINT(3, 4.5),b'0',B'10100110101111010110010111001000111010011010000110000100100000',"tzrm予",1042),(TRUE,ST_GeomFromText('POINT(1 2)'),b'0',0x54F8D1B5CA49466,'aukl能ii',1043),(-147,ST_GeomFromText('POINT(1 2)'),B'1',0x2479CF149A6B8F80,'t',null),(null,POINT(3, 4.5),1,692683367227797177,_utf8mb4'rd',1044),(-1025792646,ST_GeomFromText('POINT(1 2)'),0x1,b'1111110111000000000000011011101101010010111011111011001101011','ba文 q漢bソamp',1045),(TRUE,ST_GeomFromText('POINT(1 2)'),0x0,B'10100111010000111100110010000000000000110001111111011101001101',NULL,1046),(1659634838,ST_PointFromText('POINT(-1 0)'),0x1,b'101001001111100101110111100110010100001111000100001000110000','運d能bcソ',1047),(36,ST_PointFromText('POINT(-1 0)'),B'0',3055249230661076094,"b漢文",1048),(+1008179921,POINT(3, 4.5),b'0',B'110101001111111100011010011110011110110001111011100101101110','',null),(-175,ST_PointFromText('POINT(-1 0)'),0x0,B'1000001111110101100011100010101111111100111101111010100110111',"x\Zi中rgar",1049),(46e0,ST_GeomFromText('POINT(1 2)'),0x1,b'11001110110111001111111010001110011001100110010111001100100','能運\no',1050),(10.4,ST_GeomFromText('POINT(1 2)'),b'0',b'11110000001110011011100011111010011100101010011100101101011001','\_',1051),('154',POINT(3, 4.5),0,B'11111100110111000010010111100100010000001100001101000110010011'," 表\\gtbb誠",1052),(148,ST_GeomFromText('POINT(1 2)'),1,3763266464754698049,'表誠afs''',1053),(32e0,ST_GeomFromText('POINT(1 2)'),0,NULL,'e十sar\r',1054),(+122074282,ST_PointFromText('POINT(-1 0)'),0x1,0x320093975E5A9ACE,'lx漢能予\0im',1055),(1650271727,ST_PointFromText('POINT(-1 0)'),0,0x2ADF2081E1D68FFF,_utf8mb4'r誠能''mソ',NULL),(-36,ST_GeomFromText('POINT(1 2)'),0x1,B'1100101010001010111011101100100001010110110100100110010001100','中\fソk/*誠ソ運f中',1056),(TRUE,POINT(3, 4.5),0x1,b'1000010100000110010010011001100000101111001110110010000111000','uscj能',1057),(+140,POINT(3, 4.5),B'0',b'1101011010101101010111000011110010011101111101000111110100','予f\bh',1058),(-1557654138,ST_PointFromText('POINT(-1 0)'),b'1',b'10101000011010111100010100111010010111001000011000111111011101',"nuw\y誠運q\%\\y",1059),(NULL,ST_GeomFromText('POINT(1 2)'),b'1',0x1DE237CE79B949AA,"h",1060),(+2,POINT(3, 4.5),B'0',null,'z\s\ak文m表',1061),(95,NULL,0x1,B'10111000001111111010011001000010100011100111110000100001110111',_utf8mb4'\a',1062),(TRUE,ST_GeomFromText('POINT(1 2)'),0x0,B'1101000111010110110110100000111011000101110111011001001101101','''運表fw',1063),(b'10110100',ST_GeomFromText('POINT(1 2)'),0x0,3207665709552724244,'t漢運予v',1064),(null,ST_PointFromText('POINT(-1 0)'),0,0x2EA3BF479DEB1A4E,'bj\xxソuq',1065),(TRUE,POINT(3, 4.5),b'1',B'11000010010100011110000100100110110001101010111001111011010',_utf8mb4'ppqyzb\s運',1066);
INSERT INTO `fz0`.`t1` (c0,`c2`,`c3`,`c4`,`c5`,`u`) VALUES ('b漢ni',POINT(3, 4.5),b'1',0x2AD27282FFAC40D6,'',1067),("b予o能誠np誠",ST_GeomFromText('POINT(1 2)'),b'0',0x836F43FB5FE848F,'sy運o',1068),('誠k',null,0,3721555810347913531,'uh誠漢',1069),('能能ソ\bdt予',POINT(3, 4.5),B'0',B'11111111110100110011111111000110111111001101010000110011110001',_utf8mb4'be漢o',1070);
/*!40103 SET @OLD_TIME_ZONE=@@TIME_ZONE */;
/*!40103 SET TIME_ZONE='+02:00' */;
CREATE TABLE `fz1`.`b71` (
  `id` bigint NOT NULL,
  `c0` binary(6),
  `c1` year NOT NULL,
  `c2` varchar(64),
  `c3` geometry,
  `c4` longblob NOT NULL,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
/*!40014 SET UNIQUE_CHECKS=0 */;
INSERT INTO `fz1`.`b71` (id,c1,c4) VALUES (1,99,x'9f4e8fe327a7f0'),(2,2155,X'F8DEB993DC71BCDAC62D566D6F47'),(3,2155,'\bhqyvgoé''y文d');
REPLACE INTO `fz1`.`b71` (`id`,c1,`c4`) VALUES (4,70,0x06f1626ec77e252443),(4,70,X'BE5AD2E08D068FC9726B'),(1,1901,X'28EE1A1E4CC4B0A4A67C7664');
DROP TABLE `fz1`.`b71`;
CREATE TABLE `fz1`.`b71` (
  `id` bigint NOT NULL,
  `c0` binary(6),
  `c1` year NOT NULL,
  `c2` varchar(64),
  `c3` geometry,
  `c4` longblob NOT NULL,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
INSERT INTO `fz1`.`b71` VALUES (5,_binary'n�','24',_utf8mb4"	o\\dk文e",NULL,X'F48E83'),(6,x'af7777a0','0',N'能bm\b漢ac\th-- m',ST_PointFromText('POINT(-1 0)'),x'b424f2502b56bc0aadb95b07d6db');
INSERT IGNORE INTO `fz1`.`b71` (`id`,`c1`,`c4`) VALUES (7,70,X'D4'),(6,1901,_binary'R��'),(6,1999,0xc22f6f437bf6b3a90186),(6,'2024','ß\fhu\\glßt'),(6,70,0xc8c928c55774);
INSERT IGNORE INTO `fz1`.`b71` VALUES (8,_binary'��',99,"中中jd""x誠予ikn",POINT(3, 4.5),_binary'��'),(9,x'1d',2155,'t漢e表運a十d😀he',ST_PointFromText('POINT(-1 0)'),x'2cf3f5'),(9,x'f0c0d89a',2155,'y🦫uhcehy',POINT(3, 4.5),0xfef5d9d91db15b5c689a10142d3e),(5,null,2155,"ÀÀ",ST_GeomFromText('POINT(1 2)'),X'B1CDFA5461DB04127F3F83FC225E80AF');
INSERT INTO `fz1`.`b71` VALUES (10,0xc774306e8c11,1901,null,ST_GeomFromText('POINT(1 2)'),"ソÿ\%十運文中;Àg"),(11,0x62d7464b,0,'wd',ST_GeomFromText('POINT(1 2)'),X'90'),(12,X'73BA','24','漢ßcv',ST_PointFromText('POINT(-1 0)'),_binary'SH��ɛ����');
/*!40014 SET UNIQUE_CHECKS=1 */;
CREATE TABLE IF NOT EXISTS `fz0`.`sv` (n int AUTO_INCREMENT PRIMARY KEY, name varchar(40), v varchar(400));
SELECT COUNT(*) INTO @c72 FROM `fz0`.`child5`;
DROP TABLE IF EXISTS `fz0`.`nosuch73`;
UNLOCK TABLES;
SELECT 6;
SET @w = @@warning_count;
INSERT INTO `fz0`.`sv` (name, v) VALUES ('w', @w);
INSERT INTO `fz0`.`t1` VALUES (212,N'i',-1729839158,POINT(3, 4.5),B'1',b'10010001101001110110001111111001010100001101010011101101111001','能漢十zhy\b漢予\Z表',1074),(NULL,'domzzrfw予j','2059350219',ST_PointFromText('POINT(-1 0)'),0,NULL,'w漢能q予漢\Z文',1075);
CREATE TABLE `fz0`.`rb5` (
  `id` int NOT NULL,
  `a` int DEFAULT NULL,
  `s` varchar(40) DEFAULT NULL,
  `ts` timestamp NULL DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `ka` (`a`)
) ENGINE=MyISAM;
INSERT INTO `fz0`.`rb5` VALUES (1,141,'s433','2025-09-07 05:11:44'),(2,-23,'s829',NULL),(3,84,'s495',NULL),(4,146,'s30','2010-07-07 23:27:13'),(5,82,'s440',NULL);
DELIMITER ;;
CREATE DEFINER=`root`@`localhost` FUNCTION `fz0`.`rf6`(x int) RETURNS int
    DETERMINISTIC
BEGIN
  DECLARE r int DEFAULT 0;
  DECLARE CONTINUE HANDLER FOR SQLSTATE '45000' SET r = r - 1000;
  BEGIN
    DECLARE r int DEFAULT x * 2;
    SET @rf_inner = r;
  END;
  IF x > 59 THEN
    SIGNAL SQLSTATE '45000';
  END IF;
  SET r = r + x + 1, @rf_calls = COALESCE(@rf_calls, 0) + 1;
  RETURN r;
END ;;
DELIMITER ;
INSERT INTO `fz0`.`rb5` (id, a, s) VALUES (6,`fz0`.`rf6`(154),'f'),(7,`fz0`.`rf6`(3),'f'),(8,`fz0`.`rf6`(42),'f');
SET @fv7 = `fz0`.`rf6`(13);
INSERT INTO `fz0`.`sv` (name, v) VALUES ('fv', CONCAT_WS(' ', @fv7, @rf_inner, @rf_calls));
INSERT INTO `t1` (`id`,`c0`,`c1`,`c2`,`c3`) VALUES (216,'l文aot予k表q運',141.4,POINT(3, 4.5),b'0'),(217,'b十w予ho;',-118684561,null,0x0),(218,N'-- r\bnh',1841303360,POINT(3, 4.5),0x1),(258,'dle',96.4,ST_GeomFromText('POINT(1 2)'),1),(274,'r誠誠表',null,ST_GeomFromText('POINT(1 2)'),B'1'),(275,'f表un',b'110101',POINT(3, 4.5),b'1'),(NULL,'s能',FALSE,null,B'1'),(277,_utf8mb4'ソ文fvumg文q中',32,POINT(3, 4.5),0x0),(278,'o''漢tkh\Z','14',ST_PointFromText('POINT(-1 0)'),B'0'),(NULL,'uy',160.4,ST_PointFromText('POINT(-1 0)'),0),(280,'十\\rdu`iua',NULL,ST_PointFromText('POINT(-1 0)'),B'0'),(281,'','-1343030135',ST_GeomFromText('POINT(1 2)'),B'1'),(282,'a`jdla"a',+1473579266,NULL,b'0'),(283,NULL,b'1110100011001111011101010110011',POINT(3, 4.5),0x0),(284,"ソ",-45,ST_PointFromText('POINT(-1 0)'),b'1'),(285,'yntb十',1966579122,NULL,0),(286,'\"中',FALSE,ST_PointFromText('POINT(-1 0)'),B'0'),(287,"p",NULL,POINT(3, 4.5),B'1'),(288,"z中u十",171526236,ST_GeomFromText('POINT(1 2)'),0),(289,';ql十m\t#p',-255028486,ST_GeomFromText('POINT(1 2)'),B'0'),(290,'gm',1255355589,ST_PointFromText('POINT(-1 0)'),b'1'),(291,N'表/*',1072998916,POINT(3, 4.5),0x0),(292,"mg""",TRUE,ST_PointFromText('POINT(-1 0)'),b'0'),(303,'表
sgtzwnz',-139343034,ST_PointFromText('POINT(-1 0)'),B'0'),(340,'能` hx十ソ',-494387091,ST_GeomFromText('POINT(1 2)'),1),(374,'\tf十\bmソu',-177729875,ST_PointFromText('POINT(-1 0)'),1),(375,'hk表uu文表漢b',-132.4,ST_PointFromText('POINT(-1 0)'),B'0'),(376,_utf8mb4'r_v運',179e0,ST_PointFromText('POINT(-1 0)'),B'0'),(NULL,'表r',308651989,ST_GeomFromText('POINT(1 2)'),B'1'),(383,null,'-42',POINT(3, 4.5),0x0),(384,N'jh能s漢',-38,ST_GeomFromText('POINT(1 2)'),b'0'),(385,'c',892094097,ST_GeomFromText('POINT(1 2)'),1),(NULL,'stソ文e_誠b予h',-1561208022,ST_PointFromText('POINT(-1 0)'),B'1'),(415,'\y',46,ST_PointFromText('POINT(-1 0)'),0),(0,"誠文",-1119039765,ST_GeomFromText('POINT(1 2)'),B'1'),(417,"\tz運",null,ST_PointFromText('POINT(-1 0)'),0x1),(418,'\\ソ\nfo/* ',1798097487,ST_PointFromText('POINT(-1 0)'),0x1),(419,NULL,NULL,ST_GeomFromText('POINT(1 2)'),0x0),(461,'w\n十gltj能f',-135,ST_GeomFromText('POINT(1 2)'),1),(462,'gwvzz',-458744278,POINT(3, 4.5),0),(463,'誠oc',-2083229109,ST_PointFromText('POINT(-1 0)'),b'0'),(464,'`w',TRUE,ST_GeomFromText('POINT(1 2)'),B'1'),(465,'kc"予cd文中',160.4,ST_GeomFromText('POINT(1 2)'),B'0'),(466,'b\tu#運','99',POINT(3, 4.5),0x0),(489,'十',-1479581325,POINT(3, 4.5),0),(494,'bv漢\'運w',-100,ST_GeomFromText('POINT(1 2)'),0),(495,'w\_n',null,ST_PointFromText('POINT(-1 0)'),B'1'),(496,'nbup運\fp',172,ST_PointFromText('POINT(-1 0)'),1),(497,'十',1805299632,POINT(3, 4.5),B'1'),(498,'\ts',null,POINT(3, 4.5),0),(499,"xn",FALSE,ST_GeomFromText('POINT(1 2)'),1),(500,'c十jy\0r','-1561889618',POINT(3, 4.5),b'1'),(518,'to\Zfソ`f十g',b'101111',ST_PointFromText('POINT(-1 0)'),B'0'),(519,'文ir\Z中誠laus',-106,POINT(3, 4.5),0x0),(520,_utf8mb4'予c',-49,POINT(3, 4.5),B'1'),(0,'vd文x中',-63,POINT(3, 4.5),B'0'),(0,'\he漢予ffhg',153,ST_GeomFromText('POINT(1 2)'),0x1),(523,'xl','113',POINT(3, 4.5),b'1'),(562,'dpeev能ys;-- ',null,ST_PointFromText('POINT(-1 0)'),0),(NULL,'pa誠誠\rソl',-36,ST_PointFromText('POINT(-1 0)'),1);
INSERT IGNORE INTO child5 (`note`) VALUES ('rqoov表中uz`ß'),
('a\0hmソ''🦫rl'),
('p'),
(''),
('b運ソ😀'),
('i誠誠ßghag十k中'),
('十誠bソla 🦫🦫üg '),
(_utf8mb4'i#\hgÀソd/*'),
(_utf8mb4'gt表w;予ÿ'),
('ll±'),
('ßc😀漢😀oソwze'),
('\nd-- a'),
('gp運r文jt'),
('cs;'),
(null),
(''),
(NULL),
('bé'),
(_utf8mb4'ßt\rt🦫ywr'),
('Àkp十😀能'),
('\na文é'),
(_utf8mb4'é😀z'),
(_utf8mb4'誠o\_v'),
('運ソ十qfkq'),
("ox文"),
('\'表y;'),
(_utf8mb4'üfj\\表sm\"lxza'),
('g'),
('f'),
(null),
('予üÿß漢`z'),
('運文v漢nüソ漢uk'),
('\0e予d🦫f\"ÀmlÀ'),
('-- nÿég\lv表u'),
('_v十ür#sp'),
('h文ソ中dxw'),
("j運🦫us能文cki"),
('rijd'),
('en能\0k運'),
('🦫rah漢jv能中"'),
("u誠"),
('\xd'),
('😀`\t\o\e十k誠中'),
('\\😀tソ'),
('\ra±±誠w予文w'),
("予`"),
('🦫漢pjptß;\rr十'),
('À\ns中😀kauu'),
(''),
('hzi'),
('v"能oe予'),
('能ソs;±'),
(N'予'),
(_utf8mb4"\rÀ"),
("yi誠ü-- pソ能能"),
('f'),
('o/*e能ÿxp予ébü'),
('cÿ
ü\u\"😀/*'),
('ßj誠ソ予cinl🦫運é'),
('t±\wソ'),
('中yg'),
(null),
(N'');
CREATE TABLE IF NOT EXISTS `fz0`.`log_t1` (n int AUTO_INCREMENT PRIMARY KEY, msg varchar(100));
DELIMITER ;;
CREATE TRIGGER `fz0`.`trg76` BEFORE INSERT ON `fz0`.`t1` FOR EACH ROW
BEGIN
  -- a comment; with a semicolon
  SET @trg = COALESCE(@trg, 0) + 1; /* counted */
  INSERT INTO `fz0`.`log_t1` (msg) VALUES ('before; insert'); # hash
END ;;
DELIMITER ;
DROP TABLE IF EXISTS `fz0`.`rmt8`;
CREATE TABLE `fz0`.`rmt8` (
  `id` int NOT NULL,
  `a` int DEFAULT NULL,
  `s` varchar(40) DEFAULT NULL,
  `ts` timestamp NULL DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `ka` (`a`)
) ENGINE=InnoDB;
SET @OLD_SQL_MODE_PS = @@sql_mode;
PREPARE pss9 FROM 'SET sql_mode = ?';
EXECUTE pss9 USING 'NO_ENGINE_SUBSTITUTION';
INSERT INTO `fz0`.`rmt8` VALUES (1,98,'s548','2011-07-10 23:12:58'),(2,112,'s153',NULL),(3,83,'s480','2026-11-10 03:18:32');
INSERT INTO `fz0`.`rmt8` (id, a, s) VALUES (930, 1, 'longlonglonglonglonglonglonglonglonglonglonglonglonglonglong');
INSERT INTO `fz0`.`sv` (name, v) VALUES ('mode', @@sql_mode);
PREPARE pss10 FROM 'SET sql_mode = @OLD_SQL_MODE_PS';
EXECUTE pss10;
INSERT INTO `fz1`.`b71` (id,`c0`,`c1`,`c2`,`c3`,c4) VALUES (13,x'3d74f5016086',1901,'表ifnpk\bahn漢l',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),X'B4E4A4D8121EAA0682A4A16D'),(14,null,'2024','能漢運wp',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),X'9D93627546'),(15,x'25',2155,'',ST_PointFromText('POINT(-1 0)'),'ÿjug'),(16,x'420d2590631c','24','fa運ÿ',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),0xbbc1afe065),(17,0xba8ea0,70,"中中\o",ST_PointFromText('POINT(-1 0)'),_binary"��eF�d�I"),(18,null,'2024','運文ÿuy ÿ🦫表fw',ST_PointFromText('POINT(-1 0)'),0xa33b7be49d452ee5b7361ebde53cdbe7),(19,x'2e86',1901,_utf8mb4'🦫ékvfg',NULL,'ü#ssmo'),(20,0x3ba2f6,1999,'dcfzé',null,_binary'Z�6~�@�ǟY'),(21,0x1e,70,'gq十予\_;v\_',ST_GeomFromText('POINT(1 2)'),X'A16DBD12A475FC0A18F1782AEA63A1'),(22,null,0,'誠rg',null,X'5BA76C794D27F043528121D4F255'),(23,x'ba10739d3f11',1999,'ßy運À🦫üoÀ	lé文',ST_PointFromText('POINT(-1 0)'),x'2c39efa40df1'),(24,0x72,2155,"%üysp文pk能	十",POINT(3, 4.5),x'd1be755716068c21301e'),(25,x'74','24','
uu`f十\m十bux',ST_GeomFromText('POINT(1 2)'),'\Zhx\Z能±vp\mof'),(26,x'ce096f','0',null,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),'eé'),(27,_binary'&o+�Lt',2155,'üÿßÀüÀn"表`',NULL,_binary'0(\Z��'),(28,x'd7','0','sccoソs文f',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),x'7d48e56b3c8bfd09c11123d5'),(29,x'778439',99,'-- 予rx表',POINT(3, 4.5),0xc77d9fc4298f8e4955),(30,x'e762e9',70,"e\"d'üc",ST_GeomFromText('POINT(1 2)'),0x1e95755771c9c902),(31,X'3C5445F7','24','üm\_jrr\\予büü🦫',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),0x0e40a898260f230636805b78b439),(32,x'42b6',2155,'',POINT(3, 4.5),_binary'�ծt� ��!�U�RM'),(33,x'983b82',99,"b誠un中🦫漢üox十",ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),x'4c'),(34,x'cdeccf261f',1901,'rhsis能表予xü',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),_binary'����Wl�������'),(35,X'1C8F0C8D01','24','ß十wc予',ST_PointFromText('POINT(-1 0)'),'cxl\Zßßmmn \_;'),(36,0x556e5e40a4,'2024','運obyü',ST_PointFromText('POINT(-1 0)'),N'十jgém文sソÿß運oéoi'),(37,x'377588e7','24',_utf8mb4'😀\0十誠',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),_binary'�dJ-Qc'),(38,0x7f385f49,0,NULL,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),_binary"[��\n��|���M�j�"),(39,x'7d24',70,"ü\0ltw",POINT(3, 4.5),x'1945026b7dbebb5766c7325e'),(40,X'5A1752878B',2155,_utf8mb4'ß\b',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),0x1930551055fb0b24),(41,0x2300c0ae,1901,_utf8mb4'運ck中表',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),x'21b87dc4b18204321e4a8a53826a2ad7'),(42,_binary'XI1�',99,'ußo',ST_PointFromText('POINT(-1 0)'),'y'),(43,x'86',1901,'十表uwé文ytj誠',ST_PointFromText('POINT(-1 0)'),X'D11C3638B96630424A'),(44,x'7b68bfceec98','2024',"漢À誠",ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),x'7f4a9c106cebdd006444d83d92138810'),(45,_binary'�\x�.',1999,'😀😀é運十éiy\0q',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),'誠mt運m'),(46,X'B82505C9','0',_utf8mb4'geovvk🦫能%能q\_',ST_PointFromText('POINT(-1 0)'),x'fb7f9543a34c'),(47,x'a8aa190db7','0','dcÿ能誠yx_中ソß',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),_binary'��,�@���W�=�'),(48,x'79b94e88',70,'nv誠pq\\z',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),_binary'�L\g��^\"�>I7L���'),(49,_binary'�z','2024','±ur😀lÀq',ST_PointFromText('POINT(-1 0)'),0x77f103769c011919cc1bf8d9),(50,_binary'q\f�',0,_utf8mb4'wß',POINT(3, 4.5),X'1729B2513EAD6076D326A097B46B'),(51,X'9B79A2',1999,"中j運b\x",ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),0x3e64),(52,X'34C89EFD2A',1999,'能é zu',ST_GeomFromText('POINT(1 2)'),x'36f9'),(53,x'2c4e9c',1999,'運p😀x\cü\\十üw_k',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),X'D07B6AFC1B4E9407'),(54,X'C28B2DC5',2155,null,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),0x28d9b89e054de8edf6687459),(55,null,1901,'pis',POINT(3, 4.5),'pd'),(56,x'dd412b630a9f','0','gÀ',POINT(3, 4.5),0xd005b1c442b55afea86462ca58),(57,_binary'*�&��',0,'r運',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),'b運-- j🦫xÀ'),(58,_binary'!T�I',99,'wéb#十a',ST_GeomFromText('POINT(1 2)'),x'b9bce3a5e8bfb16f07a36cab5d408746'),(59,_binary'1����',1901,null,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),_binary'-'),(60,_binary'!A�F�',2155,'cn😀zq',ST_PointFromText('POINT(-1 0)'),'ÿr_表s\0能'),(61,0xc791,1999,"i",ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),'ccé\b運kh'),(62,0x5a5e,'0','dyh\bg😀t漢\b',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),x'db14f1da162e200828e9446ae5a75820'),(63,X'3B',70,";\bükgm文\ZÀhé表",ST_PointFromText('POINT(-1 0)'),X'C3F1620CD973'),(64,null,1901,'iÿjÀ😀v',ST_PointFromText('POINT(-1 0)'),_binary'�����yCo�["�'),(65,0xdf,'24','qsÀécソ',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),"±\msÿソ\mgé%nソ/*運\"x"),(66,NULL,1999,N'e\r表十',ST_GeomFromText('POINT(1 2)'),'ÿfm誠w文ÿx'),(67,x'6f',1999,'',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),X'000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F202122232425262728292A2B2C2D2E2F303132333435363738393A3B3C3D3E3F404142434445464748494A4B4C4D4E4F505152535455565758595A5B5C5D5E5F606162636465666768696A6B6C6D6E6F707172737475767778797A7B7C7D7E7F808182838485868788898A8B8C8D8E8F909192939495969798999A9B9C9D9E9FA0A1A2A3A4A5A6A7A8A9AAABACADAEAFB0B1B2B3B4B5B6B7B8B9BABBBCBDBEBFC0C1C2C3C4C5C6C7C8C9CACBCCCDCECFD0D1D2D3D4D5D6D7D8D9DADBDCDDDEDFE0E1E2E3E4E5E6E7E8E9EAEBECEDEEEFF0F1F2F3F4F5F6F7F8F9FAFBFCFDFEFF');
SELECT 25 INTO @v77;
CREATE TABLE IF NOT EXISTS `fz0`.`vars` (name varchar(20), v bigint);
INSERT INTO `fz0`.`vars` VALUES ('v77', @v77);
START TRANSACTION WITH CONSISTENT SNAPSHOT;
INSERT INTO `child5` (id,pid,`note`) VALUES (0,375,"誠p"),(65,374,'ÿnhm十±\%q😀d');
DROP TABLE IF EXISTS `fz0`.`t78`;
CREATE TABLE `fz0`.`t78` (
  `id` bigint NOT NULL,
  `c0` varchar(40) CHARACTER SET sjis,
  `c1` tinyint unsigned NOT NULL,
  `c2` bigint,
  `c3` double,
  `u` int,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uk` (`u`),
  KEY `k1` (`c0`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
COMMIT;
CREATE TABLE `fz0`.`t79` (
  `id` bigint NOT NULL,
  `c0` tinytext CHARACTER SET latin1,
  `u` int,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uk` (`u`)
) ENGINE=Aria DEFAULT CHARSET=utf8mb4;
SET NAMES utf8mb4;
CREATE TABLE `fz0`.`tk11` (
  `id` int NOT NULL,
  `a` int DEFAULT NULL,
  `s` varchar(40) DEFAULT NULL,
  `ts` timestamp NULL DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `ka` (`a`)
) ENGINE=InnoDB;
INSERT INTO `fz0`.`tk11` VALUES (1,-37,'s41',NULL),(2,132,'s658','2029-02-01 05:10:55'),(3,52,'s21','2013-04-11 04:33:31'),(4,126,'s151',NULL),(5,141,'s226',NULL),(6,-9,'s383',NULL),(7,136,'s159',NULL),(8,125,'s424','2021-08-20 23:08:45'),(9,14,'s589','2029-08-26 11:18:30'),(10,7,'s562',NULL),(11,76,'s670',NULL);
CREATE TEMPORARY TABLE `fz0`.`tt12` (
  `id` int NOT NULL,
  `a` int DEFAULT NULL,
  `s` varchar(40) DEFAULT NULL,
  `ts` timestamp NULL DEFAULT NULL,
  PRIMARY KEY (`id`)
) ENGINE=MyISAM SELECT * FROM `fz0`.`tk11` WHERE `a` > -12;
INSERT INTO `fz0`.`tk11` VALUES (12,136,'s369',NULL);
BEGIN;
DELETE FROM `fz0`.`tt12` WHERE `a` < -13;
EXECUTE IMMEDIATE 'INSERT INTO `fz0`.`tt12` SELECT `id` + 1000, `a`, `s`, `ts` FROM `fz0`.`tk11`';
DELETE FROM `fz0`.`tt12` WHERE `a` < -13;
ROLLBACK;
CREATE TEMPORARY TABLE `fz0`.`tt13` ENGINE=InnoDB SELECT * FROM `fz0`.`tt12`;
INSERT INTO `fz0`.`tk11` VALUES (13,107,'s680','2011-02-05 23:57:21'),(14,116,'s20','2011-05-06 13:51:34'),(15,46,'s892',NULL);
DROP TEMPORARY TABLE `fz0`.`tt12`;
CREATE TABLE `fz0`.`tcopy14` ENGINE=Aria SELECT `id`, `a`, `s` FROM `fz0`.`tt13`;
INSERT INTO `fz0`.`sv` (name, v) VALUES ('tmp', (SELECT LEFT(CONCAT_WS(' ', COUNT(*), SUM(`a`), MAX(`id`), GROUP_CONCAT(`s` ORDER BY `id`)), 400) FROM `fz0`.`tt13`));
DROP TEMPORARY TABLE `fz0`.`tt13`;
INSERT INTO `t78` VALUES (1,'十文vw_',+113,-121,null,1080),(2,'t十c',83e0,-2048316705326886696,0,1081),(3,'中fmsggjzl漢',129,b'1101110',1.5,1082),(4,"q能予m漢pmc",b'10010000',009,2,1083),(5,'\b表ha運',194,b'1101000',-0e0,1084),(6,_utf8mb4'ソ''m能',+4,71e0,.5e1,1085),(7,'ソ/*kg誠n#s\b',TRUE,390278364881025363,1.5,1086),(8,'表r',223,156,0.1,1087),(9,"\b",132,-120,-2.25e-3,1088);
CREATE TABLE `fz1`.`t89` (
  `id` int,
  `c0` enum('1','2','10','a','b') NOT NULL,
  `c1` varchar(64)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
SET NAMES utf8;
INSERT /*!40000 HIGH_PRIORITY */ INTO `fz1`.`b71` VALUES (68,0x09d01cb4,2155,"dwpnt\cu",ST_GeomFromText('POINT(1 2)'),X'C0E28A0BC2034C7C7808FD'),
(69,X'228DCF4F70AD','0','予運誠ggg%表n',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),x'851a5f8de6d576567230286d7a');
INSERT IGNORE INTO `child5` VALUES (NULL,278,'ソßq予r
'),(69,497,"文予gソr±o");
SET @v90 = ROW_COUNT();
CREATE TABLE IF NOT EXISTS `fz0`.`vars` (name varchar(20), v bigint);
INSERT INTO `fz0`.`vars` VALUES ('v90', @v90);
INSERT IGNORE INTO `t78` VALUES (10,'h能fmpbu',+92,null,'7.5',0),(11,'','83',102.4,0,24),(12,'',150.4,58.4,123456789.125,23),(13,'a\p表ts',62,-63,1e-30,9),(14,'中表aq運x誠z',0x82,0x9F1A166EC3BB0B0,NULL,25),(15,_utf8mb3'ig',TRUE,NULL,0,30),(16,'qd',b'1011110',b'10001011','7.5',31),(17,'能ng文g',201,'-1971850382754918107',-1E+10,30),(18,'v中能o能x',TRUE,-2204992380482010198,-0,null),(19,'',0x9C,-44408489239055323,'7.5',21),(20,'漢誠vb',151,25,1.5,32),(8,'',9e0,165,3.4e38,26),(16,'r十di\q誠nt',66e0,58e0,3.4e38,38),(15,'vdk漢\o/*zra',69,'198','7.5',18),(21,"dp",b'1001','88',3.4e38,18),(22,_utf8mb3"f",76.4,TRUE,0,12),(23,'
ndj漢','228',104,1e-30,6),(24,NULL,FALSE,868147938572259280,2,6),(25,_utf8mb3"hccソs文cq",131e0,-1154965547402399266,0,33),(26,'十能',b'1100101',+120,-1E+10,22),(27,NULL,TRUE,443766385845067218,null,NULL),(28,"vtvx漢a\k",'24',-1466488660832811296,'7.5',8),(29,'kgq',177,FALSE,1.5,20),(30,'誠ソc',186,-375786131341663111,'7.5',25),(31,"予wh能u-- p",77.4,194,123456789.125,NULL),(32,"c",14.4,145e0,1e-30,5),(33,'wvrop#nl能能',FALSE,FALSE,'7.5',19),(34,'pzxj ',+55,191,123456789.125,12),(35,_utf8mb3"ho\\表誠n",206,174,1e-30,0),(36,NULL,b'11110101',12,1e-30,7),(37,'能\0qm;\'o表十',b'1001110',@v90,1.5,15),(38,'n\_nz十十','151','192',-1E+10,23),(39,'予',32,-160,.5e1,NULL),(40,"oxj中/*d\_",b'10101101',FALSE,0.1,18),(41,' /*vh\rc\ncrgl',126,b'1011110',0,34),(42,'v能i表ソcxソ',+108,'1770713461905580110',3.4e38,12),(43,'中/*s',101,NULL,0,12),(44,'',30,null,1.5,7),(45,_utf8mb3'vs',74,139e0,3.4e38,0),(46,"十cソ中ebu能",176,TRUE,.5e1,21),(47,'運vsソx中\'g中a',b'10001101',448181045797577354,null,16),(48,'lkftnソ',141,-749425793759646458,NULL,null),(49,null,'37',b'1000000011001110100110110110000000100010111010110101001101110',1.5,18),(50,_utf8mb3'gpe',+149,0x86,1.5,27),(51,_utf8mb3'誠''表zn','150',570848107861756299,0.1,37),(49,"",54,'-19372151104425742',1e-30,16),(52,'zd中zi',0x5D,'146',-2.25e-3,27),(53,'fdz予',+153,b'10001011',1.5,26),(54,'t',238,178,0,12),(55,'\%qソ運\mソ能q予r',96,'-155',-0.0,25),(56,_utf8mb3'\an;文mxd表yt',193,'132',1.5,21),(57,"ソnpq予d",149e0,1271393477569544171,2,9),(17,'k漢',90,102,.5e1,17),(58,'rlxbソsmb',71e0,null,-2.25e-3,6),(59,NULL,247,-1474476638942273238,0,12),(60,'w十',0xC1,65,.5e1,4),(61,'bwソcv',FALSE,28279275035054303,'7.5',5),(62,"\t誠",88,b'1000111','7.5',21),(63,'十eb',216.4,-193770580682473646,'7.5',33),(64,"gvl誠",b'10110101',TRUE,1e-30,null),(65,'漢 e/*\r',b'101111',97,-0.0,8),(66,'gteyttde',70,b'10011010','7.5',19),(67,'',TRUE,1857872121264305206,-0.0,10),(68,NULL,42,-1667040987319123375,1e-30,39),(69,"文rnqe文xug",+121,797953984498126422,1.5,7),(70,'n',95,1283342605387182744,3.4e38,20),(71,"y'c誠能\b十q",198,'1646208094558709727','7.5',null),(72,'\rソ\%\%w',FALSE,TRUE,.5e1,27),(73,'',b'1001111',629205416531342209,1e-30,15),(74,'rza誠f十誠十',125,-842225276867953756,-1E+10,35),(75,"n表sd\n_誠文",b'1',-1350404739025711623,-2.25e-3,30),(76,'o文ii	予予',0x37,-194,-2.25e-3,22),(77,"pl表n",227,FALSE,NULL,NULL),(78,'r\0val中','94',b'11100010101001011011111011100110010000100001011000010100100',-0.0,27),(79,NULL,52,+275593051136566746,3.4e38,33),(80,'pa',56,@v90,-2.25e-3,38),(81,'k予表誠','9',-1001059212635946132,0,34),(82,'中zfm表z漢nt','129',null,-2.25e-3,14),(83,'r\\\n予#漢n',0x1B,TRUE,0,31),(27,'mcc\fsy',TRUE,NULL,3.4e38,14),(84,'',226,'5',123456789.125,11),(85,'p漢ioo文d誠中\y',150,null,2,15),(86,"uxs",161.4,FALSE,1e-30,35),(87,'ww誠h',037,-52,0,9),(88,'o表
ogd予表ソ',b'100111',-136,0.1,19),(89,"s文",180e0,-939217549065267044,'7.5',22),(90,_utf8mb3'k',175,109,'7.5',15),(91,'#yyv',TRUE,0x1A,'7.5',4),(92,'xソs能文;zg漢',20,0xF7FDA52D22D3CA8,0,29),(93,'中tn',b'11100',@v90,1.5,23),(94,'\ryv ',176.4,98.4,0,36),(95,null,026,-1419126961767710613,'7.5',6),(96,null,207.4,1896059116025754068,0.1,39),(97,'h文ckwo漢_b',177,1964544376463809352,'7.5',31),(98,'十表nt能能',199.4,56,1.5,34),(99,'g\g',0x57,'25',3.4e38,30),(100,'e\q',83,2197634096950215014,0,35),(101,'x十',FALSE,0xDDEA50B2AE5C673,3.4e38,35),(102,_utf8mb3'ahkr表',142.4,1248736993112198759,1e-30,31),(103,'中cn',144.4,'80',123456789.125,35),(104,'hbg',b'10000001',+137,0.1,36),(105,"",215,171,3.4e38,11),(106,"s中\%",TRUE,-2024234682281026070,NULL,24),(107,'漢',FALSE,086,'7.5',1),(108,'ソz文n',162,-1621802635090114150,1.5,39),(109,'ugc\y表ng',93,0x14A40CDADBAFF642,'7.5',NULL),(110,"ソ漢eh%kj",0xBF,'90','7.5',11),(111,'kgkey\r',60e0,204834692018715645,-2.25e-3,24),(112,'fi;#',+128,1075239755696651946,-1E+10,8),(65,'h運',138,111.4,1e-30,14),(113,'予"jw漢ft%',36,-1629360880019552731,0,10),(114,'表能fcdj誠p-- ',234,170,-0,28),(115,'運hk',114,b'10010100',2,10),(116,"e誠yソ%運",FALSE,-38,NULL,null),(57,'tソpyak',241,-1183901562254772548,123456789.125,6),(117,_utf8mb3'tm\bmv予漢\r\n',b'1','156','7.5',33),(118,"nソ/*cp表誠\j誠g",'112',-1168931176865780726,0.1,3);
INSERT INTO `fz1`.`t89` VALUES (1,'a',_utf8mb3'd能\Z\0'),
(2,'b','中v能y\'ép'),
(3,1,'x\d\drßz漢'),
(4,'2',"ü表f\nr±i"),
(18,3,"十文c誠oc能ÿ誠t"),
(5,5,''),
(6,'B','xÿcソ中v\rj'),
(7,'a','#'),
(8,'1','\Z\n;xj'),
(9,1,null),
(10,'10','能中v'),
(11,'1','漢十ソ運"\'lzßar'),
(12,3,'hx能ügxd'),
(13,'a','中漢é#qvbÀem'),
(14,'2','誠'),
(15,'a',_utf8mb3'édp'),
(16,'2','zs漢c''文'),
(17,'a','`''i'),
(18,1,"ey"),
(19,'2',"cbuÿ\_cuソ"),
(20,'10','tubußz'),
(21,'b','xdg十予bソ'),
(22,'a','qaÀni'),
(23,1,'`\p漢漢Àmw'),
(24,3,"én漢予漢g"),
(25,'2','hmqwoß;±fl'),
(13,3,'漢f'),
(20,3,null),
(26,'a','ü十文f能n'),
(27,3,'iw\%'),
(28,5,'t'),
(29,'2','h表\ayÿ'),
(30,'1','b十'),
(10,1,''),
(31,1,null),
(32,'10',"ék\"g"),
(33,5,'mw漢x±mt\\'),
(34,'a',null),
(35,1,'üc運bß能'),
(36,'B','\umÿücu中c\Zy/*z'),
(37,'B','ti'),
(38,5,'漢b表h#\Zc運'),
(14,3,'urdl予能z'),
(39,'1','tdbb運'),
(40,'10',"l"),
(41,5,null),
(42,'10',"能kaßß``qw"),
(43,3,'pcvソÀ`	u'),
(44,'10','ÿd漢füßr'),
(45,'B','éßfccyr');
SET NAMES gbk;
REPLACE INTO t78 VALUES (119,'���� uqʮ',188,49,'7.5',37),(120,'\\\_��z',FALSE,'169','7.5',34),(121,N'\b\b��\vd',0x83,-683546610709863589,-0.0,17),(122,'��',127.4,@v77,'7.5',38),(123,'\\\a��ʮzdu',23,-1887336754672289683,-2.25e-3,39),(124,'',197,052,1.5,38),(125,'olo����bʮ',167e0,'-2046093328789641661',null,32),(126,'ʮ��\tsx��',+191,'1000284495217318139',-2.25e-3,6),(127,'��s/*;qf��#',FALSE,100,3.4e38,18),(128,'fboh',b'1011010',-1968360744822609536,-2.25e-3,15),(129,'��ʮhbv',FALSE,0x4,-1E+10,11),(130,'/*o_so',155.4,93,123456789.125,35),(131,'no`uʮe',241,-115,0.1,6),(132,"ʮ��k\x'",97,FALSE,123456789.125,4),(133,NULL,0x16,'117',0,25),(134,null,0x8A,FALSE,-1E+10,16),(135,'hrpf\Zl',102,NULL,0.1,10),(136,NULL,0x85,24.4,3.4e38,36),(137,"xf\domʮ",192,@v90,-2.25e-3,24),(138,'y��',TRUE,025,123456789.125,28),(139,'jajp��sgn',197.4,NULL,1.5,18),(140,' xjet',b'11111101',TRUE,0.1,27),(141,'v��w',b'10110010',159.4,-2.25e-3,3),(142,'yfz',135,FALSE,'7.5',27),(143,'_\0w"',+137,47,0,31),(144,'p�hmʮt',0x2F,164.4,2,27),(145,'pjfe',+122,33,3.4e38,0),(146,'x��x',175.4,-232014072433170801,'7.5',30),(147,NULL,+43,@v90,1e-30,null),(19,'ʮ�ĥ�b��hn',44e0,-1653894524593307475,-2.25e-3,29);
INSERT INTO `fz0`.`child5` () VALUES (),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),();
INSERT IGNORE INTO t79 (id,`u`) VALUES (1,5),
(2,37);
EXECUTE s93;
INSERT INTO `fz0`.`t1` VALUES (1159,'qgkug\"nl',NULL,ST_GeomFromText('POINT(1 2)'),b'0',3916799319448624097,'',1094),(1160,'���h��ʮ m�hs',0x4E,ST_GeomFromText('POINT(1 2)'),1,0x348895B469B6933E,N'mc	revcdzi',null),(1161,"��",-156,POINT(3, 4.5),B'0',b'11111110100110101111000110010101011110101010011010010100000001','�hu	vtd',1095);
COMMIT;
COMMIT;
INSERT /*!40000 HIGH_PRIORITY */ INTO `fz1`.`b71` (`id`,c0,c1,`c2`,c3,`c4`) VALUES (70,x'1b93',1901,"i��nc�hgtd",POINT(3, 4.5),0xc975dcb0),(71,x'ac86b3e1f3ed','2024','',ST_PointFromText('POINT(-1 0)'),x'1fe479');
DROP TABLE IF EXISTS `fz0`.`tk16`;
CREATE TABLE `fz0`.`tk16` (
  `id` int NOT NULL,
  `a` int DEFAULT NULL,
  `s` varchar(40) DEFAULT NULL,
  `ts` timestamp NULL DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `ka` (`a`)
) ENGINE=InnoDB;
INSERT INTO `fz0`.`tk16` VALUES (1,-11,'s105','2028-10-08 18:55:14'),(2,21,'s834',NULL);
PREPARE tps18 FROM 'CREATE TEMPORARY TABLE `tt17` (
  `id` int NOT NULL,
  `a` int DEFAULT NULL,
  `s` varchar(40) DEFAULT NULL,
  `ts` timestamp NULL DEFAULT NULL,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB SELECT * FROM `fz0`.`tk16` WHERE `a` > -22';
EXECUTE tps18;
DEALLOCATE PREPARE tps18;
INSERT INTO `fz0`.`tk16` VALUES (3,50,'s449','2011-10-03 13:45:53'),(4,23,'s173',NULL),(5,99,'s501',NULL),(6,49,'s239','2010-05-15 13:53:22'),(7,11,'s601','2024-06-07 19:38:21');
SET autocommit = 0;
SET STATEMENT max_statement_time = 0 FOR INSERT INTO `tt17` SELECT `id` + 1000, `a`, `s`, `ts` FROM `fz0`.`tk16`;
INSERT INTO `tt17` VALUES (11000, 82, 't324', '2028-09-02 17:36:39'),(11001, 29, 't682', '2015-07-02 18:45:01'),(11002, 141, 't544', NULL),(11003, 4, 't369', '2022-07-01 03:38:49'),(11004, 70, 't567', '2025-04-09 23:28:53');
INSERT INTO `tt17` VALUES (11005, 89, 't734', '2021-10-17 11:59:23'),(11006, -28, 't981', NULL),(11007, 111, 't975', NULL),(11008, 22, 't604', '2028-07-02 05:20:55'),(11009, 131, 't11', '2019-06-12 20:21:30');
DROP TABLE IF EXISTS `ttr19`;
SET GLOBAL completion_type = 1;
SET completion_type = DEFAULT;
START TRANSACTION;
INSERT IGNORE INTO t79 VALUES (3,'qd',29);
INSERT INTO `t1` VALUES (0,'dob��ly/*l',-1292948444,ST_GeomFromText('POINT(1 2)'),B'0',0x1EF69955A42C3AF5,'cp\qck\%����',1096),(1163,'jm��yqajp',158,POINT(3, 4.5),B'0',b'11000101101110111000011010001000000110110001000100111000110111','ʮnktʮv��t',1097),(1164,'',-695802665,ST_GeomFromText('POINT(1 2)'),0x0,B'111110010000110100100100100111111101001011110110011000010010','u���hfwrh\r',1098);
INSERT INTO `t78` VALUES (148,'l��s����mx','240',8e0,2,1099),
(149,'\ufs��','223',1880299994823348161,0.1,1100),
(150,'bxz',17.4,185,.5e1,1101),
(151,'drnym\bʮ','194',-54,0,1102),
(152,"nmjfs\Z",147,111,-2.25e-3,1103),
(153,'xi��o',210,null,2,1104),
(154,null,22e0,@v77,1e-30,1105),
(155,'k',FALSE,94,'7.5',1106),
(156,'qc��xv','99',-2048772445593974210,2,1107),
(157,'jst����w\0','172',140,1.5,NULL),
(158,'''pa%v\n',226,-235341174998260224,3.4e38,NULL),
(159,'''',237.4,0x1D4AC9CBAF207C81,3.4e38,1108),
(160,'',96,430606233825839400,1e-30,1109),
(161,'zldl"',0xB2,FALSE,-1E+10,1110),
(162,"��c�� ��",169,NULL,.5e1,1111),
(163,'nvʮk��',+169,0x18C5F2EC1D1027D0,0.1,1112),
(164,'�hrb-- \cxsʮ',56,0x69,-1E+10,1113),
(165,"�h��s��wf",38,0x47,'7.5',NULL),
(166,null,61,NULL,.5e1,1114),
(167,'qvp',TRUE,1792230352993376819,1.5,1115),
(168,'`v',047,b'10010011',-2.25e-3,1116),
(169,'\up/*wv/*p;',9.4,33,-1E+10,1117),
(170,'��_;p',176e0,'2167840410985250874',null,1118),
(171,"c��tqyebt��r��",TRUE,b'10111001',123456789.125,1119),
(172,'d',b'1011010',null,3.4e38,null),
(173,'e','250','-255551541550518644','7.5',1120),
(174,'\qrsʮ',111,-2153204006289064831,-2.25e-3,1121),
(175,'`��sz\Z',194,1122299265345788486,1e-30,1122),
(176,'��ux',114.4,TRUE,0.1,1123),
(177,'fq',148,1955753199583981033,1e-30,1124),
(178,'d��c\'',109.4,172,null,NULL),
(179,'�hy',142,47,1e-30,1125),
(180,'gwl�Х���',+183,143,0.1,null),
(181,NULL,209.4,-1915361224943126466,3.4e38,1126),
(182,';��tf��','128',159e0,'7.5',1127),
(183,'','95',175,1e-30,1128),
(184,'��;fj\h\n��a��x',99,'173',0.1,NULL),
(185,NULL,+0,1846016991417596023,3.4e38,1129),
(186,NULL,TRUE,TRUE,1e-30,null),
(187,'qeʮgnr',+184,-82115259925652575,3.4e38,NULL),
(188,";��	ʮn������g",143,2119505503925600613,-1E+10,1130),
(189,'i',b'10110101',88e0,0,NULL),
(190,N'b��\\"pw��u',+22,TRUE,.5e1,1131),
(191,'l\t',b'11000011',FALSE,3.4e38,1132),
(192,'fgvd��zs\m',195,-956933348693727888,0.1,null),
(193,'izh-- jv�Х���',+150,13.4,1e-30,1133),
(194,"c",TRUE,85,1e-30,1134),
(195,'/*w���',185.4,-2291003800278469925,.5e1,1135),
(196,NULL,195.4,35.4,3.4e38,1136),
(197,'ya����opp',123.4,0xC7,0.1,1137),
(198,NULL,TRUE,-44401902684172099,1e-30,null),
(199,'��\b����rʮ\"��k',121,1954694750859032459,123456789.125,1138),
(200,'����',FALSE,1729568501717037755,null,1139),
(201,'ol\sge�б�";',153.4,FALSE,'7.5',1140),
(202,"gb",25,0xD,'7.5',1141),
(203,'tdax��kb\np��l','196',-595002487400713568,-2.25e-3,1142),
(204,null,31,@v90,'7.5',1143),
(205,"\cj��gz",53,-23,-1E+10,1144),
(206,'c',0xCA,@v77,3.4e38,1145),
(207,'f��qws',61e0,FALSE,.5e1,1146),
(208,'gnlrcy\Za\\',48,115,1.5,1147),
(209,'c',60,705400307510537888,1.5,1148),
(210,NULL,36,1511442592482190985,-2.25e-3,1149),
(211,'dq\c\'\tre',0xD,-165455387901077506,2,1150),
(212,'��vq\Zv',006,182.4,'7.5',1151),
(213,'i�h','174',111602095422387237,.5e1,1152),
(214,'���ܥ�g�ĥ���',106,FALSE,'7.5',1153),
(215,'`',117,1949906902603321985,123456789.125,1154),
(216,'/*v',+1,'1035123604176559415',-2.25e-3,1155),
(217,'-- b',0x98,1147133143993021332,.5e1,1156),
(218,'ac����',0xEC,76,-2.25e-3,1157),
(219,"qzr��lf%",0x4E,752530473245364436,'7.5',1158),
(220,'',0x28,161,-1E+10,1159),
(221,'io',204,+121,.5e1,1160);
COMMIT;
INSERT IGNORE INTO child5 (`pid`,note) VALUES (340,'��a/*nd�h\s��k'),(489,''),(281,"�ho"),(274,NULL),(258,'lev����'),(496,'��\Zgl'),(385,'ʮdfoess�hq��y'),(520,'fliennl\s'),(289,'y'),(384,N'kle��na'),(500,'\tf'),(518,'n'),(292,'kjhnnzy'),(212,'#muytub'),(5,'xt�hzo��'),(463,NULL),(383,"dym\_��qe"),(520,'cq����t�h'),(1168,'eu��;'),(376,'golwey;'),(274,"��r-- h"),(375,null),(1170,'-- joyp_g��'),(500,';a\pzi'),(288,'����'),(419,'qids��pl'),(466,''),(291,'oju'),(1172,'tzw���h'),(9,""),(287,'ag\njj'),(291,'_s_vw'),(10,'\0 \Zdjlqs'),(217,'of��d��\nqh��'),(286,'jxmi\"ak'),(212,'u��ʮ\bi'),(217,'b-- rh%j'),(280,'z'),(281,'a��'),(277,'��jhxb'),(1168,"��cvyz��wm"),(1170,'jvi;gd\n��\x'),(218,'v'),(292,'#j�ܝh/*spj'),(417,'b\\'),(498,'ʮ\0'),(1171,'cno'),(284,'ry'),(464,'vts��avt'),(418,'��h\Z'),(383,N'\vq��v'),(418,'xjj\u'),(278,'�h'),(282,''),(288,'����dwu'),(499,"ryoo\fx����\s"),(281,'z��\0nkqvau'),(284,"�� x"),(274,'nxyh'),(9,N'\Z\nyk\be/*'),(415,'��bz��d'),(497,'\yyy'),(1170,"o����mc��"),(384,null),(212,'q'),(217,'��u��aʮʮ'),(418,'vt\amy'),(499,'��m''byyu\wpt'),(1169,'h'),(494,'����`krʮ'),(374,NULL),(281,"smh"),(258,'������k'),(280,'j�hm'),(495,'\oawikbcju`'),(6,"'rp��s"),(518,'��bqc'),(1171,'��odzby\i'),(464,'ell��'),(5,''),(275,'rd%uiprr'),(216,"\gub��x"),(290,'t��y\%g'),(462,'lhrjd'),(384,'zm\\��k'),(288,'mq'),(494,null),(303,''),(1172,"p"),(280,"li��"),(280,'w'),(494,'\lz'),(1171,"��pakbjo"),(10,'#em�h\lt��g\Z'),(498,''),(284,'��;y/*'),(6,'r\qn��\faoj'),(461,'c'),(376,"x jxlkxt"),(216,'ht"����jm��'),(274,null),(278,'-- e');
INSERT INTO `fz0`.`t78` VALUES (222,'ne',90,-35,.5e1,1161),(223,'xzl',b'10001000','-1428362790003872630',0.1,1162),(224,'nn\ots',170,1361730174891117937,1e-30,1163),(225,'��',78,0x1FA03BA31752B8C4,-2.25e-3,1164),(226,null,+179,-2048681509239186030,.5e1,1165),(227,'sj��',3,-33,3.4e38,1166),(228,'��/*s\c����g��',170,+2122383536528376404,2,1167),(229,'�Нhfz��',51,FALSE,1e-30,1168),(230,'z"bgm',b'1100100',-35603418373921374,1e-30,1169),(231,"cto",151.4,null,3.4e38,1170),(232,'a��ytuo`��',77,+670419569452329470,1e-30,1171),(233,'np',141,TRUE,NULL,1172),(234,'��kr\nh',99,-1460740721635113998,1.5,1173),(235,'v',64,-119,1e-30,1174),(236,'x�ĥ� ',b'100',TRUE,-0.0,1175),(237,' \\',165e0,13e0,1.5,1176),(238,N'fluvjr',0x92,FALSE,3.4e38,1177),(239,"ifc",18e0,0x8C265B7C9F5016A,3.4e38,1178),(240,'����vʮ��a��',0x44,-38.4,-0,1179),(241,"",+165,'-38',null,1180),(242,'j��kn',046,-145,.5e1,1181),(243,'l\ny��i','150','1722684279160139677',-2.25e-3,1182),(244,'��lj��rʮjʮ',46e0,-47,NULL,1183),(245,'',117.4,TRUE,2,1184),(246,'ay��m',88,null,2,1185),(247,'vd\d��a��',b'11000101','36',3.4e38,1186),(248,'inl\0dp',109e0,1563720155350377528,-0e0,1187),(249,'oxgk',b'1101000','55',-1E+10,1188),(250,'/*cqe\xtpci',53.4,822010096687003028,'7.5',1189),(251,'brf\b\uk',+20,-1803566026914940375,0,1190),(252,NULL,'24',66e0,0,1191),(253,NULL,88,-1156232956995843391,-1E+10,NULL),(254,'s;��',114,1630543904704057908,-2.25e-3,1192),(255,'jr��wjʮcʮ��a','173',-2222557788374786434,123456789.125,1193),(256,'i��tq\0','124','15','7.5',1194),(257,'co��',b'10011001',TRUE,.5e1,1195),(258,'',130,569755960256075309,'7.5',1196),(259,'gaz`nzghfz','31',-1457934005443991453,1.5,1197),(260,'asyʮ-- #dh',b'1110100',-119,1.5,1198),(261,'d\cfcin��rzo',0xF4,-59,1.5,1199),(262,"mn-- nzm��",141,'-23',.5e1,1200),(263,'d`�hvg\nilam','120',-150,123456789.125,1201),(264,NULL,'173',-760694078890100934,null,null),(265,'kp',+160,396230881228634443,1e-30,1202),(266,'\vlfh��is',b'10010001',null,0.1,1203),(267,'��','152',+82,0,1204),(268,"h��j��#m",109,87,-1E+10,1205),(269,"fu��dh��o",134,0x86,2,1206),(270,'s',206,-504243992226326888,'7.5',1207),(271,' rx\b\n\\�h',162,TRUE,1.5,1208),(272,'g	f\rxw\wj',121,'1190995568618573242',3.4e38,1209),(273,"����s\b",247,'167',1.5,1210),(274,'e�hʮz',127,-11,0,1211),(275,'g��ʮjo',112,2144970852844736729,0,1212),(276,'xj��ʮ',b'10110101',-1901374148442418283,0,1213),(277,'rbu_k',TRUE,-2092000155776068543,.5e1,1214),(278,'��v��fl',b'10011000',b'100110',.5e1,1215),(279,'f�h',+157,null,3.4e38,1216),(280,N'vcuʮx-- q��',40e0,TRUE,0.1,1217),(281,'��vgoab��',b'10101100',-412267497967439357,3.4e38,1218),(282,'tvybx\smn_',b'11011100',0x19BBAAE44285966A,.5e1,1219),(283,' u\bnd',TRUE,0x24,'7.5',1220),(284,'\_��ow',133,146,NULL,1221),(285,'c',241,385233984282940963,-2.25e-3,1222),(286,"o\\ankl",'23',192e0,1.5,1223),(287,"s\rjpeo\b",FALSE,'-197',0,1224),(288,null,b'1110111',47.4,1e-30,1225),(289,'r��rry�h�h',0xC3,116e0,.5e1,1226),(290,'\"w\"ʮ',+187,+177,.5e1,1227),(291,'p��/*ilis\qo��',173,'-1720375352587827872',-2.25e-3,1228),(292,'\uu',105,-39,3.4e38,1229),(293,'��qbq\Z',056,1890818711603454812,1.5,1230),(294,'',0x1D,195,-2.25e-3,1231),(295,'wi\rl��\oc��/*',FALSE,FALSE,2,1232),(296,'
nʮycn\"',111,NULL,'7.5',1233),(297,'n������puʮ',0xEA,-77859857879915722,0,1234),(298,'zrʮvuc;��y',158,1088765950522018269,1e-30,1235),(299,'jv��\d','153',840752575883975139,0.1,1236);
INSERT INTO `fz0`.`t79` VALUES (4,'us\vjszfq',7),(5,'cz',31),(6,null,null),(7,'yayc',22),(8,NULL,12),(9,'',16),(10,'',28),(11,'',35),(12,'_\y',15),(13,'\'',33),(14,'vicp',16),(15,'ooko',17),(16,'ixkh\jplgy',27),(17,"boqrs",6),(18,'er\bo',25),(19,'xldx',5),(20,'v tbzw',22),(21,'zjss',31),(22,'\'jlot',28),(23,'gzge',13),(10,' c\an\Zf',10),(24,NULL,15),(25,"\Zk\me\bslx",23),(26,'',34),(27,NULL,34),(28,'',6),(29,'x',10),(30,'dzlxhkro',9),(31,'f\cy\Zr_h',28),(32,NULL,30),(33,"",25),(34,'\Zajl\Ztc',31),(35,'yth',15),(36,'h\'#vqq',35),(37,'\n',24),(38,'zbzzsly',null),(39,'ae',0),(40,'\nnw#\c',18),(41,'rwbkr',0),(42,'fi',31),(43,'lwqqjn',36),(44,'zhm/*umtb',13),(45,'zd\Zt fq',9),(46,'"pbv',17),(47,'ikpd',9),(48,'cjvzr#',35),(22,'',14),(49,'jcztv',14),(50,'sl',25),(51,'',19),(52,'%w',37),(53,'ef',39) ON DUPLICATE KEY UPDATE `u` = NULL;
SET GLOBAL completion_type = 0;
SET completion_type = DEFAULT;
ROLLBACK;
SET NAMES latin1;
