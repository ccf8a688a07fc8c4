-- difffuzz: the mariadb client and `dumpscope import` disagree on this script.
-- seed 3, mode parallel (dumpscope import --parallel 3 --batch-bytes 2K), kind hang.
-- Shrunk from 140 statements and 725 rows to 105 statements and 400 rows.
-- The original: go run ./scripts/difffuzz --dumpscope BIN --seed 3 --count 1 --modes parallel
-- (line numbers in the detail below count from the first line after this header)
--
-- dumpscope did not finish; the client did:
-- … 7 tables done, fz0.b2
-- 04:14:04  +1:36  87.6% ETA 0:27, 20.6 KiB SQL, 0 B/s, 0 rows/s, 7 tables done, fz0.b2
-- 04:14:05  +1:37  87.6% ETA 0:28, 20.6 KiB SQL, 0 B/s, 0 rows/s, 7 tables done, fz0.b2
-- 04:14:06  +1:38  87.6% ETA 0:28, 20.6 KiB SQL, 0 B/s, 0 rows/s, 7 tables done, fz0.b2
-- 04:14:07  +1:39  87.6% ETA 0:28, 20.6 KiB SQL, 0 B/s, 0 rows/s, 7 tables done, fz0.b2
-- 04:14:08  +1:40  87.6% ETA 0:28, 20.6 KiB SQL, 0 B/s, 0 rows/s, 7 tables done, fz0.b2
-- 04:14:09  +1:41  87.6% ETA 0:29, 20.6 KiB SQL, 0 B/s, 0 rows/s, 7 tables done, fz0.b2
-- 04:14:10  +1:42  87.6% ETA 0:29, 20.6 KiB SQL, 0 B/s, 0 rows/s, 7 tables done, fz0.b2
-- 04:14:11  +1:43  87.6% ETA 0:29, 20.6 KiB SQL, 0 B/s, 0 rows/s, 7 tables done, fz0.b2
-- 04:14:12  +1:44  87.6% ETA 0:29, 20.6 KiB SQL, 0 B/s, 0 rows/s, 7 tables done, fz0.b2
-- 04:14:13  +1:45  87.6% ETA 0:30, 20.6 KiB SQL, 0 B/s, 0 rows/s, 7 tables done, fz0.b2
-- 04:14:14  +1:46  87.6% ETA 0:30, 20.6 KiB SQL, 0 B/s, 0 rows/s, 7 tables done, fz0.b2
-- 04:14:15  +1:47  87.6% ETA 0:30, 20.6 KiB SQL, 0 B/s, 0 rows/s, 7 tables done, fz0.b2
-- 04:14:16  +1:48  87.6% ETA 0:31, 20.6 KiB SQL, 0 B/s, 0 rows/s, 7 tables done, fz0.b2
-- 04:14:17  +1:49  87.6% ETA 0:31, 20.6 KiB SQL, 0 B/s, 0 rows/s, 7 tables done, fz0.b2
-- 04:14:18  +1:50  87.6% ETA 0:31, 20.6 KiB SQL, 0 B/s, 0 rows/s, 7 tables done, fz0.b2
-- 04:14:19  +1:51  87.6% ETA 0:31, 20.6 KiB SQL, 0 B/s, 0 rows/s, 7 tables done, fz0.b2
-- 04:14:20  +1:52  87.6% ETA 0:32, 20.6 KiB SQL, 0 B/s, 0 rows/s, 7 tables done, fz0.b2
-- 04:14:21  +1:53  87.6% ETA 0:32, 20.6 KiB SQL, 0 B/s, 0 rows/s, 7 tables done, fz0.b2
-- 04:14:22  +1:54  87.6% ETA 0:32, 20.6 KiB SQL, 0 B/s, 0 rows/s, 7 tables done, fz0.b2
-- 04:14:23  +1:55  87.6% ETA 0:33, 20.6 KiB SQL, 0 B/s, 0 rows/s, 7 tables done, fz0.b2
-- 04:14:24  +1:56  87.6% ETA 0:33, 20.6 KiB SQL, 0 B/s, 0 rows/s, 7 tables done, fz0.b2
-- 04:14:25  +1:57  87.6% ETA 0:33, 20.6 KiB SQL, 0 B/s, 0 rows/s, 7 tables done, fz0.b2
-- 04:14:26  +1:58  87.6% ETA 0:33, 20.6 KiB SQL, 0 B/s, 0 rows/s, 7 tables done, fz0.b2

