/*!40101 SET NAMES utf8mb4 */;
/*!40103 SET TIME_ZONE='+00:00' */;
/*!40014 SET @OLD_UNIQUE_CHECKS=@@UNIQUE_CHECKS, UNIQUE_CHECKS=0 */;
/*!40014 SET @OLD_FOREIGN_KEY_CHECKS=@@FOREIGN_KEY_CHECKS, FOREIGN_KEY_CHECKS=0 */;
/*!40101 SET @OLD_SQL_MODE=@@SQL_MODE, SQL_MODE='NO_AUTO_VALUE_ON_ZERO' */;
CREATE DATABASE `fz0`;
USE `fz0`;
CREATE TABLE `fz0`.`gc1` (
  `id` int NOT NULL,
  `a` int,
  `s` varchar(30),
  `g0` int AS (`a` * 2) VIRTUAL,
  `g1` int AS (`a` * 2) STORED,
  PRIMARY KEY (`id`),
  KEY `kg0` (`g0`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
INSERT INTO `gc1` VALUES (1,-872,'😀\% xyzxyz\ra\N''a
";N éa a	
axyz',DEFAULT,DEFAULT),(2,-841,' \bß±xyz\\\b xyza ',DEFAULT,NULL),(3,-1000,'',DEFAULT,NULL),(4,'-693',null,NULL,DEFAULT),(5,938,'\\"\Zaxyz \%aa\'xyz\b\N\Z xyz',NULL,DEFAULT),(6,397,' aaNé\q\0 ',DEFAULT,NULL),(7,-977,'007',DEFAULT,DEFAULT),(8,1,'\bxyz  
a\r\t ß 日本xyz',DEFAULT,DEFAULT),(9,1,'  \\\\a',DEFAULT,DEFAULT),(10,779,'xyz',NULL,NULL),(11,1000,'\t\% xyz\q  xyz\naé\r aa 日本  ',DEFAULT,NULL),(12,-659,'xyzaxyz',NULL,DEFAULT),(13,-655,NULL,NULL,DEFAULT),(14,-79,'aaaxyzxyz
axyz🦫xyz''	± a',NULL,DEFAULT),(15,-671,'é ßxyz',DEFAULT,NULL),(16,null,'',DEFAULT,DEFAULT),(17,-882,'a
±xyz\"xyz	\r\r
xyz\taaxyza',DEFAULT,NULL),(18,-999,'\\N\n   aaéa	\bxyza"',DEFAULT,DEFAULT),(19,-1000,-9223372036854775808,DEFAULT,DEFAULT),(20,275,'xyzxyz''xyzxyz,😀xyz ',DEFAULT,DEFAULT),(21,197,' 
 \"a	  ; ́',NULL,DEFAULT),(22,-1,NULL,DEFAULT,DEFAULT);
INSERT INTO `fz0`.`gc1` (`id`,`a`,`s`) VALUES (23,100,'  \N\\\\\\\\a xyz,aaa\% éa,  '),(24,-810,NULL),(25,13,'xyz'),(26,-882,'xyz\\N\0'),(27,+821,NULL),(28,341,''),(29,-1000,'axyzxyz xyz'),(30,-999,'\baé ß'),(31,+479,'é axyz  '),(32,382,' '';aa;xyz😀a
,\0a  % 🦫a'),(33,-128,NULL),(34,35,'aa\"N \\	xyz'),(35,-851,NULL),(36,616,'\nxyz  `
xyzxyz\t''   '),(37,-1000,'ß a'),(38,'0','🦫xyza %axyzaxyz\0a``a'),(39,48,'\\N  aNxyz'),(40,256,' aaxyz
   axyz xyza\t   '),(41,-999,'xyz'),(42,725,'\Ńa  xyz\Néaa''a日本́a"'),(43,-999,'\%a a%́axyz   xyz,\" xyz a   a '),(44,-649,'axyza  xyzxyz\\xyz	N axyza  aa%'),(45,'001000','\taxyz'),(46,-1000,' \_a ß\\N\ra   ""  ́xyz axyza\n'),(47,-527,'  Nxyz'),(48,'470','\_xyz'),(49,-249,'xyzN%aaxyz'),(50,945,NULL),(51,-999,null),(52,1000,'xyz日本  😀a日本\"±a 	a '),(53,-1000,'aaa xyzxyz\N xyzxyzN axyz\Zxyz'),(54,-173,'
\r"aNULLxyz\qxyz±,xyz±xyzxyzxyz'),(55,1000,' a \ta''  xyzxyza\t\0 '),(56,-399,'a  ''🦫xyzaa,xyz	\Za '),(57,864,'"́ a ;\qa a日本; xyz'),(58,-673,'xyz\Nxyz aa\n\N\"axyz\n\"aaaaa\N axyz'),(59,1,''),(60,-634,''),(61,'-565','\txyz \qa\r ß xyz'),(62,-1000,'aaa\Z xyz \" '),(63,93,'axyz\bxyz xyz`xyza axyz %'),(64,'-15','%xyz± xyzxyz  a🦫xyz,\\a'),(65,-1000,'\n \\'),(66,34,'''xyzxyzaa ');
