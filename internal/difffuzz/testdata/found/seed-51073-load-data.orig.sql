/*!40101 SET NAMES utf8mb4 */;
/*!40103 SET TIME_ZONE='+00:00' */;
/*!40014 SET @OLD_FOREIGN_KEY_CHECKS=@@FOREIGN_KEY_CHECKS, FOREIGN_KEY_CHECKS=0 */;
/*!40101 SET @OLD_SQL_MODE=@@SQL_MODE, SQL_MODE='NO_AUTO_VALUE_ON_ZERO' */;
CREATE DATABASE `fz0` DEFAULT CHARACTER SET utf8mb4;
USE `fz0`;
DROP TABLE IF EXISTS `fz0`.`t1`;
CREATE TABLE `fz0`.`t1` (
  `id` int NOT NULL AUTO_INCREMENT,
  `c0` double,
  `c1` time(2) NOT NULL,
  `c2` varchar(40) CHARACTER SET latin1 NOT NULL,
  PRIMARY KEY (`id`),
  KEY `k1` (`c0`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
LOCK TABLES `fz0`.`t1` WRITE;
/*!40000 ALTER TABLE `fz0`.`t1` DISABLE KEYS */;
INSERT INTO `t1` VALUES (1,0,'-12:30:00.25',-7),(2,'123456789.125','0',' xyza  aéxyz\N axyzaa'),(3,1e308,'-12:30:00.25','xyzNULL'),(4,1.5,'12:34','\qaxyz`\b;a\b'),(5,2.2250738585072014e-308,'1 10:00:00','ß a  \\\\xyzxyzxyza`a  a '),(6,123456789.125,'1 10:00:00','a  aa  \\xyz \\ xyzNULL±`` \'  '),(7,0.1,'12:34','é'),(8,1.5,'0','xyz \txyz'),(9,-2.25e-3,'0',''),(10,4.9e-324,'00:00:00.99','ßß'),(11,1e308,'00:00:00.99','''aaxyz%"`xyz'),(12,-2.25e-3,'0',42),(13,1e308,'0',''),(68,0.30000000000000004,'-838:59:59','  a 
aN  a	\\ xyzaa NULL'),(69,4.9e-324,'00:00:00.99',' a  NULL aa\\Nxyzaéa\0xyz '),(70,123456789.125,'-838:59:59',18446744073709551615),(71,0.1,'12:34','xyzxyzxyz\t xyzxyzaa\Z\b
a a '),(72,0.30000000000000004,'-12:30:00.25','\N  \\N\'a± xyz `axyz
%xyza'),(73,null,'1 10:00:00',' xyz ,±\n%xyz,a,a');
INSERT INTO t1 VALUES (74,1.5,'00:00:00.99','axyz'),(75,0,'838:59:59',-9223372036854775808),(76,-1.7976931348623157e308,'12:34',''),(77,0.30000000000000004,'12:34','  xyz a'),(78,2.2250738585072014e-308,'838:59:59','a axyzNéxyzéa\\a
 axyz  \" ');
INSERT INTO t1 VALUES (79,-1.7976931348623157e308,'0','\b \N xyz  \_  xyz \N a'),(80,null,'1 10:00:00','xyzaé axyzxyzaa \_±'),(81,9007199254740993,'838:59:59','	 , xyzxyzxyz
'),(82,9007199254740993,'-838:59:59','   xyz\na \0a\q '),(83,0,'838:59:59','a ;\Nxyz'),(84,0.1,'-12:30:00.25',' N\\\\xyzé '),(85,4.9e-324,'0','axyzxyzaa'),(86,NULL,'1 10:00:00',' " aaa\0a xyzaxyza '),(87,2.2250738585072014e-308,'838:59:59',''),(124,2.2250738585072014e-308,'00:00:00.99','%xyzaxyza a
aaxyz,axyz'),(125,0,'1 10:00:00','xyz  '),(126,1e308,'12:34','a\'\qxyza '),(164,1.5,'12:34','  xyzxyza 
 '),(165,'-1.7976931348623157e308','838:59:59',' a \t\N	xyzxyz'),(166,0.1,'1 10:00:00','	xyz a\'\r\_`xyzxyzxyz'),(167,1.5,'1 10:00:00','\ZNULL'),(168,-1.7976931348623157e308,'-12:30:00.25','%\rxyz\% é\nß"axyzxyz'),(169,2.2250738585072014e-308,'00:00:00.99','xyzaa'),(170,9007199254740993,'00:00:00.99','a\%a	a ±\%a
xyz\0   xyz\nxyz'),(171,9007199254740993,'838:59:59','xyz xyz \\xyzxyz\%"
  a ±\raa\0 a   ');
INSERT INTO t1 VALUES (172,9007199254740993,'-838:59:59',' xyzaé axyz	xyz\q\0a\r	axyz'' aa'),(173,0.30000000000000004,'1 10:00:00','xyzaxyz;NULLa a\taéa ±xyz'),(174,123456789.125,'838:59:59','  xyz xyz'),(175,4.9e-324,'1 10:00:00','a\\axyz''\N  a±xyz ß\N aßxyz'),(176,'-1.7976931348623157e308','12:34','\Z \'axyz  xyza a\N ß\_é xyz'),(177,-1.7976931348623157e308,'12:34','é xyz xyzaNxyz  '),(178,NULL,'0','"  '),(179,'1.5','-12:30:00.25',' ');
INSERT INTO `fz0`.`t1` VALUES (180,2.2250738585072014e-308,'0','xyz\0xyz\r\raxyz xyz'),(181,'-2.25e-3','00:00:00.99','  xyz ''xyz\b\N'),(182,1.7976931348623157e308,'0',' aaa a xyz'),(183,123456789.125,'0',''),(184,2.2250738585072014e-308,'-838:59:59','axyz\na  xyza\q\"'),(185,1e308,'0',''),(186,1.7976931348623157e308,'1 10:00:00','\\ßxyz\"xyz   '),(187,2.2250738585072014e-308,'-12:30:00.25',' aa'),(188,0,'0','\\Nxyz'),(189,0.30000000000000004,'12:34',' xyz'),(190,123456789.125,'838:59:59','	'),(191,123456789.125,'1 10:00:00','\b\'xyz é\\N xyzxyza\_xyza '),(251,0.30000000000000004,'-838:59:59','\\a\ré
 \q\bé	\"'),(252,0.1,'0','a`a\q ''aaxyz'),(253,NULL,'00:00:00.99',' '),(254,4.9e-324,'12:34','aaa\Na xyz` aa'),(255,-2.25e-3,'00:00:00.99',' NULL  \Zxyza'),(312,1e308,'12:34','007'),(313,0,'0','xyza\%\téxyz  a '),(314,1e308,'1 10:00:00','
 \q'),(315,2.2250738585072014e-308,'-12:30:00.25','');
/*!40000 ALTER TABLE `fz0`.`t1` ENABLE KEYS */;
UNLOCK TABLES;
SET @ac2 = 1;
SELECT 0 INTO @ac2;
SET autocommit = @ac2;
INSERT INTO `t1` VALUES (316,1.7976931348623157e308,'0','a\\\\xyzxyz \' \\a a''\%'),(395,-1.7976931348623157e308,'00:00:00.99','\\'),(396,2.2250738585072014e-308,'1 10:00:00','Na±  a xyz xyz'),(397,'1e308','-12:30:00.25','\\'),(398,1e308,'00:00:00.99',-7),(399,1e308,'-12:30:00.25','axyz\\\t axyz  \Zaxyz,\ta\ba é  \\N'),(400,0.1,'-838:59:59','\%\'`xyzxyz  \\NNULL\q ''a\q '' a'),(401,1.7976931348623157e308,'1 10:00:00',' xyz'),(402,1e308,'-838:59:59',-9223372036854775808),(403,0,'1 10:00:00','axyzxyz\n  	 a,\r\% a\''),(404,2.2250738585072014e-308,'1 10:00:00',' xyzxyzxyz a\N;aaa 	 a'),(405,1.7976931348623157e308,'0','	xyz a%xyzxyzxyz a\0  a \' '),(406,4.9e-324,'-838:59:59',' ,xyz%\'éa''xyz xyz '';"xyz\n'),(407,1.7976931348623157e308,'-12:30:00.25','aa'),(408,2.2250738585072014e-308,'-838:59:59','xyz xyzaa'),(409,1e308,'-838:59:59',';\b;  xyz xyza'),(410,123456789.125,'00:00:00.99','axyz'),(411,-1.7976931348623157e308,'1 10:00:00','a xyzxyzxyz  '),(493,2.2250738585072014e-308,'00:00:00.99','xyz'),(494,'1.7976931348623157e308','-838:59:59',' ±xyz'),(563,1e308,'12:34','\r\baaa; xyz" xyz'),(564,0.1,'12:34','axyz xyz \% xyzNaN a a axyz'),(565,-2.25e-3,'838:59:59','aaxyz''\%\'a\q%\%a\\\\`xyzaxyza');
INSERT INTO `t1` VALUES (645,0.30000000000000004,'1 10:00:00','xyzxyz  \n'),(646,0.1,'1 10:00:00',18446744073709551615),(647,0,'0','axyz'),(648,-1.7976931348623157e308,'-12:30:00.25','aaa	xyz\_xyz
xyzaa \Z `\n\\\\'),(649,0.1,'0','xyz\\\\xyzaxyz''
\bxyzxyz\0a'),(650,NULL,'1 10:00:00','xyz ß %xyzxyz'),(651,null,'0',''),(652,9007199254740993,'-838:59:59',''),(653,0.30000000000000004,'0','a axyzaa\0" '),(654,0.1,'0','aN '),(741,0.30000000000000004,'-838:59:59','± \bxyz'),(742,1.5,'1 10:00:00',18446744073709551615),(743,NULL,'1 10:00:00',-7),(744,-1.7976931348623157e308,'1 10:00:00','\ta'),(745,0.30000000000000004,'-12:30:00.25','
xyzaaN'),(746,1e308,123456,'\N 

±a\\\\\txyz'),(747,1.7976931348623157e308,'-838:59:59','aßxyza '),(748,-2.25e-3,'0','xyzaxyzxyza\Na xyz;xyz\_  \\\\\\\\'),(749,2.2250738585072014e-308,'0',' xyz aaaxyz\\N a N\q\"  xyz aa'),(750,1.7976931348623157e308,'838:59:59','xyz '),(751,9007199254740993,'-12:30:00.25',' xyz xyza \n  xyz\txyz');
INSERT INTO `fz0`.`t1` VALUES (752,NULL,'-12:30:00.25','a axyz a  axyzxyzxyz'),(753,2.2250738585072014e-308,'0','ßxyz %\t  a  \Z '),(754,1.7976931348623157e308,'-12:30:00.25',' '),(755,0.1,'-838:59:59','xyzaxyz');
COMMIT;
SET @ac3 = 1;
SET autocommit = @ac3;
DROP TABLE IF EXISTS `fz0`.`t4`;
CREATE TABLE `fz0`.`t4` (
  `id` int NOT NULL AUTO_INCREMENT,
  `c0` varchar(64) NOT NULL,
  `c1` binary(6) NOT NULL,
  `c2` varchar(40) CHARACTER SET latin1 NOT NULL,
  `c3` tinyint NOT NULL,
  PRIMARY KEY (`id`),
  KEY `k1` (`c0`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
LOCK TABLES `fz0`.`t4` WRITE;
/*!40000 ALTER TABLE `fz0`.`t4` DISABLE KEYS */;
INSERT INTO `t4` (`c0`,`c1`,`c2`,`c3`) VALUES ('xyzxyz
axyza xyz  ',X'D2B7','',-7),('\qxyz',_binary'����',0,85),(' \Zxyz 😀xyzxyz
xyz \N±',_binary'��.J�*',' aaxyz ',-127),('日本','8$N','\\\\éa\q\q"xyz\b \\\\ xyz%  \0xyz',99),('xyzNULL\Za xyz',0xbf526d,'xyzé aa	\Zxyzaßaxyza''',105),('axyz \"xyzaa\'',x'ecf5','\\Na xyz',-80),('a😀\\\\xyz\t xyzaa xyzxyzxyz     a',_binary 'v>c�','é \Z  ',-114),('xyz',x'','',127),('\t"a\N\%a
   ',_binary'',' xyzaxyzxyzaxyz',83);
INSERT INTO `t4` (`c0`,`c1`,`c2`,`c3`) VALUES ('axyz',_binary 'N�3','\\\\`xyz','119'),(' \' 日本\n',_binary '�','% \% xyz "; %aa\q
aa\%   ',-95),('NULL" aa xyz\0\\Na\n`aaaxyz','<5F0&','xyz',-13),('\Za aa 🦫a\nxyza\txyz  ßa xyz',X'C77A625F','axyz\%éxyz',-128),(' ',x'11','\té  a±a±\%axyz\\NULLaaxyz a',-128),(' \qa',x'',42,-127),('a  a',_binary'q','aa
\na \%',-59),('±%xyz"','','',-1),(0,_binary'�+�t','`',-6),('aá a ́xyz',0xd16a,'xyza\0xyz  ',-71),('-0','".','xyz ',-127),('  xyz `',_binary '�','',-87),('aNULL  a\Zxyza axyz',_binary '�',' \'NULLxyzxyz',0),('',_binary '}�','`  xyza\%    ',-77),('xyzxyza\\\%','','NULLxyz\\N ;',-128);
INSERT INTO `fz0`.`t4` (`c0`,`c1`,`c2`,`c3`) VALUES ('xyzaxyzaaxyz','UZ?R\\p','xyzxyzxyza\\\\xyza',127),('aaa ''\rxyzxyzxyzxyz',X'',0,-92),('axyz\Z日本xyz😀 \0 日本  a xyzxyz',X'66C5',' a \\\\',-128),('
axyz\\aNULL xyza''\\N',_binary ':w>�*','\n a  	\q±\Z\\\\
 \0%aa%a\%',0),('xyź ','B','axyz xyza\"a ',-107),('xyz	a\'a aaaaxyzaNULL\\;\\N',X'','\\a\txyz;',-128),('xyzxyzxyza',_binary 'T[�vs','xyz"é
 a','34'),('\_xyzaxyz 🦫',_binary '�g�8��','   \nxyzaa\'a\%\\N xyz','-76'),('\0  \\a  ́,',0x8c7d52264d,'\\\0a ''',20),('xyzaxyzaa\bxyz  \'xyza \_  \Zßxyz',x'428265a205','éa ',-120),('xyzxyz',_binary'U�','\0  ',-48),('aßxyzxyz\N\%axyzaxyzxyz \\xyz a\%',_binary'�','\\axyzaxyzaa\nxyz',127),('a a\0ßaxyz  xyz',_binary'\Z�','\'aa  ',-54),(' ±"\_ xyzaa \t\r xyzNULL xyza\raé',x'ffa68ea2cc','xyz  \_xyz\_',-21),('\n',_binary '��\r�',' aaxyz',-128),('',X'B14AAC59','\b',47),(' a\né\0xyzxyzxyz\\\"xyz\r',x'3d4719971eb9','\t NULL%aa  N\q\raxyz \_±',-41),(' NULL` é😀xyz',X'B8A8FD8590','\" xyz\\\%''NULLa\" \Zxyz±axyz','-7'),('́  \n😀a \%  \% xyza',_binary'�i�5',' ','-127'),('axyzaa\%aa🦫xyz 😀a\b\t ',_binary'�X\0','
xyz\"±
a    ''\ta \" xyz',117),('a\qxyzaaxyzxyz xyzxyz',0xc3,'axyzxyz%\n
 xyza  xyzaxyz',127),('😀a日本́ aaa\ba\\xyz NULL NULLß ',' ',' axyzxyz\\\\xyzxyz\t  ',0);
INSERT INTO `t4` (`c0`,`c1`,`c2`,`c3`) VALUES ('xyz xyzaaaaa N xyz % axyz',_binary '3��7','	\\	%xyz,\r±xyz',50),(' a\b日本',_binary'','xyza',-13),('''; xyz',0xf19391b1790f,' xyz',-91),('\r\qxyzN  xyz \0\\́ axyz \N\\\\ ,a a',X'C6B7','xyzxyzxyz  ,\\\\xyz',-128),(' xyza🦫日本,axyza;\qxyz',_binary '#2*�','xyzxyza\\\\a\naxyzß\%xyz ',-127),('a aN axyz%''% ',X'0C65F7','xyz\\\\a  aa\b',-127),('xyz\bxyzxyz\_aa\\\\',X'','a  xyz a
xyza',103),('\\N\\\\aaxyz aNULL',X'A3','xyz xyzxyz',0),('',_binary '',', xyza\b,\ba\0 \\Naéxyz',67),('a axyz','n`','',-128);
INSERT INTO `t4` (`c0`,`c1`,`c2`,`c3`) VALUES ('\baxyz\'xyz',0x196927,'xyzaxyz   xyz\q
\0axyz',127),('','[',', xyz xyz \\\\aa%xyzaxyzxyz',112),('xyzéxyzaxyzxyz\n日本','Mg`\\',' a\b\'a',-128),('   ',0x1a5b,'xyz\Naa\\xyzaxyzxyzxyza
 \r',-128);
INSERT INTO `t4` (`c0`,`c1`,`c2`,`c3`) VALUES ('axyzxyz  ',_binary '�	',' ',-101),('日本NULL日本\N\r\raa \"xyz','',' xyzaaa xyzßa \t\\\\',-91),('   ',0xde9b7cf7bb,'\qa \\Nxyz \0xyz''',30),('xyza\Z\'N\_ xyz\q ','B','ß a\r Na`xyzaa\_a±xyz\Nxyz','-9'),('a\_axyzxyz','-W^0','\0 \'\Z\_ ',-127),('  xyzxyz  aaxyz',_binary'',18446744073709551615,'61'),(' aa%\_\rxyz\raxyz\r a😀xyz',x'34358a3bacc6','xyz\Na\% ',28),('	
a\Nxyz;%  a',X'D6','007',117),('007',X'4AE790','',49),('',_binary '��/',' axyzxyz\b xyzxyz\r 	axyzxyz',-127),(18446744073709551615,0xce94ec9a641f,'\"\"xyz\q',127),('a ß 🦫a\\\\ßxyz\\  
\"   ',X'03C4A4D9B9','a',0),('    ','_','aa	\n xyz\%axyz , xyz"a xyz',-128),('xyz xyzaxyz\\\b \q\0 xyz',_binary '�)�E','\\NaaN\n,a±xyz',127),(', ''a \N xyz\'\\Nxyzaxyz\raa\qxyzxyz','1/Z','a " xyz  ','-61'),('\t\\  xyzxyz\r',X'1F64944B71','%  a  \' xyz  \q ±;; \0\\xyza\"\%''',-127),('aéxyz ',X'9ABB71535083','\0\% 	\naaa \qa \\axyz',-127);
INSERT INTO `t4` (`c0`,`c1`,`c2`,`c3`) VALUES ('%xyzxyz 
 xyzxyzN',X'AEB4C580','xyzxyz''axyz\N %\r \\N  ',127),('a \na xyzxyz% \\\\ ,xyzxyzaxyz \'"',_binary'����','xyz	   " ßaxyza\"',-128),(' a\r a xyz 日本xyza \txyzxyza±\\\\',x'c7e6ff',' `a
',-97),('',X'CD85B6','xyzxyz   xyzaé\%,xyz',-47),(' xyz\n 	  éxyz\rxyz\_"xyz',0x73dc41a0,'axyzaaaa','102'),('aN\Nxyz
aaNULL',0xc7,'xyz a \raxyza''xyz ',-1),('🦫 xyzaxyz\_ `a`́a ',0x6dfe44,'`a aaa',105),('   "a\0aaxyz;%xyza  aaa\rxyza',0x1890600c9a0b,'NULL  aa a a\\\\  xyz\bxyzxyz',-127),('  Nxyzaaxyzaxyza   \N
😀xyz "   ',x'1a94152c47a3',' xyzxyz "   ',0),('xyz\"ßé\n\%\t\Z;',0x0f1a711486,'xyz\'a\%xyzxyz
éNULL
a\qaN',-1),('NULLxyzxyzxyz NxyzNULL   ','','a\% 
xyzxyzaa   ',-128),(' xyza aaa;xyz \Zaxyz',0x35,'\N±a\\N',0),(';xyz\Nxyz\"  \nxyz axyzxyz',_binary'�','axyz aaxyz\"xyz	   ',51),('	','oH','\\axyz\raNULL\Z',127),('007',0xe99e5c13,' ;a	xyz ;  xyz
a\b\\\\\r','000'),(' xyz''','B+[[?','"\b a\rxyz',-123),('a   ',X'',' \%xyzxyz  xyz\\\\ a a,xyz\' xyz',-1),('\%	xyzxyz\\Nxyzxyzxyzxyzßxyz  xyz',x'4b','a',127),('aaaxyza\_xyz axyz axyz"xyz,','e',-7,124),('axyz\rNaxyz\" \N🦫a''a',0x987d,18446744073709551615,57),(' xyza	±\"xyz axyza',0x87148d2edf,'axyza
',+118),('a\t    ,\Na
',X'','NULL\q',-128),('xyz axyz`xyz axyzxyz;xyzßxyzxyz',X'95CD5E','xyzxyz%  xyz\t  ',-128),('\r\Z\b\% xyza aNULL a\\Na,xyz`xyza',_binary '��n�','a\qa\Nß axyz',93),(-9223372036854775808,0xa559d7,' ',-128),('\t% xyz',x'4873f76f',' \%a;    ',99),('
\\N,axyz a😀axyz\Na\_\rxyz',_binary'Y��D','"axyza±  ` xyz',56),('xyzxyz Né  ±\\\\\t日本é\b🦫\\\\ ß',x'24f05c3b7e','\0±\'Néxyzxyzxyz',48),('aa \Zaa\'axyzxyzaa😀\_` xyz','\\ r;l\'','\0',-120),('  xyz',_binary 'e��N9','xyzaaxyzxyzaé \na \%',127),('± a xyz xyz',0xbe22412cbf36,'xyz aaxyzaa ',95);
INSERT INTO `fz0`.`t4` (`c0`,`c1`,`c2`,`c3`) VALUES ('aa ßxyz a \q a axyzxyz  ',x'd9','xyzaaaaxyz\0Naa\q, Na 

axyz',-46),('±a \Zxyz',x'c616','	',-128),('\Z\Zaa± a xyz\nN 🦫\%;🦫xyz\%   ',_binary '','xyzxyzxyz xyz\%xyz \"a   ',114),('xyz\Nxyz\_  \0🦫\rxyzxyz a   xyz ',0xc9d8befa3c14,'xyzxyz\n ',75),('a\\aa\_
\Z axyzxyz😀a` \Z😀\r``
xyz',_binary'����','\"xyz axyzaaxyz\txyz a',22),('xyźxyz a %
🦫🦫\q a\q%, xyz','','\b\%  a ',43),('','"S&>?','',-1),('axyz%  日本  a\"a🦫axyz',x'2e7859ac0825','xyz\Zaaaxyz\_ a a\_`xyza',84),('` ±,xyz aaxyź xyz",',X'A650582060','\0',127),('a\'\n\0''\q xyzxyz\Z a% 
xyz \ra ','ZJcA','`a \r',-50),('axyz%a\"\t;xyza  aa \Za ',x'',' a\\\\ \"
 \"\txyz% \%ßa a "xyz	a ','89'),('aaNULL\_a± ±a\\N\\\\xyz',_binary'��)','
xyzé \\Nß\q\n \Z\n ',-128),('xyza,ß\N\\\\a🦫axyzxyz',x'3050ccc20c','aaa;a''éxyz xyza "  ±Na',-127),('  \_xyz  ''''%\t',X'5D8C','±\'axyz xyza\qNULL;axyz',1),('  áßaa\t日本xyz',_binary '���\'','aaa  ',-1),('a xyz',X'589A','	xyz a',-102),('éaxyzaaxyz; a','\\',-9223372036854775808,15),('-0',_binary'�',' NULL a\\N',-88),('xyz " \bxyz\_a\na \"a  xyz  ',X'8CEA1A72B488','',12),('',X'184FCD','',127),('😀 axyz',0xf9,'\\ `axyzxyzxyzxyzaxyzaaxyzxyz',-88),('a a\_aa xyz  ','aA','xyzxyzaa xyz` a\\a',127),('xyz ',0xdfe2d1b309,0,79),('xyz  ''xyza\\\\'' aaxyz   ',_binary'�ڑrU','\\',-89),(' 	xyzaaxyz\q	axyz',_binary'','','-95');
INSERT INTO `fz0`.`t4` (`c0`,`c1`,`c2`,`c3`) VALUES ('\Na xyz 😀a\0a'' xyz\\axyz',')gp','\t`\nxyz',127),('axyz\raxyz xyz\b\\\\
 xyzN\\ a ','2^>]*F','a a',115),(' 😀xyza   \raa xyzxyzxyz','-.','aa xyzN a axyz',-54),(' axyz\Z a\0aa\%\\\\ a',_binary '����','\txyz\"a xyzxyz',127),('axyz a\'\rxyz 😀\"xyzxyz ',x'9a12d865','xyzéaaxyzxyz',127),('\\N\'xyz\N  日本😀a a  é ',x'10b33e','007',-128),('xyzaxyza \t😀; xyzxyzé±xyzé','Y8+S','  ',-102),('🦫xyza🦫xyz',_binary'','',-68),(-9223372036854775808,0xb904,'\\N',-127),('\_',_binary '�|','xyz',127),('\'',X'2F','xyz `xyz axyz',-128);
/*!40000 ALTER TABLE `fz0`.`t4` ENABLE KEYS */;
UNLOCK TABLES;
CREATE TABLE IF NOT EXISTS `fz0`.`sv` (n int AUTO_INCREMENT PRIMARY KEY, name varchar(40), v varchar(400));
SELECT COUNT(*) INTO @c5 FROM `fz0`.`t1`;
SELECT CAST('7x' AS SIGNED) INTO @d6;
PREPARE dps2 FROM 'SELECT 1';
SELECT 0;
GET DIAGNOSTICS @w = NUMBER;
INSERT INTO `fz0`.`sv` (name, v) VALUES ('w', @w);
/*!40101 SET SQL_MODE=@OLD_SQL_MODE */;
