-- difffuzz: the mariadb client and `dumpscope import` disagree on this script.
-- seed 21038, mode defer-indexes (dumpscope import --parallel 2 --defer-indexes --batch-bytes 2K), kind dump.
-- Shrunk from 74 statements and 1012 rows to 14 statements and 227 rows.
-- The original: go run ./scripts/difffuzz --dumpscope BIN --seed 21038 --count 1 --modes defer-indexes
-- (line numbers in the detail below count from the first line after this header)
--
-- first difference at line 121:
--  client:    (199,' x誠yfc%s','中','-12:30:00.25','ry',-1000.000,NULL),
--  dumpscope: (184,'中ngt','ソ','00:00:00.99','px',NULL,27),

CREATE DATABASE `fz0` DEFAULT CHARACTER SET latin1;
USE `fz0`;
CREATE TABLE `fz0`.`t1` (
  `id` bigint NOT NULL,
  `c0` varchar(40) CHARACTER SET gbk,
  `c1` varchar(40) CHARACTER SET gbk,
  `c2` time(2) NOT NULL,
  `c3` tinytext CHARACTER SET latin1,
  `c4` double(10,3),
  `u` int,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uk` (`u`),
  KEY `k1` (`c0`)
) ENGINE=MyISAM DEFAULT CHARSET=utf8mb4;
CREATE TABLE `fz0`.`t2` (
  `id` bigint NOT NULL,
  `c0` longblob NOT NULL,
  `c1` char(12),
  `c2` varchar(40) CHARACTER SET gbk,
  `c3` datetime,
  `c4` varchar(40) CHARACTER SET sjis NOT NULL,
  `c5` tinyint,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
DROP TABLE `fz0`.`t2`;
CREATE TABLE `fz0`.`t2` (
  `id` int NOT NULL AUTO_INCREMENT,
  `c0` char(12),
  `u` int,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uk` (`u`)
) ENGINE=MyISAM DEFAULT CHARSET=utf8mb4;
CREATE TABLE `fz0`.`b3` (
  `id` bigint NOT NULL,
  `c0` blob,
  `c1` tinytext CHARACTER SET latin1,
  `c2` geometry,
  `c3` geometry,
  `c4` varchar(40) CHARACTER SET latin1,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
CREATE TABLE `fz0`.`t56` (
  `id` bigint NOT NULL,
  `c0` point NOT NULL,
  `c1` bigint,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
REPLACE INTO `t1` (id,`c0`,c1,`c2`,`c3`,u) VALUES (82,' 能','bjwソd','-12:30:00.25','ßvoÿr',6),(83,'文n誠t',"\roktq\u",'1 10:00:00','upksut',3),(84,'','予能','838:59:59','pßyho±',24),(85,'漢十','c',123456,'füé',10),(86,'kq予漢c\0y十',"bhdm漢\j表十y",'00:00:00.99',_utf8mb4'px±dhs',35),(87,'hl\0uxab','ソ pjソwl中十le','838:59:59','waß	dj',22),(88,'pri中y','hd','-12:30:00.25','',0),(89,"k表po文ot\\din",'予予','-838:59:59.00',_utf8mb4'a',4),(90,'中','ソ表v文xe能ソk','00:00:00.99','pw',null),(91,"ods表",NULL,123456,'_mß',21),(90,'nj表bxk','\\iソpneソ漢','00:00:00.99',N't
b%',22),(92,'','予表apq_%',123456,'wÀß±"e',16),(93,'c\a',NULL,123456,_utf8mb4'rp`u\'zh',17),(94,'w中表予',NULL,'00:00:00.99','ty±iüs',29),(95,'hbxe\%d','w表voyq','-12:30:00.25','h',null),(96,"qby漢十",'w誠c
予irf','1 10:00:00','ük',5),(97,'','',123456,NULL,0),(98,"",'十n',123456,NULL,26),(99,'c\Zaysw\Z十誠漢','%zr文y\g予qsj',123456,'t',31),(100,'h\\gd','tnvm\l_ソqj','00:00:00.99','\Z',33),(101,_utf8mb4'表中qqhltd','u運rwhソ','1 10:00:00',_utf8mb4'\p',null),(102,"f\brソc",'漢\tpvsfhj',123456,'phgpe',3),(103,'q ','h予','-838:59:59.00','#',18),(104,'tkwjl中','文','-12:30:00.25','eyl',19),(105,NULL,null,123456,'',15),(106,'sh',null,'838:59:59',null,13),(107,"o n十bk",'vkxwjw漢e\rkz',123456,'zqf±xda',15),(108,'ttrkp予o',N'z文/*b能u漢e','-838:59:59.00',_utf8mb4'sÿg',30),(109,'','','-838:59:59.00','g\rk',34),(110,'hソlktuv表a','s漢ixソk','-838:59:59.00',_utf8mb4'r l',35),(111,'t#m','j予wj文ju',123456,'uv',20),(112,'%nj十\j十o中z','qe','838:59:59',"pÀc",28),(113,'\ke能ccソソ','yqk中v','838:59:59',"zoétc",4),(114,'a能l予漢十%dd`',"dqソ",'00:00:00.99','ßÿt',8),(115,_utf8mb4'sphz表b',null,'1 10:00:00',"i±rj-- ",20),(116,'	c\lk\b','\0mv十\mz能',123456,_utf8mb4'mnvp-- ßg',25),(117,"xc","zjqnqソp",'-838:59:59.00','b',35),(118,"s漢xwuz",'ar中r','-838:59:59.00','mpzrobr',23),(119,'fdui\0表','jhs','1 10:00:00','tx',30),(120,'能o',NULL,123456,'',38),(121,'誠\Zc/*',_utf8mb4'h予中中表o','838:59:59','h\btkÿlce',37),(122,'予z\rb運運u',N'十''jvem','-12:30:00.25','ÿb',14),(123,'bpソ','gf文',123456,'xÿlnafg',16),(124,NULL,N'w\\ecql','00:00:00.99','',NULL),(125,'運\ig能予','予\"k十能表漢','-838:59:59.00','üvvy',28),(126,_utf8mb4'\kro表\r誠文mq',";表bkjソ b",'1 10:00:00',null,7),(127,'wk%qhkvcp\t','idn十 zs"中','00:00:00.99','toq\Zbwi',14),(128,'ソc運uu\'y漢pf','nyb\\誠ns',123456,'rßyetlß',33),(129,null,null,'1 10:00:00','i±js\_\hz',33),(130,'zdaqy漢誠v"t',NULL,'838:59:59','±qk"gÿ',30),(131,NULL,NULL,'-838:59:59.00','rl	ud',4),(132,'di','f','838:59:59','cik%nuz\cwq',9),(133,'m運qctn','表文dl表aa中g','-838:59:59.00',"pxtjvoßm",26),(134,"i",NULL,'00:00:00.99','üoÀhÿh',34),(135,"",_utf8mb4'\q',123456,_utf8mb4'p',null),(8,'x',"運;a\gft表",123456,"",35),(136,_utf8mb4';','c運','-838:59:59.00',"c\p",21),(137,null,'','838:59:59','',19),(138,'zb文中予ie\\\t表','czy運\"i運誠y漢','838:59:59',null,31),(139,'表予h\nh',"表誠om誠ju\n;",'-12:30:00.25','ß',0),(140,'運jcksqxys','','-12:30:00.25',"yühtnlw",3),(141,'','d漢誠bm','1 10:00:00','yÿ\n\0`Ài',31),(142,NULL,';漢la	w','-12:30:00.25','ÀüÀs',21),(143,'e中','b d漢_漢uf表','00:00:00.99',NULL,31),(144,"誠pje",'予yz#hx運','00:00:00.99','r',35),(145,'hi運文	運sz',null,'-838:59:59.00','',36),(146,'yxxb表',"hc",123456,'oé',NULL),(147,'','b十wrx能;','-838:59:59.00',null,0),(148,"運\x漢qc\0sg",'kf\ndh表ソ',123456,'Àteüvslg\Z',18),(149,null,'y','-838:59:59.00','eÀßeücb`',27),(150,'dijpu\r\b十','e 文nbu\nfeソ','838:59:59',NULL,25),(151,'	中yt','et十文y',123456,"",39),(152,'運ghbh\u十','i文	能kjn能漢文a','1 10:00:00',null,22),(153,'jc中中ソ漢d',null,'1 10:00:00','znbw',21),(154,'xソp',"ndgj",'1 10:00:00','tclzu',36),(155,'#漢予u中\g中運','"qk','-838:59:59.00',null,29),(156,'h ykc','k\0t予te','00:00:00.99','i"g',39),(157,'btba','s','00:00:00.99','v',14),(158,'_"','vcz"it%予sl','-838:59:59.00','\ruontx
',14),(159,'_表\p',"予ov""中k""b",'-838:59:59.00',"lßmwlwlo\r",38),(160,_utf8mb4'v\\tzkj文e能u誠','文漢\by運','-12:30:00.25','édtua',25),(161,_utf8mb4'qd漢%',N'\l表nbroq ',123456,'mwß"±paéÿiÀ',2),(162,NULL,null,'-838:59:59.00','zlouy',32),(163,"ソq/*yk 中ssz運t",'ar	du能daj','-838:59:59.00','mrwcd',26),(164,_utf8mb4';十','x\'i中ts漢`ソ','-838:59:59.00',NULL,21),(165,'\'qp wソ表d','t',123456,N'±\Zyt_ÿ',24),(166,'予yi予漢um',null,'00:00:00.99','',28),(167,'t','w_表中能','00:00:00.99','-- ',NULL),(168,'z中qufd誠m文rh',_utf8mb4'運tw#','838:59:59','\s\h',17),(169,_utf8mb4'%\\nk能表予文',_utf8mb4've表\\十ck','838:59:59',"pwsojg\y",11),(170,'ソ/*運',"ソ\beuh",'-838:59:59.00','kßlsprn\js',2),(171,"v","漢a中能nh漢h",123456,'qüdukfz',32),(172,'ij\n',"",'00:00:00.99','ffj\b',16),(173,NULL,'\Z漢\0表漢','-12:30:00.25','s',0),(174,'	b漢_十`漢xw中','','-12:30:00.25','\rhdk\bz/*',5),(175,'','十s/*','-12:30:00.25','üjc',14),(176,N'予u予scdd','能ソw中hs','-838:59:59.00','',38),(177,'十p','jbi-- 運誠','838:59:59','ld`ÿs\rvls',20),(178,"ao;q漢p",_utf8mb4'm\b','-12:30:00.25','vagjt',4),(179,"中z",_utf8mb4'a十u中\bn\j文','-12:30:00.25','y',23),(180,'g運tnzソnip',N'sg\\能b-- -- ','00:00:00.99','u',17),(181,'誠',"\h\q\t",'1 10:00:00','j rÿqfÿp',1),(182,'x十kソi予age',NULL,'1 10:00:00','
üw\gpa',9),(183,'誠予qtpuy','`pori表中','1 10:00:00','-- üßlééeo',NULL),(184,'中ngt','ソ','00:00:00.99',"px",27),(185,'v漢rm文i','能a漢r-- s\ta','838:59:59','\nyÀ\%ßk',11),(186,'eo','sfeyソ','00:00:00.99','gÀqÀ',39),(187,_utf8mb4'漢j中十文j誠ja','kt予wa','-838:59:59.00','k-- yxvbt',25),(188,'能d十y運ry','gw_','00:00:00.99',"r",0);
INSERT IGNORE INTO `fz0`.`t2` (id,`c0`,`u`) VALUES (1013,'m',39),(1014,"ソ中🦫ü",16),(1015,' \\能表',16),(1016,null,13),(1017,'ukw',13),(1049,'ソb',19),(1050,NULL,2),(1051,'/*e',24),(1052,'ÿr',7),(1053,'\'qm',3),(1054,'w表u''',25),(0,'😀c',3),(1056,_utf8mb4"表",32),(NULL,_utf8mb4'd\bß',16),(0,'文m',29),(1059,'un',37),(1060,'d',21),(1061,'i±',5),(1062,'',4),(1088,NULL,9),(1089,'中oソ	',33),(1135,'漢ソ\k',11),(1136,'pg',37),(1137,"運q文",13),(NULL,'é',32),(1139,_utf8mb4'À',31),(NULL,"é運",27),(1141,'no',18),(1142,'%n表ß',39),(1143,'z\n',22),(1144,'p\_',10),(0,"r",17),(1146,'ソjé±',35),(1147,null,15),(NULL,'u😀o',0),(0,'t	/*',16),(1150,'\\ji文',31),(NULL,';',26),(NULL,'zn',17),(1153,'文ks',9),(1154,'d',38),(NULL,'py',37),(0,"f😀",34),(0,'xß',6),(1158,null,18),(1159,'f',null),(1197,'±uc',22),(1198,N'o十o',2),(NULL,'l',15),(1200,'
o誠',23),(1201,'\'_ag',10),(1202,'j🦫中',34),(0,'wm',36),(0,' éÀ',30),(1205,'運',18),(1232,"文",15),(NULL,'漢',25),(1234,NULL,37),(520,'fuÀ運',3),(0,'🦫😀',2),(704,'o v',33),(1236,"m十\\/*",21),(1237,'i文ÿo',38),(1238,'m',29),(1239,"±十b😀",24),(NULL,'qx',0),(1241,'aÀ',31),(1242,"éo漢",22),(1243,'\_a',29),(1260,'yic',2),(1298,"表;",14),(NULL,'\qy😀',26),(1300,'f',9),(0,'c',24),(1302,'wz',13),(1303,'漢o',11);
REPLACE INTO `fz0`.`t56` (`id`,`c0`,`c1`) VALUES (21,ST_GeomFromText('POINT(1 2)'),TRUE);
SET SESSION sql_mode = 'NO_BACKSLASH_ESCAPES';
CREATE TRIGGER `fz0`.`trg160` AFTER INSERT ON `fz0`.`t2` FOR EACH ROW INSERT INTO `fz0`.`log_t2` (msg) VALUES (CONCAT('row ', COALESCE(NEW.`id`, 'null')));
INSERT INTO `t1` VALUES (192,'tmp',"mkquw予表mgf",123456,"éf#n",0,36),(193,N'oq','bソ','-12:30:00.25','t±njyÿ''',1234567.125,20),(194,null,'n','1 10:00:00','néelvmhp',1.5,11),(195,_utf8mb4'kt','n','-838:59:59.00','ÿmp',-2.25e-3,18),(196,'ugg','ww誠og','00:00:00.99','',0.1,34),(197,'f','q中adibf','-12:30:00.25','',NULL,37),(116,null,'ソ誠jdcf''','1 10:00:00',null,0.1,23),(198,'d運運fl',NULL,123456,'',1.5,26),(66,'漢''i/*dgheohp','','00:00:00.99',_utf8mb4'\',.5e1,2),(199,' x誠yfc%s','中','-12:30:00.25','ry',-1E+3,NULL),(200,"lj漢y",'eu能a能中','-838:59:59.00','wßbe%dcqn',1234567.125,37),(201,'ryb',_utf8mb4"pwwf/*hkp予e誠",'838:59:59','fru',.5e1,20),(202,NULL,'j表文e','-12:30:00.25','ÿtuh#',-2.25e-3,21),(203,_utf8mb4'','rglソw中k','-12:30:00.25','rwyÿß',.5e1,2),(204,_utf8mb4'ze','誠g予m','-12:30:00.25','Àüm',0.1,32),(14,'%w漢十文ソ','mcvefelvソi','1 10:00:00',NULL,.5e1,23),(205,'ydwzo',_utf8mb4't\hjt文漢m','1 10:00:00','±',1.5,22),(206,NULL,'yw','00:00:00.99',"",'7.5',20),(207,"ubtxgdi",'rmx','-838:59:59.00','xü#Àc',0,39),(74,'能q`yy',NULL,123456,'','7.5',37),(208,'zdi誠',"lqbhdhw
",'-838:59:59.00','',-2.25e-3,28),(209,_utf8mb4'漢',_utf8mb4'efqjz','-838:59:59.00','iypk',-1E+3,NULL),(210,'%bt','ソbv','00:00:00.99',_utf8mb4'',.5e1,33),(211,'s表y予','wv中十運	u十','-12:30:00.25',NULL,'7.5',39),(212,'j能文o','十u',123456,'',.5e1,8),(213,'',"",123456,_utf8mb4'kß',1.5,39),(214,'sff中y','t','-12:30:00.25','ly±ÿbÿv',1.5,12),(215,'c',"能sgzh_",123456,'À',2,13),(216,'lgソb',"gソuzbix",'00:00:00.99','o/*gsz''mÿ',2,36),(179,"文/*inu文bqz",_utf8mb4'中mgpb','1 10:00:00','qhvü',0,38),(217,'能ifvrnvc','rq漢tva','00:00:00.99','küÿ	n',1234567.125,22),(218,_utf8mb4"q運
",'a誠i誠v','-12:30:00.25',"yij-- fkl",0.1,1),(219,_utf8mb4'tq予we',null,'00:00:00.99','jstü',null,36),(220,'wzq文vp','','00:00:00.99','jtkÀ',2,28),(221,'u漢運clf',NULL,'-838:59:59.00','sten',.5e1,35),(222,'i-- ti予運lsvd',NULL,'-838:59:59.00','#ivhl',-2.25e-3,19),(223,N'n\','syeh','1 10:00:00',"ég±",-2.25e-3,24),(224,'q it\ソa''rd','v_fww','-838:59:59.00','zv±m',1.5,37),(225,_utf8mb4'h','運',123456,'ynr##zÿÿ','7.5',35),(226,'tv十or;hv','表bkgak;漢m能','00:00:00.99','bwn',-0.0,23),(65,'文pby;m誠誠ソ能','vva_`c','838:59:59','#',0.1,21) ON DUPLICATE KEY UPDATE `c0` = VALUES(`c0`);