SET NAMES utf8mb4;
CREATE DATABASE `fz0` DEFAULT CHARACTER SET utf8mb4;
USE `fz0`;
CREATE TABLE `fz0`.`t1` (
  `id` int NOT NULL AUTO_INCREMENT,
  `c0` smallint,
  `c1` set('1','2','4','x') NOT NULL,
  `c2` time(2),
  `c3` longblob,
  PRIMARY KEY (`id`)
) ENGINE=Aria DEFAULT CHARSET=utf8mb4;
CREATE TABLE `fz0`.`b2` (
  `id` bigint NOT NULL,
  `c0` smallint,
  `c1` decimal(10,2) NOT NULL,
  `c2` varchar(40) CHARACTER SET gbk NOT NULL,
  `c3` bigint unsigned,
  `c4` enum('1','2','10','a','b'),
  `c5` smallint,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
/*!40014 SET FOREIGN_KEY_CHECKS=0 */;
/*!40014 SET UNIQUE_CHECKS=0 */;
INSERT INTO `b2` VALUES (1,FALSE,0xA9F9,"s\ton#ソ十",'2045667541703250495',3,+13384),(2,FALSE,0x12911,'',21,3,NULL);
INSERT IGNORE INTO `b2` VALUES (3,-123,3145.34,'ソnq漢ov',195,'1',174),(4,b'10111000',-582.123456789012,'o運g能文十予sydd',188,'1',-2614),(1,6662.4,-520.123456789012,'z\0#中中l',2362742795140515450,'b',-1752),(2,-41,0x1A9E,'',97,'b',-125),(2,b'10101111011100',0x1050F,'eu中`誠zw',2473008699411338447,'1',-26),(4,-25383,-646.123456789012,'m_',223517513633786218,'10',30138);
TRUNCATE TABLE `fz0`.`b2`;
INSERT INTO `b2` (id,c1,`c2`) VALUES (5,-.644,'表hcc');
INSERT IGNORE INTO b2 VALUES (6,'24623',976.123456789012,'bxy予a',TRUE,'10',-86),(7,16542,'44029.016','予j\'tz',3,'b','13'),(5,-198,78054,'中x',FALSE,'1',FALSE),(5,-1344,84.5e0,'llh中f',0x345C92C9DD7227B4,5,-20865),(7,15.4,52558,'ed/*中lpve',2110330857053687690,'a',FALSE),(5,-19601,.665,'k',FALSE,5,102.4);
REPLACE INTO `fz0`.`b2` VALUES (8,'-196','50287.979','iソyx#能set予hv',b'10101011',3,-114),(8,-18143,50755.12,'誠znmソf',+1473632372155351726,1,0x2533),(8,-84,0x8A5C,_utf8mb4'\b_表nab',NULL,5,74);
INSERT INTO `fz0`.`b2` VALUES (9,b'1010101',0x30CC,"",3383753390623917706,'10',0xBF);
/*!40014 SET UNIQUE_CHECKS=1 */;
/*!40014 SET FOREIGN_KEY_CHECKS=1 */;
EXECUTE IMMEDIATE 'SET completion_type = 1';
START TRANSACTION;
REPLACE INTO `fz0`.`b2` VALUES (10,76,-2.5e2,"lri十文k運\Z",102,'B',129),(11,b'0',-86.5e0,"\\",NULL,'B',-11840),(12,0x5058,-99951,'予jg',b'10000010','2',-56),(13,0x30,.743,'',+172,'B',NULL),(14,-18372.4,27994,'r誠e運bq',FALSE,3,null),(15,b'100111011000000','-94337.045','omq',b'1111101',1,0x6221),(16,'8555',0xC07D,'漢uhs\Zm中 能',2663454078372349254,'B',147),(17,'-20','69073.692','wff_-- b\w zl-- ',153,5,-6643),(18,NULL,-31.5e1,'文c運oc',0x3B3875C68FB129BA,'1',28809),(19,'25307','23936.557','文表o
f\\',FALSE,5,17036),(20,0x66,569.123456789012,'漢能誠',48.4,3,b'10110000'),(21,'156',444.123456789012,"ylmee\_d\b",552275453365421890,null,b'11100101111000'),(22,-84,'1828.952','l',FALSE,'B',-6765.4),(23,FALSE,66692.62,'\kdrf\vx#w',null,'B',176),(24,-12513,986.123456789012,'中\a',3746060655286464171,'10',11651),(25,-23504,'63863.694',"y/*#fc",0x3BDC4E8A160DA1D7,1,3018),(26,0x109E,0x41A6,'ソ\w運',896682720397709548,1,-3982),(27,-16842,-263.123456789012,_utf8mb4'w能文krcgr',+148,'2',10964),(28,-73,63.5e2,'gmソ	誠表',124e0,'a',176.4),(29,null,'61693.568',"中;予",NULL,'b',15268),(30,116.4,11.5e2,'',3324038770768830999,'2',144),(31,'733',68.5e2,'文ldm\rti\b',3995131568083425855,'1',16),(32,TRUE,'44346.386','v;\Z',2750496340653151784,'a',+99),(33,NULL,.944,'中',+1485294148762769740,5,'37'),(34,0x45,17.5e1,'\'\\e',3440351856622127338,5,-32235),(35,13933,'-7955.080','',3276388022445979754,'1',-7308),(36,-107,0x101B8,_utf8mb4'
w表ccz十',TRUE,'10',null),(37,23e0,0x6340,'_表ct表',4224893667698164969,'a',-31865),(38,b'10110111',0x1452E,'da',1464306573804972942,null,33),(39,-7403,'-12194.306',_utf8mb4'\_k能piq十/*\Z\y',+18,1,-29697),(40,6397,-31.5e2,'予nvtve',24.4,1,-117),(34,018,'-75751.451',"k ",106,'10',-17104),(41,5221,.708,'表s\Z',null,1,28492),(42,'145',0x122F5,"w誠r\0d",+2829313852519457937,'B',0x7CF0),(43,-20774.4,14129.70,'ソ能予十',+14,3,FALSE),(44,-26346,0x15F6C,'漢',1366281754745607554,'b',-29095),(45,-884.4,-378.123456789012,'xg\bn表予',2606435389945806417,'b',-19366),(46,19451,0xD20A,'pxu表',0x63,'2',-92),(47,-3266,25250,'漢ldr中漢',FALSE,'1',null),(48,-4040.4,'73221.109',_utf8mb4'',0xA5,NULL,022),(49,111e0,.695,'pef十ah\\x運',493354736996993164,5,-168),(50,-179.4,56309.20,_utf8mb4"siqe\Zq",3392162944886846413,'a',TRUE),(51,0x74,-81866,'ソソ`harf',null,'2',-2132.4),(52,93.4,'22373.162',"r誠q-- e能cn能",0x32C14B05D153F5A0,5,null),(53,-32282,0x1C7C,'`sbw','4264790117658692702','10',-61),(54,-3576,0xB397,'u_#xtxc十',b'1111110100101011010010110101001010100001111000001010010100','1',+12297),(55,-107,'11595.636','d運u','144','2',31554),(24,19840,'34444.860',N'能e\f',2224426853901614882,'b',b'1111101111001'),(56,68e0,68.5e2,'xs',b'10001','1',0x3897),(57,b'11000100',0xE0C,'十f予noqz運b\m',0x25EE7B2DFB99413C,5,21),(58,TRUE,22041.37,'b#s\ur','82','10','78'),(36,-15564,-86.5e0,"予\fwv",'36',3,TRUE),(59,21614,15.5e1,'十',94,null,128),(60,-14683,.132,_utf8mb4'\b',null,'1',-2505),(61,+7249,91764.85,"中文%ns",139e0,5,'5910');
INSERT INTO `t1` (id,c0,`c1`,c2,c3) VALUES (1,-9,'x',null,'x±誠運予\vc±oz十k文'),
(2,147,'2,1',123456,x'7feaff739f83896691da9d78'),
(3,-94,'x','-12:30:00.25',x'dc0e925ae5f0c4f95b'),
(NULL,null,'',123456,null),
(5,-27345,'x','-12:30:00.25',"c"),
(6,b'100','1,4','1 10:00:00',X'CA0DDE1377995E95734AB8547D'),
(7,-97,'1,4','00:00:00.99',x'7ea69767'),
(NULL,-25429,'','00:00:00.99','Àdbr漢'),
(40,-11625,'4,x',123456,x'6f4345'),
(41,'-718',5,'838:59:59',_binary'p�P�+4��'),
(0,-92,'x','-12:30:00.25',X'3DF45C31C5'),
(43,112,'1','1 10:00:00','a漢\_/*ozppz漢\qソqn'),
(44,026,'','-12:30:00.25','t誠ßn漢ßod#十'),
(45,FALSE,'x','00:00:00.99',0x06376d00ad5c4205727dda8af689),
(95,5838,'1','00:00:00.99',0x44484e7f25743da17d1cfb1e7203d8),
(0,null,'1',123456,X'2DA540F087EE3AA5F2'),
(97,+8194,'1','838:59:59','l十p\ulm文uz誠ßidt'),
(98,'-15218','1,4','1 10:00:00','運üe文; 😀xrs-- wem'),
(99,178e0,'1,4','00:00:00.99',0x855cfaf5e73ab075e09560),
(100,-30439,'1','00:00:00.99',_binary'AS'),
(101,1080.4,'x','-12:30:00.25',_binary'���Ø����Y�<'),
(NULL,091,15,123456,X'17AF5E6660C12D6F22A24EFB'),
(111,147,'1,4','838:59:59','/*文qc能lozq'),
(112,154,'2,1','1 10:00:00','😀mat\n±ソj'),
(NULL,NULL,'2,1',123456,'rér\Zßrj\\ÿy'),
(114,91,'','-838:59:59.00',_binary'��C�'),
(115,null,15,'1 10:00:00',null),
(150,-10307,5,'00:00:00.99','n十誠\bi\go中m能中qソ能h'),
(151,TRUE,5,'838:59:59',x'c5a0c840991b386db79ce7876fd4a318'),
(152,b'11010001000000','4,x','1 10:00:00',_binary'\\��'),
(NULL,32426,'','-838:59:59.00','誠sywp😀vßl'),
(154,null,'x','1 10:00:00',NULL),
(199,0x3A,'2,1','1 10:00:00',X'73C16D62'),
(200,186e0,'1','-838:59:59.00','dn\s\_十😀ÿrg'),
(0,-130,5,NULL,'pm🦫 `yß;q文\\😀l'),
(202,FALSE,'1','-12:30:00.25',X'5F'),
(0,-10220,'4,x','838:59:59','ij\0fソ\bsf誠ac\f'),
(204,44,'1','838:59:59',_binary'����$b��'),
(205,TRUE,15,'-838:59:59.00','\0'),
(0,0x6E,'','00:00:00.99',0xbb2f5bc1f31ee722d1d4),
(242,0x49,'2,1','00:00:00.99',X'8B27DACE55DD320224CB'),
(243,26,'',NULL,0x5112aac33c67530749003c903b7373),
(244,'-105','2,1','00:00:00.99','m予😀xu'),
(0,TRUE,'1','838:59:59',X'6458F7'),
(0,b'1000100100000','1,4','-838:59:59.00',X'906F9AFA5990BAE91FE9'),
(247,155,'1,4','00:00:00.99','jpvqソt±漢;ÿp\qÀ文十h'),
(248,'119','x','00:00:00.99','運z'),
(249,'-2260','x','00:00:00.99',0x5feee17bfef7273ec4c76536a988),
(250,null,'',123456,0x3e24912f2203),
(0,-10197,'','1 10:00:00',0x21ed428889c130840acfd2b5),
(0,'29621','1','00:00:00.99',x'ae9e7239fa'),
(253,+12342,'x','-12:30:00.25',"éo"),
(254,-51,'1,4','838:59:59',X'2085323F1F8C5B2CAFEB7B1F8A348C36'),
(255,16351,'1,4',123456,0x1fd1094277196cfc),
(256,+0,5,'-12:30:00.25',""),
(257,FALSE,'','00:00:00.99',_utf8mb4'\rnh中漢'),
(0,-19411,15,'-12:30:00.25',_binary'dR�ևr��E�]o'),
(259,-18558,'x','1 10:00:00','oソbf'),
(260,TRUE,'x','00:00:00.99','ljap\sÿソ誠十x\\qxi\_'),
(NULL,+164,'1,4','1 10:00:00','a文é`''zhソ''漢'),
(262,-20350,'4,x','838:59:59',_binary'U&�q���'),
(263,+25,'2,1','-838:59:59.00',0x8e8ecd),
(302,-131,'','00:00:00.99',_binary'��'),
(303,14708,'1','-838:59:59.00',x'039db9841ef5c78e6651'),
(NULL,21367,5,'838:59:59',0xd4e2deb4c754b9),
(305,9389,5,'-12:30:00.25',X'236A230B2860A50B0DCE398E'),
(306,166,15,NULL,x'ffbebbd46e8b991f62'),
(307,+30863,'1','838:59:59',x'b3f42bbbbb86c4'),
(308,101.4,'1','-838:59:59.00',NULL),
(325,'132',15,'-838:59:59.00',0xf994a2cd1018cc7c13399ea69ef45f8f),
(0,0x2875,'1,4','838:59:59',0x712f),
(0,-13893,'4,x','00:00:00.99',null),
(328,0x19,'x','-838:59:59.00',x'f09fc718'),
(0,-81,'4,x','-12:30:00.25',X'CE9E26'),
(330,-15246.4,'4,x','00:00:00.99',0x6d979504d2accdc83e65),
(331,111,'1,4','838:59:59',x'daa8ee2413614fdc006f76f6d5'),
(332,'-91',15,'-12:30:00.25','n予tÀ'),
(333,34,'1,4','-838:59:59.00',_binary'xP��n���v���'),
(334,-15087,'1,4','-12:30:00.25',_binary"�2��a�g�"),
(335,0x5DCA,15,'1 10:00:00','ßxv能ifmÀ±能'),
(336,0x312B,'x',null,0xb87c79868a6820e47a02de4485),
(337,b'100111000111011','1','-12:30:00.25',x'356c9ea6e537e630'),
(371,145,'1,4','-12:30:00.25','ßmß±r🦫dwz'),
(372,TRUE,'','1 10:00:00',X'19ECB3563E'),
(373,0,'x','1 10:00:00',x'524438df29ff4620'),
(418,NULL,'','00:00:00.99',_binary'k��� ƒ��'),
(NULL,46,15,null,X'4AD19162811246'),
(NULL,FALSE,'1','838:59:59',_binary'�c����C֢'),
(421,-30465,'x','-12:30:00.25',_binary'1'),
(422,-12853,'','-12:30:00.25',NULL),
(NULL,b'110101000101001','2,1',123456,NULL),
(473,-19278,'4,x',123456,X'64E9F2989745DDE32F619C15F63C'),
(474,-168,'1,4','-12:30:00.25','文z😀üyüÀ\b'),
(475,-7437,'1','838:59:59',_binary'�4\0�ɶ��F'),
(476,NULL,'1,4','-838:59:59.00',X'22B3D6'),
(477,179,'x',123456,'🦫owm予😀ix-- ÿyl🦫'),
(478,155,'1,4','00:00:00.99',X'19DADCBA8E04FC0A'),
(479,-12292,'1,4','-12:30:00.25','ßé'),
(480,-34,15,'1 10:00:00',0x766a6ecb68b10c695ba17ff0),
(NULL,14,'2,1','838:59:59',NULL),
(0,84,'2,1',null,NULL),
(483,0x1A60,'1','838:59:59',X'088BC7AAA0F08516CD429495BD58'),
(484,21507,'4,x','838:59:59',_binary'�\01i�)E��jJ�');
INSERT IGNORE INTO `fz0`.`b2` VALUES (62,-10344,85.5e1,'c_z能mm#avq\'',b'1001001','10',b'10011001'),
(63,-27603,733.123456789012,'q運\n\%',1055107638310366769,1,-5322),
(64,TRUE,-.585,'文 kj-- kbhv運n',95.4,'a',-193),
(65,0x5304,49.5e2,'w漢q',2573385701309499570,5,-121),
(66,-33,698.123456789012,'lfl',null,'b',13101),
(67,-7490,-.588,"中表誠十",104e0,'10',28987),
(68,29496.4,.416,_utf8mb4'予k十q',81,'B',b'110010011011011'),
(69,+117,'-50281.034','予ソaeeyt表',4025750439175495308,'1',-4088.4),
(70,-24249,0x175F4,'on\0;',431411005361896690,'b',0x1C2D),
(71,'10729',-762.123456789012,'',172,'a','28393'),
(72,-30315.4,-.347,'j中z予uj',TRUE,'10',TRUE),
(73,166,-4120,'l誠lka予',0x3AA4EB7A33A427A1,'10',-26568),
(74,-21924,209.123456789012,"能",1571633639315181148,1,NULL),
(75,17440,-33407,'x表誠\ojp\0t能漢',3948204103981628331,5,-69),
(76,NULL,0xC0,'表十','2313839558920066667',1,+125),
(77,108,58.123456789012,"r-- t運",TRUE,'10',0x18),
(78,'-73',342.123456789012,'kk誠\f',b'1100','10',0x7),
(79,-16578,-14403.98,'kz\Z\Zl',008,'b',23404),
(80,-21532.4,.770,'bbv文j',94,NULL,159),
(81,24644,-31973.16,'tb;b十ソ','1049806906130714439','B',21438),
(82,99e0,93529.84,"表hf十e\r#j",76e0,'1',0x8F),
(83,b'10000111',31969.89,'gbha''l十',TRUE,'10',-172),
(84,4164,52711,_utf8mb4'k''',null,'b',1.4),
(85,8075,61.123456789012,'kxソ運e',0x4F,'b',-3275),
(86,32281.4,.446,'jhh文q文漢vc',1744491187522341520,5,+115),
(87,113,-.426,"z運",56,'2',FALSE),
(88,-657,85111.58,"i漢s#",NULL,'b',14266),
(89,4505,.13,' h予十j\Z中om誠中',195,3,-148),
(90,'-12075',46762.96,'c表d\rs\0;誠caソ',1468452569125426917,'10',18319),
(91,83e0,698.123456789012,'x誠b誠',2400358628163020341,'a',FALSE),
(92,null,81.5e1,'dw',3774011653062036908,'1',20402),
(93,+5384,'-97558.887','mb漢能btem',b'101110','B',-24804),
(94,+21169,87.5e0,'\pkmi/*十',2298034964415334343,'a',null),
(95,TRUE,26861.82,'-- ',+4265284100037544661,1,114.4),
(96,null,25423,'uo漢','94','b',0x7A97);
COMMIT;
REPLACE INTO `b2` VALUES (97,+85,.677,'yr運表jwp',23,'a',25920);
REPLACE INTO b2 VALUES (98,+58,71.5e1,'z表aquw',2274145762629641947,5,FALSE),
(99,78,410.123456789012,'漢b予p予',161,'a',TRUE),
(100,null,.940,'予',2106039583487236910,5,-17136),
(101,072,-3115,_utf8mb4'mdj能文\%',582743971193683862,3,-15389);
PREPARE s3 FROM 'SELECT 1';
PREPARE s3 FROM 'SET completion_type = 0';
EXECUTE s3;
COMMIT;
CREATE TABLE `fz0`.`pt1` (
  `id` int NOT NULL,
  `a` int,
  `s` varchar(30),
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4
PARTITION BY HASH (`id`)
PARTITIONS 3;
INSERT INTO `pt1` PARTITION (p0) VALUES (3,151,"\Z能十ng運
");
CREATE TABLE IF NOT EXISTS `fz0`.`sv` (n int AUTO_INCREMENT PRIMARY KEY, name varchar(40), v varchar(400));
CREATE TABLE `fz0`.`rb1` (
  `id` int NOT NULL,
  `a` int DEFAULT NULL,
  `s` varchar(40) DEFAULT NULL,
  `ts` timestamp NULL DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `ka` (`a`)
) ENGINE=MyISAM;
INSERT INTO `fz0`.`rb1` VALUES (1,9,'s747','2020-07-20 01:17:49'),(2,131,'s332',NULL),(3,23,'s499',NULL),(4,-46,'s232','2027-04-08 04:34:49'),(5,-49,'s3','2022-04-07 07:35:41');
DELIMITER ;;
CREATE FUNCTION `fz0`.`rf2`(x int) RETURNS int
    DETERMINISTIC
BEGIN
  DECLARE r int DEFAULT 0;
  DECLARE CONTINUE HANDLER FOR SQLSTATE '45000' SET r = r - 1000;
  BEGIN
    DECLARE r int DEFAULT x * 2;
    SET @rf_inner = r;
  END;
  IF x > 140 THEN
    SIGNAL SQLSTATE '45000';
  END IF;
  SET r = r + x + 1, @rf_calls = COALESCE(@rf_calls, 0) + 1;
  RETURN r;
END ;;
DELIMITER ;
INSERT INTO `fz0`.`rb1` (id, a, s) VALUES (6,`fz0`.`rf2`(139),'f'),(7,`fz0`.`rf2`(64),'f'),(8,`fz0`.`rf2`(-3),'f'),(9,`fz0`.`rf2`(-20),'f'),(10,`fz0`.`rf2`(84),'f');
SET @fv3 = `fz0`.`rf2`(69);
INSERT INTO `fz0`.`sv` (name, v) VALUES ('fv', CONCAT_WS(' ', @fv3, @rf_inner, @rf_calls));
CREATE TABLE `fz0`.`t4` (
  `id` int,
  `c0` longblob NOT NULL,
  `c1` varchar(40) CHARACTER SET sjis NOT NULL,
  `c2` mediumint unsigned,
  `c3` varbinary(64),
  `c4` datetime,
  `c5` date
) ENGINE=Aria DEFAULT CHARSET=utf8mb4;
TRUNCATE TABLE `fz0`.`t1`;
/*!40014 SET FOREIGN_KEY_CHECKS=0 */;
/*!40014 SET UNIQUE_CHECKS=0 */;
INSERT INTO `fz0`.`b2` VALUES (102,b'10001110110100','22073.895','誠ae予文\Zsy運w','70943906486720648','1',-547);
INSERT IGNORE INTO `b2` (`id`,`c1`,`c2`) VALUES (103,76.5e1,N'k運sgh\upa'),(104,63.5e1,'tk;誠sof'),(104,.720,_utf8mb4'omf"`\x'),(102,57854.93,'ags\npbk\n'),(102,'-86782.293','g\0b表f能'),(102,'-68866.423','#ro;中中');
DROP TABLE `fz0`.`b2`;
CREATE TABLE `fz0`.`b2` (
  `id` bigint NOT NULL,
  `c0` smallint,
  `c1` decimal(10,2) NOT NULL,
  `c2` varchar(40) CHARACTER SET gbk NOT NULL,
  `c3` bigint unsigned,
  `c4` enum('1','2','10','a','b'),
  `c5` smallint,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
INSERT IGNORE INTO b2 (`id`,`c1`,c2) VALUES (105,27.5e0,'r_文n漢lts誠sj漢'),(105,.775,"漢ソvel"),(105,-42146,' \0gcu予文中能'),(105,-.747,"i");
INSERT INTO b2 (`id`,`c1`,`c2`) VALUES (106,93.5e1,'y中文運cru'),(107,91436.65,'文k中中dj	'),(108,97464,'誠wsel予');
REPLACE INTO `fz0`.`b2` (`id`,`c1`,`c2`) VALUES (109,68.5e2,'文je'),(109,0x8EEC," r運a漢b漢"),(106,573.123456789012,"aq中"),(109,-55591,'
予表puvz\g十十');
INSERT INTO `b2` (id,`c1`,c2) VALUES (110,0x12B33,"veソ"),(111,.368,'十nlu'),(112,85.5e1,'文fufa;文w');
/*!40101 SET @OLD_SQL_MODE=@@SQL_MODE */;
SET SESSION sql_mode = 'ANSI';
CREATE TABLE `fz0`.`t5` (
  `id` int NOT NULL AUTO_INCREMENT,
  `c0` varchar(40) CHARACTER SET gbk,
  `u` int,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uk` (`u`),
  KEY `k1` (`c0`)
) ENGINE=Aria DEFAULT CHARSET=utf8mb4;
ALTER TABLE `fz0`.`t4` ENGINE=Aria;
BEGIN;
SET @v6 = LAST_INSERT_ID();
COMMIT;
INSERT INTO `t5` (`c0`,"u") VALUES ('誠\brbs',30) ON DUPLICATE KEY UPDATE "u" = NULL;
INSERT INTO t5 (`id`,`c0`) VALUES (2,'y\nn誠'),
(3,'p');
TRUNCATE TABLE `fz0`.`t5`;
START TRANSACTION;
SET NAMES utf8mb4;
ROLLBACK;
/*!40014 SET UNIQUE_CHECKS=0 */;
INSERT INTO `b2` (`id`,`c1`,`c2`) VALUES (113,11.5e2,'f表十運e'),(114,'45037.490','qソj
表s漢_rg');
REPLACE INTO `b2` ("id",`c1`,"c2") VALUES (115,-80822.15,'fvcjp`pe'),(116,76070.89,'運e'),(115,39690,'yyzuソxt"e'),(115,0x78C2,'u中中\Z	');
TRUNCATE TABLE `fz0`.`b2`;
INSERT INTO "fz0"."b2" VALUES (117,-17853,'49738.635',N'',4329735026912445853,3,1579),(118,-11,0xB057,'十kmv\%d',2463205394246124348,'10',6),(119,'135',16467.79,'c中\t','2956774218148256173','b',TRUE);
INSERT IGNORE INTO `b2` VALUES (120,-23,40779.60,'\i \ni\r十v','2819546764793511639',3,25521.4),(121,81,-6746.59,'ob文n表vpb中\\','2381095975950784941','B',b'10111110'),(120,-31829,209.123456789012,_utf8mb4'誠bs',24e0,'10',7),(121,29178,'21731.318','l',181,'b',0x288B),(118,-8,-.89,' kx
ac',3033297651957453013,'2',-21262),(121,-45,1902,'j文mvihoj',TRUE,'B',17034);
REPLACE INTO "fz0"."b2" (`id`,`c1`,`c2`) VALUES (122,23353.42,'漢\' b'),(118,0x10AFB,'dx能rvcwr'),(119,-.664,'ty'),(122,247.123456789012,'_rソ\w-- 予p'),(118,53443.86,'\m\ehnj');
INSERT INTO "b2" VALUES (123,+6940,38093.93,'tp',187,'10',066);
INSERT INTO "fz0"."b2" (`id`,`c1`,`c2`) VALUES (124,0xB73E,''),(125,82.5e2,'_文');
CREATE TABLE `fz0`.`b7` (
  `id` bigint NOT NULL,
  `c0` double(10,3),
  `c1` varbinary(64),
  `c2` tinyint,
  `c3` bigint,
  `u` int,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uk` (`u`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
/*!40014 SET UNIQUE_CHECKS=0 */;
INSERT INTO "fz0"."b7" VALUES (1,-0e0,'u😀/*d表#À\n表t中wcm',-72,'-1677212670652150904',1008),(2,0,X'E08EA245D810A7',3,b'10001111',1009);
INSERT IGNORE INTO `b7` (id) VALUES (3),(4),(1),(4),(2);
TRUNCATE TABLE `fz0`.`b7`;
INSERT INTO `fz0`.`b7` (`id`) VALUES (5),(6),(7);
INSERT IGNORE INTO "fz0"."b7" (id) VALUES (8),(9),(5),(9),(5),(9);
INSERT INTO "fz0"."b7" VALUES (10,0,x'5bcf263570900a8e27ed60da5649',7e0,-81.4,1010),(11,'7.5',0xd5d4,108,null,null);
INSERT INTO `b7` VALUES (12,0.1,X'47537243F836E25AD5BAC7',0x7B,-1110668383106762933,1011),
(13,-2.25e-3,X'14D9104397844B64',0x1,-66,1012);
CREATE TABLE `fz0`.`t13` (
  `id` int NOT NULL AUTO_INCREMENT,
  `c0` varchar(40) CHARACTER SET sjis,
  `c1` tinyint unsigned,
  PRIMARY KEY (`id`)
) ENGINE=MyISAM DEFAULT CHARSET=utf8mb4;
DROP TABLE IF EXISTS `fz0`.`t14`;
CREATE TABLE `fz0`.`t14` (
  `id` int,
  `c0` timestamp(3) NULL,
  `c1` point,
  `c2` geometry,
  KEY `k1` (`c0`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
DROP TABLE IF EXISTS `fz0`.`nosuch15`;
GET DIAGNOSTICS CONDITION 1 @w = MYSQL_ERRNO;
INSERT INTO `fz0`.`sv` (name, v) VALUES ('w', @w);
REPLACE INTO `fz0`.`b2` VALUES (126,NULL,0x615C,'ob文lk''ソte',FALSE,'1','-133'),(127,null,'-33162.365','',@v6,'B',0x6F4D),(128,144,55604,'i_\k',170e0,'b',3676),(129,0x7A5C,18052.38,'十表g\'cje\n漢',134,'B',17336),(130,31251,0x12CF9,';%;',NULL,5,'190'),(131,NULL,-37.5e0,_utf8mb4'十表',2668978866337284657,'a',-15032),(132,022,'-59699.443','vgl
ソ誠enソ',NULL,'B',null),(21,108e0,30.5e2,'o表\'能pr\r\o能',@v6,'b',-53),(133,41.4,'33190.629','_vy',2959185438377649720,'b',-12032.4),(134,null,996.123456789012,'vk\t十',FALSE,1,-185),(135,b'111101011010011','-26130.126','',286617939002623810,1,-1813),(136,35,58333.85,'fg文',4238176789643881797,'a',null),(137,4,'-20982.706','能uew十',@v6,'2',null),(138,141,'56235.554','psvcp能',166,'1',+68),(139,FALSE,-42.5e2,'k中\%f;',575802842526746755,'a',119),(140,-26839,'13625.744','i\r誠jd漢',158,'10',TRUE),(141,b'10001111',-28.5e1,'c十',0x12CC9A70463D21AB,5,152),(142,5043,0x6B0,'	e十j十',2493581890521007123,'2',19984),(143,-13279,18.5e2,'csg`ソf/*tr',NULL,'b','-4972'),(96,12151.4,87013.92,'zputz十d',3871139566687761787,'2',-17004),(144,-99,93.5e0,'u',2939028151558931274,'b',83),(145,177e0,0x115E9,'十oq',3575880808041642830,'2',b'10000101011111'),(146,TRUE,-11840.83,'oj能',0x14,1,112),(147,163,79360.74,'yn能',b'10011101111111110000101000001011011010100101110001111100101111','b','7890'),(148,032,45287,'e\0rl表_d文',0xC5,null,74),(149,FALSE,.486,'xdx',b'10110110','1',4348),(150,null,717.123456789012,'kjd中',b'111001',NULL,-6867),(151,77.4,'20413.965','\kyvl',FALSE,'10',-640),(128,-23751,94716,'運x表v能n\\t漢',NULL,'10',+19998),(152,TRUE,893.123456789012,'wveyh',0x153EECEFC67EAC5B,null,+62),(125,TRUE,42243.03,_utf8mb4'sf',1738272111450373132,'b',042),(153,-4903,-.523,'v"漢',65,'B','-125'),(154,null,.240,'',b'101110',NULL,'-13077'),(155,b'11',-87510,'''yapja''',null,'B',-4519),(156,-77,58.5e0,'xソ漢k誠u',0x98,'2','-191'),(157,'26222',-72687.73,'pg中',b'11100101011010000000001101100110001001100100001001110001100110',1,-9),(158,+31968,-113.123456789012,'表k',4159503960313491981,'2',23574),(159,0x14,.784,'能z中#予h/*b',+1262818273407523571,'B',-22448),(160,166,0x16CC2,'cmj%e十r中',3511864710642935511,1,9801),(74,null,.924,'n漢\raz誠w十c',188,1,NULL),(161,31438.4,-85527.69,';c
j\\',+2074856529364079895,1,-12787);
CREATE TABLE `fz0`.`rk4` (
  `id` int NOT NULL,
  `a` int DEFAULT NULL,
  `s` varchar(40) DEFAULT NULL,
  `ts` timestamp NULL DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `ka` (`a`)
) ENGINE=InnoDB;
LOCK TABLES `fz0`.`rk4` WRITE;
/*!40000 ALTER TABLE `rk4` DISABLE KEYS */;
INSERT INTO `fz0`.`rk4` VALUES (1,81,'s357','2024-02-14 02:53:29'),(2,45,'s5','2027-01-14 18:39:47'),(3,87,'s195','2012-04-22 05:03:47'),(4,42,'s652',NULL),(5,59,'s3','2027-02-12 23:02:19'),(6,59,'s711','2016-12-25 23:20:26'),(7,106,'s828','2020-05-21 21:47:06'),(8,54,'s751','2019-08-12 05:23:53'),(9,-14,'s913','2015-01-13 18:02:41'),(10,4,'s135','2024-02-01 02:23:27'),(11,31,'s450',NULL),(12,10,'s706','2011-04-13 08:16:32'),(13,120,'s554',NULL),(14,82,'s353','2017-06-08 02:37:23'),(15,108,'s788',NULL),(16,77,'s678','2014-04-22 22:31:05'),(17,137,'s911',NULL),(18,-11,'s569','2019-01-28 03:29:20'),(19,70,'s404','2013-04-26 02:55:55'),(20,94,'s845','2016-07-03 06:38:19'),(21,-3,'s385','2021-02-07 03:21:35');
INSERT INTO `fz0`.`rk4` VALUES (22,14,'s747','2014-01-22 04:11:17'),(23,-4,'s446',NULL),(24,59,'s316','2024-06-21 01:09:18'),(25,60,'s536','2025-08-23 14:00:56'),(26,145,'s668','2022-08-24 10:59:56'),(27,136,'s574',NULL),(28,30,'s253','2016-05-15 16:51:10'),(29,-2,'s794','2024-12-10 13:54:42'),(30,41,'s467',NULL),(31,89,'s725',NULL),(32,146,'s815','2020-06-04 23:31:04'),(33,-33,'s123',NULL),(34,115,'s280','2025-07-27 16:28:50'),(35,37,'s458','2025-04-05 03:34:42'),(36,82,'s133',NULL),(37,58,'s532','2029-11-15 04:15:26'),(38,82,'s23','2012-10-09 17:05:50'),(39,93,'s283',NULL),(40,59,'s243','2018-01-09 05:04:02'),(41,23,'s593','2010-10-02 07:45:07'),(42,-17,'s482',NULL),(43,9,'s167','2014-01-20 02:55:42'),(44,130,'s962','2015-12-19 23:14:08'),(45,29,'s288','2026-09-15 22:04:10'),(46,121,'s663',NULL),(47,77,'s394','2023-06-07 23:14:38');
/*!40000 ALTER TABLE `fz0`.`rk4` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `fz0`.`t16`;
CREATE TABLE `fz0`.`t16` (
  `id` int NOT NULL AUTO_INCREMENT,
  `c0` char(12),
  `c1` bit(64),
  `c2` varchar(40) CHARACTER SET latin1,
  `c3` bigint NOT NULL,
  `c4` varchar(64) NOT NULL,
  `u` int,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uk` (`u`),
  KEY `k1` (`c0`)
) ENGINE=MyISAM DEFAULT CHARSET=utf8mb4;
BEGIN;
UPDATE `fz0`.`b7` SET `id` = `id` WHERE `id` > 5;
INSERT INTO `t5` (`c0`,"u") VALUES ('誠mi表中ln',26),('j',35),('n;q%能s',11) ON DUPLICATE KEY UPDATE `c0` = VALUES(c0);
INSERT INTO "t14" VALUES (1,'1970-01-02 12:00:00',ST_PointFromText('POINT(-1 0)'),ST_PointFromText('POINT(-1 0)'));
COMMIT;
CREATE TABLE `fz0`.`rpr5` (
  `id` int NOT NULL,
  `a` int DEFAULT NULL,
  `s` varchar(40) DEFAULT NULL,
  `ts` timestamp NULL DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `ka` (`a`)
) ENGINE=Aria;
INSERT INTO `fz0`.`rpr5` VALUES (1,130,'s413','2012-05-20 07:34:21'),(2,82,'s760','2019-07-16 05:14:13'),(3,57,'s244','2026-02-14 09:07:57'),(4,15,'s151','2027-07-10 08:07:59'),(5,-2,'s796','2010-03-14 16:42:10'),(6,60,'s348',NULL),(7,106,'s858','2013-07-06 12:29:16'),(8,96,'s680','2025-09-23 20:53:15'),(9,82,'s410','2016-03-20 19:10:53'),(10,85,'s276',NULL),(11,4,'s291',NULL),(12,86,'s882','2027-12-14 22:34:25'),(13,47,'s474',NULL);
SET @pq = 'INSERT INTO `fz0`.`rpr5` (id, a, s) VALUES (?, ?, ?)';
PREPARE ps6 FROM @pq;
