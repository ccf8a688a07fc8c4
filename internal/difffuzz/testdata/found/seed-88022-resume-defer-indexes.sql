-- difffuzz: the mariadb client and `dumpscope import` disagree on this script.
-- seed 88022, mode resume-defer-indexes (dumpscope import --parallel 2 --defer-indexes --batch-bytes 2K --checkpoint JOURNAL), kind dump.
-- Shrunk from 153 statements and 1442 rows to 92 statements and 648 rows.
-- The original: go run ./scripts/difffuzz --dumpscope BIN --seed 88022 --count 1 --modes resume-defer-indexes
-- (line numbers in the detail below count from the first line after this header)
--
-- first difference at line 160:
--  client:    ) ENGINE=MyISAM AUTO_INCREMENT=21 DEFAULT CHARSET=latin1 COLLATE=latin1_swedish_ci;
--  dumpscope: ) ENGINE=MyISAM AUTO_INCREMENT=22 DEFAULT CHARSET=latin1 COLLATE=latin1_swedish_ci;

SET NAMES utf8mb4;
CREATE DATABASE `fz0`;
CREATE DATABASE `fz1` DEFAULT CHARACTER SET utf8mb4;
USE `fz0`;
/*!40014 SET @OLD_FOREIGN_KEY_CHECKS=@@FOREIGN_KEY_CHECKS, FOREIGN_KEY_CHECKS=0 */;
CREATE TABLE `fz1`.`t1` (
  `id` int NOT NULL AUTO_INCREMENT,
  `c0` int,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
/*!40014 SET UNIQUE_CHECKS=0 */;
INSERT INTO `fz1`.`t1` VALUES (1,-195.4),(2,FALSE),(3,-281371323);
INSERT IGNORE INTO `fz1`.`t1` (`id`) VALUES (4),(3),(4);
DELETE FROM `fz1`.`t1`;
REPLACE INTO `fz1`.`t1` VALUES (62,-115472010),(101,-363795805),(102,31),(103,185),(104,+160),(0,165),(106,NULL),(107,-565913361),(108,-129),(43,120164559),(0,NULL),(110,null),(111,-951320034),(NULL,b'11000'),(0,+1129219358),(114,-208265779),(115,-1133692403),(116,524768018),(0,-1591771076),(118,+99),(138,'-103'),(139,1241405167),(NULL,-132),(141,null),(142,0x8D),(143,1294587531),(144,TRUE),(NULL,TRUE),(146,-70),(147,-1969720247),(148,'-108'),(149,1914913182),(NULL,'2004331063'),(196,685833642),(197,-1049343080),(0,-1786088330),(NULL,183316856),(200,77),(201,65.4),(202,'-178'),(NULL,'-485868158'),(204,-49),(205,-1307992091),(206,-842357463),(207,-97),(208,43),(NULL,262712356),(242,+167),(243,-1877775574),(244,'154'),(245,NULL),(246,411223919),(247,158),(248,-901827687),(249,b'1101011'),(250,12),(0,'59'),(252,-110),(253,2005038369);
DROP TABLE `fz1`.`t1`;
CREATE TABLE `fz1`.`t1` (
  `id` bigint NOT NULL,
  `c0` float,
  `c1` varchar(40) CHARACTER SET sjis,
  `c2` decimal(5,0) unsigned NOT NULL,
  `c3` varchar(40) CHARACTER SET latin1 NOT NULL,
  `u` int,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uk` (`u`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
INSERT INTO `fz1`.`t1` (`id`,`c0`,`c1`,`c2`,c3,u) VALUES (1,123456789.125,null,0x17BA6,'qbnj',1002);
INSERT /*!40000 HIGH_PRIORITY */ INTO `fz1`.`t1` VALUES (2,3.4e38,'c',28.5e0,"k\k\\gnngÀ±",1003),(3,NULL,'zfryn`表',81788.16,'ßf\dbqÀ',NULL),(4,2,'u',4616,'zÿn',1004),(5,2,"表txgalmq",.834,'rjlßnm',null);
INSERT IGNORE INTO `fz1`.`t1` VALUES (6,-1E+10,'ted#wqtgiz',64.5e1,'lmßnnü\y',32),
(2,0.1,'x\r文kf表\Zcmd\0',63.5e0,'',28),
(7,123456789.125,'表',75.5e1,'sv',14),
(8,-2.25e-3,'',97967.27,'',36),
(9,.5e1,_utf8mb4'zt\buソ予',57085.28,'',25),
(10,0.1,'d',72.5e0,N'mbÿÿxu',3),
(11,.5e1,'k''',87097.29,N'i%',0),
(12,-0.0,'y/*予`avjk','13948.003','',5),
(13,-2.25e-3,'',91563.47,'rdgxw',5),
(14,123456789.125,null,'83286.172','t\b',20),
(15,-2.25e-3,'予mjb','50750.185',_utf8mb4's',NULL),
(16,3.4e38,"",'70543.606','sÿl',14),
(17,NULL,NULL,18.5e1,'üex±stÿudü',36),
(18,1.5,"v",12.5e2,'sc/*_ppc±v\b',19),
(19,2,'能\\om文-- `',11900,"wgvlc\riÀc\Z",32),
(20,3.4e38,'j\b',40889,'±#kmg glug',16),
(21,2,"c運ソm運",16329,_utf8mb4"q\rßhz",34),
(22,123456789.125,'j','60418.669','hsndcf;oz',36),
(23,.5e1,'\b-- ',.63,_utf8mb4'u\f;',21),
(24,.5e1,'u文b能\m表lpg',5795.50,'tpratqded',20),
(25,0,'sr漢',49429.74,'Àz',11),
(26,123456789.125,'予ソdtna運',0xC623,'gy\r',35),
(27,.5e1,'\Za運sdh',0x1E8F,'oi',34),
(28,0.1,'\rfy中誠\t;',64557,"\ldßzé",29),
(29,0.1,'qthex\\予ar',.4,'eaidb\a',14),
(30,1e-30,'zdkn能中or中',70.5e0,'',1),
(31,3.4e38,'kql',95297,_utf8mb4"hrhafj",9),
(32,0,_utf8mb4'e誠漢z\b',94318,_utf8mb4'\"q"',10),
(33,1e-30,"ソ\rp文",0x7B9C,'\'vz/*;f',28),
(34,2,'uwcn運l誠','22691.758',_utf8mb4'\\y',25),
(35,1e-30,"文予e中",1.5e1,'ggpüjb',24),
(36,'7.5',null,76.5e0,"frg",11),
(37,1e-30,'表y表',62272.23,'\nc',10),
(38,0,"漢qg",52.5e2,'afhzzj#',NULL),
(39,0.1,_utf8mb4'i\wソnmq/*文運能v',36049,'ßcÿb',24),
(40,-2.25e-3,'b能ソi能',.438,'\uq',39),
(41,.5e1,'漢x',86102,'`ojixt-- y',null),
(29,'7.5','十l表#ubr',0x1624,'',9),
(42,.5e1,'ofgf\i',22477,'cÀhwÿ',12),
(43,3.4e38,'lypfzwo','44358.065',_utf8mb4'#ürcy',32),
(44,1e-30,'s/*表表wh',.818,N';nqf',18),
(45,1e-30,N'誠\wn',22929,'o',31),
(46,'7.5',null,'84675.806','',null),
(47,3.4e38,'vxesz',87.5e0,'ud',6),
(48,'7.5','能l',.251,'±jeny\xu',4),
(49,0.1,'\"文\bm予heソg',47814,'',14),
(50,1.5,null,.262,'eeh±;',21),
(51,1e-30,'aw\n',85896,"\"Àdénafg",36),
(52,NULL,"\hzrソ漢ns文\0",54.5e2,'',NULL),
(53,-2.25e-3,'',3847,'vvz',23),
(54,-1E+10,'pyf表zge',72646.98,'''zoÀv\0',29),
(55,-2.25e-3,'o文st中ソ',81704.71,"y±",24),
(56,'7.5','w',81645,'',7),
(57,'7.5','能s\to十十',0x1519C,' lÿx',13),
(58,NULL,'ソ予n表	p','66520.780','\rap-- eai',10),
(59,1e-30,'dp\r;rrv',.749,' v\'bÿeÿ',37),
(60,'7.5',"t予qi",.369,"",19),
(61,-0e0,null,61552,"ve",0),
(62,3.4e38,NULL,33950,"az",17),
(63,123456789.125,'stb-- 漢qnjソz能',73711.53,'fÿw',29),
(64,1.5,'',46028,'aßy',38),
(65,-0.0,'r中文',.429,'-- \bolüb;',28),
(66,'7.5',"中r",'92406.711',"üb",18),
(67,1.5,'yoiwソugmg',0x1069A,'z\Zz',19),
(68,-2.25e-3,'vqypyqt',46395.90,'lfbolésox',28),
(69,123456789.125,'hojqoisc',1413,"mhg#x",null),
(70,3.4e38,'十q運h',50772,"ÿzw",NULL),
(71,'7.5','e',0x9376,'rse',29),
(72,0,"",0x14AD1,'fßv\_',11),
(73,-0e0,'誠','36340.920','mh',22),
(74,-0e0,"中a\nltjelb",.791,'fmgaw',23),
(75,1.5,null,.755,'\0ßo',28),
(76,0,'\'\l',19924.52,'thszi\%utü',31),
(77,null,"wnrzu誠運",'69739.701',_utf8mb4'jcÀnbf-- j',31),
(78,.5e1,'g能',80.5e0,'\in\ivÀußs',2),
(79,0.1,_utf8mb4'\l','96390.468','ée\\wéotn
gd',7),
(80,-2.25e-3,"文u#lv\u;h/*",35568,'±f',14),
(81,'7.5','能表','2168.552','yq',3),
(82,0,'',98.5e2,'oülrxe\'',19),
(83,2,'十qlwq',0x15B1B,"fzßiégui",38),
(5,.5e1,"ubdib",49098.43,'h\slzo',34),
(84,1.5,"bv",95356,'
lgfm±# ',18),
(85,0.1,'x\b十',.248,'üqm',4),
(86,2,'n',.544,' er',1),
(87,1e-30,'mzソ表','37507.740',_utf8mb4'hü_ßié\0',12),
(88,123456789.125,'文\\o文vg',63840,'ßok\rezvu',16),
(89,1e-30,'\_yi漢hk',96210,'b\jic\nqaßiw',28),
(90,0.1,'十\ty予文vy','82056.161','\bm/*',30),
(91,-0.0,'誠vsjo',0x65B4,'q#',27);
/*!40014 SET UNIQUE_CHECKS=0 */;
INSERT INTO `fz1`.`t1` (id,`c2`,c3) VALUES (92,47921,'wk\0'),(93,15240,'tys\v\r\nüo\v'),(94,.273,'w\Z');
INSERT IGNORE INTO `fz1`.`t1` VALUES (95,0,'qbw表十	','98618.614','',23),(95,-2.25e-3,NULL,.42,'gybüürt',13),(95,.5e1,'r',.630,'ÿzüé',24),(94,123456789.125,'chz運kソ文sv十',40118.38,'',33),(95,123456789.125,'kq''漢c',57.5e0,_utf8mb4'\n\tb;',24);
DROP TABLE `fz1`.`t1`;
CREATE TABLE `fz1`.`t1` (
  `id` bigint NOT NULL,
  `c0` float,
  `c1` varchar(40) CHARACTER SET sjis,
  `c2` decimal(5,0) unsigned NOT NULL,
  `c3` varchar(40) CHARACTER SET latin1 NOT NULL,
  `u` int,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uk` (`u`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
INSERT INTO `fz1`.`t1` (`id`,`c2`,`c3`) VALUES (96,50568,'gltc \tibß'),(97,7969,'mf\wÀx±gpdé'),(98,19.5e2,'xdßsqüof');
REPLACE INTO `fz1`.`t1` VALUES (99,1.5,NULL,48988,_utf8mb4"±",3),(96,NULL,NULL,21770,'e\\aj',NULL),(99,-2.25e-3,'"',296,'qaÿürq',34),(99,1.5,'予r\tp',8.5e0,'\bxüü',23);
INSERT INTO `fz1`.`t1` (`id`,`c2`,`c3`) VALUES (100,'56686.741','cfoÿup'),(101,52798.21,'oéow'),(102,'31445.894','fz\Zekré');
/*!40014 SET UNIQUE_CHECKS=1 */;
DELETE FROM `fz1`.`t1` WHERE `id` % 5 = 0;
INSERT INTO `fz1`.`t1` (id,`c1`,c2,`c3`) VALUES (103,'ngn\"tqf表b','63434.934',''),(104,'能\0mj文r誠a',.99,'ufhp\"eü'),(105,'n誠;\e\ki運',45.5e0,'nÀh±ü'),(106,"能wy能ソソソwb",.681,'\bvddpume±sß'),(107,'運vca表q\Zre十n表',47485,'z\nÿ'),(108,'br\k',1025,'ßu'),(109,'p文o',0x6516,'f\tvhny\nü'),(110,'sk 表vqw予運i','91976.002','±'),(111,'予中\\om_\0qpa',29.5e0,''),(112,'表aw',69.5e2,'h\%p'),(113,'cfng','64130.104',"ü\mc#±"),(114,'運si運表\f表',.37,"c"),(115,_utf8mb4'運ufhb\n表nax',23388.23,'s-- q\_éin'),(116,'`','73571.547','b-- ti'),(117,null,23.5e0,"s"),(118,'f予c漢',32.5e2,'tvmvucdw'),(119,'ow',41140.54,_utf8mb4'ü'),(120,'表\apdb',.439,"%h\v\goé"),(121,_utf8mb4"予d",16.5e2,'hf'),(122,"d漢nlx\ayソ\_中",'92634.986',"\_hxa"),(123,'g\'ac\j十運is',.526,''),(124,'w運\"',65518,'svkévh
'),(125,'o','48700.244','ee'),(126,'to;r','46164.326','r#y"-- À\e\_f'),(127,'hr',.900,_utf8mb4'j'),(128,"hmb運表",41811,'oÀ''%e'),(129,'gx-- \fpソwgソmi',85.5e1,N'±-- in-- gfÿ\u±'),(130,'表zc%\'予文 表hf','90546.412',_utf8mb4'u	'),(131,'e','26070.021','baÿbu±'),(132,'表',.466,'ÿ\mecßrn'),(133,N'cpaciim;',18573,"\0bgheé-- ß"),(134,N'ut',0x7E8B,'dfsdp'),(135,'m中f',87638.03,_utf8mb4'/*cluü\qév\b'),(136,'d運中dvd',.694,'mm'),(137,'hb',4488.83,'ÿfv'),(138,"\r",0xC13A,'n'),(139,'c能表r\s表表文d','82919.734',''),(140,"y vrソt漢e",13718.40,'Ào\t'),(141,"文h中",52077.69,'`
yu'),(142,'表n中t誠vo',14.5e1,'l`fuadÿchjd'),(143,'sdcj\\表',31.5e1,"j"),(144,NULL,20849,"owé\0wo-- "),(145,'dソa誠pw',14.5e1,'n\"é'),(146,'zx\ah文xs',16303.66,'oveßt'),(147,'xe',.281,'±\rÿ_y\h'),(148,'r予予ny十o','97023.536','d	`\v\b%ss'),(149,'s予g',.94,'_j`'),(150,'mr中%_誠',97605,'`;nj\sn'),(151,"表wkox能",89650,"\\üupn"),(152,'q文',0x164E2,""),(153,'o\0hvr',.751,'j\\'),(154,'予x能予ciy"','93333.219','wqa\_±ü'),(155,'pb',1513,'''lÿgnnÿ'),(156,_utf8mb4'rfy','28163.927','z	`lm'),(157,_utf8mb4'',0x8E72,'blfj'),(158,NULL,.529,'l'),(159,'表\"',13.5e1,'ztéc\n\a'),(160,'\r文hug\ci予h',0x1003B,'ÿ'),(161,'d中運中',.364,''),(162,'運ehvx\nfojpa','9569.637',''),(163,'',0x722B,'diyvsnébÿ'),(164,null,'74078.069',"y\Znk±lsßp±ß"),(165,'c','30798.151',_utf8mb4'érÿ\%\gi'),(166,'by文o',.420,'ß'),(167,'`k\0表ソ"x',.508,"ssü h"),(168,'表blk',42945,'Àddflp'),(169,'sb',0x1045F,'ÿü\0dgb'),(170,_utf8mb4'表we漢g',0xE724,N'ü%-- oÿ'),(171,'',0xD319,'édnüéÿ'),(172,'ソf',.202,"oü qoshf"),(173,'文中漢',39754,'À"skü'),(174,'能ve',1955,'cc±;s'),(175,'r能du',32615.81,'Àihÿsjfcß'),(176,'bxmku',56589,'nvÀya'),(177,'jmt\b',0xC2A4,_utf8mb4'');
INSERT INTO `fz1`.`t1` VALUES (178,123456789.125,'予d能誠d',28263,'teqfgvchsa',1005),(179,-1E+10,"p能l中b文",'11204.511','fénul\y',1006),(180,-1E+10,'十bwソenb',.580,'%',1007),(181,123456789.125,'漢能',77015,"jß",1008),(182,3.4e38,'/*\y',.224,'bb',1009),(183,0,'sw',.904,'x;o',1010),(184,123456789.125,'h運能予ソk漢uo',18.5e0,'\"',1011),(185,3.4e38,"j\wy\n能-- y",34790,"zbqélt",1012),(186,123456789.125,"nソソyyrjp\yb\r",0x12A9C,'k',1013),(187,1e-30,_utf8mb4'表j中fut',63902,'tÀxrqq',1014),(188,123456789.125,'m\v\\i',0x1229F,'mÿé',1015),(189,.5e1,'文','54891.532',N'',1016),(190,2,'p誠yz誠hnx',41338,' ±yéydae',1017),(191,null,"gz",14260,'ücktcr\'',NULL),(192,3.4e38,"\\vx\Z予asbi",84768,'év',NULL),(193,1.5,'grソul予ia文',.244,'bix',1018),(194,.5e1,'n;iy運\y\\',104.86,"cd",1019),(195,2,_utf8mb4'u漢誠ae',92872.43,'ÿÀ"hm_k\Z',1020),(196,1e-30,'m','19301.271','À',1021),(197,0.1,'jr#表q誠cソo',0xF8F3,'géis±g',1022),(198,NULL,'e%lmソc能w-- 文能c',93.5e0,'b±u\psoü',1023),(199,0,'/*flhhlg\ko能',91913.43,'±',1024),(200,-0.0,"\bcnj表\y",0x137B8,"\Zh\_rks`eu",1025),(201,1.5,'\bfe\t漢十su予\rf',.268,'m\cca',1026),(202,0,'',0x5E85,'rc/*dg',1027),(203,1e-30,'qvim能fqk',49693.03,'',1028),(204,1e-30,'漢十\t',91394,'b',1029),(205,-0,'\a"qim予j',11768,"\rwß",1030),(206,0,"運s",87932,'sfqp',1031),(207,null,'能 ソvソ',46.5e1,_utf8mb4'#ürß',1032),(208,NULL,_utf8mb4'u\"a中予ga',5531,'',1033),(209,0,'誠yyon\Z',55.5e0,"z±yh",1034),(210,1.5,'文能',98.5e2,'fÿ\%qn',1035),(211,3.4e38,"dgソ",'27711.789','-- cyhqß',1036),(212,-2.25e-3,'fj#ogソ#',72771,'qacvÀ',1037),(213,0.1,'q文\t予m',36800.49,"z nb",1038),(214,-2.25e-3,'\\文',.182,'b',1039),(215,2,'d',24505,_utf8mb4"biyi`c",null),(216,2,"oln",54140.30,'qw',null),(217,-0.0,'漢\Z/*m誠j',65540,'b',1040),(218,-2.25e-3,"x漢gg",81.5e2,'ibi',1041),(219,2,"誠bk#\ebソ誠u",0x5473,'\nuh\0e\b',null),(220,1.5,_utf8mb4'thjy`',33539.38,'pÿ',1042),(221,1e-30,'i漢ed',36378.79,'güb\rtrcmd',1043),(222,123456789.125,N'bo	sojr運',46.5e2,'bgfx\Znvq/*ao',1044),(223,-1E+10,'fp漢運ソソ\b',59658,_utf8mb4'é\\i',1045),(224,1.5,_utf8mb4'',.860,'l±\_fvu\Zu',1046);
/*!40101 SET NAMES utf8mb4 */;
CREATE TABLE IF NOT EXISTS `fz0`.`sv` (n int AUTO_INCREMENT PRIMARY KEY, name varchar(40), v varchar(400));
CREATE TABLE `fz0`.`rt1` (
  `id` int NOT NULL,
  `a` int DEFAULT NULL,
  `s` varchar(40) DEFAULT NULL,
  `ts` timestamp NULL DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `ka` (`a`)
) ENGINE=MyISAM;
CREATE TABLE `fz0`.`rlog2` (n int NOT NULL AUTO_INCREMENT PRIMARY KEY, a int, what varchar(20)) ENGINE=MyISAM;
DELIMITER ;;
CREATE PROCEDURE `fz0`.`rlp3`(IN x int, INOUT tally int)
BEGIN
  SET tally = tally + 1;
  SET @rl_calls = COALESCE(@rl_calls, 0) + 1;
  INSERT INTO `fz0`.`rlog2` (a, what) VALUES (x, 'call');
END ;;
DELIMITER ;
DELIMITER ;;
CREATE TRIGGER `fz0`.`rtg4` BEFORE INSERT ON `fz0`.`rt1` FOR EACH ROW
BEGIN
  DECLARE v_t int DEFAULT 0;
  CALL `fz0`.`rlp3`(NEW.a, v_t);
  SET NEW.s = CONCAT('trg', v_t, '-', COALESCE(NEW.s, ''));
END ;;
DELIMITER ;
INSERT INTO `fz0`.`rt1` VALUES (1,50,'s764','2029-12-15 16:26:10'),(2,-15,'s602',NULL),(3,83,'s956','2026-09-20 05:56:21'),(4,76,'s605','2019-10-05 18:08:31'),(5,125,'s359','2012-08-12 22:14:54'),(6,107,'s372',NULL),(7,51,'s921','2025-03-13 01:21:20'),(8,-10,'s632','2023-04-19 20:12:08'),(9,2,'s451','2017-05-12 03:54:26'),(10,-12,'s724','2029-01-13 22:54:38'),(11,113,'s238',NULL),(12,3,'s202',NULL),(13,88,'s456','2026-08-13 15:46:39'),(14,73,'s735','2012-05-08 05:52:41'),(15,52,'s377','2012-06-27 08:33:12'),(16,63,'s804','2020-03-04 18:11:28'),(17,93,'s879','2025-03-03 03:42:22');
DELIMITER ;;
CREATE FUNCTION `fz0`.`rlf5`(x int) RETURNS int
    MODIFIES SQL DATA
BEGIN
  DECLARE v_t int DEFAULT 10;
  CALL `fz0`.`rlp3`(x, v_t);
  RETURN v_t + x;
END ;;
DELIMITER ;
SET @rl_f = `fz0`.`rlf5`(2);
INSERT INTO `fz0`.`rt1` (id, a, s) VALUES (18,`fz0`.`rlf5`(32),'fn');
INSERT INTO `fz0`.`sv` (name, v) VALUES ('calls', CONCAT_WS(' ', @rl_calls, @rl_f));
SET @v47 = (SELECT COUNT(*) FROM `fz1`.`t1`);
INSERT INTO `fz1`.`t1` VALUES (225,1e-30,"文文u",42.5e0," ",1048),(226,NULL,_utf8mb4'',86207,'',1049),(227,1e-30,'yza',.88,"",1050),(228,-1E+10,'漢表m',0x10A38,_utf8mb4"aqola'éß",1051),(229,-1E+10,'p漢#lソ表kc',16427,_utf8mb4'\fz"zkÿjé',1052),(230,'7.5','ikpkvu表',25279,' pévÀdeb',1053),(231,0.1,'',8603.41,'`épzw',1054),(232,2,NULL,0xD435,'dsuptcé',1055),(233,-2.25e-3,'dgisn',89.5e1,'wi',1056),(234,2,'w',.39,'ispßs#',1057),(235,-2.25e-3,'ソls\gdrxo/*u','2085.533',N'e',1058),(236,'7.5','n',.740,'-- ü\kugÀ±m\\nf',1059),(237,0.1,'',57144.27,'lü',1060),(238,.5e1,'wdv',33067.01,_utf8mb4'myd\nu',1061),(239,2,'d運qxk','17419.599','q\veßgve',NULL),(240,.5e1,N'中m能zxb',28.5e1,'\0rvokplÀ',1062),(241,NULL,'l`\pa\\z誠acgx',0xB0CE,'cz\\v',1063),(242,null,'i	',97.5e2,'yjamp',1064),(243,2,'\0gmpu誠',.635,'ßua',1065),(244,1.5,"n運j",38143.73,'a\'%wcm',1066),(245,123456789.125,"k運jxutz文予",78765,'\nexwb',1067),(246,-1E+10,'n予simx漢qxza十',99666,'\jqßé%axp',1068),(247,'7.5','','57197.956','jft',1069),(248,'7.5',NULL,40894.48,'ltvirkwt',1070);
DELETE FROM `fz1`.`t1` WHERE `id` % 5 = 0;
SET unique_checks = 0;
CREATE TABLE `fz1`.`sv1` (
  `id` int NOT NULL,
  `a` int,
  `s` varchar(30),
  `d` decimal(10,2),
  PRIMARY KEY (`id`),
  KEY `ka` (`a`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 WITH SYSTEM VERSIONING;
INSERT INTO `fz1`.`sv1` VALUES (1,-597,"🦫😀±ti",NULL),(2,152.4,'能文文中-- ßo中''🦫',null),(3,-91,"yソソ±e\ruソ予v予",'13926.914'),(4,-313,"文hÿq\t漢w漢d能",65368.93),(5,-54,'能gÿ予g','62180.129'),(6,121,"jbyf\bz運",.304),(7,-761,'誠ogÀt中',.40),(8,FALSE,'🦫sj誠mb文ソ',.599),(9,139,'','17794.621'),(10,-180,'s漢ソgzxd',.246),(11,-80,_utf8mb4'wv\aÿ文十snj能漢ソ',0x16133),(12,46,'運🦫vyx中w予céy',58.5e1),(13,TRUE,NULL,81134),(14,NULL,'ocm中中\hp能',-.278),(15,145,'l能ÿf',0x176A6),(16,172,'d',-884.123456789012),(17,FALSE,'',-88518),(18,-88,'中co能 \'iÀq',-93.5e1),(19,-581,'d予j\_''bééi😀é😀',NULL),(20,8,'',0x7614),(21,0x49,'予漢',0x52C3),(22,-63,"予lmm±😀b能",-874.123456789012),(23,7.4,'üa±能llo中',.87),(24,36,'n表±表aa🦫🦫qc',0x3280),(25,382,'\'a🦫sw##運😀jß',2.5e1),(26,'-905','	表ソßÿ',-46.5e2),(27,-108,'#運/*;文q予i',33.5e2),(28,156,"ßt",0x401B),(29,-630.4,'ttjz中\tpu_q',-86837.71),(30,'-830',"yÿ\0誠予wgm±漢",NULL);
UPDATE `fz1`.`sv1` SET `a` = `a` + 1 WHERE `id` % 3 = 0;
DELETE FROM `fz1`.`sv1` WHERE `id` % 4 = 1;
INSERT INTO `fz1`.`sv1` VALUES (31,null,'m表',26.5e0);
CREATE TABLE `fz0`.`rr6` (
  `id` int NOT NULL,
  `a` int DEFAULT NULL,
  `s` varchar(40) DEFAULT NULL,
  `ts` timestamp NULL DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `ka` (`a`)
) ENGINE=MyISAM;
INSERT INTO `fz0`.`rr6` VALUES (1,32,'s566','2010-03-04 10:58:45'),(2,78,'s252','2023-08-05 13:29:18'),(3,-14,'s962','2025-07-23 16:48:49'),(4,119,'s466',NULL),(5,14,'s868','2013-02-27 06:04:30'),(6,67,'s373','2014-02-13 14:10:14'),(7,-2,'s119','2018-01-13 10:03:04'),(8,129,'s893','2017-12-01 01:44:10'),(9,96,'s128',NULL),(10,56,'s309','2027-07-12 15:56:03'),(11,132,'s394',NULL),(12,9,'s947',NULL),(13,-5,'s120',NULL),(14,120,'s47','2022-03-23 04:03:56'),(15,-39,'s370','2026-10-21 09:31:33'),(16,108,'s503',NULL),(17,99,'s407',NULL),(18,73,'s181',NULL),(19,-46,'s601',NULL),(20,-33,'s404',NULL),(21,-28,'s680','2019-07-12 11:58:50'),(22,18,'s603',NULL);
/*!40014 SET UNIQUE_CHECKS=0 */;
INSERT INTO `fz1`.`t1` VALUES (409,.5e1,'表\aw`v文pzb',19815,"e'h\0'",1220);
INSERT IGNORE INTO `fz1`.`t1` VALUES (410,-1E+10,'s',21961.07,_utf8mb4'w\"',11),(410,1.5,'能文\Z',0x10117,'lt',0),(409,0.1,'運運予f_能jrsj',0x2AC2,_utf8mb4'zßyvjq',36);
TRUNCATE TABLE `fz1`.`t1`;
INSERT INTO `fz1`.`t1` VALUES (411,.5e1,_utf8mb4'漢jqty中lu\0',81404,'br\\ÿ',1221),(412,'7.5','w\_m運s\j',72.5e0,'b\0ejüés±ü',1222);
INSERT IGNORE INTO `fz1`.`t1` VALUES (413,0,'zgqsf十ソk',.593,"yyqhu±",30),(413,123456789.125,'xvon',.445,'é''hn`"e',17),(413,-1E+10,'rh',10234,'',3),(411,-2.25e-3,'ソ','80291.619','ctÿs',null);
INSERT INTO `fz1`.`t1` (`id`,c2,`c3`) VALUES (414,.821,_utf8mb4'#z\p\hs');
REPLACE INTO `fz1`.`t1` VALUES (415,-1E+10,"	wufxrcgc",.873,"z\Zr\toorzÿ",28),(416,0,"b漢c`j",0x11F38,'zé',12),(417,-2.25e-3,'-- ',17444,'',22),(418,-0e0,NULL,.349,' jÿ\%',22),(419,1e-30,'s運n十運',76148.88,'o',23),(420,0,NULL,'15891.234','zl\bri;',30),(421,1.5,null,.789,"éxu;p",27),(422,123456789.125,"bbywf中漢誠",28296,'cÀflrzbÀu`',6),(423,0,NULL,.930,'h
lÿd',23),(424,0,'q',15732,"y",14),(425,0,'運表d\0u',58295,'vd±d\0',11),(426,123456789.125,"te予",5.5e1,'op',24),(427,1.5,'p',59943,'tüé',9),(428,-0,"c予q",0xD029,'\rhéo\fymé',5),(429,1.5,'y	誠b能',94586,"\"hs",5),(430,0,'e漢運表z予十b','20350.124','j\_pe%wß',14),(431,-2.25e-3,"予
l\xy\Z\bxo十lw",36.5e2,'sx a\0Àrlég',3),(432,123456789.125,"文v予wlf",27241,"qnf",11),(433,NULL,'',98557,_utf8mb4"ü#±\0zk",9),(114,1e-30,'誠十q',13379,"dyxh",21),(434,0,'誠漢能boql',.900,'\b\0',19),(435,-1E+10,'tditteo;k',0x12DBD,'ß\xd',32),(436,1e-30,'誠nedon能mソ',24005.29,'\Ztügpo',null),(437,-0.0,'fbm',91306.87,'jéf',6),(438,0.1,'文tqw',98000,"\\oßaÿ",9),(439,.5e1,'能h誠m\b',90724,'h/*sa#ßhce',36),(440,0,'c漢十e運\Z表rソ',0x128AB,'qqm',NULL),(441,2,'jcz\m能十予s\rc','25923.651','#',7),(442,-1E+10,'wq',0x7B12,'',6),(443,-0,NULL,15.5e2,'gpü	',13),(444,1.5,'prソ能',70610,'',15),(445,'7.5',_utf8mb4'kvqq\Z表t',.762,N'njuÿqhzz',6),(446,3.4e38,"ej-- ",63843,_utf8mb4'ktgg-- ',2),(447,-1E+10,'epd十lg',63175,_utf8mb4'i',21),(234,1e-30,NULL,'59313.850','ßiypé',28),(448,-1E+10,"""運pソ\b",77.5e2,"münÿ\bqéwrür",3),(449,1e-30,'ソ運t',17156,"k vzvÀtttßÿ",0),(450,-2.25e-3,_utf8mb4'de予w誠表文m',67674,'',13),(451,123456789.125,'予weg','14306.272','lcx',2),(452,0,"表uw",92194.29,'d\eül',38),(453,.5e1,'w能',0x6574,'`j±qÿü±',25),(454,0.1,'\Ziyhj	','12838.992','±cb',0),(455,1e-30,"m漢",.541,'',6),(456,-0.0,"",33703,'"ro',4),(457,-1E+10,'lggtf',.94,'rwxz',31),(458,NULL,'b\'文z ou運運l',25756,"m	r±",31),(136,2,'/*f',.51,'zs\itü\k',13),(459,NULL,'p',3.5e2,'weßjx',9),(460,-1E+10,'',0xD5C3,'\0ikx',15),(461,0,';\g予by',68468.20,'zzjc',26),(462,123456789.125,'l十cyqh\Z\jf',75410.20,"znrßÿs",39),(463,3.4e38,'zソ',.358,'b±;h/*;rk/*',29),(464,0,'mep誠',25906,'',25),(465,123456789.125,'中xohnk',96246,'mwu±p\%\t',19),(466,-0,'gqb',21798,'vh\yd',26),(467,NULL,'能ofvn運十ck\rk',34831,'\d\"tpzßt',23),(468,0.1,'uiソuw\w表',.451,'\bsdq',11),(469,0.1,'tl中a',0x4463,_utf8mb4'mrb',29),(470,.5e1,'kbuu\bv',.932,N'z',34),(471,0,'ソj\Z',74471,'\Z`p±\l''',5),(472,-1E+10,"d`uk文pソ	n",96233.52,'pub\\ki\0sÀ',27),(473,3.4e38,'_ソht',93343.66,'é',32),(474,0.1,' mdg文',38.5e1,"	_",11),(475,-2.25e-3,'予qxz/*rb',93592,"b`rxt%\Zÿ±",27),(476,null,"u文",'8206.563',_utf8mb4"e±--  pß",16),(477,1.5,"vawq\knk",.976,'cab\w',6),(478,NULL,'a','47190.585',_utf8mb4'w`/*',24),(89,-0.0,'voe''誠誠i',33.5e0,'r',25),(479,123456789.125,'nki`',72835.58,'kjßr',2),(480,NULL,"c予sソ漢運g誠",96.5e1,"lwrimo",7),(481,-0.0,_utf8mb4'a',59754,'ÿc',24);
SET time_zone = 'SYSTEM';
INSERT INTO `fz1`.`t1` VALUES (482,2,"\0bnoacj能能c",97.5e1,'krmh',1223),(483,-2.25e-3,null,31.5e0,_utf8mb4'fip',1224),(484,.5e1,_utf8mb4'',.986,'üac;',1225),(485,.5e1,'gnhn\ob;oc/*ソ',68952.43,'a',null),(486,1e-30,_utf8mb4"x",'33947.010','buf',1226),(487,2,'t能dah',.513,'s',1227),(488,.5e1,'amu十\g能','21997.624',N'ß',1228),(489,0,NULL,'81200.223','\dquz\ramvj',1229),(490,-1E+10,"zdeg十",85.5e0,'vlw',1230),(491,'7.5','_ad中\"\v中','62150.083','\_rlbz',1231),(492,-1E+10,_utf8mb4'"zw表b',0x95BA,'ÿ',1232),(493,2,'dgp',11558,'od\v',1233),(494,NULL,'hhkdo#h\nn',0x5BB2,'x\nüc',1234),(495,3.4e38,'\\eqde運o誠w',.787,'_',1235),(496,.5e1,'qw','79738.609','qvqdÿ\0gt',1236),(497,null,'文z	',81406,'',1237),(498,-1E+10,'dy中\hcccgj',40233.96,"e""f_mg",null),(499,0.1,'\Zacn/*qr表',24312.02,'fhnÀhÀw_bo',1238),(500,-0,'cv',28084,'sonucrnb',1239),(501,1e-30,"ev\kd",'51594.078','ßs\0rüx±',1240),(502,0.1,'十\0\0\e`i運ソ',.664,'ÿ',1241),(503,1.5,null,.475,'fÀ',1242),(504,-2.25e-3,NULL,85.5e1,'\%o%h`ÿ\\\"',1243),(505,0.1,"中h",0x14441,_utf8mb4'ya',1244),(506,.5e1,'ソhjyz文fl\dh',42.5e1,'l"üaÀak',1245),(507,null,N've表uux十r予',45429.64,'übesb',1246),(508,-2.25e-3,'\raf',81287,"dkbcphcc",1247),(509,2,'e文zソ',22440,'xnnncatm',1248),(510,-2.25e-3,"bqソe",22606,'b\Zy''',1249),(511,null,'誠','54683.778','éoilbn',1250),(512,2,' kソ\h漢',88.5e2,"vemde",1251),(513,1e-30,"mkkt能o文""k-- ",'63434.761','',1252),(514,'7.5',"運十wk 表t",.572,_utf8mb4"\_ÿeele",1253),(515,.5e1,null,32748,'dca\b',1254),(516,123456789.125,N'予b',0x48A2,'p-- kqaea\%-- ',1255),(517,3.4e38,'o文qソ表;dn','92298.976','ß ik\\dc\x',1256),(518,0,N'j',51158,'`ü_a\\f\bx',1257),(519,.5e1,'g\vz運anxv文',.246,'o_n\Z',null),(520,123456789.125,'\bi/*f%漢jb誠ソ',41957.84,'v-- büob',NULL),(521,'7.5','m 能a','12488.229','',1258),(522,null,NULL,39608.43,'r',1259),(523,3.4e38,'gxg\b\da`lje',.404,_utf8mb4'±ftz±c\Zb',1260),(524,0.1,'gs%能b`w',94014.73,'vi',1261),(525,'7.5','文m/*dr',66958,"mü±kx\noßr",1262),(526,3.4e38,'誠予n\Zjlb',0x71FB,"b",1263),(527,.5e1,'漢十n文"b','38595.335','ÿ',null),(528,1e-30,"r",68320,'zowyw',1264),(529,-1E+10,"予g十十hw\Z",28232,_utf8mb4'ÿlo±',1265),(530,-2.25e-3,null,.397,'j±\nx',1266),(531,-1E+10,"xc\bq",0x9E49,'o\rf\bré',1267),(532,1e-30,"十",.680,'yx\tß',1268),(533,0,'lvi表y',0x8330,"vxqhp",null),(534,.5e1,'能uw','43690.630','vnvm',1269),(535,0.1,'漢漢vylソ誠\_',0x38DB,'étxnfy±',NULL),(536,-0e0,'y中b漢knxソ中運',67304,'wÀ\0ypr',1270),(537,0.1,"l予o#y誠",27809,'y\pß\n\\o',1271),(538,3.4e38,'漢mdo運dbm/*ソw',28.5e0,'\ué',1272),(539,null,null,0x55CC,"tyß\"mxyl\0",1273),(540,'7.5','bu能',.663,'u\\',1274),(541,0,'go#',0x572D,'yü;éa',1275),(542,-0,'表文f',0x14CC8,'mupsbz',1276),(543,-1E+10,'xez予\\gzo',41.5e0,"hliÿ\rtr",1277),(544,123456789.125,'',.888,'vßaehz\\`w',1278),(545,-1E+10,N'y漢gt表\\\'',.963,'jvhßnaßq',1279),(546,0.1,'ru誠十誠','65303.733',"ÿpuxü",1280),(547,0.1,'npd表予','92040.230',"bmÿjgß",1281),(548,1.5,'b文`wm十文誠d',.976,_utf8mb4'e',1282),(549,.5e1,'k十i中t十rbp','72823.190','mj_ß±',1283),(550,2,'運bl\eypf',0x11D68,"eva",1284),(551,null,"中u",'61677.922','porw',1285),(552,-0.0,'ulfm',0xD7BA,'\s',1286),(553,'7.5','十中#能rkvg`n',0x3B52,'gühi\b',1287),(554,-1E+10,'l\bcuip\b',57.5e0,'ü',1288),(555,-0,N'''',0xBD8B,"lrr\n±",1289),(556,1.5,"ca\0",46438,'-- uhx',1290),(557,3.4e38,'m\Zr\o',.153,'w',1291),(558,0,'ソソ',37.5e2,'gÀrtÀb',1292),(559,-0e0,"gcb",65765.76,'fvül-- b',1293),(560,null,'十表h',.956,'\r',1294),(561,1.5,'\ys十c表予f',.892,'\jtéÀnou',null),(562,1e-30,'\raj##idp','79165.929',"qvg",1295),(563,-0e0,'vd運%',22692.44,"zc_ydr",1296),(564,1e-30,"kc予'誠k",53.5e2,'jsßééÿi',1297);
SELECT COUNT(*), MAX(`id`) FROM `fz1`.`t1`;
XA START 'x76';
REPLACE INTO `fz1`.`t1` (id,`c0`,`c1`,`c2`,`c3`,`u`) VALUES (565,-2.25e-3,'x_',37.5e2,_utf8mb4"",21),(566,2,' yk\b予',0x3357,"h",35),(567,null,'中ソ中jck',4887,'x\%aym\Zlé\b',9),(568,'7.5','sk\r十\rx','61791.146','x\\krkj\\jw',10),(569,-2.25e-3,'誠能',.105,'é',33),(570,'7.5','\0漢fouv',93526,'vzquaq',4),(396,-0.0,'ja\r',3345,'\%xüÀ\qdc',22),(571,1e-30,'osfh運sbrov',39449.80,'c',22),(572,-0.0,'能表#中ulb表w',0x62C5,'d#uqw±hd',23),(573,-2.25e-3,'誠十p文cv表;kr',27911,'iylvü',3),(574,123456789.125,_utf8mb4'ijsr',33021,_utf8mb4'é\_',20),(575,1e-30,'lu\qcs',0x509B,N'm\_iygqxb\bd',1),(576,123456789.125,'v',95739,'ß/*ÿ',20),(577,0,'`sz',0x7BEF,'ysxyp`pÿét',28),(578,123456789.125,'nsbbk',347,'l±',14),(579,-1E+10,'j文rwyv能',92035,'üqüoueß%',37),(580,0,'表漢',0x14AAD,'lém/*±',11),(80,0,'能k表q予','63690.175',_utf8mb4'jh\0k`ß',8),(581,-1E+10,'文pxl',82927.44,'',22),(582,1.5,'o#tnsky',20319,'±w',24),(583,-1E+10,'ソ誠誠',32.5e1,_utf8mb4'ai',4),(584,0,NULL,'25754.949','acvn',32),(585,123456789.125,"誠b",'93727.216','ÿjÿéÀ',36),(586,3.4e38,'mw文riju誠','17843.277',"o",4),(587,0.1,'中表n',71086,'Àfkée',NULL),(588,null,'漢ch漢ag中',0x13DA2,'w\r\l\uk',13),(589,NULL,'oy\hn能uzg"u',0x11BFA,'h e émv`',1),(123,-1E+10,"c誠p十ppr'\q",97.5e1,'anda\r	',13),(590,null,'漢hpao表ソpi',94483,'murqnj\ußt',0),(591,-0.0,"ソ中ソ""",19220,'
l\rbc',14),(592,.5e1,null,.642,_utf8mb4'/*Àscfg',26),(593,-1E+10,'中vsi\r漢\h表kzy',.977,'ésyiÀ',0),(594,'7.5','#w\0十gttrdz',97304,'ucl',7),(595,'7.5','y十中中',26.5e0,'ü',NULL),(596,2,'r表fpx',77719,_utf8mb4'h',5),(597,1e-30,'能/*xqd',6094,'étlÀxüe',13),(598,3.4e38,"orソs",55.5e2,'mbÀ',24),(599,123456789.125,null,'25169.621','s\Z\\',38),(600,2,"予rsd",22.5e1,'ho\%"c',12),(601,1.5,'pkw','99736.283','',20),(602,.5e1,"'jnoc能\bj",66299,'hÀni',23),(603,1.5,"jwlo",33.5e2,'z`ÿxüÿ±',21),(604,1e-30,"e\Zlmx\kai",2978.17,"wpm±zßc",32),(605,1.5,"j_十n a",83555,'\'`yj`mm',8),(606,-2.25e-3,null,'5299.328','',NULL),(607,'7.5','eyqo表ソ誠十ソps',0x6570,'\'`',9),(608,123456789.125,'\w表\rozxc誠nc',2647,'tp\r',2),(609,0.1,'\rmeo',0xEB87,'/*m\Z',25),(610,'7.5','文l十u予;運zob;',48730.06,'dß\tjb',13),(611,'7.5',"ソg\bog",9126,'z\0\Zh\0qÿik±',0),(612,-1E+10,'十	#',0x7218,'a',0),(613,.5e1,'表ey	a_iv運',0x122B8,'v',37),(614,-2.25e-3,"\jikw予",'33450.989','\\éÀo\o±xf',NULL),(615,123456789.125,'lh表lh',53115.22,'ß\r ',34),(616,-1E+10,'t\Z',78632,'',7),(617,123456789.125,'rb十n\0',52284,"jite",29),(618,123456789.125,'予d誠a漢pn漢we',99.5e1,'v',27),(619,1e-30,'y表\%表mayh',70107,'uyÿr',35),(620,0,'bjblc\r予y',78.5e0,'fÿp',NULL),(621,-2.25e-3,_utf8mb4'\'dg',.74,_utf8mb4'o',37),(622,'7.5','rc中z',.878,'',3),(623,-1E+10,'w\%x',12501,'%\%éao\Z\f\oj',36),(624,1e-30,null,74.5e1,'Àt',7);
XA END 'x76';
XA PREPARE 'x76';
XA ROLLBACK 'x76';
SET @v298 = COALESCE(@trg, -1);
CREATE TABLE IF NOT EXISTS `fz0`.`vars` (name varchar(20), v bigint);
INSERT INTO `fz0`.`vars` VALUES ('v298', @v298);
START TRANSACTION;
CREATE TABLE `fz0`.`tk7` (
  `id` int NOT NULL,
  `a` int DEFAULT NULL,
  `s` varchar(40) DEFAULT NULL,
  `ts` timestamp NULL DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `ka` (`a`)
) ENGINE=InnoDB;
INSERT INTO `fz0`.`tk7` VALUES (1,41,'s502','2023-12-15 08:51:33'),(2,-28,'s876',NULL),(3,118,'s814',NULL),(4,67,'s373','2024-03-02 21:19:34'),(5,108,'s909','2028-04-19 21:49:29'),(6,72,'s558','2020-01-20 14:01:21'),(7,-32,'s747',NULL),(8,-45,'s665','2014-09-27 21:42:02'),(9,43,'s773','2019-10-02 11:09:34'),(10,-27,'s167','2026-09-04 04:48:25'),(11,79,'s457',NULL);
SET STATEMENT max_statement_time = 0 FOR CREATE TEMPORARY TABLE `fz0`.`tk7` (
  `id` int NOT NULL,
  `a` int DEFAULT NULL,
  `s` varchar(40) DEFAULT NULL,
  `ts` timestamp NULL DEFAULT NULL,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB;
BEGIN;
SET STATEMENT max_statement_time = 0 FOR INSERT INTO `fz0`.`tk7` VALUES (1000, -19, 't14', NULL),(1001, 130, 't152', '2021-04-28 15:28:17'),(1002, -32, 't73', '2019-07-26 21:01:07'),(1003, 129, 't28', NULL),(1004, 25, 't615', NULL),(1005, 57, 't696', NULL);
INSERT INTO `fz0`.`tk7` VALUES (1006, 107, 't595', NULL),(1007, -35, 't104', NULL),(1008, 13, 't945', '2022-04-04 10:45:21'),(1009, 113, 't429', '2027-03-13 19:37:47');
DELETE FROM `fz0`.`tk7` WHERE `a` < -37;
COMMIT;
BEGIN;
INSERT INTO `fz0`.`tk7` VALUES (1010, 91, 't912', NULL),(1011, 94, 't119', NULL);
SET autocommit = 1;
SELECT CONCAT_WS(' ', COUNT(*), SUM(`a`)) INTO @tv9 FROM `fz0`.`tk7`;
INSERT INTO `fz0`.`sv` (name, v) VALUES ('tv', @tv9);
DROP TABLE `fz0`.`tk7`;
INSERT INTO `fz0`.`tk7` VALUES (12,50,'s567',NULL);
REPLACE INTO `fz1`.`t1` VALUES (758,NULL,null,50370.90,"tq ouoktc",26),(759,-2.25e-3,'文sif\\tusa文`',8393,'±±',6),(760,2,'',24838,'jiizx;pxlé',35),(761,-1E+10,"",.425,"±\ne",11),(762,123456789.125,null,.995,N'\rv',18),(563,'7.5','\'','57754.101','mhméof',15),(763,-1E+10,'予十hm\sma',21601.65,'k',27),(764,-0e0,'wcsw表a漢\"',3902,'éay	ßmiü',34),(765,123456789.125,'\"nifi\Z',91.5e2,'r',24),(766,'7.5',"odl\n中漢qxmk",17946,'tk\rüdq',31),(767,-2.25e-3,N'漢漢lxub運運ソ',6755,'n\rllsw',4),(768,-1E+10,'m十dソ;xfg',46545,'oqÀ/*bb/*z',null);
INSERT INTO `fz1`.`t1` VALUES (769,-0,'ufogsgc表d',33025,'\\''é±lÿir',9) ON DUPLICATE KEY UPDATE u = NULL;
SET @@sql_mode = "EMPTY_STRING_IS_NULL";
USE fz1;
DROP TABLE IF EXISTS `ub2`;
CREATE TABLE `ub2` (
  `id` int NOT NULL,
  `a` int,
  `s` varchar(30),
  `d` decimal(10,2),
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
INSERT INTO `ub2` VALUES (1,134,'hgiyÿß能',NULL);
