-- difffuzz: the mariadb client and `dumpscope import` disagree on this script.
-- seed 4036, mode resume (dumpscope import --parallel 2 --batch-bytes 2K --checkpoint JOURNAL), kind exit.
-- Shrunk from 38 statements and 1089 rows to 26 statements and 906 rows.
-- The original: go run ./scripts/difffuzz --dumpscope BIN --seed 4036 --count 1 --modes resume
-- (line numbers in the detail below count from the first line after this header)
--
-- the client succeeded, dumpscope failed
--  client:    
--  dumpscope: dumpscope: importing /tmp/difffuzz-597761918/script.sql on 2 connections
-- dumpscope: into root@localhost via /tmp/dumpscope-sandbox-354522929/mysqld.sock
-- dumpscope import: /tmp/difffuzz-597761918/script.sql: offset 34526, line 206: insert `child5`: ERROR 1452 (23000): Cannot add or update a child row: a foreign key constraint fails (`fz1`.`child5`, CONSTRAINT `child5_fk` FOREIGN KEY (`pid`) REFERENCES `t2` (`id`) ON UPDATE CASCADE): INSERT INTO `fz1`.`child5` (`id`,`pid`) VALUES (233,235),(0,71),(235,281),(236,81),(237,143),(238,398),(282,82),(319,148),(NULL,9),(321,209),(0,129),(323,363),(324,125),(0,246),(326,137),(327,56),(NUL
-- dumpscope: failed in 0:00: 33.7 KiB of SQL, 37 statements, 911 rows (161.4 KiB/s, 4360 rows/s)
-- dumpscope: everything up to offset 34526 of /tmp/difffuzz-597761918/script.sql was executed (statements after it were not sent)
-- dumpscope: resumable; continue with:
--   dumpscope import --resume --checkpoint /tmp/difffuzz-597761918/script.journal --no-defaults -u root -S /tmp/dumpscope-sandbox-354522929/mysqld.sock --no-advisor --no-tui --default-character-set utf8mb4 --parallel 2 --batch-bytes 2K /tmp/difffuzz-597761918/script.sql

SET NAMES utf8mb4;
CREATE DATABASE `fz0`;
CREATE DATABASE `fz1` DEFAULT CHARACTER SET utf8mb4;
USE `fz0`;
CREATE TABLE `fz1`.`t1` (
  `id` int NOT NULL AUTO_INCREMENT,
  `c0` geometry,
  `u` int,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uk` (`u`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
CREATE TABLE `fz1`.`t2` (
  `id` bigint NOT NULL,
  `c0` decimal(5,0) unsigned,
  `c1` blob,
  `c2` varchar(40) CHARACTER SET latin1,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
INSERT INTO `fz1`.`t2` (`id`,`c0`,c1,c2) VALUES (1,71121,x'c315',""),(2,50905,x'a05adf56edee',';oßnlbd'),(5,6512.55,0xb3704fe0ff55a90f8e,'yquhn'),(6,71721,0x125b6e31,'hjÀ\"ßqj\0'),(7,.330,"z能v文hr予中gßb十hu\no",null),(8,'8756.734',_binary"�������",''),(9,49676,X'397BF8','pjgß'),(10,81150,X'1F147918CFACC3A072CD0BF112D047','féyÀz;zpvb'),(11,26678.99,0x9412eeb1,'rb;y'),(12,'48887.929',x'68c517a363d448381aaad3939d546c71','my'),(13,.201,_binary'H','\iyqs\0ébz'),(14,54413,x'167705ad2313f6235943',''),(15,'66797.882',x'44e3def18e7669780844c6b4','ß\%jl±ßit'),(16,.366,0x2370dcaeacf4337842b6f8,'üw\bwee\\z'),(17,0x13ABC,_binary'��`=!�&\n��',"fraf\Z±lü"),(18,69062,X'49854809D92B',"ß"),(19,0x1126,'sg誠ixÿbソソ Àwi','\t''ilt
\0z'),(20,0x17AFE,'表-- 能b;','#Àz'),(21,37383.80,_binary'����k�','xhst `k'),(22,0xDAC3,x'6ad23109e4bf80de5c9c',';nz'),(23,null,'jntn中g±ü十À😀🦫p😀ÿ','\bÿdzdÀ'),(24,46782,X'461AFCB31D2D6E3F','qf±fztu'),(25,262,0x9a47d659,NULL),(26,NULL,_binary'��W',null),(27,'13662.761',x'4f4c00',"a±g"),(28,81669,x'd3cbba8720dade8e','vhs\hß`'),(29,'50102.197',X'A9','\ow\k\t'),(30,0x132E,'po','ßowt'),(31,.758,null,_utf8mb4'±itx'),(32,0x176F,x'748f6446557f015a0e67','jjgn'),(33,.516,_binary"W@:",''),(34,NULL,_binary'�','zn'),(35,2598,'lfxsÿ\ke',''),(36,79536,x'ffb77e4c6a0fee','v/*pmzÀnÀ'),(37,.333,NULL,'s\qüwvbnc'),(38,61323,x'64f87f339c05f4a66af0ea88',_utf8mb4'jémbéÿav	'),(39,17258.39,_binary'8��d$��','r'),(40,'97662.302',x'f66b4e262e',N'o\"uvvel'),(41,70889,_binary"��J&",'\b'),(42,59950,X'8A',NULL),(43,8805.18,_binary'}','wéfppp'),(44,37311,null,_utf8mb4'mßq\\r\o±h'),(45,.629,_binary'M�Sa�o��O^y�A�',''),(46,0x879E,0xed6304fc441a17187ddbba3b,'hhvo'),(47,90360.88,X'D06D8002B5D5F987D3',_utf8mb4'vuitudjc'),(48,59165,'éc\0h漢z',''),(49,.154,null,"ßcé%xo"),(50,96169,0x3d7dadbde5,'zÀsd\\r'),(51,93036,_binary'Q:=Թ��0W���O',"ÿllj/*uß"),(52,39787.60,x'8b6c8b52041da2','s±'),(53,0x6878,x'5c',"dtfv"),(54,.433,X'607D22D76A804857','e±étcj '),(55,7107,_binary'�2�Ev',"n"),(56,0x871B,0xb3b3,'h\jüpwzqj'),(57,58991,_binary'','zqz\j\_%x'),(58,79377,x'b6ea5bea4903577bd84cc5436964a7','qzbÿz'),(59,0xFB7A,X'9C9E394182',null),(60,null,0xfcdfb3ae8db73b79ea2f,null),(61,'62581.711','tv十😀±','Àkéb\0-- g'),(62,62004,0xa6b2a39acf90f26f,'±'),(63,75961.73,NULL,'ÿabjü'),(64,'35716.146',_binary'�','i#h'),(65,.826,'é能h''誠能能ü能é文',NULL),(66,57134.50,0x471ffcfc9fa5c0e865804e526ca96a,_utf8mb4'xv±j	'),(67,5593.16,x'9cd5ff40',N'\Z±t'),(68,.769,0xdc162d70b6fda5bdb6,'eyÿz'),(69,34107.36,0x3a2847f824,'gq±Àéjt±'),(70,20805.77,_binary'�gu\b,ق{(��','gt'),(71,.922,_utf8mb4'能bkßßzd',NULL),(72,12300,null,''),(73,77514.39,_binary';�q',"ggeiujt"),(74,78029,_binary'�A���C%��>','ßh;-- xrc'),(75,'90824.784',X'5654FFE2','ÿ;uxn'),(76,4805,'sagé文😀`y\rt文漢十	','üpl`cüi'),(77,'57094.178',X'98D2','üpyu'),(78,95375,0xf686185f75cf,'"émj\0dpß'),(79,0x11EA2,0xba99e5acc2f7,"xklf"),(80,7764,X'DBD281B082C8E1430E440C3A9014','±\Zlc'),(81,89380.59,X'F7',"yéwf"),(82,NULL,'','dcmér'),(85,2686.99,_binary'	4�E	�K�+\b','rjuÀ	'),(86,21385,'g;z🦫🦫ÿp能u能i表iwj',"ohhl"),(87,null,X'81','fo'),(88,27543,_binary'!��B�{��','zl\bds-- ÿn'),(89,71470,null,_utf8mb4"zü±"),(90,null,0x1fdc7adeb0,null),(91,0x7EEB,'l能予運能oÀxp十十ソw-- 😀運','c#l'),(92,47544.95,_binary'P^A��$v̺;쀔۶','rß'),(93,.249,'eazf\y','ycßtqmg');
INSERT /*!40000 HIGH_PRIORITY */ INTO `fz1`.`t1` () VALUES ();
CREATE TABLE `fz0`.`t3` (
  `id` int NOT NULL AUTO_INCREMENT,
  `c0` varchar(40) CHARACTER SET latin1 NOT NULL,
  `c1` varchar(40) CHARACTER SET gbk,
  `u` int,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uk` (`u`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
CREATE TABLE `fz1`.`child4` (
  `id` int NOT NULL AUTO_INCREMENT PRIMARY KEY,
  `pid` int,
  `note` varchar(20),
  KEY `kp` (`pid`),
  CONSTRAINT `child4_fk` FOREIGN KEY (`pid`) REFERENCES `fz1`.`t1` (`id`) ON UPDATE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
INSERT INTO `fz0`.`t3` VALUES (1,'tém±\0é','qarwr',33),(NULL,'ljgqp','運quuc十',28),(3,"bgl",_utf8mb4'mmhhiソh予z',21),(36,_utf8mb4"\itüxde",'''',1),(0,'\'ücÿ',N'ソ漢_udm',30),(38,'ÿsz#Àp','c誠z dck表運',32),(39,_utf8mb4'r/*','r\hw漢c表漢表',8),(40,_utf8mb4'n\brpek','psrjb文w運%',2),(88,'emx','sr',19),(89,'rxütüéßÀ','xq運v#予',19),(90,'hhnsdl\\',NULL,27),(19,'r\inup as','能	a予h表',36),(91,'hé#n','運q能能e運誠',NULL),(92,'vÿo\ge ','g\0;tmsg',12),(NULL,"yyeg",'\0',30),(NULL,'isa','s\i文',34),(95,'±ccsblzcfv','中h中運''運\jn',null),(0,_utf8mb4'zmm','tusy%',30),(97,'dünÿ"zi\u-- \t','\srgソq\td',27),(98,'ÿp\"pxavc','ccmeyr',13),(99,'xÀßdxÀ\Z%g',"avi 能b誠zp",39),(100,'odpÿicé','誠zuw文十o',NULL),(101,_utf8mb4'eaz\bh\0±','g中%運運s/*予漢nl',null),(102,'À\nmbéia\jygy','yf能qg十mg\Zt能k',39),(0,'ß','`cahuem',23),(104,'±À','\x能i運/*''',31),(105,'À\nmh','gke',17),(106,N'','iymbig\Z',12),(107,_utf8mb4'üctjüjeaq',"\q",NULL),(108,'zi','`rs予運x漢中n',14),(109,"ÿs;wos",_utf8mb4'uudjp\t',36),(0,"rvvißsy",'',18),(111,_utf8mb4"c±r",'運\i',15),(NULL,'nnc\'p','v\'',null),(113,'n\'',"漢rz",12),(NULL,'','n\'gjy中誠p漢',25),(46,'ovmue','t',32),(115,'p','cczs文文xwvp',15),(0,'ß üftÿ','xnmi十i運p;''',16),(117,'j','i',13),(0,'s\\cm
\s
bm','qprqjeu文',33),(110,"\r\bscmqe",'dbm',35),(NULL,'rhf','漢\rohq/*',33),(120,_utf8mb4'zvü','ha',5),(121,'ß','予#u運_v文\'文ソx',3),(122,'Àykb\Zvc','w',17),(123,'hd\'`rqg','pyusbsq',37),(124,'ufwd','#/*gj;l',3),(125,'k\n\qbüzw\x',"運ix十漢ew",39),(NULL,"éün",'能十i\0/*\%能\li\d',9),(127,'gxaxa',null,38),(128,'wÀüÀ_Àb',null,null),(0,'vxu%uü','r十w',20),(130,'\'\utyhgk\xÿÿ','lkp中o漢表p',3),(131,'\uloib','rソa文',28),(132,'nv#ÿmÿ','o予z',11),(165,'o',null,24),(166,'gk','p十rlw',17),(167,"tno`y±schx%",'',13),(0,'`o','能vsiv文表t',NULL),(172,'\0\\\\\b','誠q',25),(173,"ßiisß",'f運ソh',14) ON DUPLICATE KEY UPDATE `u` = NULL;
INSERT INTO `fz1`.`t2` VALUES (94,'64703.501',X'88',"hz""rrdw`±"),(95,null,X'3AB26DE2F2BE927D8A3787',NULL),(96,85063,NULL,_utf8mb4'bÿi\ri\ic\vf'),(97,0xE569,NULL,'i\Zyßj'),(98,9420,X'6E0389DB',NULL),(99,0x1344C,X'AC7962','-- \Zj\r'),(100,40320,NULL,'ÿxbc'),(101,0x6D99,0xed882e,'ÿmxß'),(102,.718,X'93C68DC2623467455594B5CB0AE9',_utf8mb4'bozarß'),(103,0x7998,X'554D757302B849798F','À''\b'),(104,7212,'t/*m能cn','scb'),(105,.180,X'80189589C3D47A','ührdjc'),(106,.686,x'761721d96d64',"-- "),(107,.851,'\0😀ソsn表y能%','wz'),(108,null,NULL,'tü'),(109,0x95B5,x'387318f272',"jspm"),(110,0x1662,'表ÿq;nnvjb',null),(111,0x8B83,null,N'éd\smgés'),(112,0x15677,_binary'`L��@F','éd\Zn\Zjku'),(113,56940,X'2D3A',null),(114,93498,'能予予文運表de予','hééuvÿ	'),(115,93076,_binary'�煬��\\�~','c\ms"bz;ßki'),(116,NULL,0x9547fe6c3699876f8d,"wÿjm"),(117,50059,0xab8ea7eb7d,'q'),(118,NULL,_binary'���dvC��<+�[','nÿ'),(119,0x8E5A,_binary'���Ț�','\\gp'),(120,0xD8E0,_binary'J���+�','gkxsÿ'),(121,.87,'h\cju\byb\v#',NULL),(122,0xC8B1,X'94640BCB4602CB','ktbb\w'),(123,'81950.619',0xd887,'tiséy\jn'),(124,0x12051,_binary"��","e±vfxé\r"),(125,null,_binary'@��X��m���',"ixkÿfqÿo"),(126,'55520.567',_binary'�X','bb'),(127,null,0xf960358cc8a7bc28,''),(128,10844,_binary'�bi�F��','±gq'),(129,0x2DA0,'p能','±'),(130,25431,x'52','oÀuvü`ÿ\t'),(131,0x13C1B,X'E9E9A097A2FF4B41C81919787A2FD072',"txyl\nwfaf"),(132,0x6A62,_binary'�G
���}��2���м',''),(133,51207.11,_binary'zt�\r�','i'),(134,'99536.409',0x9042b4eb08fc87d742afaa6c895aae,'eb±hjz'),(135,26188.78,0x853dd2251993a6,'yéÿqj#ßiüh'),(136,90015.20,0xad5e8e63,'s±'),(137,21905,x'f42b457bd4',_utf8mb4'y'),(138,.745,_binary'���','rél'),(139,.477,"ß能ui予予誠r±表kkÀÿn",'yahtÿ'),(140,2611,_binary'�','rüd''n'),(141,71360.35,'t文k\Zqü','v'),(142,74403,NULL,'yqbmv'),(143,74039,_utf8mb4'pv\_%seßo\nhlhb','aßj\nw'),(144,.266,_binary'{�N��.rDF��',_utf8mb4'rm'),(145,.338,0x93115473a518,'vß\\ÿg\p'),(146,85763,'十ßv''wf文十m能',"jeomy"),(147,9187,x'a0006dbf815de8','sgq_'),(148,43449.19,null,'\kqiéÿ'),(149,'88989.721',0xb8630ea8,'épßzwbh'),(150,93312,x'b579',NULL),(151,.500,_binary'X�#)Y','jngg\rk\\v'),(152,72314.11,_binary"\d��nW��f�!�J�",'Àé±\Z'),(153,0x1B00,0x38355694,'À'),(154,3411,X'1D908BBC2F54E214F4A5','lÀwxÿxk'),(155,70812.00,x'228e94c7f1f04d64402df9','péhépét\tg'),(156,.994,x'd7e6db0db524e511cc5798',''),(157,'84091.753',x'9d90','euß'),(158,0xA3A2,x'7a61e40d06','eÀ;ÿm±w'),(159,'49569.873',0x514a6852bb37345cfe53,'/*nb'),(160,86930,_binary'ά','v''gba-- p'),(161,'88663.734',0x794447f5d66d,'apkh'),(162,24176,X'41DA312B',"tüpkl""ÿnfh\\\g"),(163,.369,X'F41A1E7382719FF1E3DECB16DE','é\or\l'),(164,98055.32,"ÿih能ülgx🦫Àéztÿ",_utf8mb4'zfÀxnp%b'),(165,'73151.123',X'33B58437C10544EB',""),(166,'78146.937','能表;e😀ur運b中m\b_','y\n\''),(167,0x17E2F,x'805cfca37df76dcf6dd0095c','xoÀ'),(168,0x8B71,_binary'%0]�h�','p\\q'),(169,0xDEAD,'z漢vu漢üße',''),(170,0x1185,X'23FA1EA4691B',"nÀ"),(171,84768,x'008eb369b31e32',''),(172,'52902.860',X'6F6FE1571F','fé
üÀ±k'),(173,64501,X'0772B208D55FA31C',NULL),(174,25900,X'BECEA2FADB7744','zkp\_ekzvda'),(175,'82876.994',x'103dbb79acba30',"ypéqü 'dl"),(176,65061.57,X'4A9486C3C8157BDA17AFC46D75DD','güzpxÀf\\'),(177,91144.50,"qüdgpbf;予ü文予\Z","dvcnleh"),(178,'12145.651',_binary'�m���','\0ensd'),(179,.970,x'2694',"cqÿ`jc"),(180,0x6DFB,X'97BB','zßgz'),(181,0xA0EF,'表b十文aw\nÀ中±運üü🦫',NULL),(182,21725.03,'q予
 züソéj予éoj	f','dßomÀq'),(183,0x5CEF,X'6792D7B840',null),(184,0x132E6,"予\l",'/*\béts'),(185,0x1FA2,x'cad86eacc2cd3a2592154a55a7','yßÀzé'),(186,93966.03,0x0c42118b45871a,N'±yhk'),(187,5.21,'g±À\0h漢十ü`eÿÀ','\_p\0jb'),(188,36211.99,0x21cffa607e3e5d924a1ad1cd,'u±Àbfÿgboey'),(189,.686,'k🦫uknaé\'r','pnk'),(190,0x16C83,X'625A','hxtq'),(191,'55700.410',x'7b6a94c8d1332e3cbf56426ffb','nmw'),(192,94792,x'296eb325cbe3bcee2c60efa902a63a9f',NULL),(193,0x14A48,x'967b291eb3ebfc12c0eff1df2eb1a9a8','ßhmfrt'),(194,0xA18F,x'dce0954c855063970e91704e',_utf8mb4'\nzkßeut'),(195,44588,'誠e\yÿ十eafvl# t\"',_utf8mb4"p"),(196,43129,X'4498','uvf\Zs'),(197,'49052.582',0x63,'ÿ;;mipd'),(198,0x1476C,_binary'tt�','u\0ÿc'),(199,35395,_binary';J\c�',N'À-- s'),(200,.911,null,NULL),(201,71174,X'940E50FDDAAF11ACBABC9DFA','p'),(202,53196.48,'\Zé予#p文誠','ift\k\Z'),(203,90565.46,0x80fa993fbbb03bbebd6aa3,'-- ÿtüp±zj'),(204,NULL,0x690794b5a08d8276849272,'xs#a±'),(205,0x7AA0,_binary'����mMrQ+�t','é'),(206,0x65BD,X'6D989B','ß\"ÿ'),(207,23422.10,x'812a886d1d82efc8','f'),(208,2185,_binary"����F",'ésrümh');
CREATE TABLE `fz1`.`child5` (
  `id` int NOT NULL AUTO_INCREMENT PRIMARY KEY,
  `pid` bigint,
  `note` varchar(20),
  KEY `kp` (`pid`),
  CONSTRAINT `child5_fk` FOREIGN KEY (`pid`) REFERENCES `fz1`.`t2` (`id`) ON UPDATE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
INSERT INTO `fz1`.`t2` (id,c0,c1,`c2`) VALUES (209,0xB22B,_binary'7��n-Eb','bi\wdsa'),(210,.380,0xf1d3dd12a18507,'Àqky\n'),(211,75139.58,X'6FF129C2CA674A959314B3C3013444',null),(212,98606,_utf8mb4"_sソeevソ運中hb\%ép","a"),(213,'28629.264',X'F474A697C53FF30AD3C2',"übynew;"),(214,NULL,x'274670ac3767e00b0d6012c3',''),(215,'72573.278',_binary'��',_utf8mb4'\bj'),(216,'53643.151',x'54464c8aa5b7','é'),(217,.382,_binary'���N���<:U','u±gfp'),(218,91293,'','mß`'),(219,73627.59,x'9c5c16765b48353a',"vywuÀih"),(220,NULL,NULL,"\rü"),(221,74707,x'26d6729191',NULL),(222,12120,X'DAC4782134BA6908B6435B8ED193A1',_utf8mb4''),(223,83436,'do誠±運neyk十😀gp','rb'),(224,0x79AC,X'96D00ACD6FBFDBCB4683','a'),(225,.528,0x57a5fe6010540902164c0974,'zÀo'),(226,41722,_binary'�=8\r:','\\'),(227,'30428.581',x'34e0edb9d9e1cde0e829561fa582a150','z'),(228,18478.74,X'FF287261','z\ir'),(229,0xC65E,X'9B',"ve\0e"),(230,.736,x'b748675d00a0478726350f4eae12','%tzi'),(231,4589.95,'hw\paÿ漢pßxÿ運','À;hysüß'),(232,24479.29,x'70b53262c2ba32f9354919f7c3d0','k\0ütiß'),(233,0x7D8B,x'645177c99ea716d38c7ca3b1d21650','ÿhmxy#mi'),(234,NULL,null,NULL),(235,65878,x'0ddfc82cecd1fdeb71',_utf8mb4"dtnéfa\bcc"),(236,.659,x'366e09ecec4dfc','u');
INSERT INTO `fz1`.`t1` VALUES (109,ST_PointFromText('POINT(-1 0)'),1026),(110,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),1027),(0,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),1028),(112,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),1029),(113,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),1030),(114,ST_PointFromText('POINT(-1 0)'),1031),(115,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),1032),(116,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),1033),(117,ST_GeomFromText('POINT(1 2)'),1034),(142,POINT(3, 4.5),1035),(143,ST_PointFromText('POINT(-1 0)'),1036),(0,POINT(3, 4.5),1037),(145,ST_PointFromText('POINT(-1 0)'),1038),(146,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),NULL),(147,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),1039),(NULL,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),1040),(170,ST_PointFromText('POINT(-1 0)'),1041),(171,ST_PointFromText('POINT(-1 0)'),1042),(172,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),null),(NULL,POINT(3, 4.5),1043),(0,null,1044),(175,POINT(3, 4.5),1045),(176,ST_GeomFromText('POINT(1 2)'),1046),(184,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),null),(0,ST_GeomFromText('POINT(1 2)'),1047),(186,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),1048),(NULL,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),NULL),(188,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),1049),(NULL,ST_PointFromText('POINT(-1 0)'),1050),(190,ST_PointFromText('POINT(-1 0)'),null),(191,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),1051),(192,POINT(3, 4.5),1052),(193,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),1053),(194,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),1054),(195,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),1055),(0,ST_PointFromText('POINT(-1 0)'),1056),(198,NULL,1057),(199,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),1058),(200,ST_PointFromText('POINT(-1 0)'),1059),(201,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),1060),(0,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),1061),(203,null,1062),(204,ST_GeomFromText('POINT(1 2)'),1063),(205,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),1064),(206,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),null),(207,ST_GeomFromText('POINT(1 2)'),1065),(0,ST_PointFromText('POINT(-1 0)'),1066),(209,ST_GeomFromText('POINT(1 2)'),1067),(210,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),null),(0,ST_PointFromText('POINT(-1 0)'),1068),(212,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),1069),(0,POINT(3, 4.5),1070),(0,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),1071),(0,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),1072),(216,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),NULL),(217,ST_GeomFromText('POINT(1 2)'),1073),(241,ST_PointFromText('POINT(-1 0)'),1074),(281,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),1075),(282,POINT(3, 4.5),1076),(283,ST_PointFromText('POINT(-1 0)'),1077),(295,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),1078),(336,ST_PointFromText('POINT(-1 0)'),1079),(337,ST_GeomFromText('POINT(1 2)'),1080),(338,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),1081),(339,ST_PointFromText('POINT(-1 0)'),null),(NULL,ST_PointFromText('POINT(-1 0)'),1082),(341,ST_PointFromText('POINT(-1 0)'),1083),(342,POINT(3, 4.5),1084),(NULL,ST_PointFromText('POINT(-1 0)'),1085),(0,ST_PointFromText('POINT(-1 0)'),NULL),(345,ST_GeomFromText('POINT(1 2)'),1086),(346,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),1087),(347,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),null),(348,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),1088),(349,ST_GeomFromText('POINT(1 2)'),1089),(350,NULL,1090),(351,ST_PointFromText('POINT(-1 0)'),1091),(352,ST_PointFromText('POINT(-1 0)'),1092),(0,ST_GeomFromText('POINT(1 2)'),1093),(354,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),1094),(355,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),1095),(0,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),1096),(357,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),1097),(358,ST_GeomFromText('POINT(1 2)'),1098),(359,ST_GeomFromText('POINT(1 2)'),1099),(360,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),1100),(411,POINT(3, 4.5),1101),(NULL,null,1102),(413,ST_GeomFromText('POINT(1 2)'),null),(414,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),1103),(415,ST_GeomFromText('POINT(1 2)'),1104),(0,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),1105),(0,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),1106),(418,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),1107),(419,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),1108),(420,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),1109),(0,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),1110),(422,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),1111),(428,POINT(3, 4.5),1112),(429,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),1113),(0,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),1114),(431,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),1115),(432,ST_PointFromText('POINT(-1 0)'),1116),(NULL,POINT(3, 4.5),1117),(434,ST_PointFromText('POINT(-1 0)'),1118),(0,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),1119),(436,POINT(3, 4.5),1120),(0,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),1121),(438,ST_PointFromText('POINT(-1 0)'),1122),(443,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),1123),(444,ST_PointFromText('POINT(-1 0)'),1124),(445,ST_PointFromText('POINT(-1 0)'),1125),(446,NULL,1126),(447,ST_PointFromText('POINT(-1 0)'),1127),(448,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),1128),(449,ST_PointFromText('POINT(-1 0)'),1129),(NULL,POINT(3, 4.5),1130);
INSERT /*!40000 HIGH_PRIORITY */ INTO `fz1`.`t2` VALUES (237,.772,_binary'��~�\Z�u',NULL),(238,89252,X'CCF21F884D',NULL),(239,0xD884,0x130044912903bae0ee8b409a,'jozer\\i'''),(240,null,x'1b','À\\blyxcbu'),(241,27927.95,x'89f2f65bc86d','pßÀayv'),(242,64341,x'cfbcdf2b9f0354d4ddaac58fd9721d',"z±y\rickyüy"),(243,'56711.081',0xb36ca842b3,'fmdtj'),(244,23480,_binary'NY#�$�,0','suw'),(245,67694,'q予予v文x運plb\0zd能表','kÀt'),(246,62280,X'524DFC51E8AE69A0A8F7','kvÀ'),(247,0xCDE2,x'57e9f6cd2bb77e5834661f40','y\eni'),(248,9200,X'3E5EF20D92C80BD0','sm'),(249,83706,'ÿü表go予','h'),(250,.65,0x465f5b2adc4a0be1f8a287,'\tuqr;'),(251,83209,'À予±漢ca表ソ😀ßk運十üÿ','\txcn\_uk'),(252,'17749.464','\\🦫±',"ü
éwÿt±"),(253,.198,0xb45349206976,_utf8mb4'vmhé"k_'),(254,0xBB0A,x'5e3fc0cdeaaef20f9dd695','e'),(255,.399,NULL,'_'),(256,NULL,x'5092bce10e2ccb','nqÀü\'\kuéÀ'),(257,60429.74,X'D2D1FBD86468624ABECDBF',NULL),(258,1302,_utf8mb4"ソtx運m",NULL),(259,66845.19,0x33956241307d2127a95c1237b14439,''),(260,.311,x'112400daef1bdfb07dbc8469d778ee9b','g-- \%l'),(261,null,0x3f11,"cd-- mvii"),(262,92239,X'2FCC41D9BF548F6ACC81B2CDFC7EC45F','zÀze'),(263,97447,X'E59B4D103FDD6DEFBFB90A','u/*a\nwqb'),(264,18934,x'be',"n\yvhe mg"),(265,99445,X'9F','-- pnr'),(266,41125,NULL,"ic'j"),(267,39806,_utf8mb4'予t\'y','fnlÀÀ'),(268,NULL,x'6a23982e4cb06ce71a7ed620b0a4',N'\0\0rt'),(269,52659,X'5FF9DF92C66D29DB09B009',''),(270,'87282.909',"f文izcnÿa\\誠😀🦫b/*u運",''),(271,13354.56,x'5d0d','z\0enÀ'),(272,null,_binary'^������f��H���',''),(273,93387,X'59E1F226436BFA',null),(274,91320,_binary'Mr�.���	�ô�','dzdhéß'),(275,56775,_binary'\"','xé'),(276,18827,x'32','c-- m'),(277,0x1623,"üßoq± 	 ig`",'pßéÿ\pbq'),(278,92589,X'3CFD10','nphtpg'),(279,NULL,x'6a2427d5c0bd','mqp\yébmtbc'),(280,72679,0xaf2eba6a0e486ecf761784c562ed,_utf8mb4'`\\juß'),(281,.425,x'3112af5a04e00b','éÀ\n\px'),(282,17342,'漢\nÿÿ\jxz\Z',''),(283,44696,x'de7f36e18b4400ba18acdd7d13',"fc"),(284,75280.83,X'E6F051B6A57AA8F2',"beb"),(285,'56827.009',null,'a\taÀ g/*q'),(286,'47954.081',_binary'�ԒzDު�7-','é'),(287,59504,x'cd8dd517a23a14fe8ca2a97f174f','f'),(288,97070.28,0xb3dca426108ebff7,'vj'),(289,32215,null,N'pdfé/*u'),(290,'80441.114',x'9ea306cc6cacef',"üybzÿnfÿ"),(291,36450,null,"btmxtm"),(292,.789,_binary'���z��V-Ts','gÀ'),(293,99974,x'973604bfc4','\t\nné±b'),(294,41169,_binary"v�{gW9",'x±l\wnqm'),(295,.497,"é十g漢nÀ予🦫üp誠m十",'ybpj'),(296,'30550.941',X'F7685E9FC1B8BEBEC8B3CE9A88FDD90F',''),(297,null,_binary'�','h \Zu'),(298,56829,null,'r/*x\\/*'),(299,.216,0xb27afac3a7cd064a68a0b31ab4b1db,_utf8mb4'e'),(300,77169,0x134fb3887fb46bcabbffa49091a5,'k\\lcfe'''),(301,NULL,'üuh能k\"\k',null),(302,92519,x'4747f93b46b9','/*bn'),(303,.991,'é表iün\0\nanr','ÿiex\%z'),(304,73542.17,_binary'�!�A� ��n�T�','x'),(305,.524,_binary'3��������}Y�',_utf8mb4'\Z'),(306,.363,0xa8055f29e17fa140c1154f7484a864b1,"t\réb""jjy"),(307,9505,X'AD1F56024AD6',''),(308,35301,NULL,'#jywcdrk'),(309,0x22D3,_binary'�X���','ß±±dz_'),(310,47920,X'1CBD5F536ECE5A9DD415',"alwox'\snÿ"),(311,.684,0x6b4b5d,NULL),(312,93045.44,_binary'\'/',";À""\_éktv"),(313,.232,0xf15e62cb5c,'few_±\0'),(314,60119.35,x'c2','cgék'),(315,75805,'%fy表`yt漢ÿjv😀',_utf8mb4'g'),(316,42821,x'b5c83dbd210894214034e793','ém±j'),(317,94795,x'e8c7ce06',' asßwlvpn\Z'),(318,'93945.423',0xcca022f2515f75d5,_utf8mb4'mh\\'),(319,15695.91,0xfc,''),(320,8697,x'fca8376860937e','naw\qf'),(321,83142.06,X'82','
ytü#'),(322,0xEEA1,NULL,"q/*y"),(323,5941,X'C117DD4ED605DB413020664406','ÿv'),(324,31526,'bd誠ywkÀ\r','ehyu'),(325,97608,'zmdw表kd±十🦫漢dfソko','mÿ'),(326,14999,null,_utf8mb4'é\b'),(327,.352,X'3239820C48','-- j'),(328,'86705.110',X'16',''),(329,28274,'impb','zcynuwÿb'),(330,'65491.936',null,''),(331,0x143F8,_binary"hV�ͷ�}�oS�~Y�;",'±b\füqlwtß'),(332,'41595.756',x'c17f5e3df4','yaonjz'),(333,NULL,_binary'�5h�2','ééhaur'),(334,.704,0xbfcb22b3bf1fff9f55b9b591,"ü"),(335,.979,0x239e995f01c32467096bb7cb,'\bÿxyuéÀs'),(336,'52301.306',0x3aeb134e2f24651067a1bfa2844d3cc1,'a±p'),(337,27547,'🦫\\ソ',"vtréjüy\hß"),(338,'49358.242',_binary'�܏�v��o',null),(339,68132,X'99830D4C8E55BB66514A8BD4','üna'),(340,74796,_binary'j:�','f'),(341,66291,_binary'S��r5�T���#','tglk\'	ij'),(342,.890,0xe3f2786293,'xe'),(343,NULL,_binary"c�˄|�H��",'\xjeguw\"'),(344,13264,x'aaea853bf79da2141df1058d','uwqeiar'),(345,5547,x'8f40c62ae7a88364',' ÿs');
INSERT INTO `fz1`.`child5` (`pid`,`note`) VALUES (47,'j文'),
(188,'中🦫y/*x'),
(139,'運\\iÀen±üwqa'),
(237,"i表中ßÿir漢\Zÿ"),
(98,'表imdb\"'),
(267,'x中yi運l😀\r予hs'),
(208,'p文sft'),
(317,'t'),
(110,"il\i🦫ÿ;c"),
(314,_utf8mb4"運rpü/*lÿ文😀\Zt"),
(339,'ß表'),
(176,'\Zßÿ\e±lélr'),
(129,'誠sソwß'),
(302,'\g文\%予漢ya\adkÿ'),
(78,_utf8mb4"b運pi±r"),
(62,'h'),
(108,'x\h\b😀漢'),
(114,'ü予予bsnpy'),
(244,NULL),
(235,'t#誠s漢ソ漢Ài'),
(9,'\tÿ文rzÀxtn'),
(276,'wézソ#wd文i\vt\%'),
(263,''),
(20,null),
(191,'"運g十'),
(37,'na能\w/*誠q漢\n'),
(291,'mb文'),
(309,_utf8mb4'zxÀ\0'),
(48,'xhyüv能bj運mgx'),
(327,"kz中ßnbk"),
(180,'ey予\r😀cb'),
(189,"誠y😀o"),
(148,'誠f'),
(281,'r🦫中v'),
(17,"ÿx文"),
(187,"wznx\brn漢能-- yk"),
(135,_utf8mb4'n十'),
(58,'\n予予o表x漢予jpi'),
(194,"ÿzugu🦫t中l"),
(68,'b運\b'),
(254,'中é\s±\''),
(119,'v表r誠wo'),
(296,'kpemv'),
(105,"é"),
(254,'😀'),
(131,'t`誠\ag'),
(185,''),
(88,'sqzÀ漢\t表w%kls'),
(287,'y'),
(167,"誠lÀs🦫bß"),
(153,"fzß😀能"),
(81,"	n\\中"),
(250,'予ia±ÿd誠'),
(283,' ±\b表\wü中ljg'),
(286,'g予'),
(240,null),
(259,'	b\%\eÿ文'),
(111,''),
(98,'誠\r文±üx文lÀ🦫'),
(253,'ix運±±運e'),
(268,'af±oÿ\'kckld誠'),
(286,''),
(8,'p'),
(154,NULL),
(266,'i中uvp文ソ運hd'),
(2,'lsü中rソ mfa'),
(9,'e誠十m\xfjnß'),
(251,'😀j文\vyw'),
(181,'表予\n😀'),
(98,NULL),
(268,'q\b文aveg🦫'),
(141,_utf8mb4'ß😀誠aÿü😀ehk'),
(9,'kff🦫±😀b-- 予±%x'),
(13,'d運\kv'),
(31,'v漢'),
(77,'bgÿn誠能'),
(297,'±sü'),
(27,'\0n漢w'),
(264,N'±十sÀ'),
(89,'gyソ😀-- z`中`é😀中'),
(7,'r'),
(98,'st'),
(166,'文uk'),
(90,'ylé誠gÿ能能m能'),
(82,'ソzt\r表x'),
(103,null),
(135,'ve v誠'),
(130,'n中🦫/*🦫j'),
(42,'dßf😀À誠n😀誠lu\"'),
(200,_utf8mb4"漢能ßz誠e±cü"),
(302,''),
(45,_utf8mb4'文ソy\'y'),
(311,"漢🦫cfnÿu十wÀ"),
(179,'d\non漢🦫文À🦫"kg'),
(93,"e"),
(118,"🦫éqesp予dcソ"),
(61,NULL),
(11,'文表表ソbp文e'),
(194,'sソ誠l運zrw'),
(163,'文😀t-- nソddb'),
(198,'wソ予uj運運ÿrd'),
(12,''),
(342,'a\0能a誠o'),
(332,'ü\0表😀漢rÀn能'),
(169,null),
(132,''),
(195,_utf8mb4'arzy誠vÀ'),
(143,null),
(187,'üüfk十q予ソü\r運'),
(169,''),
(150,"l±g能誠漢gzaa"),
(268,'yo文ü'),
(173,"éhxÀy😀vz"),
(309,'_o予中q\\\t\n\s予'),
(254,"漢v%運"),
(177,'l運\'m運wl'),
(263,'j十À😀±g'),
(226,'\%予ß\nj\tse'),
(72,'w\0oÿbikog🦫wÿ'),
(278,NULL);
INSERT INTO `fz0`.`t3` VALUES (236,'dg\jc','\fhu',0),(0,'ß-- rv%owh',_utf8mb4'-- 漢t予ソnjp',24),(238,'gÀÿ±h%p','vsq',30),(0,'ézl±yz',"d\l\q",24),(240,'ez','sq表運%oxa',26),(241,'\nvvjw','isx十y',18),(242,"-- ÿcwucüeq",'\'十w予誠y',13),(0,"ßm",'e\d',24),(244,_utf8mb4'mx',N'imusjwn',9),(245,'dkxnk','運',22),(246,_utf8mb4'a',"djqa",12) ON DUPLICATE KEY UPDATE `u` = NULL;
INSERT INTO `fz1`.`t1` (id,c0) VALUES (602,NULL),(603,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)')) ON DUPLICATE KEY UPDATE `c0` = VALUES(c0);
INSERT INTO `fz1`.`child4` (`pid`,note) VALUES (414,'v\bkÿe\beppq'),(172,'q予\elz十f🦫l予z\p'),(216,"nq表ecétn");
DROP TABLE IF EXISTS `fz1`.`t131`;
CREATE TABLE `fz1`.`t131` (
  `id` bigint NOT NULL,
  `c0` tinyint unsigned,
  `c1` geometry,
  `c2` decimal(10,2),
  `c3` varchar(40) CHARACTER SET gbk,
  `u` int,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uk` (`u`),
  KEY `k1` (`c0`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
INSERT INTO `fz1`.`child4` VALUES (4,281,'t');
INSERT INTO `fz1`.`t2` (`id`,`c0`,`c1`) VALUES (347,0x9A14,x'3016858687745d1a3adbe93b'),(348,22827,X'9386E17EBC50ACEE32CA'),(349,39925,'�l�'),(350,19896,"�,\Z""��e�"),(351,81076.80,X'269B4AF85DA0DF3C42E919C204'),(352,81380,null),(353,.515,X'BA51523F37ADF73E96B649EBDEA7'),(354,0x166ED,0xc236b2cb4157652df1c68c6e7d330a),(355,.470,0xc51a58cbd6a7bf0ab0efb491),(356,90648,X'9DAE4CF4F533'),(357,'78809.538',0x663d6bc2ad8c6396b9fecb7e80f73e98),(358,92541,'�p��'),(359,'43374.683',X'6CE148A57990'),(360,.221,0x4b11754a38e54757b1952b689ef82ef0),(361,0x1370C,'zi'),(362,0x5346,_latin1'gb�t�grooc'),(363,null,0x1a98),(364,32162,0x6b6a56ca62db7031999e),(365,'63160.742','qlaq'),(366,77196,0x173ad769),(367,98490,X'EDBE3C'),(368,61776.84,X'AB87'),(369,NULL,x'fadd8d351d265b'),(370,71630,0xec0a3e26a59669fd06c82d4c4295d689),(371,.110,X'2DC20D79F2'),(372,'130.994',0x2675ab8b7a56e51a9818bc13eadefb6e),(373,97623,'zkc\j�v�\n'),(374,.606,'na�;rfz\0��'),(375,93310.53,'}h�Y�P��n�G(�'),(376,42621.84,"%���f鱱;h"),(377,0xB31C,"��W���"),(378,'90222.572',X'FDE449D4DDEF82'),(379,0x5EB8,'yr'),(380,null,X'7BE23AC5E4452C8DD9A3'),(381,14852.29,X'D2'),(382,70044,'\i$�l��w\n��'),(383,0xA058,0xa1a24580),(384,'36749.430',0xb5cc9b),(385,.796,X'6B88606B6E7B1CBDCB1EEE5D9B'),(386,99157.35,'to'),(387,38789,x'cf0c'),(388,.787,'tM\h�;Z'),(389,7960.30,'�rgscgt\0t'),(390,13361,'s�,w�+'),(391,.863,X'56A6E8A9DD06537170EF22423676F052'),(392,98091,x'ca863b3a3392731cc3'),(393,88528,X'0486319F44D48055E1E5'),(394,0x16F08,0x9ee318),(395,'14818.261',x'01c44d8eae07f04ef4e0fb'),(396,'54305.336',null),(397,32021.64,"xle��ta#fvp"),(398,0x93EB,"-- \rh"),(399,50665,"�&"),(400,48931,x'83dabbaf391f029eb0212e066c'),(401,.340,x'de06166177'),(402,.830,'�l'),(403,63768,'ۯɛ��#-'),(404,.229,x'42c6694d6a698e286e331569fde198f4'),(405,null,'�i'),(406,.659,''),(407,14630,x'f885e0fcf8788d7e82d5'),(408,0x4546,NULL),(409,89420,"ZQ���O���yae�"),(410,.641,X'01B6E7'),(411,'91929.174','Gs�{:~ͭ'),(412,0x9616,0x633e4e22a4cb),(413,20696,"�\Z�@M#���?oj"),(414,0x14309,_latin1'sx��ucian');
INSERT INTO `fz1`.`child5` (`id`,`pid`) VALUES (233,235),(0,71),(235,281),(236,81),(237,143),(238,398),(282,82),(319,148),(NULL,9),(321,209),(0,129),(323,363),(324,125),(0,246),(326,137),(327,56),(NULL,187),(NULL,350),(0,101),(0,11),(332,28),(NULL,88),(334,403),(335,32),(336,200),(NULL,325),(338,337),(NULL,322),(NULL,292),(341,369),(342,21),(350,108),(351,221),(371,232),(0,357),(373,391),(404,333),(405,20),(406,327),(407,315),(NULL,39),(409,391),(446,125),(0,120),(448,317),(449,296),(0,67),(451,387),(NULL,199),(496,365),(497,199),(0,189),(NULL,21),(500,393),(501,107),(502,60),(503,101),(504,73),(505,91),(506,403),(507,273),(508,114),(509,342),(0,129),(511,60),(512,252),(513,98),(514,264),(515,261),(NULL,96),(0,113),(NULL,288),(NULL,43),(520,331),(521,291),(522,217),(0,88),(0,74),(556,124),(557,331),(558,144),(559,410),(560,123),(561,51),(562,61),(NULL,342),(564,132),(NULL,258),(566,18),(567,353),(568,5),(569,119),(570,226),(NULL,206);
REPLACE INTO `fz1`.`t131` VALUES (5,61,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),.520,'',16),(6,+12,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),2949.46,_latin1'g',0),(7,0xB3,NULL,37450.07,NULL,33),(8,b'101010',POINT(3, 4.5),8566.67,'mpdm\0he;t',7),(9,214,POINT(3, 4.5),19745,'',17),(10,88.4,ST_PointFromText('POINT(-1 0)'),-.388,'jx',37),(11,134.4,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),0x160F7,"vw\r",35),(12,b'100010',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),509.123456789012,'frs',25),(13,FALSE,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),113.123456789012,_latin1'imnwnlop',31),(14,67.4,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),'-27533.905',_latin1'',36),(15,NULL,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),4177,'
dbwxtad',37),(16,113.4,ST_GeomFromText('POINT(1 2)'),0x3A63,'m',2),(17,0xBF,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),13108,NULL,11),(18,121e0,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),0x3E74,'\ni',15),(19,43,NULL,0x39F,'',4),(20,b'11000110',null,0x16592,'il',1),(21,3,ST_PointFromText('POINT(-1 0)'),.112,'	y\p',NULL),(22,NULL,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),89141,'wohv#d',1),(23,0xF0,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),0xB96A,"qlufg",3),(24,TRUE,ST_PointFromText('POINT(-1 0)'),154.123456789012,'opzq',22),(25,132.4,POINT(3, 4.5),54388,"\w""lld",24),(26,+82,ST_GeomFromText('POINT(1 2)'),.537,'o\0mq',36),(27,36e0,POINT(3, 4.5),'-46319.265',_latin1';',39),(28,'183',ST_GeomFromText('POINT(1 2)'),'79658.715','rg\mzyzfj',11),(29,192,ST_PointFromText('POINT(-1 0)'),94083,'qlm\rw\0\fpm',34),(30,17,POINT(3, 4.5),92059.68,'tfw',27),(31,9.4,ST_GeomFromText('POINT(1 2)'),.375,'h',36),(32,'174',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),.460,'cpee',15),(33,159,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),4411,NULL,null),(34,TRUE,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),-748.123456789012,"j\\",5),(35,117,ST_GeomFromText('POINT(1 2)'),13844,'''rqf\0cs',21),(36,NULL,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),44453.16,'cu`pj',11),(37,FALSE,ST_GeomFromText('POINT(1 2)'),0x5566,'j',26),(38,0xCF,ST_PointFromText('POINT(-1 0)'),0x1676A,'dg-- qbpf',38),(39,3,POINT(3, 4.5),58761,'jkgx#',10),(40,NULL,ST_PointFromText('POINT(-1 0)'),329.123456789012,'oxsc\b',29),(41,146e0,ST_PointFromText('POINT(-1 0)'),0xE8D8,'\t',3),(38,'37',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),0xC23A,"",9),(42,199,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),885.123456789012,'eqih',0),(43,148,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),34737.33,NULL,11),(44,17e0,ST_PointFromText('POINT(-1 0)'),0x5187,_latin1"hm",19),(45,38.4,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),70395,'eqwojn',NULL),(46,25,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),435.97,'btnl',6),(47,105,null,NULL,"rcn\bzuy;",5),(48,19,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),0x1506B,_latin1'rtcpb',37),(49,115,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),.9,'fp\0te`ct',3),(50,72,ST_PointFromText('POINT(-1 0)'),54168.14,'a''c\v',17),(51,166,POINT(3, 4.5),'15087.883','kso',null),(52,140,ST_PointFromText('POINT(-1 0)'),96031,NULL,23),(53,FALSE,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),46331.79,_latin1'vtc',27),(54,143,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),0xEF71,"\he\0",18),(55,169,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),-754.123456789012,'ftx',24),(56,35,POINT(3, 4.5),0x15247,NULL,23),(57,4,ST_PointFromText('POINT(-1 0)'),NULL,'mrnw',2),(58,'51',POINT(3, 4.5),NULL,'w/*\"\_',9),(59,FALSE,NULL,0x1653,'\tvkr;',5),(60,92.4,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),-.595,NULL,8),(61,49,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),-.931,'lvv',3),(62,213e0,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),-.32,'qn\\ ',31),(63,137,POINT(3, 4.5),39702,"ve-- ",23),(64,152.4,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),39731.37,'nma',0),(65,'134',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),-52592,_latin1"\m",38),(66,183,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),-6330,'wgsgh',28),(41,43,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),340.123456789012,_latin1'ljnf',13),(67,'64',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),null,"l",23),(68,'127',ST_GeomFromText('POINT(1 2)'),18266,'ronnt',31),(69,+77,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),-232.123456789012,_latin1"s",14),(70,'46',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),27543,'ttkgbw',19),(71,0xCA,POINT(3, 4.5),.520,'v',37),(72,55,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),465,'dy_zd\dw',37),(73,141.4,POINT(3, 4.5),null,'\Zsir',22),(74,161,POINT(3, 4.5),.985,'qcfpl',35),(75,0x4E,ST_GeomFromText('POINT(1 2)'),'89015.180',"htevj",33),(76,136,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),0x17414,'og\vgiu',11),(77,b'110001',ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),-74480,null,18),(78,NULL,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),54647,'ruwnv',19),(79,138,POINT(3, 4.5),0xE87C,'\%v',NULL),(80,+227,ST_GeomFromText('POINT(1 2)'),'63793.912','',33),(81,79,POINT(3, 4.5),-64891,null,10),(70,'114',POINT(3, 4.5),90938.87,'nic',NULL),(82,null,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),31652,'i\inzcftss',0),(83,186,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),296.123456789012,'',30),(84,137,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),922.123456789012,null,25),(85,TRUE,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),'7354.805','\tmrw',23),(86,182,ST_GeomFromText('LINESTRING(0 0,1 1,2 5)'),56457,'',17),(87,031,ST_GeomFromText('POINT(1 2)'),null,'\\tj',0);
